//! What a site asks of its readers under a story: to subscribe, sign in, follow, click, comment,
//! give, answer a poll; paywall notices, cookie notices and disclosures.

use super::*;

/// "In your inbox" in other languages, where a newsletter offers the news.
pub(super) static INBOXES: Phrases = Phrases::new(concat!(
    "in ihr postfach\n",
    "in dein postfach\n",
    "in ihren posteingang\n",
    "dans votre boîte mail\n",
    "dans votre boîte de réception\n",
    "dans votre boite mail\n",
    "en tu correo\n",
    "en tu bandeja de entrada\n",
    "en tu email\n",
    "en tu e-mail\n",
    "nella tua casella\n",
    "nella tua email\n",
    "no seu e-mail\n",
    "no seu email\n",
    "na sua caixa de entrada\n",
    "in je inbox\n",
    "in je mailbox\n",
));

/// Words for the news a newsletter offers, in the languages of [`INBOXES`].
pub(super) const NEWS_WORDS: [&str; 10] =
    ["news", "nachrichten", "actualité", "infos", "noticias", "notizie", "notícias", "nieuws", "newsletter", "artikel"];

/// What a paywall says over the part of the story it hides: the story is for
/// subscribers or members, or goes on after a sign-in. Whole phrases, as notices word
/// them: "subscriber only" alone is also prose ("each subscriber only pays"), and so is
/// 会員限定 ("a members-only event").
pub(super) static PAYWALL_PHRASES: Phrases = Phrases::new(concat!(
    "for subscribers only\n",
    "subscriber-only content\n",
    "subscribers-only content\n",
    "only available to subscribers\n",
    "exclusive to subscribers\n",
    "this article is for subscribers\n",
    "this content is for subscribers\n",
    "this article is for members\n",
    "subscribe to continue reading\n",
    "subscribe to read more\n",
    "or subscribe to read\n",
    "available to subscribers only\n",
    "support local journalism? subscribe\n",
    "subscribe to unlock\n",
    "already a subscriber?\n",
    "log in to continue reading\n",
    "sign in to continue reading\n",
    "register to continue reading\n",
    "artikel ist nur für abonnenten\n",
    "lesen sie jetzt weiter mit\n",
    "article est réservé aux abonnés\n",
    "article réservé aux abonnés\n",
    "réservé à nos abonnés\n",
    "dit artikel is gratis te lezen\n",
    "exclusivo para suscriptores\n",
    "exclusivo para assinantes\n",
    "reached your article limit\n",
    "reached your free article limit\n",
    "reached your limit of free articles\n",
    "sign in to read more\n",
    "register to read more\n",
    "この記事は会員限定\n",
    "続きをお読みいただけます\n",
    "suscríbete para seguir leyendo\n",
    "suscríbete para continuar leyendo\n",
    "abonnez-vous pour lire la suite\n",
    "iscriviti per continuare a leggere\n",
    "assine para continuar lendo\n",
    "weiterlesen mit\n",
    "lee sin límites\n",
    "sur un seul appareil à la fois\n",
    "free articles left\n",
    "free article left\n",
    "free articles remaining\n",
    "free articles this month\n",
    "articles gratuits ce mois\n",
    "artículos gratis este mes\n",
    "articoli gratuiti questo mese\n",
    "of this article left to read\n",
    "de cet article à lire\n",
    "la suite est réservée aux abonnés\n",
    "article was gifted to you\n",
    "article has been gifted to you\n",
    "cet article vous a été offert\n",
    "cet article vous est offert\n",
    "contenido reservado para suscriptores\n",
    "articolo riservato agli abbonati\n",
    "articolo è riservato agli abbonati\n",
    "contenuto riservato agli abbonati\n",
    "contenuto è riservato agli abbonati\n",
    "conteúdo exclusivo para assinantes\n",
    "matéria exclusiva para assinantes\n",
    "reportagem exclusiva para assinantes\n",
    "dit artikel is alleen voor abonnees\n",
    "dit is een premium-artikel\n",
    "already have an account?\n",
    "already have a wordpress.com account?\n",
    "create a free account to continue\n",
    "déjà abonné ?\n",
    "déjà abonné?\n",
    "bereits ein abo?\n",
    "bereits abonnent?\n",
    "probemonat für\n",
    "subscribe for unlimited\n",
    "subscribe now for unlimited\n",
    "subscribe today for unlimited\n",
    "unlimited digital access\n",
    "to continue reading, please\n",
    "please subscribe to continue\n",
    "log in or register to continue\n",
    "register for free to continue reading\n",
    "cet article vous est offert\n",
    "有料会員限定\n",
    "já é assinante?\n",
    "sólo para suscriptores\n",
    "solo para suscriptores\n",
    "somente para assinantes\n",
    "apenas para assinantes\n",
    "gift articles to give\n",
));

/// How a site opens its appeal for readers' money under a story ("Support local journalism",
/// "Please consider supporting us with a donation", "Unterstützen Sie unabhängigen
/// Journalismus"). A sentence that only speaks of such support ("The foundation gave $5m to
/// support local journalism") does not open so.
pub(super) static DONATION_APPEALS: Labels = Labels::new(concat!(
    "support local journalism\n",
    "support our journalism\n",
    "support independent journalism\n",
    "support quality journalism\n",
    "please consider supporting\n",
    "please consider a donation\n",
    "please consider donating\n",
    "if you value our\n",
    "we rely on readers\n",
    "become a member today\n",
    "unterstützen sie unabhängigen journalismus\n",
    "unterstützen sie unseren journalismus\n",
    "soutenez le journalisme\n",
    "soutenez-nous\n",
    "apoya el periodismo\n",
    "sostieni il giornalismo\n",
    "поддержите независимую\n",
    "поддержите редакцию\n",
    "apoie o jornalismo\n",
    "steun onafhankelijke journalistiek\n",
    "wesprzyj niezależne dziennikarstwo\n",
    "we hope you appreciated this article\n",
));

/// How an appeal for readers' money says what the site lives on, anywhere in its line: "Our
/// journalism depends on readers like you", "Independent reporting needs readers like you:
/// become a member". The readers are what it depends on, needs or is paid for by; a
/// sentence about such readers ("Readers like you wrote in to support the wall") is prose.
pub(super) static READERS_LIKE_YOU: Phrases = Phrases::new(concat!(
    "on readers like you\n",
    "by readers like you\n",
    "from readers like you\n",
    "need readers like you\n",
    "needs readers like you\n",
    "on supporters like you\n",
    "by supporters like you\n",
    "from supporters like you\n",
    "on members like you\n",
    "by members like you\n",
    "from members like you\n",
));

/// The small print under a sign-up form: "By signing up, you agree to our Terms of Use
/// and Privacy Policy", "By clicking submit, you consent to…", "En vous inscrivant, vous
/// acceptez…".
pub(super) fn is_consent_note(lower: &str) -> bool {
    const OPENINGS: [&str; 13] = [
        "by signing up",
        "by subscribing",
        "by clicking",
        "by submitting",
        "by registering",
        "by creating an account",
        "by entering your email",
        // "We use your sign-up to provide content in ways you've consented to …"
        "we use your sign-up",
        "by providing your email",
        "en vous inscrivant",
        "al suscribirte",
        "al registrarte",
        "iscrivendoti",
    ];
    const AGREES: [&str; 8] = ["agree", "consent", "accept", "acknowledge", "acceptez", "aceptas", "accetti", "acepta"];
    let lower = lower.trim_start();
    OPENINGS.iter().any(|o| lower.starts_with(o)) && AGREES.iter().any(|a| lower.contains(a))
}

/// How a site's rules for commenters ask or warn them ([`COMMENT_CONDUCT`] names what of).
pub(super) static COMMENT_RULE_CALLS: Phrases = Phrases::new(concat!(
    "keep it clean\n",
    "please avoid\n",
    "please refrain from\n",
    "please keep comments\n",
    "please keep your comments\n",
    "will not be tolerated\n",
    "will be removed\n",
    "will be deleted\n",
    "are moderated\n",
    "is moderated\n",
    "we reserve the right to remove\n",
    "we reserve the right to delete\n",
    "don't threaten\n",
    "bitte verzichten sie auf\n",
    "werden gelöscht\n",
    "seront supprimés\n",
    "serán eliminados\n",
));

/// Conduct a site's rules for commenters name: two of these in a line, with a call of
/// [`COMMENT_RULE_CALLS`], are such rules.
pub(super) const COMMENT_CONDUCT: [&str; 20] = [
    "obscene",
    "vulgar",
    "lewd",
    "racist",
    "sexually",
    "threat",
    "abusive",
    "profan",
    "harass",
    "off-topic",
    "personal attack",
    "defamatory",
    "libelous",
    "hateful",
    "spam",
    "caps lock",
    "beleidig",
    "rassist",
    "injurieux",
    "insultant",
];

/// A site's note that it does not answer for the sites it links to, in a few languages.
pub(super) static EXTERNAL_LINK_NOTES: Phrases = Phrases::new(concat!(
    "not responsible for the content of external\n",
    "not responsible for the contents of external\n",
    "not responsible for the content of linked\n",
    "nicht verantwortlich für den inhalt externer\n",
    "nicht verantwortlich für die inhalte externer\n",
    "n'est pas responsable du contenu des sites externes\n",
    "no se hace responsable del contenido de sitios externos\n",
));

/// A call to comment under the story: "What do you think? Leave a comment below.", "Let us
/// know in the comments".
pub(super) static COMMENT_CALLS: Phrases = Phrases::new(concat!(
    "leave a comment below\n",
    "in the comments below\n",
    "in the comment section below\n",
    "in the comments section below\n",
    "let us know in the comments\n",
    "share your thoughts below\n",
    "share your thoughts in the comments\n",
    "have your say below\n",
    "tell us in the comments\n",
    "you must be logged in to post a comment\n",
    "read the conversation guidelines\n",
    "welcome to the discussion\n",
    "our community guidelines\n",
    "our commenting guidelines\n",
    "our comment policy\n",
    "our commenting policy\n",
    "consultez l'ensemble des contributions\n",
    "sich an, um zu kommentieren\n",
    "sich ein, um zu kommentieren\n",
    "connectez-vous pour commenter\n",
    "identifiez-vous pour commenter\n",
    "inicia sesión para comentar\n",
    "accedi per commentare\n",
    "faça login para comentar\n",
    "log in om te reageren\n",
    "réagissez à cet article\n",
    "commentez cet article\n",
    "para comentar debes\n",
    "para comentar es necesario\n",
));

/// A WeChat account's prompts under a story: to scan its QR code ("扫描下方二维码解锁更多技能",
/// "长按识别二维码关注我们"), and its menu of words to reply with ("1、回复【社保】查询广州社保缴纳记录",
/// "后台回复“福利”领取资料").
pub(super) fn is_cjk_prompt(line: &str) -> bool {
    let line = line.trim();
    let scan = ["扫描", "扫码", "长按", "识别"].iter().any(|o| line.starts_with(o)) && line.contains("二维码");
    // Past a number of the menu ("1、", "2.").
    let item = line.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches(['、', '.', '．', ' ']);
    let reply = ["回复【", "回复“", "回复\"", "后台回复"].iter().any(|o| item.starts_with(o));
    // A control for the text's size ("字号：大 中 小") or to sign up ("会員登録（無料）").
    let short = line.chars().count() <= 16;
    let size = ["字号", "字體", "字体"].iter().any(|o| line.trim_start_matches(['【', '[']).starts_with(o))
        && line.contains('大')
        && line.contains('小');
    let sign_up = ["会員登録", "新規登録", "無料会員"].iter().any(|w| line.contains(w));
    scan || reply || (short && (size || sign_up))
}

/// Whether a (lowercase) line holds one of [`AFFILIATE_DISCLOSURES`]; each names a
/// commission, a compensation, affiliate links, an Amazon associate or links bought
/// through, so a line that says none of those words is read no further.
pub(super) fn is_affiliate_disclosure(lower: &str) -> bool {
    const KEYS: [&str; 7] = ["commission", "compensation", "affil", "afili", "provision", "amazon", "through"];
    KEYS.iter().any(|k| lower.contains(k)) && AFFILIATE_DISCLOSURES.iter().any(|d| lower.contains(d))
}

/// How a sign-in form addresses a reader who has an account (with [`SIGN_IN_PROMPTS`]'s
/// line of at most twelve words).
pub(super) static SIGN_IN_PROMPTS: Phrases = Phrases::new(concat!(
    "already have an account\n",
    "already a subscriber\n",
    "already a member\n",
    "already registered\n",
    "bereits ein konto\n",
    "bereits abonnent\n",
    "schon abonnent\n",
    "déjà un compte\n",
    "déjà abonné\n",
    "ya tienes una cuenta\n",
    "ya tienes cuenta\n",
    "ya eres suscriptor\n",
    "hai già un account\n",
    "sei già abbonato\n",
    "já tem uma conta\n",
    "já é assinante\n",
    "al een account\n",
    "heb je al een account\n",
    "masz już konto\n",
    "уже есть аккаунт\n",
));

/// A site's notice that it uses cookies, in the languages of the web: "This website uses
/// cookies", "We use cookies to improve your experience", "Wir verwenden Cookies, um …".
pub(super) static COOKIE_NOTICES: Phrases = Phrases::new(concat!(
    "this site uses cookies\n",
    "this website uses cookies\n",
    "our site uses cookies\n",
    "our website uses cookies\n",
    "we use cookies to improve\n",
    "we use cookies to give you\n",
    "we use cookies to ensure\n",
    "we use cookies to provide\n",
    "we use cookies to personalise\n",
    "we use cookies to personalize\n",
    "we use cookies and similar technologies\n",
    "we use cookies on our\n",
    "we use cookies on this\n",
    "you agree to our use of cookies\n",
    "you consent to our use of cookies\n",
    "you accept our use of cookies\n",
    "diese website verwendet cookies\n",
    "diese webseite verwendet cookies\n",
    "wir verwenden cookies, um\n",
    "wir nutzen cookies, um\n",
    "ce site utilise des cookies\n",
    "nous utilisons des cookies pour\n",
    "este sitio web utiliza cookies\n",
    "este sitio utiliza cookies\n",
    "utilizamos cookies propias\n",
    "questo sito utilizza cookie\n",
    "questo sito utilizza i cookie\n",
    "utilizziamo i cookie per\n",
    "este site utiliza cookies\n",
    "este site usa cookies\n",
    "deze website gebruikt cookies\n",
    "wij gebruiken cookies om\n",
    "мы используем файлы cookie\n",
    "używamy plików cookie\n",
    "ten serwis wykorzystuje pliki cookie\n",
    "bu sitede çerezler\n",
));

/// What a news site asks of its readers under a story, other than to subscribe or follow:
/// to send it tips ("Have a news tip? Email us at…") or to get its app ("Download our app
/// for the latest news", "CLICK HERE TO GET THE NEWS APP").
pub(super) static READER_PROMPTS: Labels = Labels::new(concat!(
    "haben sie einen fehler entdeckt\n",
    "get the latest from\n",
    "follow the topics in this story\n",
    "have a news tip\n",
    "got a news tip\n",
    "have a tip\n",
    "got a tip\n",
    "do you have a news tip\n",
    "do you have a story\n",
    "send us a tip\n",
    "send us your tips\n",
    "heb je een tip\n",
    "heeft u een tip\n",
    "haben sie einen hinweis\n",
    "hast du einen hinweis\n",
    "vous avez une info\n",
    "vous avez une information\n",
    "tienes una noticia\n",
    "hai una segnalazione\n",
    "tem uma sugestão de pauta\n",
    "got a story to share\n",
    "download our app\n",
    "download the app\n",
    "download the free\n",
    "get our app\n",
    "get the app\n",
    "click here to get the\n",
    "click here to download\n",
    "tap here to get\n",
    "got a story\n",
    "spotted a mistake\n",
    "spotted an error\n",
    "found an error\n",
    "click here to subscribe\n",
    "questions or comments\n",
    "like this article? share\n",
    "enjoyed this article? share\n",
    "liked this article? share\n",
    "have feedback on this story\n",
    "got a question about this story\n",
    "have a question about this story\n",
    "has visto un error?\n",
    "has visto algún error?\n",
    "fehler gefunden?\n",
    "einen fehler gefunden?\n",
    "sie haben einen fehler gefunden?\n",
    "haben sie einen fehler gefunden?\n",
    "fehler entdeckt?\n",
    "einen fehler entdeckt?\n",
    "haben sie einen fehler entdeckt?\n",
    "encontraste un error?\n",
    "has encontrado un error?\n",
    "vous avez trouvé une erreur?\n",
    "vous avez trouvé une erreur ?\n",
    "vous avez repéré une erreur ?\n",
    "avete trovato un errore?\n",
    "heb je een fout gezien?\n",
    "een fout gezien?\n",
    "zauważyłeś błąd?\n",
    "vous avez repéré une erreur?\n",
    "hai trovato un errore?\n",
    "encontrou um erro?\n",
    "encontrou algum erro?\n",
    "нашли ошибку?\n",
    "нашли опечатку?\n",
    "descarga la app\n",
    "descarga nuestra app\n",
    "laden sie unsere app\n",
    "lade dir die app\n",
    "скачайте наше приложение\n",
    "скачайте приложение\n",
    "téléchargez notre application\n",
    "téléchargez l'application\n",
    "scarica l'app\n",
    "baixe o app\n",
    "baixe o aplicativo\n",
    "got a confidential news tip\n",
    "have a confidential news tip\n",
    "get our free app\n",
    "download our free app\n",
    "unduh aplikasi\n",
    "download aplikasi\n",
    "dapatkan berita terbaru di aplikasi\n",
    "uygulamamızı indirin\n",
    "tải ứng dụng\n",
    "アプリをダウンロード\n",
    // A Japanese blog's asks under its post: to click its ranking banner, to bookmark or
    // share it ("ランキングに参加しています。クリックで応援お願いします。", "この記事が参考
    // になったら、ブックマークしていただけると励みになります！").
    "ランキングに参加しています\n",
    "ブログランキングに参加しています\n",
    "この記事が参考になったら\n",
    "この記事が気に入ったら\n",
));

/// What a shop-linking site says of the commission its links earn it ("We may earn a
/// commission when you buy through links on our site", "This post may contain affiliate
/// links", "As an Amazon Associate I earn from qualifying purchases"), in the words such a
/// notice is written in; a sentence that only mentions affiliate links says none of them.
pub(super) static AFFILIATE_DISCLOSURES: Labels = Labels::new(concat!(
    "may earn a commission\n",
    "may earn an affiliate commission\n",
    "may earn a small commission\n",
    "may receive a commission\n",
    "may earn compensation\n",
    "may receive compensation\n",
    "earn a commission when you buy\n",
    "earn a commission if you buy\n",
    "when you buy through links\n",
    "when you buy through our links\n",
    "when you purchase through links\n",
    "may contain affiliate links\n",
    "are affiliate links\n",
    "contains affiliate links\n",
    "includes affiliate links\n",
    "as an amazon associate\n",
    "enthält affiliate-links\n",
    "sind affiliate-links\n",
    "sind affiliate links\n",
    "bevat affiliate links\n",
    "zijn affiliate links\n",
    "contém links de afiliados\n",
    "erhalten wir eine provision\n",
    "contient des liens affiliés\n",
    "liens d'affiliation\n",
    "contiene enlaces de afiliado\n",
    "enlaces de afiliados\n",
    "link di affiliazione\n",
));

/// The question a feedback widget asks under a story ("Was this article helpful? Yes No"),
/// and its thanks for an answer.
pub(super) static FEEDBACK_PROMPTS: Labels = Labels::new(concat!(
    "was this article helpful\n",
    "is this page useful\n",
    "did you make this recipe\n",
    "thank you for your feedback\n",
    "thanks for your feedback\n",
    "was this page helpful\n",
    "was this story helpful\n",
    "was this information helpful\n",
    "did you find this article helpful\n",
    "did you find this article useful\n",
    "did you find this story useful\n",
    "war dieser artikel hilfreich\n",
    "war diese seite hilfreich\n",
    "cet article vous a-t-il été utile\n",
    "cet article vous a été utile\n",
    "cet article vous a plu\n",
    "vous avez aimé cet article\n",
    "¿le ha resultado útil\n",
    "¿te gustó este artículo\n",
    "hat ihnen dieser artikel gefallen\n",
    "war der artikel hilfreich\n",
    "was this helpful\n",
    "did you like this article\n",
    "did you enjoy this article\n",
    "ti è piaciuto questo articolo\n",
    "gostou deste artigo\n",
    "¿te ha resultado útil\n",
    "¿te ha sido útil\n",
    "была ли статья полезна\n",
    "была ли эта статья полезна\n",
    "hai trovato utile\n",
    "questo articolo ti è stato utile\n",
    "este artigo foi útil\n",
    "esta notícia foi útil\n",
    "¿te resultó útil\n",
    "was dit artikel nuttig\n",
    "czy ten artykuł był pomocny\n",
    "bu haber faydalı mı\n",
    "この記事は役に立ちましたか\n",
));

/// An answer to a feedback prompt alone on its line, as its buttons write it: "Yes",
/// "No", "Oui", "Nein", "👍 Sí".
pub(super) fn is_bare_answer(line: &str) -> bool {
    const ANSWERS: [&str; 22] = [
        "yes",
        "no",
        "oui",
        "non",
        "sí",
        "sì",
        "si",
        "ja",
        "nein",
        "sim",
        "não",
        "nee",
        "da",
        "да",
        "нет",
        "tak",
        "nie",
        "evet",
        "hayır",
        "はい",
        "いいえ",
        "ne",
    ];
    let word = lowercase(line.trim_matches(|c: char| !c.is_alphanumeric()));
    ANSWERS.contains(&word.as_str())
}

/// What a newsletter is called, in the languages of the web: words and stems a line
/// contains ("рассылк" for "рассылку", "рассылки").
static NEWSLETTERS: Labels = Labels::new(concat!(
    "newsletter\n",
    "nieuwsbrief\n",
    "boletín\n",
    "boletim\n",
    "рассылк\n",
    "bülten\n",
    "bản tin\n",
    "buletin\n",
    "nyhetsbrev\n",
    "nyhedsbrev\n",
    "uutiskirje\n",
    "hírlevél\n",
    "न्यूज़लेटर\n",
    "न्यूजलेटर\n",
    "뉴스레터\n",
    "ニュースレター\n",
    "メルマガ\n",
    "新闻简报\n",
    "电子报\n",
    "電子報\n",
    "จดหมายข่าว\n",
    "النشرة البريدية\n",
    "النشرة الإخبارية\n",
    "ניוזלטר\n",
));

/// Whether a short (lowercase) line asks the reader to sign up for a newsletter, in any
/// language and word order: it names a newsletter and the verb to subscribe to one
/// ("Inscrivez-vous à notre newsletter", "Bültenimize abone olun", "뉴스레터 구독하기",
/// "اشترك في النشرة البريدية"), and no subscribers ("Newsletter subscribers doubled"), and
/// it ends no sentence.
pub(super) fn is_newsletter_call(lower: &str) -> bool {
    !lower.trim_end().ends_with(['.', '?', '。', '？', '।'])
        && NEWSLETTERS.iter().any(|n| lower.contains(n))
        && SUBSCRIBE_STEMS.iter().any(|c| lower.contains(c))
        && !names_newsletter_readers(lower)
}

/// Whether a line speaks of a newsletter's readers ("Newsletter subscribers doubled"),
/// which no call to sign up does.
fn names_newsletter_readers(lower: &str) -> bool {
    const READERS: [&str; 8] =
        ["subscriber", "abonnent", "abonné", "suscriptor", "assinante", "iscritt", "inscrit", "подписчик"];
    READERS.iter().any(|r| lower.contains(r))
}

/// Whether a (lowercase) line offers the site's own newsletter, with the verb to get or
/// subscribe to it, in the languages that say "our newsletter": "Recibe nuestra
/// newsletter con las noticias del día", "Vous souhaitez recevoir nos newsletters ?
/// Inscrivez-vous gratuitement." (not "Nuestra newsletter llegó a un millón de lectores").
pub(super) fn offers_own_newsletter(lower: &str) -> bool {
    static OWN: Phrases = Phrases::new(concat!(
        "our newsletter\n",
        "our free newsletter\n",
        "our daily newsletter\n",
        "nuestra newsletter\n",
        "nuestras newsletters\n",
        "nuestro boletín\n",
        "nuestros boletines\n",
        "notre newsletter\n",
        "nos newsletters\n",
        "notre lettre d'information\n",
        "unseren newsletter\n",
        "unseren kostenlosen newsletter\n",
        "unsere newsletter\n",
        "la nostra newsletter\n",
        "le nostre newsletter\n",
        "nossa newsletter\n",
        "nosso boletim\n",
        "onze nieuwsbrief\n",
        "bültenimize\n",
        "bültenimizi\n",
        "naszego newslettera\n",
        "naszym newsletterze\n",
        "нашу рассылку\n",
        "нашей рассылки\n",
        "vårt nyhetsbrev\n",
        "vores nyhedsbrev\n",
        "uutiskirjeemme\n",
        "náš newsletter\n",
        "našeho newsletteru\n",
        "newsletter kami\n",
        "buletin kami\n",
    ));
    const GET: [&str; 8] = ["recib", "recev", "receb", "ricev", "erhalt", "bekomm", "ontvang", "get "];
    OWN.are_in(lower)
        && (SUBSCRIBE_STEMS.iter().any(|c| lower.contains(c)) || GET.iter().any(|g| lower.contains(g)))
        && !names_newsletter_readers(lower)
}

/// Stems of the verb to subscribe or sign up, in the languages of the web, as a call to
/// readers writes them ("Abonnez-vous", "Abbonati", "Оформите подписку", "구독하기").
static SUBSCRIBE_STEMS: Labels = Labels::new(concat!(
    "subscri\n",
    "sign up\n",
    "abonn\n",
    "abbon\n",
    "abone\n",
    "inscri\n",
    "inscreva\n",
    "suscr\n",
    "iscriv\n",
    "assine\n",
    "assinar\n",
    "anmeld\n",
    "melden\n",
    "zapisz\n",
    "подпиш\n",
    "подпис\n",
    "đăng ký\n",
    "berlangganan\n",
    "daftar\n",
    "prenumerera\n",
    "tilmeld\n",
    "tilaa\n",
    "feliratkoz\n",
    "साइन अप\n",
    "सब्सक्राइब\n",
    "구독\n",
    "登録\n",
    "订阅\n",
    "訂閱\n",
    "สมัคร\n",
    "اشترك\n",
    "הירשמו\n",
    "הרשמו\n",
    "get our\n",
    "recevez\n",
    "get the\n",
));

/// Whether a (lowercase) line asks the reader to subscribe or sign in to read on: it says
/// "to read on" ("para continuar lendo", "чтобы читать дальше") and the verb to subscribe
/// ("Assine o jornal para continuar lendo", "Abbonati per continuare a leggere"), in at
/// most twenty words. Either alone is the story's ("Ele parou para continuar lendo.").
pub(super) fn asks_to_subscribe_to_read_on(lower: &str) -> bool {
    static READ_ON: Phrases = Phrases::new(concat!(
        "para continuar lendo\n",
        "para continuar leyendo\n",
        "para seguir leyendo\n",
        "per continuare a leggere\n",
        "pour lire la suite\n",
        "pour continuer à lire\n",
        "чтобы читать дальше\n",
        "чтобы продолжить чтение\n",
        "aby czytać dalej\n",
        "devamını okumak için\n",
        "để đọc tiếp\n",
        "to continue reading\n",
        "to keep reading\n",
        "want to read more?\n",
        "to read the full story\n",
        "to read the full article",
    ));
    lower.split_whitespace().count() <= 20 && READ_ON.are_in(lower) && SUBSCRIBE_STEMS.iter().any(|c| lower.contains(c))
}

/// Openings of a line that only asks the reader to click or tap for something elsewhere:
/// "Click here to read more", "Cliquez ici pour en savoir plus", "Klik di sini untuk …".
pub(super) static CLICK_PROMPTS: Labels = Labels::new(concat!(
    "click here\n",
    "tap here\n",
    "clique aqui\n",
    "clica aqui\n",
    "haz clic aquí\n",
    "haga clic aquí\n",
    "pulsa aquí\n",
    "pincha aquí\n",
    "clicca qui\n",
    "hier klicken\n",
    "klicken sie hier\n",
    "cliquez ici\n",
    "нажмите здесь\n",
    "нажмите сюда\n",
    "kliknij tutaj\n",
    "kliknij tu\n",
    "buraya tıklayın\n",
    "nhấn vào đây\n",
    "bấm vào đây\n",
    "klik di sini\n",
    "klik hier\n",
    "klicka här\n",
));

/// Whether a (lowercase) line asks the reader to subscribe, in English or in the other
/// languages of the web: "Subscribe", "Subscribe: iTunes / RSS", "Sign up for our daily
/// newsletter", "Abonnez-vous à notre newsletter", "Подписывайтесь на наш канал в
/// Telegram". A sentence that starts so and is about something else ("Sign up for an
/// account first") is not one: past the call, it names a newsletter ([`NEWSLETTERS`]), a
/// channel or a network.
pub(super) fn is_subscribe_prompt(label: &str) -> bool {
    const CALLS: [&str; 24] = [
        "subscribe",
        "get our",
        "sign up",
        "signup",
        "abonnieren sie",
        "abonniere",
        "abonnez-vous",
        "suscríbete",
        "suscribete",
        "suscríbase",
        "iscriviti",
        "assine",
        "inscreva-se",
        "abonneer",
        "schrijf je in",
        "schrijf u in",
        "meld je aan",
        "meld u aan",
        "zapisz się",
        "subskrybuj",
        "подписывайтесь",
        "подпишитесь",
        "abone ol",
        "přihlaste se",
    ];
    const CHANNELS: [&str; 15] = [
        "канал",
        "channel",
        "telegram",
        "whatsapp",
        "youtube",
        "instagram",
        "facebook",
        "twitter",
        "tiktok",
        "дзен",
        "vk",
        "podcast",
        "atom",
        "rss",
        "feed",
    ];
    // German puts the verb last: "Newsletter abonnieren", "Jetzt kostenlos abonnieren"; and
    // so before what the letter brings ("Newsletter abonnieren: Jeden Morgen …").
    let call = label.split_once(':').map_or(label, |(call, _)| call);
    if call.split_whitespace().count() <= 4 && call.ends_with(" abonnieren") {
        return true;
    }
    let Some(rest) = CALLS.iter().find_map(|p| label.strip_prefix(p)) else {
        return false;
    };
    // "Subscribe" as a word, not the start of "subscribers" or "subscribed". A price names
    // the offer: "Abonnez-vous à partir de 1 €", "Subscribe for $1 a week".
    rest.is_empty()
        || rest.starts_with(':')
        || (rest.starts_with([' ', ','])
            && (rest.split(|c: char| !c.is_alphanumeric()).any(|w| CHANNELS.contains(&w))
                || NEWSLETTERS.iter().any(|n| rest.contains(n))
                || (rest.split_whitespace().count() <= 8 && rest.contains(['€', '$', '£']))))
}

/// The social networks (and news apps) a "follow us" line names, as the Latin script
/// writes them: a word that is the name, or, for a name of five letters or more, starts
/// with it (Polish "Facebooku", Hungarian "Facebookon", Czech "Instagramu").
const SOCIAL_NETWORKS: [&str; 20] = [
    "twitter",
    "x",
    "whatsapp",
    "linkedin",
    "pinterest",
    "vk",
    "instagram",
    "facebook",
    "telegram",
    "line",
    "tiktok",
    "threads",
    "mastodon",
    "bluesky",
    "youtube",
    "weibo",
    "wechat",
    "naver",
    "kakaotalk",
    "snapchat",
];

/// The same as other scripts write them, and the news apps named in two words: found
/// anywhere in the line (scripts whose vowel signs are no letters to `char` split no words
/// there).
static NETWORK_SPELLINGS: Phrases = Phrases::new(concat!(
    "google news\n",
    "google haber\n",
    "google notícias\n",
    "google actualités\n",
    "google nieuws\n",
    "google noticias\n",
    "google notizie\n",
    "google nachrichten\n",
    "google wiadomości\n",
    "google zprávy\n",
    "google nyheter\n",
    "вконтакте\n",
    "телеграм\n",
    "дзен\n",
    "фейсбук\n",
    "инстаграм\n",
    "інстаграм\n",
    "ютуб\n",
    "واتساب\n",
    "فيسبوك\n",
    "تويتر\n",
    "إنستغرام\n",
    "انستغرام\n",
    "تيليجرام\n",
    "تلغرام\n",
    "اینستاگرام\n",
    "تلگرام\n",
    "توییتر\n",
    "واتس‌اپ\n",
    "טוויטר\n",
    "פייסבוק\n",
    "אינסטגרם\n",
    "טלגרם\n",
    "וואטסאפ\n",
    "फेसबुक\n",
    "ट्विटर\n",
    "इंस्टाग्राम\n",
    "यूट्यूब\n",
    "व्हाट्सएप\n",
    "네이버\n",
    "카카오톡\n",
    "유튜브\n",
    "페이스북\n",
    "인스타그램\n",
    "ツイッター\n",
    "フェイスブック\n",
    "インスタグラム\n",
));

/// Whether a (lowercase) line gives an account on a social network: the address of its
/// page ("Facebook https://fb.me/newsroom") or its handle with the network's name ("LINE
/// ID = @newsroom", "Instagram: @newsroom"), as a "follow us" line does.
pub(super) fn gives_social_account(lower: &str) -> bool {
    const HOSTS: [&str; 14] = [
        "facebook.com/",
        "fb.me/",
        "twitter.com/",
        "x.com/",
        "instagram.com/",
        "t.me/",
        "line.me/",
        "youtube.com/",
        "tiktok.com/",
        "linkedin.com/",
        "threads.net/",
        "bsky.app/",
        "vk.com/",
        "weibo.com/",
    ];
    // Every host is written with a slash after it, every handle with an `@`.
    let cites_page = lower.contains('/')
        && HOSTS
            .iter()
            .any(|n| lower.match_indices(n).any(|(at, _)| at == 0 || lower[..at].ends_with(['/', '.', ' '])));
    cites_page || (lower.contains('@') && lower.split_whitespace().any(is_handle) && names_network(lower))
}

/// Whether a word is an account's handle: `@` and at least two letters, digits or `_`
/// ("@janedoe", "@newsroom."), not a lone "@".
pub(super) fn is_handle(word: &str) -> bool {
    word.strip_prefix('@').is_some_and(|n| n.chars().filter(|c| c.is_alphanumeric() || *c == '_').count() >= 2)
}

/// Whether a (lowercase) line names a social network.
pub(super) fn names_network(lower: &str) -> bool {
    let named = |w: &str| SOCIAL_NETWORKS.iter().any(|n| w == *n || (n.len() >= 5 && w.starts_with(n)));
    lower.split(|c: char| !c.is_alphanumeric()).any(named) || NETWORK_SPELLINGS.are_in(lower)
}

/// The call after a question that leads to it: "Follow us on Instagram" of "Want more?
/// Follow us on Instagram".
pub(super) fn after_question(lower: &str) -> Option<&str> {
    lower.rsplit_once("? ").map(|(_, call)| call)
}

/// The call after an exclamation of a few words that leads to it: "Obserwuj nas w Google
/// News" of "Bądź na bieżąco! Obserwuj nas w Google News".
pub(super) fn after_exclamation(lower: &str) -> Option<&str> {
    let (lead, call) = lower.split_once("! ")?;
    (lead.split_whitespace().count() <= 5).then_some(call)
}

/// What a line says after a short clause that opens "for" or "to" and leads to it ("for the
/// latest news and updates, follow us on twitter", "to stay informed, follow us on
/// instagram").
pub(super) fn after_lead_in(lower: &str) -> Option<&str> {
    let (lead, rest) = lower.split_once(", ")?;
    ((lead.starts_with("for ") || lead.starts_with("to ")) && lead.split_whitespace().count() <= 6).then_some(rest)
}

/// A line that asks readers to follow the site, in the languages that open one so ("Follow
/// us on Twitter and Facebook", "Suivez-nous sur Instagram", "Sigue toda la información
/// de Economía en Facebook y X, o en nuestra newsletter", "Следите за нашими новостями в
/// Telegram", "تابعوا آخر الأخبار عبر قناتنا على واتساب", "Bizi Twitter'dan takip edin"):
/// at most twenty words and 160 characters naming a network, no sentence; or a call for
/// the site in ten words at most, no sentence, that names none but news ("Follow us for
/// more news"). A line of more than fifty words is none.
pub(super) fn is_follow_prompt(lower: &str) -> bool {
    static OPENINGS: Labels = Labels::new(concat!(
        "follow us\n",
        "siga \n",
        "segue o \n",
        "sledujte \n",
        "obserwuj \n",
        "ακολουθήστε \n",
        "עקבו אחרינו\n",
        "kövessen minket\n",
        "kövess minket\n",
        "följ oss\n",
        "følg os\n",
        "seuraa meitä\n",
        "urmărește-ne\n",
        "urmăriți-ne\n",
        "urmareste-ne\n",
        "theo dõi\n",
        "ติดตาม\n",
        "simak \n",
        "підписуйтесь\n",
        "слідкуйте за\n",
        "stay connected\n",
        "obserwuj nas\n",
        "acompanhe \n",
        "ikuti \n",
        "следите за\n",
        "читайте нас\n",
        "تابعونا\n",
        "تابعوا\n",
        "تابعنا\n",
        "like us on\n",
        "follow me on\n",
        "find us on\n",
        "suivez-nous\n",
        "suivez nous\n",
        "suivez \n",
        "retrouvez \n",
        "retrouvez-nous\n",
        "folgen sie \n",
        "śledź nas\n",
        "dołącz do nas\n",
        "přidejte se k nám\n",
        "suivez toute l'actualité\n",
        "folgen sie uns\n",
        "folge uns\n",
        "síguenos\n",
        "sigue a \n",
        "sigue toda la información\n",
        "sigue la información\n",
        "seguici\n",
        "segui \n",
        "siga-nos\n",
        "segue-nos\n",
        "volg ons\n",
        "ricevi le notizie\n",
        "ricevi le ultime notizie\n",
        "recibe las noticias\n",
        "recibe las últimas noticias\n",
        "receba as notícias\n",
        "join our whatsapp\n",
        "join our telegram\n",
        "únete a nuestro canal\n",
        "unisciti al canale\n",
        "unisciti al nostro canale\n",
        "entra nel canale\n",
        "entra nel nostro canale\n",
        "rejoignez-nous sur\n",
        "rejoignez notre chaîne\n",
        "больше новостей\n",
        "подписывайтесь на наш\n",
        "подпишитесь на наш\n",
        "tritt unserem\n",
        "treten sie unserem\n",
        "entre no canal\n",
        "entra no canal\n",
        "entre no nosso canal\n",
        "junte-se ao nosso canal\n",
        "word lid van ons\n",
        "הצטרפו לערוץ\n",
        "הצטרפו לקבוצת\n",
    ));
    // Where the verb comes last: "Bizi Twitter'dan takip edin", "ما را در اینستاگرام دنبال
    // کنید", "हमें फेसबुक पर फॉलो करें", "네이버에서 구독하세요".
    const ENDINGS: [&str; 11] = [
        "takip edin",
        "takip edebilirsiniz",
        "دنبال کنید",
        "फॉलो करें",
        "구독하세요",
        "팔로우하세요",
        "をフォロー",
        "フォローしてください",
        "चैनल से जुड़ें",
        "ग्रुप से जुड़ें",
        "takip et",
    ];
    // Openings that name the site itself ("us", "nous", "kami"): a sentence too ("Follow us
    // on Google News."), where "Siga a Maria no Twitter." may be the story's.
    static ASKS_FOR_US: Labels = Labels::new(concat!(
        "follow us\n",
        "suivez-nous\n",
        "suivez nous\n",
        "folgen sie uns\n",
        "folge uns\n",
        "síguenos\n",
        "seguici\n",
        "siga-nos\n",
        "segue-nos\n",
        "volg ons\n",
        "obserwuj nas\n",
        "följ oss\n",
        "følg os\n",
        "seuraa meitä\n",
        "kövessen minket\n",
        "kövess minket\n",
        "urmărește-ne\n",
        "urmăriți-ne\n",
        "urmareste-ne\n",
        "עקבו אחרינו\n",
        "تابعونا\n",
        "تابعنا\n",
        "like us on\n",
        "follow me on\n",
        "find us on\n",
        "join our whatsapp\n",
        "join our telegram\n",
        "únete a nuestro canal\n",
        "unisciti al canale\n",
        "rejoignez-nous sur\n",
        "rejoignez notre chaîne\n",
        "retrouvez-nous\n",
        "stay connected\n",
        "читайте нас\n",
        "ikuti kami\n",
        "sledujte nás\n",
        // Indonesian sites: "Baca berita lainnya di Google News.", "Dapatkan update berita
        // pilihan … di WhatsApp", "Simak breaking news … WhatsApp Channel."
        "baca berita\n",
        "dapatkan berita\n",
        "dapatkan update berita\n",
        "simak berita\n",
        "simak breaking news\n",
        "ikuti berita\n",
        // The site's channel: "Entre no nosso canal do WhatsApp." (Its news offered is
        // `offers_news`.)
        "entre no nosso canal\n",
        "junte-se ao nosso canal\n",
        "unisciti al nostro canale\n",
        "entra nel nostro canale\n",
    ));
    let ending = lower.trim_end().trim_end_matches(['!', '！', '。', '।', '۔']).trim_end();
    // Past a pictogram or an arrow the line opens with ("📲 Receba as notícias…", "👉 Follow us").
    let opening = lower.trim_start_matches(|c: char| !c.is_alphanumeric());
    // Counted only for a line that opens or ends so (few do).
    let short = || lower.split_whitespace().count() <= 20 && lower.chars().count() <= 160;
    // One that asks for the site itself may run longer, as Indonesian sites' do ("Dapatkan
    // update berita pilihan … Mari bergabung di Grup Telegram …, caranya klik link ini.").
    let for_us = ASKS_FOR_US.iter().find_map(|o| opening.strip_prefix(o));
    let asks = (for_us.is_some() || offers_news(opening))
        && !lower.trim_end().ends_with('?')
        && lower.split_whitespace().count() <= 32
        && lower.chars().count() <= 240;
    // A call for the site itself in a few words needs no network when nothing comes after
    // it or what it brings: news, stories, more ("Follow us for the latest news",
    // "Síguenos", "लेटेस्ट न्यूज़ के लिए हमें फॉलो करें"; "Follow us on the harbour path" is a
    // walk's).
    const BRINGS: [&str; 12] = [
        "news",
        "stories",
        "more",
        "updates",
        "noticias",
        "actualités",
        "nachrichten",
        "notizie",
        "notícias",
        "berita",
        "न्यूज़",
        "खबरों",
    ];
    let brings = |rest: &str| {
        let mut words =
            rest.split(|c: char| !c.is_alphanumeric() && !is_combining_mark(c)).filter(|w| !w.is_empty()).peekable();
        words.peek().is_none() || words.any(|w| BRINGS.contains(&w))
    };
    let bare_call = (for_us.is_some_and(brings) || ending.ends_with("हमें फॉलो करें") && brings(ending))
        && lower.split_whitespace().count() <= 10
        && !lower.trim_end().ends_with(['.', '?', ':']);
    bare_call
        || (asks
            || ((OPENINGS.iter().any(|o| opening.starts_with(o)) || ENDINGS.iter().any(|e| ending.ends_with(e)))
                && !lower.trim_end().ends_with(['.', '?'])
                && short()))
            && names_network(lower)
        || (lower.contains("://") && links_a_channel(lower) && lower.split_whitespace().count() <= 50)
}

/// Whether a line opens by offering the site's news, as a prompt to get them on a network
/// does: a verb of receiving, then the news within its next four words ("Receba as
/// principais notícias do dia no seu WhatsApp", "Recibe las noticias de Diario del Sur en
/// tu WhatsApp", "Ricevi le ultime notizie su Telegram", "Get the latest news on our
/// WhatsApp channel"). A verb that also tells of someone ("Recibe las noticias de su despido
/// por WhatsApp", "Get" in prose) needs the reader's or the site's own word as well ("tu",
/// "your", "our"). The caller asks for a network named and no question.
fn offers_news(opening: &str) -> bool {
    const RECEIVE: [&str; 6] = ["receba", "reciba", "ricevi", "receive", "recevez", "erhalten"];
    const ALSO_TELLS: [&str; 2] = ["recibe", "get"];
    const NEWS: [&str; 8] =
        ["news", "notícias", "noticias", "notizie", "actualités", "infos", "nachrichten", "novidades"];
    const OWN: [&str; 9] = ["tu", "tus", "your", "our", "seu", "sua", "nuestro", "nuestra", "nosso"];
    let words = || opening.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    let Some(verb) = words().next() else { return false };
    let told = RECEIVE.contains(&verb) || ALSO_TELLS.contains(&verb) && words().any(|w| OWN.contains(&w));
    told && words().skip(1).take(4).any(|w| NEWS.contains(&w))
}

/// Whether a line writes out the address of a channel on a messaging network (a WhatsApp
/// channel, a Telegram channel or group) in full, as a prompt to join it does ("… akses berita
/// Kompas.com WhatsApp Channel : https://www.whatsapp.com/channel/…").
fn links_a_channel(lower: &str) -> bool {
    const CHANNELS: [&str; 4] = ["whatsapp.com/channel/", "t.me/", "telegram.me/", "chat.whatsapp.com/"];
    CHANNELS.iter().any(|c| {
        lower.match_indices(c).any(|(i, _)| {
            let before = &lower[..i];
            before.ends_with("://") || before.ends_with("://www.")
        })
    })
}
