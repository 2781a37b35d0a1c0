//! The lines of an article's text that are not prose: labels left alone once their links
//! are cut, credits, counters, rights notices, publication lines, paywall notices.

use super::*;
use std::borrow::Cow;
use std::ops::RangeInclusive;
use std::sync::OnceLock;

use crate::parse::labels::Labels;

/// Phrases any of which a line may hold anywhere, looked for all at once: one pass over
/// the line however many there are (an Aho-Corasick automaton, built on first use), not a
/// search through the line for each. The list is one text, a phrase a line (see
/// [`Labels`]).
pub(super) struct Phrases {
    list: &'static str,
    automaton: OnceLock<Option<aho_corasick::AhoCorasick>>,
}

impl Phrases {
    pub(super) const fn new(list: &'static str) -> Self {
        Self { list, automaton: OnceLock::new() }
    }

    /// Whether `text` holds any of the phrases. The automaton is a contiguous NFA (built in
    /// a tenth of a DFA's time, and as quick over short lines); were the list too large to
    /// build one, each phrase is looked for in turn.
    pub(super) fn are_in(&self, text: &str) -> bool {
        let build = || {
            aho_corasick::AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
                .build(self.list.lines())
                .ok()
        };
        match self.automaton.get_or_init(build) {
            Some(automaton) => automaton.is_match(text),
            None => self.iter().any(|p| text.contains(p)),
        }
    }

    /// The phrases, in the order of the list.
    pub(super) fn iter(&self) -> std::str::Lines<'static> {
        self.list.lines()
    }
}

/// The marks a sentence ends with, in the scripts of the web: Latin's (and Arabic's
/// full stop), CJK's full-width ones, the Devanagari and Bengali danda, Urdu's full stop,
/// the Arabic question mark, Armenian's, Ethiopic's and Burmese's full stops.
pub(super) const SENTENCE_MARKS: [char; 13] = ['.', '!', '?', '。', '！', '？', '।', '॥', '۔', '؟', '։', '።', '။'];

/// An ad slot's label, alone on a line.
pub(super) const AD_LABELS: &str = concat!(
    "โฆษณา\n",
    "advertisement\n",
    "advertisements\n",
    "advertising\n",
    "sponsored\n",
    "sponsored content\n",
    "contenus sponsorisés\n",
    "anzeige\n",
    "werbung\n",
    "publicidad\n",
    "publicité\n",
    "pubblicità\n",
    "advertentie\n",
    "reklama\n",
    "реклама\n",
    "广告\n",
    "広告\n",
    "광고\n",
    "anuncio\n",
    "publicidade\n",
    "reclame\n",
    "annons\n",
    "annonce\n",
    "annonse\n",
    "mainos\n",
    "reklam\n",
    "inzerce\n",
    "hirdetés\n",
    "διαφήμιση\n",
    "إعلان\n",
    "פרסומת\n",
    "विज्ञापन\n",
    "quảng cáo\n",
    "iklan\n",
    "advertorial\n",
    "gesponsert\n",
    "sponsorisé\n",
    "patrocinado\n",
    "contenido patrocinado\n",
    "contenu sponsorisé\n",
    "gesponserter inhalt\n",
    "conteúdo patrocinado\n",
    "contenuto sponsorizzato\n",
    "sponsorizzato\n",
    "gesponsord\n",
    "reklame\n",
    "contenu partenaire\n",
    "contenido de socios\n",
    "partner content\n",
    "paid partner content\n",
    "promoted content\n",
);
/// A note that the story goes on past an ad or a box, as the line begins, in the languages
/// of the web ("Story continues after advertisement", "Weiterlesen nach der Anzeige", "La
/// suite après cette publicité").
pub(super) static STORY_GOES_ON: Labels = Labels::new(concat!(
    "story continues below\n",
    "story continues after\n",
    "article continues below\n",
    "article continues after\n",
    "continue reading\n",
    "read more below\n",
    "scroll to continue\n",
    "advertisement - scroll to continue\n",
    "weiterlesen nach der anzeige\n",
    "artikel wird nach der anzeige fortgesetzt\n",
    "fortsetzung nach der anzeige\n",
    "der artikel wird unterhalb fortgesetzt\n",
    "la suite après cette publicité\n",
    "la suite après la publicité\n",
    "l'article continue ci-dessous\n",
    "sigue leyendo\n",
    "continúa leyendo\n",
    "continúa después de la publicidad\n",
    "continúa tras la publicidad\n",
    "continua a leggere\n",
    "l'articolo continua sotto\n",
    "l'articolo continua dopo la pubblicità\n",
    "continua após a publicidade\n",
    "continua depois da publicidade\n",
    "continue lendo\n",
    "lees verder na de advertentie\n",
    "het artikel gaat verder onder de advertentie\n",
    "advertisement - continue reading below\n",
    "content continues below\n",
    "post continues below\n",
    "publicidad - sigue leyendo\n",
    "publicidad – sigue leyendo\n",
    "la noticia continúa tras\n",
    "la noticia continúa debajo\n",
    "la noticia sigue tras\n",
    "el artículo continúa debajo\n",
    "el artículo continúa tras\n",
    "реклама. продолжение\n",
    "продолжение ниже\n",
    "продолжение после рекламы\n",
    "il testo continua dopo\n",
    "il testo continua sotto\n",
    "a matéria continua após\n",
    "a matéria continua abaixo\n",
    "o texto continua após\n",
    "o texto continua abaixo\n",
    "dalsza część artykułu pod\n",
    "dalszy ciąg artykułu pod\n",
));
/// A share bar's or a media box's buttons, alone on a line.
pub(super) const BUTTON_LABELS: &str = concat!(
    "artikel verschenken\n",
    "voir plus d'articles\n",
    "ver más\n",
    "veja mais\n",
    "поделиться в соцсетях\n",
    "sign up here\n",
    "add to queue\n",
    "view image in fullscreen\n",
    "after newsletter promotion\n",
    "skip past newsletter promotion\n",
    "dismiss\n",
    "watch now\n",
    "learn more\n",
    "restack\n",
    "subscribe subscribed\n",
    "type your email\n",
    "ready for more\n",
    "mehr erfahren\n",
    "jetzt lesen\n",
    "gratis testen\n",
    "zum abo\n",
    "nächste seite\n",
    "vorherige seite\n",
    "page suivante\n",
    "page précédente\n",
    "página siguiente\n",
    "página anterior\n",
    "pagina successiva\n",
    "pagina precedente\n",
    "zurück\n",
    "weiter\n",
    "图集\n",
    "vous aimerez aussi\n",
    "この記事の写真\n",
    "dziękujemy za przeczytanie artykułu\n",
    "share full article\n",
    "have your say\n",
    "join the conversation\n",
    "join the discussion\n",
    "tell us what you think\n",
    "report an error\n",
    "report a typo\n",
    "report a correction\n",
    "loading comments\n",
    "view comments\n",
    "show comments\n",
    "stay informed\n",
    "in other news\n",
    "support independent journalism\n",
    "support our journalism\n",
    "our journalism needs your support\n",
    "send us your news\n",
    "contact the newsroom\n",
    "kontakt zur redaktion\n",
    "contacter la rédaction\n",
    "contactar con la redacción\n",
    "contatta la redazione\n",
    "fale com a redação\n",
    "neem contact op met de redactie\n",
    "text size\n",
    "font size\n",
    "textgröße\n",
    "taille du texte\n",
    "taille du texte :\n",
    "tamaño de letra\n",
    "tamaño del texto\n",
    "dimensione del testo\n",
    "tamanho da letra\n",
    "tekstgrootte\n",
    "share\n",
    "share this\n",
    "share this article\n",
    "share this story\n",
    "share or comment on this article\n",
    "pin recipe\n",
    "toggle\n",
    "report a problem with this page\n",
    "check price\n",
    "see more\n",
    "comments powered by disqus\n",
    "reply\n",
    "quote\n",
    "report post\n",
    "like\n",
    "share on other sites\n",
    "link to comment\n",
    "top\n",
    "share what you think\n",
    "show me\n",
    "no thanks, close\n",
    "email address\n",
    "join our mailing list\n",
    "share article\n",
    "tweet\n",
    "print\n",
    "email\n",
    "e-mail\n",
    "pin\n",
    "pin it\n",
    "whatsapp\n",
    "facebook\n",
    "twitter\n",
    "linkedin\n",
    "reddit\n",
    "teilen\n",
    "partager\n",
    "compartir\n",
    "condividi\n",
    "compartilhe\n",
    "drucken\n",
    "imprimir\n",
    "photo\n",
    "image\n",
    "foto\n",
    "comments\n",
    "comment\n",
    "kommentare\n",
    "commentaires\n",
    "comentarios\n",
    "commenti\n",
    "comentários\n",
    "delen\n",
    "dela\n",
    "udostępnij\n",
    "sdílet\n",
    "paylaş\n",
    "поделиться\n",
    "分享\n",
    "シェア\n",
    "공유\n",
    "مشاركة\n",
    "imprimer\n",
    "stampa\n",
    "afdrukken\n",
    "drukuj\n",
    "tisk\n",
    "печать\n",
    "skriv ut\n",
    "reacties\n",
    "kommentarer\n",
    "komentarze\n",
    "komentáře\n",
    "комментарии\n",
    "yorumlar\n",
    "评论\n",
    "コメント\n",
    "댓글\n",
    "copy link\n",
    "link kopieren\n",
    "copier le lien\n",
    "copiar enlace\n",
    "copia link\n",
    "skopiuj link\n",
    "kopiuj link\n",
    "скопировать ссылку\n",
    "копировать ссылку\n",
    "kopírovat odkaz\n",
    "kopiera länk\n",
    "kopier link\n",
    "kopier lenke\n",
    "linki kopyala\n",
    "kopioi linkki\n",
    "link másolása\n",
    "copiază link-ul\n",
    "copiază linkul\n",
    "αντιγραφή συνδέσμου\n",
    "copia il link\n",
    "copiar link\n",
    "link kopiëren\n",
    "partager l'article\n",
    "partager cet article\n",
    "guardar artículo\n",
    "compartir artículo\n",
    "artikel speichern\n",
    "salva articolo\n",
    "condividi articolo\n",
    "artikel delen\n",
    "artikel opslaan\n",
    "aller aux commentaires\n",
    "voir les commentaires\n",
    "ir a los comentarios\n",
    "ver comentarios\n",
    "vai ai commenti\n",
    "ir para os comentários\n",
    "naar de reacties\n",
    "print this article\n",
    "print this page\n",
    "email this article\n",
    "email this story\n",
    "email this page\n",
    "email this post\n",
    "e-mail this article\n",
    "e-mail this story\n",
    "email to a friend\n",
    "e-mail to a friend\n",
    "send to a friend\n",
    "tell a friend\n",
    "print this story\n",
    "print this post\n",
    "print story\n",
    "donate now\n",
    "donate today\n",
    "make a contribution\n",
    "make a donation\n",
    "jetzt spenden\n",
    "faire un don\n",
    "dona ahora\n",
    "send feedback\n",
    "comments are closed\n",
    "sign in to comment\n",
    "log in to comment\n",
    "be the first to comment\n",
    "kommentare sind geschlossen\n",
    "les commentaires sont fermés\n",
    "jetzt kommentieren\n",
    "zum kommentarbereich\n",
    "zum artikel\n",
    "plus-artikel\n",
    "audio-version\n",
    "écouter cet article\n",
    "écouter l'article\n",
    "listen to this article\n",
    "listen to article\n",
    "listen to this story\n",
    "listen to story\n",
    // A news site's controls round its stories, alone on their lines.
    "gift this article\n",
    "sort by newest\n",
    "sort by oldest\n",
    "order reprints\n",
    "today's paper\n",
    "give this article\n",
    "gift article\n",
    "save article\n",
    "save this article\n",
    "save for later\n",
    "enlarge this image\n",
    "expand image\n",
    "previous image\n",
    "next image\n",
    "swipe for more\n",
    "show key events only\n",
    "suggest a correction\n",
    "click to enlarge\n",
    "tap to enlarge\n",
    "toggle caption\n",
    "hide caption\n",
    "show caption\n",
    "skip advertisement\n",
    "supported by\n",
    "link copied\n",
    "share on facebook\n",
    "share on x\n",
    "share on twitter\n",
    "share on linkedin\n",
    "share on whatsapp\n",
    "share via email\n",
    "show more\n",
    "show less\n",
    "expand\n",
    "collapse\n",
    "loading\n",
    // A "read more" button or teaser's end, alone on a line, in the languages that write
    // one.
    "read full story\n",
    "read the full story\n",
    "read full article\n",
    "read the full article\n",
    "click here to read more\n",
    "lire la suite\n",
    "keep reading\n",
    "weiterlesen\n",
    "mehr lesen\n",
    "verder lezen\n",
    "devamı\n",
    "okumaya devam et\n",
    "leer más\n",
    "seguir leyendo\n",
    "leia mais\n",
    "leggi tutto\n",
    "lees verder\n",
    "lees meer\n",
    "czytaj dalej\n",
    "czytaj więcej\n",
    "читать далее\n",
    "читать полностью\n",
    "devamını oku\n",
    "haberin devamı\n",
    "haberin devamı için tıklayın\n",
    "haberin devamı için tıklayınız\n",
    "devamı için tıklayınız\n",
    "続きを読む\n",
    "阅读全文\n",
    "전체 기사 보기\n",
    "원문 보기\n",
    "원문보기\n",
    "zur startseite\n",
    "kommentieren\n",
    "réagir\n",
    "commenter\n",
    "comentar\n",
    "commenta\n",
    "jump to recipe\n",
    "print recipe\n",
    "partner content\n",
    "vote now\n",
    "load more\n",
    "click to expand\n",
    "open in app\n",
    "watch live\n",
    "photo gallery\n",
    "ad feedback\n",
    "close\n",
    "schließen\n",
    "fermer\n",
    "cerrar\n",
    "fechar\n",
    "chiudi\n",
    "zamknij\n",
    "закрыть\n",
    "kapat\n",
    "tutup\n",
    "đóng\n",
    "sluiten\n",
    "stäng\n",
    "back to top\n",
    "add topic\n",
    "follow topic\n",
    "follow this topic\n",
    "follow author\n",
    "thema folgen\n",
    "autor folgen\n",
    "suivre ce sujet\n",
    "seguir tema\n",
    "sign in\n",
    "log in\n",
    "create a free account\n",
    "skip to content\n",
    "skip to main content\n",
    "what do you think\n",
    "featured\n",
    "breaking news\n",
    "video\n",
    "opinion\n",
    "exclusive\n",
    "like loading\n",
    "rate this\n",
    "no comments\n",
    "leave a reply cancel reply\n",
    "email this blogthis! share to twitter share to facebook share to pinterest\n",
    "この記事をシェア\n",
    "この記事をシェアする\n",
    "ツイート\n",
    "纠错\n",
    "扫一扫\n",
    "分享到\n",
    "打印本页\n",
    "关闭窗口\n",
    "打印\n",
    "收藏\n",
    "شارك\n",
    "اشتراک گذاری\n",
    "اشتراک‌گذاری\n",
    "همرسانی\n",
    "شیئر کریں\n",
    "शेयर करें\n",
    "del artikkelen\n",
    "jaa artikkeli\n",
    "distribuie\n",
    "κοινοποίηση\n",
    "поширити\n",
    "bagikan artikel ini\n",
    "chia sẻ\n",
    "แชร์\n",
    "もっと見る\n",
    "더보기\n",
    "기사 공유하기\n",
    "ajouter à vos sélections\n",
    "bildunterschrift anzeigen\n",
    "hören sie hier den artikel\n",
    "artikel anhören\n",
    "diskutieren sie mit\n",
    "点击进入专题\n",
    "jetzt kostenlos registrieren\n",
    "طباعة\n",
    "keine kommentare\n",
    "aucun commentaire\n",
    "no hay comentarios\n",
    "nessun commento\n",
    "nenhum comentário\n",
    "geen opmerkingen\n",
    "brak komentarzy\n",
    "нет комментариев\n",
    "diesen post per e-mail versenden\n",
    "zum seitenanfang\n",
    "seitenanfang\n",
    "top of page\n",
    "naar boven\n",
    "do góry\n",
    "наверх\n",
    "nach oben\n",
    "retour en haut\n",
    "volver arriba\n",
    "torna su\n",
    "voltar ao topo\n",
    "더 읽기\n",
    "view all articles\n",
    "alle artikel anzeigen\n",
    "voir tous les articles\n",
    "ver todos los artículos\n",
    "zurück zur übersicht\n",
    "back to overview\n",
    "retour à la liste\n",
    "volver al listado\n",
    "druckversion\n",
    "printer-friendly version\n",
    "version imprimable\n",
    "versión para imprimir\n",
    "print article\n",
    "artikel drucken\n",
    "diesen artikel drucken\n",
    "tulosta\n",
    "imprimer l'article\n",
    "imprimer cet article\n",
    "artikel versenden\n",
    "artikel weiterempfehlen\n",
    "weiterempfehlen\n",
    "envoyer à un ami\n",
    "envoyer cet article\n",
    "stampa articolo\n",
    "invia articolo\n",
    "enviar artículo\n",
    "imprimir artículo\n",
    "spotted an error\n",
    "fehler gefunden\n",
    "vous avez repéré une erreur\n",
    "has visto un error\n",
    "知道了\n",
    "订阅\n",
    "thank you for subscribing\n",
    "thanks for subscribing\n",
    "thank you for signing up\n",
    "thanks for signing up\n",
    "something went wrong. please try again later\n",
    "something went wrong. please try again\n",
    "hide comments\n",
    "jump to comments\n",
    "skip to comments\n",
    "load comments\n",
    "go to comments\n",
    "reprints & permissions\n",
    "reprints and permissions\n",
    "submit a correction\n",
    "corrections policy\n",
    "listen to this story\n",
    "explore more on these topics\n",
    "reuse this content\n",
    "we value your privacy\n",
    "this video can not be played\n",
    "this video cannot be played\n",
    "follow the topics, people and companies that matter to you\n",
    "now playing\n",
    "video ad feedback\n",
    "replay video\n",
    "play video\n",
    "loading video\n",
    "skip ad\n",
    "copied to clipboard\n",
    "mehr anzeigen\n",
    "bild vergrößern\n",
    "공유하기\n",
    "bagikan\n",
    "view gallery\n",
    "view all photos\n",
    "tap to unmute\n",
    "continue to article\n",
    "go to article\n",
    "see all\n",
    "tweet this\n",
    "cancel reply\n",
    "post comment\n",
    "published\n",
    "updated\n",
    "required fields are marked\n",
    "notify me of new posts by email\n",
    "notify me of follow-up comments by email\n",
    "save my name, email, and website in this browser for the next time i comment\n",
    "premium content\n",
    "subscriber exclusive\n",
    "subscribers only\n",
    "for subscribers\n",
    "réservé aux abonnés\n",
    "exclusivo para suscriptores\n",
    "nur für abonnenten\n",
    "unlock this article\n",
    "log in to continue\n",
    "sign in to continue\n",
    "follow\n",
    "spenden\n",
    "拡大\n",
    "写真を拡大\n",
    "次のページ\n",
    "前のページ\n",
    "会員限定記事\n",
    "ブックマーク\n",
    "印刷\n",
    "最終更新\n",
    "記事を読む\n",
    "url복사\n",
    "글자크기\n",
    "이 기사를 추천합니다\n",
    "기사 제보\n",
    "카카오톡\n",
    "페이스북\n",
    "트위터\n",
    "扫一扫分享\n",
    "分享到微信\n",
    "扫一扫，分享到微信\n",
    "次の記事\n",
    "前の記事\n",
    "記事を印刷する\n",
    "이 기사를 공유합니다\n",
    "打开app阅读\n",
    "点击查看更多\n",
    "上一篇\n",
    "下一篇\n",
    "举报\n",
    "alle artikel\n",
    "artikel merken\n",
    "merken\n",
    "kommentar schreiben\n",
    "zur übersicht\n",
    "bildergalerie\n",
    "alle bilder anzeigen\n",
    "vorlesen\n",
    "schriftgröße\n",
    "lire plus tard\n",
    "ajouter à mes favoris\n",
    "voir les commentaires\n",
    "sauvegarder\n",
    "voir la vidéo\n",
    "diaporama\n",
    "lire l'article\n",
    "suivre\n",
    "guardar\n",
    "ver comentarios\n",
    "más información\n",
    "ver galería\n",
    "ver vídeo\n",
    "escuchar\n",
    "salva\n",
    "leggi l'articolo\n",
    "guarda il video\n",
    "ascolta\n",
    "salvar\n",
    "ver mais\n",
    "ouvir\n",
    "compartilhar\n",
    "ver galeria\n",
    "bewaren\n",
    "reageer\n",
    "opslaan\n",
    "zapisz\n",
    "skomentuj\n",
    "zobacz galerię\n",
    "сохранить\n",
    "подробнее\n",
    "kaydet\n",
    "spara\n",
    "kommentera\n",
    "gem\n",
    "læs mere\n",
    "tallenna\n",
    "lue lisää\n",
    "uložit\n",
    "číst dál\n",
    "lire l'article\n",
    "leggi l'articolo\n",
    "teilen mit\n",
    "gefällt mir\n",
    "gefällt mir wird geladen\n",
    "mi piace caricamento\n",
    "curtir carregando\n",
    "gosto carregando\n",
    "vind ik leuk laden\n",
    "j'aime chargement\n",
    "me gusta esto\n",
    "me gusta cargando\n",
    "comparte esto\n",
    "dela det här\n",
    "podziel się\n",
    "compartilhe isso\n",
    "curtir isso\n",
    "haut de page\n",
    "शेयर करें\n",
    "シェアする\n",
    "שתפו\n",
    "שתף\n",
    "anhören\n",
    "слушать\n",
    "yazdır\n",
    "bình luận\n",
    "komentar\n",
    "टिप्पणियाँ\n",
    "ความคิดเห็น\n",
    "تعليقات\n",
    "תגובות\n",
    "écouter\n",
    "cargando\n",
    "загрузка\n",
    "wird geladen\n",
    "chargement\n",
    "caricamento\n",
    "carregando\n",
    "読み込み中\n",
    "加载中\n",
    "en savoir plus\n",
    "saber más\n",
    "scopri di più\n",
    "saiba mais\n",
    "deja tu comentario\n",
    "deja un comentario\n",
    "оставьте комментарий\n",
    "оставить комментарий\n",
    "lascia un commento\n",
    "deixe seu comentário\n",
    "deixe um comentário\n",
    "signaler une erreur\n",
    "fehler melden\n",
    "reportar un error\n",
    "reportar error\n",
    "reportar erro\n",
    "découvrir plus de vidéos\n",
    "voir plus de vidéos\n",
    "ver más vídeos\n",
    "ver más videos\n",
    "segnala un errore\n",
    "сообщить об ошибке\n",
    "нашли ошибку\n",
    "нашли опечатку\n",
    "ログイン\n",
    "あなたにおすすめ\n",
    "アクセスランキング\n",
    "좋아요\n",
    "기사제보\n",
    "구독하기\n",
    "返回顶部\n",
    "gửi bài viết\n",
    "yorum yap\n",
    "takip et\n",
    "อ่านต่อ\n",
    "แท็ก\n",
    "lihat juga\n",
    "manage consent\n",
    "saved\n",
    "bookmark\n",
    "listen\n",
    "play\n",
    "pause\n",
    "a a a\n",
    "contact the author\n",
    "send any friend a story\n",
    "open this photo in gallery\n",
    "gửi bình luận\n",
    "ý kiến của bạn\n",
    "xem tiếp\n",
    "quay lại\n",
    "इस खबर को शेयर करें\n",
    "baca berita selengkapnya di sini\n",
    "baca selengkapnya\n",
    "zur merkliste hinzufügen\n",
    "kommentare anzeigen\n",
    "ascolta l'articolo\n",
    "escucha la noticia\n",
    "ouvir notícia\n",
    "ouvir artigo\n",
    "ouvir o artigo\n",
    "escuchar artículo\n",
    "słuchaj artykułu\n",
    "makaleyi dinle\n",
    "dengarkan artikel\n",
    "nghe bài viết\n",
    "lyssna på artikeln\n",
    "đọc tiếp\n",
    "zur kommentarfunktion\n",
    "luister naar dit artikel\n",
    "подписаться\n",
    "ya soy suscriptor\n",
    "что думаете\n",
    "기사 공유\n",
    "인쇄하기\n",
    "기자 구독\n",
    "네이버 채널 구독\n",
    "記事を保存\n",
    "ツイートする\n",
    "印刷する\n",
    "写真拡大\n",
    "次のページへ\n",
    "前のページへ\n",
    "网友评论\n",
    "我要评论\n",
    "查看更多\n",
    "شارك هذا المقال\n",
    "اقرأ المزيد\n",
    "לכתבה המלאה\n",
    "διαβάστε περισσότερα\n",
    "поділитися\n",
    "коментарі\n",
    "del artiklen\n",
    "megosztás\n",
    "sdílet článek\n",
    "become a member\n",
    "send us your feedback\n",
    "reprints\n",
    "caption\n",
    "see more photos\n",
    "more photos\n",
    "jetzt mitglied werden\n",
    "mitglied werden\n",
    "feedback senden\n",
    "devenir membre\n",
    "hazte socio\n",
    "reportar erro\n",
    "escuchar noticia\n",
    "ouça este artigo\n",
    "ouvir este artigo\n",
    "ouça a notícia\n",
    "ouvir notícia\n",
    "слушать статью\n",
    "記事を読み上げる\n",
    "แชร์บทความนี้\n",
    "chia sẻ bài viết\n",
    "この記事の写真をすべて見る\n",
    "写真をすべて見る\n",
    "扫码下载客户端\n",
    "下载客户端\n",
    "شارك المقال\n",
    "شارك الخبر\n",
    "التعليقات\n",
    "halaman selanjutnya\n",
    "halaman berikutnya\n",
    "selanjutnya\n",
    "pinterest\n",
    "messenger\n",
    "flipboard\n",
    "tumblr\n",
    "share this with\n",
    "close share panel\n",
    "these are external links and will open in a new window\n",
    "something went wrong, please try again later\n",
    "please enter a valid email address\n",
    "please enter a valid email\n",
    "invalid email\n",
    "invalid email address\n",
    "we have more newsletters\n",
    "see our privacy notice\n",
    "you can unsubscribe at any time\n",
    "read in app\n",
    "autoplay\n",
    "show thumbnails\n",
    "show captions\n",
    "hide captions\n",
    "last slidenext slide\n",
    "next slide\n",
    "previous slide\n",
    "last slide\n",
    "buy photo\n",
    "post to facebook\n",
    "cancel send\n",
    "sent\n",
    "posted\n",
    "a link has been sent to your friend's email address\n",
    "a link has been posted to your facebook feed\n",
    "join the nation's conversation\n",
    "关注我们\n",
    "關注我們\n",
    "この記事を印刷する\n",
    "記事の感想をお寄せください\n",
    "本文を読む\n",
    "be the first to like this\n",
    "subscribe now\n",
    "member-only story\n",
    "recommended from medium\n",
    "sign up for more like this\n",
    "email thisblogthis!share to twittershare to facebookshare to pinterest\n",
    "print friendly, pdf & email\n",
    "follow blog via email\n",
    "enter your email address to follow this blog and receive notifications of new posts by email\n",
    "pin it for later\n",
    "jump to recipe print recipe\n",
    "share on facebook share on twitter share on pinterest\n",
    "buy me a coffee\n",
    "reblog this post\n",
    "follow following\n",
    "report this content\n",
    "manage subscriptions\n",
    "email (required\n",
    "name (required\n",
    "read more here\n",
    "email notifications are only sent once a day, and only if there are new matching items\n",
    "be the first to know\n",
    "a welcome email is on its way. if you don't see it, please check your junk folder\n",
    "we encountered an issue signing you up. please try again\n",
    "this advertisement has not loaded yet, but your article continues below\n",
    "article content\n",
    "submit a news tip\n",
    "report error\n",
    "corrections and clarifications\n",
    "connect via twitter or email\n",
    "subscribe to premium\n",
    "save to favorites\n",
    "save to favourites\n",
    "toggle navigation\n",
    "watch the video above\n",
    "your support makes our journalism possible\n",
    "read more on\n",
    "sonraki haber\n",
    "önceki haber\n",
    "jaa\n",
    "chat with us in facebook messenger. find out what's happening in the world as it unfolds\n",
);

/// What a forum writes of a poster beside each post: how many posts, since when a member
/// ("Beiträge: 42", "Member since 2019", "Inscrit le 03/05/2019").
static POSTER_STATS: Phrases = Phrases::new(concat!(
    "posts:\n",
    "beiträge:\n",
    "messages:\n",
    "messages :\n",
    "mensajes:\n",
    "messaggi:\n",
    "mensagens:\n",
    "berichten:\n",
    "postów:\n",
    "příspěvků:\n",
    "сообщений:\n",
    "mesaj:\n",
    "member since\n",
    "joined:\n",
    "mitglied seit\n",
    "registriert seit\n",
    "registriert:\n",
    "dabei seit\n",
    "inscrit le\n",
    "inscrit depuis\n",
    "membre depuis\n",
    "miembro desde\n",
    "registrado:\n",
    "iscritto il\n",
    "iscritto:\n",
    "membro desde\n",
    "lid sinds\n",
    "geregistreerd:\n",
    "dołączył:\n",
    "rejestracja:\n",
    "регистрация:\n",
    "зарегистрирован:\n",
    "üyelik:\n",
));

/// A reading-time or view counter ("5 min read", "Visto 314 veces").
pub(super) static COUNTER_WORDS: Phrases = Phrases::new(concat!(
    "min read\n",
    "minute read\n",
    "minutes read\n",
    "mins read\n",
    "views\n",
    "read time\n",
    "reading time\n",
    "lesezeit\n",
    "min de lecture\n",
    "min di lettura\n",
    "min de lectura\n",
    "min de leitura\n",
    "veces\n",
    "aufrufe\n",
    "visualizzazioni\n",
    "vues\n",
    "temps de lecture\n",
    "tiempo de lectura\n",
    "tempo di lettura\n",
    "tempo de leitura\n",
    "leestijd\n",
    "lästid\n",
    "czas czytania\n",
    "время чтения\n",
    "okuma süresi\n",
    "lukuaika\n",
    "doba čtení\n",
    "čas čtení\n",
    "olvasási idő\n",
    "timp de citire\n",
    "læsetid\n",
    "lesetid\n",
    "images\n",
    "photos\n",
    "lesedauer\n",
    "other followers\n",
    "other subscribers\n",
));
/// A photo credit's opening words.
pub(super) static CREDIT_OPENINGS: Labels = Labels::new(concat!(
    "featured image:\n",
    "feature image:\n",
    "header image:\n",
    "header image credit:\n",
    "cover photo by \n",
    "cover image by \n",
    "header image by \n",
    "top image:\n",
    "lead image:\n",
    "credit:\n",
    "image: \n",
    "story by \n",
    "words by \n",
    "text by \n",
    "photo by \n",
    "photos by \n",
    "photograph by \n",
    "photographs by \n",
    "photography by \n",
    "illustration by \n",
    "image by \n",
    "picture by \n",
    "photo: \n",
    "photos: \n",
    "photograph: \n",
    "illustration: \n",
    "photo credit\n",
    "photo courtesy\n",
    "photos courtesy\n",
    "image courtesy\n",
    "courtesy photo\n",
    "photo illustration by \n",
    "photo illustration: \n",
    "pictured: \n",
    "image credit\n",
    "picture credit\n",
    "foto: \n",
    "fotos: \n",
    "foto di \n",
    "foto de \n",
    "bild: \n",
    "crédit photo\n",
    "credito foto\n",
    "crédito foto\n",
    "crédito da foto\n",
    "créditos foto\n",
    "credit foto\n",
    "beeld: \n",
    "foto & beeld: \n",
    "bildquelle: \n",
    "bildnachweis: \n",
    // French sets a space before the colon; Russian, Polish, Turkish, Portuguese,
    // Hungarian and Greek credits.
    "photo : \n",
    "photos : \n",
    "illustration : \n",
    "crédits : \n",
    "фото:\n",
    "fot. \n",
    "zdjęcie: \n",
    "fotoğraf: \n",
    "imagem: \n",
    "fotó: \n",
    "kuva: \n",
    "φωτογραφία: \n",
    "ảnh: \n",
    "صورة: \n",
    "写真：\n",
    "사진=\n",
));
/// The label of a line that only names the story's source or its author ("Source: AFP",
/// "Quelle: dpa", "Źródło: PAP", "Kaynak: AA", "Автор: Иван Петров").
pub(super) static SOURCE_LABELS: Labels = Labels::new(concat!(
    "source\n",
    "sources\n",
    "via\n",
    "quelle\n",
    "quellen\n",
    "fuente\n",
    "fuentes\n",
    "fonte\n",
    "fonti\n",
    "bron\n",
    "źródło\n",
    "kaynak\n",
    "zdroj\n",
    "forrás\n",
    "источник\n",
    "джерело\n",
    "author\n",
    "auteur\n",
    "autor\n",
    "autore\n",
    "автор\n",
    "yazar\n",
    "muhabir\n",
    // Who wrote and who edited it, as Indonesian and other newsrooms sign a story at its
    // end: "Penulis: Budi Santoso", "Editor: Siti Aminah", "Nguồn: TTXVN".
    "penulis\n",
    "pewarta\n",
    "wartawan\n",
    "redaktur\n",
    "editor\n",
    "reporter\n",
    "sumber\n",
    "nguồn\n",
    "tác giả\n",
    "redaktion\n",
    "redacción\n",
    "rédaction\n",
    "redactie\n",
    "mitarbeit\n",
    "edición\n",
    "edição\n",
    "reportagem\n",
    "opracowanie\n",
    "toimittaja\n",
    "toimitus\n",
    // The writer credited for the words, beside a photographer: "Text: Jana Müller".
    "text\n",
    "tekst\n",
    "texte\n",
    "texto\n",
    "testo\n",
    "published by\n",
    "edited by\n",
    "written by\n",
    "reported by\n",
    "translated by\n",
    "منبع\n",
    "ترجمه\n",
    "کد خبر\n",
    "المصدر\n",
    "ที่มา\n",
    "πηγή\n",
    "editör\n",
    "redaktör\n",
    "redaktor\n",
    "biên tập\n",
    "sursa\n",
    "sursă\n",
));
/// How a line in Chinese or Japanese opens when it is a caption, a credit or a note of the
/// story's provenance: "图注：…" and "图为…" (a caption), "原标题：…" (the headline the story
/// first ran under), "【责任编辑：…】" (the editor in charge), "来源：…", "写真：…". Such a
/// line is short and is never the story's prose, even when it ends as a sentence does.
pub(super) static CJK_CREDIT_OPENINGS: Labels = Labels::new(concat!(
    "图注\n",
    "圖註\n",
    "图为\n",
    "圖為\n",
    "图片来源\n",
    "写真はイメージ\n",
    "圖片來源\n",
    "图片：\n",
    "图：\n",
    "图/\n",
    "摄影\n",
    "攝影\n",
    "原标题\n",
    "原標題\n",
    "责任编辑\n",
    "責任編輯\n",
    "编辑：\n",
    "編輯：\n",
    "编辑:\n",
    "校对\n",
    "本文来源\n",
    "来源：\n",
    "來源：\n",
    "出品︱\n",
    "作者︱\n",
    "作者|\n",
    "作者｜\n",
    "编辑|\n",
    "编辑｜\n",
    "来源|\n",
    "来源｜\n",
    "作者：\n",
    "记者：\n",
    "記者：\n",
    "记者:\n",
    "写真：\n",
    "写真=\n",
    "撮影：\n",
    "撮影=\n",
    "責任編集\n",
    "编辑 \n",
    "编辑　\n",
    "采写：\n",
    "本文来自\n",
    "本文原标题\n",
    "原题为\n",
    "图片均来自\n",
    "图片来自网络\n",
    "责编\n",
    "責編\n",
    "通讯员\n",
    "通訊員\n",
    "信息来源\n",
    "资料来源\n",
    "資料來源\n",
    "综合整理自\n",
    "执笔/\n",
    "执笔：\n",
    "文/\n",
    "原创：\n",
    "原創：\n",
    "审核：\n",
    "審核：\n",
    "审核:\n",
));
/// The notice a site sets under its stories to keep their copyright, in the languages of
/// the web ("All rights reserved", "版权所有", "무단 전재 및 재배포 금지", "Alle Rechte
/// vorbehalten"), lower case.
pub(super) static RIGHTS_NOTICES: Phrases = Phrases::new(concat!(
    "all rights reserved\n",
    "alle rechte vorbehalten\n",
    "tous droits réservés\n",
    "bảo lưu mọi quyền\n",
    "todos los derechos reservados\n",
    "tutti i diritti riservati\n",
    "todos os direitos reservados\n",
    "alle rechten voorbehouden\n",
    "wszelkie prawa zastrzeżone\n",
    "všechna práva vyhrazena\n",
    "všetky práva vyhradené\n",
    "minden jog fenntartva\n",
    "toate drepturile rezervate\n",
    "tüm hakları saklıdır\n",
    "alla rättigheter förbehållna\n",
    "alle rettigheder forbeholdes\n",
    "alle rettigheter reservert\n",
    "kaikki oikeudet pidätetään\n",
    "все права защищены\n",
    "усі права захищені\n",
    "版权所有\n",
    "版權所有\n",
    "不得转载\n",
    "禁止转载\n",
    "無断転載\n",
    "무단 전재\n",
    "무단전재\n",
    "hak cipta dilindungi\n",
    "bản quyền thuộc về\n",
    "παντός δικαιώματος\n",
    "جميع الحقوق محفوظة\n",
    "כל הזכויות שמורות\n",
    "सर्वाधिकार सुरक्षित\n",
    "สงวนลิขสิทธิ์\n",
    // Reproduction forbidden, or allowed only with a link back.
    "kaynak gösterilmeden\n",
    "izinsiz kullanılamaz\n",
    "prohibida su reproducción\n",
    "reproduction interdite\n",
    "riproduzione riservata\n",
    "proibida a reprodução\n",
    "перепечатка запрещена\n",
    "использовании материалов\n",
    "may not be published, broadcast, rewritten or redistributed\n",
    // A portal's notice that it reprints others' stories, in English.
    "copyright of reprinted\n",
    "reprinted for the purpose of\n",
    "purpose of reprinting\n",
    "to see more, visit\n",
));
/// Picture agencies as credits name them ("REUTERS/Benoit Tessier", "AP Photo/Evan Vucci").
pub(super) static PICTURE_AGENCIES: Phrases = Phrases::new(concat!(
    "getty images\n",
    "ap photo\n",
    "shutterstock\n",
    "istockphoto\n",
    "afp/\n",
    "/afp\n",
    "reuters/\n",
    "/reuters\n",
    "epa/\n",
    "/epa\n",
    "dpa/\n",
    "efe/\n",
    "ansa/\n",
    "anp/\n",
    "lusa/\n",
    "picture alliance\n",
    "picture-alliance\n",
    "imago images\n",
));
/// A picture's credit that names no one, alone on its line: "Supplied", "File photo".
static LONE_CREDITS: Labels = Labels::new(concat!(
    "supplied\n",
    "handout\n",
    "file photo\n",
    "file image\n",
    "file picture\n",
    "stock photo\n",
    "stock image\n",
    "archive photo\n",
    "pool photo\n",
));
/// The label over a section of the story itself, left alone on its line once what it
/// heads is cut or read: its highlights, its table of contents. A box it opens is the
/// story's, where a box opened by one of [`SECTION_LABELS`] is about something else.
pub(super) const STORY_SECTION_LABELS: &str = concat!(
    "story highlights\n",
    "table of contents\n",
    "contents\n",
    "inhaltsverzeichnis\n",
    "sommaire\n",
    "índice\n",
    "indice\n",
    "содержание\n",
    "目录\n",
    "目次\n",
    "inhoudsopgave\n",
    "spis treści\n",
    "innehåll\n",
    "sisällys\n",
    "obsah\n",
    "içindekiler\n",
    "mục lục\n",
    "daftar isi\n",
    "목차\n",
    "المحتويات\n",
    "תוכן עניינים\n",
);

/// The label of a list of links (tags, topics, other stories) left alone on its line
/// once the links are cut. A label that heads the story's own section ("Highlights",
/// "See also" on an encyclopedia page) is not one of these.
pub(super) const SECTION_LABELS: &str = concat!(
    "noticia relacionada\n",
    "what we covered here\n",
    "explore more\n",
    "recommended videos\n",
    "promoted links\n",
    "you may like\n",
    "more for you\n",
    "temas relacionados\n",
    "conteúdo relacionado\n",
    "verwandte themen\n",
    "aiheeseen liittyvät\n",
    "related news\n",
    "tin liên quan\n",
    "bài viết liên quan\n",
    "tin cùng chuyên mục\n",
    "berita terkait\n",
    "artikel terkait\n",
    "berita berkaitan\n",
    "संबंधित खबरें\n",
    "संबंधित ख़बरें\n",
    "আরও পড়ুন\n",
    "ข่าวที่เกี่ยวข้อง\n",
    "อ่านข่าวที่เกี่ยวข้อง\n",
    "ข่าวเกี่ยวข้อง\n",
    "บทความที่เกี่ยวข้อง\n",
    "habari zinazohusiana\n",
    "மேலும் படிக்க\n",
    "இதையும் படிங்க\n",
    "ఇవి కూడా చదవండి\n",
    "potrebbe interessarti anche\n",
    "artigos relacionados\n",
    "matérias relacionadas\n",
    "похожие статьи\n",
    "статьи по теме\n",
    "媒体报道\n",
    "filed under\n",
    "filed in\n",
    "posted in\n",
    "tags\n",
    "tagged\n",
    "tagged with\n",
    "topics\n",
    "related topics\n",
    "categories\n",
    "related\n",
    "related links\n",
    "related internet links\n",
    "on this page\n",
    "discuss\n",
    "related stories\n",
    "related articles\n",
    "related content\n",
    "more stories\n",
    "more on this story\n",
    "you may also like\n",
    "you might also like\n",
    "recommended for you\n",
    "most read\n",
    "für sie empfohlen\n",
    "top-themen\n",
    "meistgelesen\n",
    "meistgelesene artikel\n",
    "les plus lus\n",
    "empfohlene redaktionelle inhalte\n",
    "externer inhalt\n",
    "most popular\n",
    "read next\n",
    "up next\n",
    "mehr zum thema\n",
    "schlagworte\n",
    "lire aussi\n",
    "à lire aussi\n",
    "sur le même sujet\n",
    "leggi anche\n",
    "noticias relacionadas\n",
    "read more\n",
    "read also\n",
    "related posts\n",
    "top stories\n",
    "editor's picks\n",
    "trending\n",
    "trending now\n",
    "leave a reply\n",
    "leave a comment\n",
    "post a comment\n",
    "add a comment\n",
    "write a comment\n",
    "ähnliche artikel\n",
    "weitere artikel\n",
    "verwandte artikel\n",
    "lesen sie auch\n",
    "das könnte sie auch interessieren\n",
    "themen\n",
    "schreibe einen kommentar\n",
    "articles similaires\n",
    "à lire également\n",
    "dans la même rubrique\n",
    "mots-clés\n",
    "mots clés\n",
    "laisser un commentaire\n",
    "te puede interesar\n",
    "también te puede interesar\n",
    "te recomendamos\n",
    "ti consigliamo\n",
    "lee también\n",
    "etiquetas\n",
    "artículos relacionados\n",
    "deja un comentario\n",
    "articoli correlati\n",
    "potrebbe interessarti\n",
    "ti potrebbe interessare\n",
    "ti potrebbe interessare anche\n",
    "lascia un commento\n",
    "leia também\n",
    "notícias relacionadas\n",
    "deixe um comentário\n",
    "lees ook\n",
    "gerelateerde artikelen\n",
    "geef een reactie\n",
    "czytaj także\n",
    "czytaj też\n",
    "przeczytaj również\n",
    "przeczytaj także\n",
    "tagi\n",
    "powiązane artykuły\n",
    "dodaj komentarz\n",
    "читайте также\n",
    "lue myös\n",
    "katso myös\n",
    "olvassa el ezt is\n",
    "прочитайте також\n",
    "đọc thêm\n",
    "теги\n",
    "похожие новости\n",
    "по теме\n",
    "другие новости\n",
    "ilgili haberler\n",
    "etiketler\n",
    "läs också\n",
    "relaterade artiklar\n",
    "taggar\n",
    "læs også\n",
    "les også\n",
    "čtěte také\n",
    "související články\n",
    "相关阅读\n",
    "相关新闻\n",
    "相关文章\n",
    "推荐阅读\n",
    "热门文章\n",
    "标签\n",
    "関連記事\n",
    "関連ニュース\n",
    "関連リンク\n",
    "おすすめ記事\n",
    "관련기사\n",
    "관련 기사\n",
    "많이 본 뉴스\n",
    "اقرأ أيضا\n",
    "اقرأ أيضاً\n",
    "أخبار ذات صلة\n",
    "مواضيع ذات صلة\n",
    "zobacz także\n",
    "zobacz też\n",
    "zobacz również\n",
    "czytaj również\n",
    "przeczytaj także\n",
    "przeczytaj też\n",
    "смотрите также\n",
    "auch interessant\n",
    "mehr dazu\n",
    "veja também\n",
    "leia mais\n",
    "saiba mais\n",
    "lees meer\n",
    "ver también\n",
    "lea también\n",
    "přečtěte si také\n",
    "citește și\n",
    "ilgili haber\n",
    "延伸阅读\n",
    "延伸閱讀\n",
    "相关报道\n",
    "相關新聞\n",
    "扩展阅读\n",
    "更多阅读\n",
    "관련기사 보기\n",
    "관련 뉴스\n",
    "baca juga\n",
    "xem thêm\n",
    "διαβάστε επίσης\n",
    "קראו גם\n",
    "بیشتر بخوانید\n",
    "यह भी पढ़ें\n",
    "ये भी पढ़ें\n",
    "อ่านเพิ่มเติม\n",
    "ayrıca okuyun\n",
    "читайте також\n",
    "läs mer\n",
    "also read\n",
    "must read\n",
    "don't miss\n",
    "most viewed\n",
    "recommended stories\n",
    "latest news\n",
    "paid content\n",
    "archivado en\n",
    "archiviato in\n",
    "abgelegt unter\n",
    "classé dans\n",
    "arquivado em\n",
    "search for\n",
    "recent posts\n",
    "recent comments\n",
    "recent comments on our stories\n",
    "connect\n",
    "connect with us\n",
    "archives\n",
    "meta\n",
    "entries feed\n",
    "comments feed\n",
    "entries rss\n",
    "comments rss\n",
    "lo más visto\n",
    "lo más leído\n",
    "i più letti\n",
    "os mais lidos\n",
    "mais lidas\n",
    "あわせて読みたい\n",
    "인기기사\n",
    "热门推荐\n",
    "weitere nachrichten\n",
    "ähnliche beiträge\n",
    "verwandte beiträge\n",
    "das könnte dich auch interessieren\n",
    "weitere beiträge\n",
    "neueste beiträge\n",
    "letzte beiträge\n",
    "kategorien\n",
    "archiv\n",
    "schlagwörter\n",
    "sur le même thème\n",
    "à découvrir aussi\n",
    "derniers articles\n",
    "articles récents\n",
    "catégories\n",
    "entradas relacionadas\n",
    "entradas recientes\n",
    "categorías\n",
    "articoli recenti\n",
    "recente berichten\n",
    "posts relacionados\n",
    "post navigation\n",
    "beitrags-navigation\n",
    "beitragsnavigation\n",
    "navigation des articles\n",
    "navegación de entradas\n",
    "navigazione articoli\n",
    "berichtnavigatie\n",
    "kommentar verfassen\n",
    "hinterlasse einen kommentar\n",
    "recommended\n",
    "polecane\n",
    "empfehlungen der redaktion\n",
    "nos articles sur le même thème\n",
    "sponsored links\n",
    "promoted stories\n",
    "around the web\n",
    "what to read next\n",
    "comment on this story\n",
    "trending topics\n",
    "à découvrir\n",
    "polecamy\n",
    "najczęściej czytane\n",
    "meest gelezen\n",
    "самое читаемое\n",
    "новости по теме\n",
    "материалы по теме\n",
    "この記事の関連ニュース\n",
    "関連キーワード\n",
    "点击排行\n",
    "الأكثر قراءة\n",
    "en çok okunanlar\n",
    "ข่าวยอดนิยม\n",
    "כתבות נוספות\n",
    "הכי נקראים\n",
    "σχετικά άρθρα\n",
    "τα πιο δημοφιλή\n",
    "популярне\n",
    "новини партнерів\n",
    "mest läst\n",
    "mest læste\n",
    "luetuimmat\n",
    "legolvasottabb\n",
    "cele mai citite\n",
    "nejčtenější\n",
    "related coverage\n",
    "latest videos\n",
    "from our partners\n",
    "by taboola\n",
    "nos partenaires\n",
    "você pode gostar\n",
    "вам может быть интересно\n",
    "猜你喜欢\n",
    "قد يعجبك أيضا\n",
    "dit vind je misschien ook leuk\n",
    "może cię zainteresować\n",
    "ilginizi çekebilir\n",
    "bunlar da ilginizi çekebilir\n",
    "новини за темою\n",
    "схожі новини\n",
    "articole similare\n",
    "articole asemănătoare\n",
    "kapcsolódó cikkek\n",
    "relaterede artikler\n",
    "relaterte artikler\n",
    "relaterte saker\n",
    "liittyvät artikkelit\n",
    "who is online\n",
    "wer ist online\n",
    "qui est en ligne\n",
    "quién está conectado\n",
    "wie is er online\n",
    "кто сейчас на конференции\n",
    "sponsored stories\n",
    "from around the web\n",
    "more from the web\n",
    "popular now\n",
    "latest stories\n",
    "watch next\n",
    "related videos\n",
    "editors' picks\n",
    "benzer haberler\n",
    "اخبار مرتبط\n",
    "לכתבות נוספות\n",
    "related video\n",
    // Other stories the newsroom picks, and the latest.
    "lesen sie mehr zum thema\n",
    "notre sélection\n",
    "la sélection de la rédaction\n",
    "nuestra selección\n",
    "la redazione consiglia\n",
    "recomendados\n",
    "recomendado para ti\n",
    "redaktionstipps\n",
    "lesetipps\n",
    "lesetipp\n",
    "dernières actualités\n",
    "últimas noticias\n",
    "ultime notizie\n",
    "últimas notícias\n",
    "laatste nieuws\n",
    // The openings of a teaser ([`TEASER_OPENINGS`]), left alone over what they opened.
    "related story\n",
    "related article\n",
    "a lire aussi\n",
    "lisez aussi\n",
    "découvrez aussi\n",
    "lire également\n",
    "à voir aussi\n",
    "à voir également\n",
    "meer over\n",
    "leggi pure\n",
    "vedi anche\n",
    "articolo correlato\n",
    "mira también\n",
    "relacionados\n",
    "relacionadas\n",
    "notícia relacionada\n",
    "leia ainda\n",
    "bekijk ook\n",
    "ook interessant\n",
    "läs även\n",
    "přečtěte si\n",
    "дивіться також\n",
    "citeşte şi\n",
    "διαβάστε ακόμη\n",
    "bunu da okuyun\n",
    "basahin din\n",
    "soma pia\n",
    "इसे भी पढ़ें\n",
    "یہ بھی پڑھیں\n",
    "اقرأ أيضًا\n",
    "اقرأ ايضا\n",
    "شاهد أيضا\n",
    "קראו עוד\n",
    "相关链接\n",
    "相關閱讀\n",
    // The site's or the blogger's word about themselves, in a box beside the story.
    "about us\n",
    "about me\n",
    "über uns\n",
    "über mich\n",
    "qui sommes-nous\n",
    "à propos de nous\n",
    "à propos de moi\n",
    "quiénes somos\n",
    "sobre nosotros\n",
    "sobre mí\n",
    "chi siamo\n",
    "chi sono\n",
    "quem somos\n",
    "sobre nós\n",
    "sobre mim\n",
    "over ons\n",
    "over mij\n",
    "o nas\n",
    "o mnie\n",
    "о нас\n",
    "обо мне\n",
    "om oss\n",
    "om os\n",
    "om mig\n",
    "hakkımızda\n",
    "关于我们\n",
);

/// "In your inbox" in other languages, where a newsletter offers the news.
static INBOXES: Phrases = Phrases::new(concat!(
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
const NEWS_WORDS: [&str; 10] =
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

/// A line of text that is not prose: a few characters with no letter (a gallery's counters,
/// a video's length), a copyright line in any of twenty-odd languages, a few words with
/// an e-mail address (a reporter's sign-off: "최윤호 기자 uknow@donga.com"), a caption or
/// credit in Chinese or Japanese ("图注：…", "【责任编辑：…】", [`CJK_CREDIT_OPENINGS`]), an
/// ad slot's label ("Advertisement", "Anzeige"), a button's label ("Share", "Print",
/// "Teilen", "Text size"), a photo credit ("Photo by …", "REUTERS/Benoit Tessier"), a
/// reading-time or view counter ("5 min read", "Visto 314 veces"), a note
/// that the story goes on past an ad ("Story continues below advertisement"), a dateline
/// ([`is_date_line`], or a few words before a dash: "Washington CNN —"), a wire's end mark
/// ("(END)"), a few words giving a social network page ("Twitter
/// https://twitter.com/newsroom"), a section label whose links were cut ("Filed under",
/// "Related topics"), a paywall's notice ("This article is for subscribers only",
/// "この記事は会員限定です"), a prompt to subscribe ("Subscribe to our newsletter!") or a
/// typo-report widget's instructions ("Select the text and press Ctrl+Enter", in any
/// language) or a reply's subject line over a forum post or a mail ("Re: Heizung macht
/// Klopfgeräusche", German "AW:", Scandinavian "SV:"), a pager's or gallery's counter
/// ([`is_page_counter`]), a feedback widget's question ("Was this article helpful?") or an
/// affiliate disclosure ([`AFFILIATE_DISCLOSURES`]), or a prompt to send tips or get the
/// site's app ([`READER_PROMPTS`]) or a newsletter "delivered to your inbox".
pub(super) fn is_furniture_line(line: &str) -> bool {
    furniture_kind(line).is_some()
}

/// A line as the furniture rules read it: lowercased, as a label (trimmed of punctuation
/// at both ends), as written (trimmed of spaces), its length in characters and words.
struct Line<'a> {
    line: &'a str,
    lower: &'a str,
    label: &'a str,
    address: &'a str,
    chars: usize,
    words: usize,
}

impl Line<'_> {
    /// Whether the line's label is one of `labels`.
    fn is_listed(&self, labels: &Labels) -> bool {
        labels.contains(self.label)
    }

    fn ends_a_sentence(&self) -> bool {
        self.address.ends_with(SENTENCE_MARKS)
    }

    fn has_digit(&self) -> bool {
        self.line.contains(|c: char| c.is_ascii_digit())
    }
}

/// Whether a character is a combining mark a word may end with, which is neither a letter
/// nor a digit: Thai and Lao tone marks ("แชร์"), Devanagari's virama, Hebrew points and
/// Arabic vowel marks, combining accents.
fn is_combining_mark(c: char) -> bool {
    matches!(
        c,
        '\u{0300}'..='\u{036F}'
            | '\u{0591}'..='\u{05C7}'
            | '\u{064B}'..='\u{065F}'
            | '\u{0900}'..='\u{0903}'
            | '\u{093A}'..='\u{094F}'
            | '\u{0E31}'
            | '\u{0E34}'..='\u{0E3A}'
            | '\u{0E47}'..='\u{0E4E}'
            | '\u{0EB1}'
            | '\u{0EB4}'..='\u{0EBC}'
            | '\u{0EC8}'..='\u{0ECD}'
            | '\u{1AB0}'..='\u{1AFF}'
            | '\u{1DC0}'..='\u{1DFF}'
            | '\u{20D0}'..='\u{20FF}'
            | '\u{FE20}'..='\u{FE2F}'
    )
}

pub(super) static ADS: Labels = Labels::new(AD_LABELS);

/// [`BUTTON_LABELS`].
pub(super) static BUTTONS: Labels = Labels::new(BUTTON_LABELS);

/// [`SECTION_LABELS`].
pub(super) static SECTIONS: Labels = Labels::new(SECTION_LABELS);

/// [`STORY_SECTION_LABELS`].
pub(super) static STORY_SECTIONS: Labels = Labels::new(STORY_SECTION_LABELS);

static CREDITS: Labels = Labels::new(DESK_CREDITS);

/// Which kind of furniture a line is ([`is_furniture_line`]), by the name of the first
/// rule in [`FURNITURE`] that takes it.
pub(super) fn furniture_kind(line: &str) -> Option<&'static str> {
    let lower = lowercase(line);
    let address = line.trim();
    let line = Line {
        line,
        lower: &lower,
        label: lower.trim().trim_matches(|c: char| !c.is_alphanumeric() && !is_combining_mark(c)),
        address,
        chars: line.chars().count(),
        words: address.split_whitespace().count(),
    };
    FURNITURE.iter().find(|(_, rule)| rule(&line)).map(|(kind, _)| *kind)
}

/// Whether a line is a table's row of figures: two numbers or more set apart by spaces
/// ("2019 3", "12,5 7,3 %"), not a pager's run of page numbers counting up from one ("1 2
/// 3"). A gallery's counter ("1 / 12") and a length ("2:34") are no such row.
fn is_row_of_figures(line: &str) -> bool {
    let figures: Vec<&str> = line.split_whitespace().filter(|w| *w != "%").collect();
    let figure = |w: &&str| {
        w.starts_with(|c: char| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '%'))
    };
    let pager = figures.iter().enumerate().all(|(i, w)| w.parse::<usize>().ok() == Some(i + 1));
    figures.len() >= 2 && figures.iter().all(figure) && !pager
}

/// The kinds of furniture line, each a name and the rule that knows it.
type FurnitureRule = (&'static str, fn(&Line<'_>) -> bool);
const FURNITURE: &[FurnitureRule] = &[
    // Brackets and semicolons alone close a block of code ("}", "});"), and a table's row
    // of figures is data ("2019 3"): no furniture.
    ("symbols", |l| {
        let closes_code = !l.address.is_empty() && l.address.chars().all(|c| "{}[]();,".contains(c));
        l.chars <= 12 && !l.line.chars().any(char::is_alphabetic) && !closes_code && !is_row_of_figures(l.address)
    }),
    // Or a line that opens "Copyright" and a year: "Copyright 2024 NPR. To see more, visit …".
    ("rights notice", |l| {
        l.chars <= 200
            && (l.line.contains('©')
                || l.line.contains('ⓒ')
                || RIGHTS_NOTICES.are_in(l.lower)
                || (l.words <= 20
                    && l.label
                        .strip_prefix("copyright ")
                        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))))
    }),
    ("e-mail sign-off", |l| {
        l.chars <= 80 && l.words <= 6 && !l.ends_a_sentence() && l.address.split_whitespace().any(is_email)
    }),
    // Past a widget's bracketed button before it, as Xinhua sets its editor's credit:
    // "【纠错】 【责任编辑:王华】".
    ("CJK credit", |l| {
        if l.chars > 80 {
            return false;
        }
        let past_button = l
            .label
            .split_once('】')
            .filter(|(button, _)| button.chars().count() <= 4)
            .map_or(l.label, |(_, rest)| rest.trim_start().trim_start_matches('【'));
        CJK_CREDIT_OPENINGS.iter().any(|c| l.label.starts_with(c) || past_button.starts_with(c))
            || is_cjk_reporters(l.address)
            || is_cjk_bracketed_note(l.address)
            || (l.chars <= 20 && l.label.ends_with("編集部"))
            // A Korean file photo's credit: "[연합뉴스 자료사진]".
            || (l.chars <= 30 && l.label.ends_with("자료사진"))
            || ["亦有贡献", "亦有貢獻"].iter().any(|c| l.label.contains(c))
    }),
    ("CJK caption", |l| l.chars <= 60 && is_cjk_caption(l.address)),
    ("CJK prompt", |l| l.chars <= 40 && is_cjk_prompt(l.address)),
    // A Chinese site's disclaimer or notice under the story: "免责声明：本文来自…", "声明：…
    // 据此操作风险自担", "违法和不良信息举报电话：…".
    ("CJK notice", |l| {
        l.chars <= 300
            && (["免责声明", "声明：", "版权声明"].iter().any(|c| l.label.starts_with(c))
                || l.label.contains("举报电话"))
    }),
    ("ad label", |l| l.is_listed(&ADS)),
    ("button", |l| l.is_listed(&BUTTONS)),
    // Or a count of shares in a sentence of its own: "This story has been shared 12,345 times."
    ("counter", |l| {
        (l.chars <= 40 && l.words <= 6 && l.has_digit() && COUNTER_WORDS.are_in(l.lower))
            || (l.words <= 10
                && l.has_digit()
                && ["has been shared", "have been shared"].iter().any(|s| l.lower.contains(s))
                && l.label.ends_with("times"))
    }),
    // A forum's line on a poster ("heizfreund77 Mitglied seit 2019 Beiträge: 42"); a
    // sentence that says so is the story's ("She has been a member since 2019.").
    ("poster's stats", |l| {
        l.chars <= 80 && l.words <= 10 && l.has_digit() && !l.ends_a_sentence() && POSTER_STATS.are_in(l.lower)
    }),
    ("visitor counter", |l| l.chars <= 100 && l.words <= 14 && l.has_digit() && is_visitor_counter(l.lower)),
    // A calendar's row of weekdays, in the letters or abbreviations a widget heads it with:
    // "S M T W T F S", "Mo Di Mi Do Fr Sa So", "Mon Tue Wed Thu Fri Sat Sun".
    ("calendar", |l| {
        const DAYS: [&str; 45] = [
            "su", "mo", "tu", "we", "th", "fr", "sa", "sun", "mon", "tue", "wed", "thu", "fri", "sat", "di", "mi",
            "do", "so", "lu", "ma", "me", "je", "ve", "ju", "vi", "sá", "lun", "mar", "mer", "jeu", "ven", "sam",
            "dim", "gio", "sab", "dom", "wo", "vr", "za", "zo", "seg", "ter", "qua", "qui", "sex",
        ];
        l.words == 7
            && l.lower.split_whitespace().all(|w| {
                let single = w.chars().count() == 1 && w.chars().all(char::is_alphabetic);
                single || DAYS.contains(&w.trim_end_matches('.'))
            })
    }),
    // A CMS's count of a story's readers, its word and the number alone: Joomla's "Hits:
    // 1234", "Zugriffe: 1234", "Visite: 1234".
    ("hits", |l| {
        const WORDS: [&str; 10] = [
            "hits",
            "zugriffe",
            "aufrufe",
            "visite",
            "visitas",
            "clics",
            "affichages",
            "acessos",
            "odsłon",
            "wyświetleń",
        ];
        l.words <= 2
            && l.has_digit()
            && l.label.split_once(|c: char| c == ':' || c.is_whitespace()).is_some_and(|(word, count)| {
                let count = count.trim_start_matches([':', ' ']);
                WORDS.contains(&word)
                    && count.starts_with(|c: char| c.is_ascii_digit())
                    && count.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            })
    }),
    // A sentence in a language written without spaces is no credit, whatever it cites.
    ("credit", |l| {
        l.words <= 12
            && l.chars <= 80
            && !l.line.contains(['。', '！', '？'])
            && (CREDIT_OPENINGS.iter().any(|c| l.label.starts_with(c))
                || l.is_listed(&LONE_CREDITS)
                || credits_staff(l.address)
                // "Courtesy of the Port Council": a credit alone, no clause of a sentence.
                || (l.words <= 8 && l.label.starts_with("courtesy of ") && !l.address.contains([',', '.', '!', '?']))
                || ((PICTURE_AGENCIES.are_in(l.lower) || ends_with_ap(l.lower))
                    && !l.address.ends_with(['.', '!', '?', ':']))
                || is_slash_credit(l.address))
    }),
    ("captioned credit", |l| l.chars <= 400 && (ends_with_credit(l.lower) || ends_with_picture_credit(l.line))),
    // A caption labelled for screen readers, as the BBC writes them: "Image caption, …",
    // or "Image caption The summit…" where the label had no comma of its own.
    ("labelled caption", |l| {
        let labelled = |c: &str| {
            l.lower.starts_with(c)
                && (c.ends_with([',', ':'])
                    || l.line.get(c.len()..).is_some_and(|r| r.starts_with(|ch: char| ch.is_uppercase())))
        };
        l.words <= 60
            && ["image caption,", "media caption,", "image caption:", "image caption ", "media caption "]
                .into_iter()
                .any(labelled)
    }),
    ("story goes on", |l| l.chars <= 60 && STORY_GOES_ON.iter().any(|g| l.label.starts_with(g))),
    ("date", |l| l.chars <= 80 && is_date_line(l.address)),
    ("related entry", |l| l.words <= 12 && is_related_entry_date(l.address)),
    // Or its label alone, its date set apart (`<dt>Last updated</dt><dd>…</dd>`).
    // A publication line is a short one: told by its length first, as most lines are prose.
    ("publication", |l| {
        (l.chars <= 100 && l.words <= 16 && is_publication_line(l.address, l.lower))
            || PUBLICATION_WORDS.contains(l.label)
    }),
    // A dash after it; or a hyphen, set off or glued on to a point, after the agency's name
    // in brackets ("Hamburg (dpa) -", "Madrid (EFE).-"): a table's row ends so too ("Zh -").
    ("dateline", |l| {
        let agency = |end: &str| l.address.strip_suffix(end).is_some_and(|a| a.ends_with(')'));
        l.chars <= 40 && l.words <= 4 && (l.address.ends_with(['—', '–']) || agency(" -") || agency(".-"))
    }),
    // What a reader's copy of the page leaves for a player or a post it could not show.
    // Or a medium's name in a few words of a bracketed tag, as a site's CMS leaves its embeds
    // in the text: "[Gambas:Video 20detik]", "[Audio: Interview]", "[video player]".
    ("placeholder", |l| {
        const MEDIA: [&str; 9] = ["video", "videos", "foto", "fotos", "photo", "photos", "audio", "gallery", "galeri"];
        l.address.starts_with('[')
            && l.address.ends_with(']')
            && (matches!(l.label, "embedded content" | "embed" | "embedded media" | "media")
                || (l.words <= 4
                    && !l.label.ends_with(SENTENCE_MARKS)
                    && l.label.split(|c: char| !c.is_alphanumeric()).any(|w| MEDIA.contains(&w))))
    }),
    // Or, in Chinese, "finished" in brackets ("（完）"); in Persian, "end of the message".
    ("end mark", |l| {
        (matches!(l.label, "end" | "ends") && !l.line.chars().any(char::is_lowercase))
            || matches!(l.address, "（完）" | "(完)" | "【完】")
            || l.label == "انتهای پیام"
    }),
    ("social account", |l| l.words <= 6 && gives_social_account(l.lower)),
    // Or after a short exclamation: "Bądź na bieżąco! Obserwuj nas w Google News", "Stay in
    // the loop! Follow us on Instagram".
    ("follow prompt", |l| {
        l.words <= 50 && (is_follow_prompt(l.lower) || after_exclamation(l.lower).is_some_and(is_follow_prompt))
    }),
    // A Chinese site's call to follow its WeChat account by its QR code, or the account's
    // name alone: "扫描下方二维码关注官方微信", "新浪新闻公众号".
    ("QR code prompt", |l| {
        (l.chars <= 80
            && ["二维码", "二維碼"].iter().any(|q| l.line.contains(q))
            && ["关注", "關注"].iter().any(|c| l.line.contains(c))
            && ["微信", "公众号", "公眾號", "微博", "客户端"].iter().any(|a| l.line.contains(a)))
            || (l.chars <= 20 && ["公众号", "公眾號"].iter().any(|a| l.label.ends_with(a)))
    }),
    // A pointer to more of the kind elsewhere on the site: "相关资讯请关注：逆水寒专区",
    // "更多精彩内容请访问新浪体育".
    ("more-at prompt", |l| {
        l.chars <= 40
            && ["相关资讯", "相关新闻", "相关内容", "相关报道", "更多", "了解更多", "欲了解"]
                .iter()
                .any(|o| l.label.starts_with(o))
            && !l.address.ends_with(SENTENCE_MARKS)
            && ["请关注", "請關注", "请访问", "請訪問", "请点击", "请下载", "请登录"].iter().any(|p| l.line.contains(p))
    }),
    // Or a line that sends readers to more of the kind "here", where the word was its link:
    // "Mehr Nachrichten aus dem Hafen lesen Sie hier.", "More local news can be found
    // here.", "Retrouvez toutes nos infos locales ici." It opens asking for more or to read
    // and names news or reading ("More people live here now" is the story's).
    ("more here", |l| {
        const HERE: [&str; 10] = ["here", "hier", "ici", "aquí", "aqui", "qui", "tutaj", "tady", "здесь", "här"];
        static OPENINGS: Labels = Labels::new(concat!(
            "more\n",
            "read\n",
            "find\n",
            "see\n",
            "mehr\n",
            "weitere\n",
            "lesen\n",
            "alle\n",
            "plus\n",
            "retrouvez\n",
            "lisez\n",
            "más\n",
            "lee\n",
            "mais\n",
            "leia\n",
            "altre\n",
            "leggi\n",
            "więcej\n",
            "czytaj\n",
            "meer\n",
            "lees\n",
        ));
        static CUES: Labels = Labels::new(concat!(
            "news\n",
            "stories\n",
            "articles\n",
            "coverage\n",
            "information\n",
            "photos\n",
            "videos\n",
            "read\n",
            "found\n",
            "find\n",
            "see\n",
            "nachrichten\n",
            "artikel\n",
            "berichte\n",
            "lesen\n",
            "finden\n",
            "infos\n",
            "informations\n",
            "lire\n",
            "lisez\n",
            "retrouvez\n",
            "noticias\n",
            "notícias\n",
            "leer\n",
            "ler\n",
            "notizie\n",
            "leggi\n",
            "wiadomości\n",
            "czytaj\n",
            "nieuws\n",
            "lees\n",
            "fotos\n",
        ));
        // A line that ends with a colon leads to what follows it ("More is found here:").
        if l.words > 12 || !HERE.iter().any(|h| l.label.ends_with(h)) || l.address.ends_with([':', '：']) {
            return false;
        }
        let words: Vec<&str> = l.label.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
        words.first().is_some_and(|w| OPENINGS.contains(w))
            && words.last().is_some_and(|w| HERE.contains(w))
            && words.iter().any(|w| CUES.contains(w))
    }),
    // WeChat's calls under a post: "点【在看】", "点击菜单栏…", "点击上方蓝字关注我们".
    ("WeChat prompt", |l| {
        l.chars <= 60
            && ["在看】", "点个在看", "点击菜单栏", "点击上方蓝字", "点击蓝字关注"].iter().any(|p| l.line.contains(p))
    }),
    // Or after a question or a short clause that leads to it: "Want more? Follow us on
    // Instagram", "Did you make this recipe? Tag @saltandthyme on Instagram!", "For the
    // latest news and updates, follow us on Twitter".
    ("follow on a network", |l| {
        const CALLS: [&str; 5] = ["follow", "tag", "markiere", "etiquétanos", "identifiez-nous"];
        if l.words > 14 {
            return false;
        }
        let call = after_question(l.lower).or_else(|| after_lead_in(l.lower)).unwrap_or(l.lower);
        call.split_whitespace().count() <= 8 && CALLS.iter().any(|c| opens_with_words(call, c)) && names_network(call)
    }),
    ("list label", |l| !l.ends_a_sentence() && is_list_label(l.label)),
    ("teaser", |l| l.words <= 16 && !l.address.ends_with('.') && opens_teaser(l.label)),
    // A print edition's note names the page and the headline: 40 words.
    ("republished", |l| l.words <= 40 && REPUBLISHED_NOTES.iter().any(|n| opens_with_words(l.label, n))),
    // A note that the views are the writer's: "Disclaimer: The views expressed above are the
    // author's own.", "The views expressed in this article are personal and do not
    // necessarily reflect those of the site.", "Opinions expressed by contributors are their
    // own." (not "The views expressed in this article are not new, the minister said.").
    ("views disclaimer", |l| {
        const OPENINGS: [&str; 6] = [
            "disclaimer: the views",
            "disclaimer: views",
            "the views expressed",
            "views expressed",
            "the opinions expressed",
            "opinions expressed",
        ];
        const OWNED: [&str; 4] = ["personal", "necessarily", "do not reflect", "solely those of"];
        let own = || l.label.split(|c: char| !c.is_alphanumeric()).any(|w| w == "own");
        (l.words <= 40
            && OPENINGS.iter().any(|o| opens_with_words(l.label, o))
            && (own() || OWNED.iter().any(|w| l.label.contains(w))))
            || (l.words <= 30 && VIEWS_DISCLAIMERS.are_in(l.lower))
    }),
    ("age notice", |l| l.words <= 10 && is_age_notice(l.label)),
    // Or a notice that comments are off, as its line opens: "Comments have been disabled
    // for this article." (not "Comments have been disabled on the channel's videos since
    // March, the company said.").
    ("comment call", |l| {
        const OFF: [&str; 5] = [
            "comments have been disabled",
            "comments are disabled",
            "commenting has been disabled",
            "comments have been closed",
            "commenting is closed",
        ];
        // Or a call to the comments in a few words: "Join the conversation on our full site."
        (l.words <= 20 && COMMENT_CALLS.are_in(l.lower))
            || (l.words <= 8 && OFF.iter().any(|o| l.label.starts_with(o)))
            || (l.words <= 10 && opens_with_words(l.label, "join the conversation"))
    }),
    // The rules a site sets its commenters, beside its comment form: "Keep it Clean. Please
    // avoid obscene, vulgar, lewd, racist or sexually-oriented language. … Don't Threaten.
    // …", "Comments are moderated. Abusive or off-topic comments will be removed." It asks
    // or warns them, and names two kinds of conduct or more; a story about such rules
    // reports them ("The board banned obscene and racist posts on its page.").
    ("comment rules", |l| {
        l.words <= 120
            && COMMENT_RULE_CALLS.are_in(l.lower)
            && COMMENT_CONDUCT.iter().filter(|c| l.lower.contains(*c)).nth(1).is_some()
    }),
    // A site's note that it does not answer for the sites it links to: "The BBC is not
    // responsible for the content of external sites."
    ("external links note", |l| l.words <= 40 && EXTERNAL_LINK_NOTES.are_in(l.lower)),
    // Where the writer filed from, under the byline: "Reporting from Philadelphia".
    ("reporting from", |l| {
        l.words <= 8
            && !l.ends_a_sentence()
            && ["reporting from", "reported from", "reportage depuis", "berichtet aus"]
                .iter()
                .any(|o| opens_with_words(l.label, o))
    }),
    // A shop's button or price beside a product: "Buy now on Amazon", "$299 at Best Buy".
    ("shop link", |l| {
        let price_at = || {
            l.address.starts_with(['$', '£', '€'])
                && l.address.split_whitespace().nth(1) == Some("at")
                && l.address[1..].starts_with(|c: char| c.is_ascii_digit())
        };
        l.words <= 6
            && !l.ends_a_sentence()
            && (["buy now", "buy on", "shop now", "buy it now"].iter().any(|o| opens_with_words(l.label, o))
                || price_at())
    }),
    // A rating widget's count of votes: "5 from 12 votes", "4.8 from 230 reviews".
    ("votes", |l| {
        let mut w = l.label.split_whitespace();
        l.words == 4
            && matches!(
                (w.next(), w.next(), w.next(), w.next()),
                (Some(score), Some("from"), Some(count), Some("votes" | "reviews" | "ratings"))
                    if score.parse::<f32>().is_ok() && count.chars().all(|c| c.is_ascii_digit() || c == ',')
            )
    }),
    // A file to download, by its type and size: "Download PDF (245 KB)".
    ("download", |l| {
        l.words <= 8
            && opens_with_words(l.label, "download")
            && [" kb", " mb", "kb)", "mb)"].iter().any(|u| l.lower.contains(u))
            && ["pdf", "doc", "xls", "ppt", "zip", "csv"].iter().any(|t| l.lower.contains(t))
    }),
    // An aggregator's pointer to where the story was published: "Read the full story at The
    // Verge".
    ("full story at", |l| {
        l.words <= 12
            && !l.ends_a_sentence()
            && ["read the full story at", "read the full article at", "read the full story on", "read more at"]
                .iter()
                .any(|o| opens_with_words(l.label, o))
    }),
    ("section label", |l| l.is_listed(&SECTIONS) || l.is_listed(&STORY_SECTIONS)),
    ("paywall", |l| {
        l.chars <= 120 && l.words <= 25 && (PAYWALL_PHRASES.are_in(l.lower) || asks_to_subscribe_to_read_on(l.lower))
    }),
    // A picture's text left as a line of its own: "Icon: Der Spiegel", its logo's under
    // every story.
    ("icon label", |l| l.words <= 5 && !l.ends_a_sentence() && opens_with_words(l.label, "icon")),
    // An offer to sign in, to a reader who has an account: "Sie haben bereits ein Konto?
    // Hier anmelden", "Already a subscriber? Log in".
    ("sign-in prompt", |l| {
        const SIGN_IN: [&str; 16] = [
            "log in",
            "login",
            "sign in",
            "signin",
            "anmelden",
            "einloggen",
            "connectez",
            "connexion",
            "inicia sesión",
            "iniciar sesión",
            "accedi",
            "entre",
            "entrar",
            "inloggen",
            "zaloguj",
            "войти",
        ];
        l.words <= 12 && SIGN_IN_PROMPTS.are_in(l.lower) && SIGN_IN.iter().any(|v| l.lower.contains(v))
    }),
    // A broadcaster's note on where it reported the story: "Über dieses Thema berichtete NDR
    // Info am 05. März 2024 um 10:00 Uhr."
    ("broadcast note", |l| {
        l.words <= 25
            && ["über dieses thema berichtete", "über dieses thema berichtet"]
                .iter()
                .any(|o| opens_with_words(l.label, o))
    }),
    // A call that opens its line, which may go on to say what the letter brings ("Sign up
    // for our free newsletter and get the best stories delivered to you each week."), or
    // one after a question that leads to it ("Want more stories like this? Sign up for our
    // newsletter.").
    // Or a call to sign up for a letter by its name alone, in a line of its own: "Sign up for
    // the Morning Rundown", "Sign up to First Edition".
    ("subscribe prompt", |l| {
        // (Read as written too, where a price's sign ends it: "Abonnez-vous à partir de 1 €".)
        (l.words <= 20 && (is_subscribe_prompt(l.label) || is_subscribe_prompt(l.lower.trim())))
            || (l.words <= 7
                && !l.ends_a_sentence()
                && ["sign up for ", "sign up to "].iter().any(|o| l.label.starts_with(o)))
            || (l.words <= 14
                && after_question(l.lower).is_some_and(|call| is_subscribe_prompt(call.trim_end_matches(['.', '!']))))
    }),
    ("desk credit", |l| l.is_listed(&CREDITS)),
    // Who else reported the story, under it: "CNN's Christine Romans and Emily Jane Fox
    // contributed to this report."
    // Or named after a label, as USA Today signs them: "Contributing: Jane Doe, USA TODAY".
    ("contributors", |l| {
        (l.words <= 15 && l.label.starts_with("contributing:") && !l.address.ends_with(['!', '?']))
            || (l.words <= 30
                && CONTRIBUTED.are_in(l.label)
                && CONTRIBUTED.iter().any(|c| {
                    l.label.match_indices(c).any(|(at, _)| {
                        let rest = &l.label[at + c.len()..];
                        rest.is_empty() || rest.starts_with(" from ")
                    })
                }))
    }),
    ("source", |l| {
        let bare = l.address.trim_start_matches(['(', '[']).trim_end_matches([')', ']']);
        l.chars <= 60 && (names_a_source(bare) || is_according_to(l.address))
    }),
    ("share control", |l| is_share_control(l.label)),
    ("breadcrumb", |l| l.words <= 12 && is_breadcrumb(l.lower)),
    ("link row", |l| l.words <= 24 && is_link_row(l.lower)),
    // A label ending in a colon needs no space after it: "关键词：港口".
    // Or the label alone, its list cut: "Tag:".
    ("tags", |l| {
        TAG_LINES.contains(l.lower.trim())
            || (l.words <= 20
                && !l.address.ends_with('.')
                && TAG_LINES
                    .iter()
                    .any(|t| opens_with_words(l.label, t) || (t.ends_with([':', '：']) && l.label.starts_with(t))))
    }),
    ("filed", |l| l.words <= 30 && (opens_with_words(l.label, "this entry was posted in") || is_filed_entry(l.lower))),
    ("control", |l| {
        l.words <= 10 && !l.ends_a_sentence() && CONTROL_OPENINGS.iter().any(|c| opens_with_words(l.label, c))
    }),
    ("powered by", |l| {
        l.words <= 4 && ["powered by", "proudly powered by"].iter().any(|c| opens_with_words(l.label, c))
    }),
    // A blog post's footer: "Posted by Jane Doe at 10:32 AM", "Eingestellt von Jana um 10:32".
    ("posted by", |l| {
        l.words <= 10 && POSTED_BY.iter().any(|p| opens_with_words(l.label, p)) && has_clock_time(l.line)
    }),
    // Blogger's link to a feed: "Subscribe to: Post Comments (Atom)", "Abonnieren Kommentare
    // zum Post (Atom)".
    ("feed link", |l| l.words <= 8 && l.lower.trim_end().ends_with("(atom)")),
    ("comment count", |l| l.words <= 4 && l.has_digit() && is_comment_count(l.lower)),
    ("consent", |l| l.words <= 60 && is_consent_note(l.lower)),
    ("sponsor", |l| {
        l.words <= 8
            && !l.ends_a_sentence()
            && !l.line.contains(',')
            && SPONSOR_LABELS.iter().any(|s| l.label.starts_with(s))
    }),
    // A wire service's pointer to its principles under each story ("Our Standards: The
    // Thomson Reuters Trust Principles.").
    // Or the Trust Project's label: "Conforme a los criterios de The Trust Project".
    ("standards", |l| {
        l.words <= 12
            && ["our standards", "conforme a los criterios de", "se adhiere a los criterios de"]
                .iter()
                .any(|o| opens_with_words(l.label, o))
    }),
    ("pager", |l| l.words <= 15 && is_pager(l.lower)),
    ("media teaser", |l| l.words <= 14 && !l.ends_a_sentence() && MEDIA_TEASERS.iter().any(|t| l.lower.starts_with(t))),
    // Also after a dash, as a wire story signs off: "— Reuters".
    ("agency", |l| l.words <= 6 && is_agency_credit(l.lower.trim_start_matches(['—', '–', '-', ' ']))),
    ("desk initials", |l| l.chars <= 24 && is_desk_initials(l.address)),
    ("wire credit", |l| {
        (l.words <= 8 || (l.words <= 12 && !l.ends_a_sentence()))
            && WIRE_CREDITS.iter().any(|w| opens_with_words(l.label, w))
    }),
    ("newsroom credits", |l| l.words <= 50 && is_newsroom_credits(l.address)),
    ("typo widget", |l| {
        l.chars <= 200
            && l.lower.contains("ctrl")
            && l.lower.split_whitespace().collect::<String>().contains("ctrl+enter")
    }),
    ("reply subject", |l| {
        l.chars <= 120 && l.words <= 15 && ["re:", "re :", "aw:", "sv:"].iter().any(|r| l.lower.starts_with(r))
    }),
    ("page counter", |l| l.words <= 6 && is_page_counter(l.lower)),
    ("feedback", |l| l.chars <= 100 && FEEDBACK_PROMPTS.iter().any(|p| l.lower.starts_with(p))),
    ("affiliate disclosure", |l| l.chars <= 400 && l.words <= 60 && is_affiliate_disclosure(l.lower)),
    ("sponsor note", |l| l.words <= 30 && SPONSOR_NOTES.are_in(l.lower)),
    // A site's app named in the call: "Download the NBC News app for breaking news". Or a
    // promise of the site's news, as many sites close a story: "Catch all the Business News
    // … on Live Mint", "For all the latest India News, download Indian Express App".
    ("reader prompt", |l| {
        const NEWS_PROMISES: [&str; 11] = [
            "catch all the",
            "catch the latest",
            "get the latest",
            "get live",
            "get all the latest",
            "for all the latest",
            "read all the latest",
            "stay updated with",
            "stay updated on",
            "stay tuned with",
            "stay tuned to",
        ];
        // Past a call to click for it: "CLICK TO GET THE FOX NEWS APP".
        let app_named = || {
            let call = ["click to ", "tap to "].iter().find_map(|c| l.label.strip_prefix(c)).unwrap_or(l.label);
            ["download the", "get the"].iter().any(|o| opens_with_words(call, o))
                && call.split_whitespace().take(6).any(|w| w == "app")
        };
        let news_promised = || NEWS_PROMISES.iter().any(|o| opens_with_words(l.label, o)) && l.lower.contains("news");
        l.chars <= 160
            && l.words <= 20
            && (READER_PROMPTS.iter().any(|p| opens_with_words(l.label, p)) || app_named() || news_promised())
    }),
    // Also a call to get one there: "[What you need to know to start the day: Get New York
    // Today in your inbox.]"
    ("newsletter", |l| {
        l.words <= 20
            && (["delivered to your inbox", "straight to your inbox", "will soon be in your inbox"]
                .iter()
                .any(|p| l.lower.contains(p))
                || (l.lower.contains("in your inbox")
                    && ["get ", "sign up", "subscribe"].iter().any(|v| l.lower.contains(v)))
                // Other languages', offering the news there and no sentence: "Die wichtigsten
                // Nachrichten direkt in Ihr Postfach", "Recibe las noticias en tu correo" (not
                // "Betrüger schicken gefälschte Nachrichten in Ihr Postfach.").
                || (!l.ends_a_sentence() && INBOXES.are_in(l.lower) && NEWS_WORDS.iter().any(|w| l.lower.contains(w)))
                // A sign-up form's offer of news that names no newsletter: "Sign up to receive
                // daily headline news from the Valley Herald".
                || (["sign up to receive", "sign up to get"].iter().any(|o| l.label.starts_with(o))
                    && l.lower.contains("news"))
                // Alerts by e-mail offered: "Sign up to FREE email alerts from Daily Express -
                // Politics".
                || (["email alerts", "e-mail alerts"].iter().any(|a| l.lower.contains(a))
                    && ["sign up", "subscribe"].iter().any(|v| l.lower.contains(v)))
                // Or one that offers "our" newsletter anywhere in the line: "Stay up to date
                // with the latest news by signing up for our newsletter."
                || (l.lower.contains("up for our") && l.lower.contains("newsletter"))
                // A note on what a newsletter may carry, beside its sign-up: "Privacy Notice:
                // Newsletters may contain info about charities, online ads, …".
                || l.lower.contains("newsletters may contain info"))
            // The promise a sign-up form makes, in the site's voice: "We will use your email
            // address only for sending you newsletters. Please see our Privacy Notice for
            // details of your data protection rights."
            || (l.words <= 40
                && ["we will use your email", "we'll use your email", "we will only use your email"]
                    .iter()
                    .any(|p| l.lower.contains(p))
                && ["newsletter", "privacy"].iter().any(|w| l.lower.contains(w)))
    }),
    ("newsletter call", |l| l.words <= 8 && l.chars <= 60 && is_newsletter_call(l.lower)),
    ("own newsletter", |l| l.words <= 20 && offers_own_newsletter(l.lower)),
    // Turkish puts the verb last: "Devamını okumak için tıklayın".
    // Or that ends with it, what it leads to said first: "For the top stories in metals
    // and other news, click here." (the link was its last words).
    ("click prompt", |l| {
        let ends_with_call = |c: &str| {
            l.label.strip_suffix(c).is_some_and(|before| before.ends_with([' ', ',']) && before.trim_end().len() > 1)
        };
        l.words <= 15
            && (CLICK_PROMPTS.iter().any(|c| opens_with_words(l.label, c) || ends_with_call(c))
                || ["tıklayın", "tıklayınız"].iter().any(|v| l.label.ends_with(v)))
    }),
    // Hearst's runs past thirty words: "This content is imported from Twitter. You may be
    // able to find the same content in another format, or you may be able to find more
    // information, at their web site."
    ("embed placeholder", |l| {
        l.words <= 40
            && (EMBED_PLACEHOLDERS.are_in(l.lower) || (l.lower.contains("(@") && SHARED_POSTS.are_in(l.lower)))
    }),
    ("cookie notice", |l| l.words <= 60 && COOKIE_NOTICES.are_in(l.lower)),
    ("audio note", |l| l.words <= 20 && AUDIO_NOTES.are_in(l.lower)),
    // An embedded post's signature as the network's script-less markup prints it: "— Safe
    // Streets Now (@safestreets) March 5, 2024".
    ("embed signature", |l| {
        l.words <= 15
            && l.has_digit()
            && l.address.starts_with(['—', '–', '-'])
            && l.address.split_whitespace().any(|w| is_handle(w.trim_start_matches('(').trim_end_matches([')', ','])))
    }),
    ("relative time", |l| {
        l.words <= 5
            && (l.has_digit() || l.lower.contains("ago") || l.lower.contains("just now"))
            && is_relative_time(l.lower)
    }),
    ("duration", |l| l.words <= 6 && l.chars <= 40 && l.has_digit() && is_duration(l.lower)),
    ("contact", |l| l.words <= 40 && l.line.contains('@') && is_contact_line(l.line, l.lower)),
    ("forum statistics", |l| l.words <= 30 && FORUM_STATISTICS.are_in(l.lower)),
    ("donation appeal", |l| {
        l.words <= 30
            && (DONATION_APPEALS.iter().any(|a| opens_with_words(l.label, a)) || READERS_LIKE_YOU.are_in(l.lower))
    }),
    // A sign-off that thanks the reader, alone or naming the site or leading to a call:
    // "Thank you for reading the Harbour Times.", "Thanks for reading Harbour Notes!
    // Subscribe for free to receive new posts and support my work."
    ("thanks for reading", |l| {
        l.words <= 20 && ["thanks for reading", "thank you for reading"].iter().any(|t| opens_with_words(l.label, t))
    }),
    // A byline's opening word left alone when its name was taken as the page's byline
    // ("Por <span class=byline>Ana García</span>"): "By", "Por", "Von".
    ("byline opening", |l| l.words <= 2 && BYLINE_OPENINGS.iter().any(|o| o.trim_end() == l.label)),
];

/// How a site opens its appeal for readers' money under a story ("Support local journalism",
/// "Please consider supporting us with a donation", "Unterstützen Sie unabhängigen
/// Journalismus"). A sentence that only speaks of such support ("The foundation gave $5m to
/// support local journalism") does not open so.
static DONATION_APPEALS: Labels = Labels::new(concat!(
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
static READERS_LIKE_YOU: Phrases = Phrases::new(concat!(
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

/// What forum software prints under a thread of who is reading it and of its clock, in its
/// fixed words (phpBB, vBulletin, XenForo, SMF): "Users browsing this forum: No registered
/// users and 3 guests", "All times are GMT -5. The time now is 04:31 PM.", "0 Members and 1
/// Guest are viewing this topic.", and as its translations print it ("Mitglieder in diesem
/// Forum: 0 Mitglieder und 2 Gäste").
static FORUM_STATISTICS: Phrases = Phrases::new(concat!(
    "users browsing this forum\n",
    "users browsing this thread\n",
    "users who are viewing this thread\n",
    "are viewing this topic\n",
    "are viewing this board\n",
    "most users ever online was\n",
    "all times are utc\n",
    "all times are gmt\n",
    "mitglieder in diesem forum\n",
    "alle zeiten sind utc\n",
    "utilisateurs parcourant ce forum\n",
    "usuarios navegando por este foro\n",
    "todos los horarios son utc\n",
    "alle tijden zijn utc\n",
    "сейчас этот форум просматривают\n",
));

/// How a blog's footer names a post's writer, in Blogger's languages: "Posted by",
/// "Eingestellt von", "Publié par", "Publicado por".
const POSTED_BY: [&str; 11] = [
    "posted by",
    "eingestellt von",
    "publié par",
    "publicado por",
    "pubblicato da",
    "postado por",
    "geplaatst door",
    "opublikowane przez",
    "publicerat av",
    "udgivet af",
    "lähettänyt",
];

/// Whether a line holds a time of day as a clock shows it ("10:32", "9:05", "3:45p.m.",
/// "10:32:15").
fn has_clock_time(line: &str) -> bool {
    // Most runs of digits hold no colon (and most runs are empty, between letters).
    line.split(|c: char| !c.is_ascii_digit() && c != ':').filter(|t| t.contains(':')).any(|t| {
        let parts: Vec<&str> = t.split(':').collect();
        (2..=3).contains(&parts.len()) && (1..=2).contains(&parts[0].len()) && parts[1..].iter().all(|p| p.len() == 2)
    })
}

/// A count of readers' comments alone on its line: "12 comments", "Kommentare (12)",
/// "Commentaires : 3", "Bình luận (5)", "댓글 12".
fn is_comment_count(lower: &str) -> bool {
    static LABELS: Labels = Labels::new(concat!(
        "comment\n",
        "comments\n",
        "kommentar\n",
        "kommentare\n",
        "kommentarer\n",
        "kommentit\n",
        "commentaire\n",
        "commentaires\n",
        "comentario\n",
        "comentarios\n",
        "commento\n",
        "commenti\n",
        "comentário\n",
        "comentários\n",
        "comentarii\n",
        "reactie\n",
        "reacties\n",
        "komentarze\n",
        "komentarzy\n",
        "komentar\n",
        "komentari\n",
        "komentáře\n",
        "komentářů\n",
        "hozzászólás\n",
        "hozzászólások\n",
        "комментарии\n",
        "комментариев\n",
        "коментарі\n",
        "коментарів\n",
        "коментари\n",
        "σχόλια\n",
        "yorum\n",
        "yorumlar\n",
        "תגובות\n",
        "تعليقات\n",
        "نظرات\n",
        "टिप्पणियां\n",
        "ความคิดเห็น\n",
        "bình luận\n",
        "ý kiến\n",
        "评论\n",
        "評論\n",
        "コメント\n",
        "댓글\n",
    ));
    let tokens: Vec<&str> =
        lower.split(|c: char| c.is_whitespace() || "():[]（）：".contains(c)).filter(|t| !t.is_empty()).collect();
    // A link to them says so too: "View 12 comments", "Read all 3 comments".
    let tokens = match tokens.as_slice() {
        [verb, rest @ ..] if matches!(*verb, "view" | "read" | "see" | "show") => rest,
        all => all,
    };
    let tokens = match tokens {
        ["all" | "alle", rest @ ..]
        | ["tous" | "toutes" | "todos" | "tutti" | "todas", "les" | "los" | "i" | "os" | "as" | "las", rest @ ..] => {
            rest
        }
        all => all,
    };
    // The count before or after its label, of one word or two.
    let label = match tokens {
        [n, label @ ..] | [label @ .., n] if is_digits(n) => label,
        _ => return false,
    };
    match label {
        [word] => LABELS.contains(word),
        [first, second] => LABELS.contains(&format!("{first} {second}")),
        _ => false,
    }
}

/// How a line names who paid for a story or a box ("Sponsored by Harbour Bank", "Paid
/// Post: …", "In partnership with …", "En colaboración con …").
static SPONSOR_LABELS: Labels = Labels::new(concat!(
    "sponsored by\n",
    "paid content\n",
    "paid post\n",
    "presented by\n",
    "in partnership with\n",
    "advertiser content\n",
    "promoted by\n",
    "brought to you by\n",
    "gesponsert von\n",
    "präsentiert von\n",
    "in kooperation mit\n",
    "en partenariat avec\n",
    "sponsorisé par\n",
    "en colaboración con\n",
    "patrocinado por\n",
    "in collaborazione con\n",
    "новости партнеров\n",
    "новости партнёров\n",
    "партнерский материал\n",
    "партнёрский материал\n",
    "partnerinhalte\n",
    "partnerinhalt\n",
));

/// The small print under a sign-up form: "By signing up, you agree to our Terms of Use
/// and Privacy Policy", "By clicking submit, you consent to…", "En vous inscrivant, vous
/// acceptez…".
fn is_consent_note(lower: &str) -> bool {
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

/// Whether a (lowercase) line is a label over a list of other stories ([`LIST_LABELS`]): at
/// most six words.
pub(super) fn is_list_label(label: &str) -> bool {
    label.split_whitespace().count() <= 6 && LIST_LABELS.iter().any(|t| opens_with_words(label, t))
}

/// The label over a list of other stories: "More from The Gazette:", "More on this story",
/// "Mehr zum Thema".
static LIST_LABELS: Labels = Labels::new(concat!(
    "more from\n",
    "more on\n",
    "more about\n",
    "more stories from\n",
    "more in\n",
    "mehr aus\n",
    "mehr zum thema\n",
    "plus de\n",
    "más de\n",
    "mehr nachrichten\n",
    "plus d'actualités\n",
    "más noticias\n",
    "altre notizie\n",
    "popular on\n",
    "trending on\n",
    "most popular on\n",
    "most read\n",
    "most viewed\n",
    "mehr artikel aus\n",
    "weitere artikel aus\n",
    "weitere artikel zum thema\n",
    "view all posts\n",
    "related stories from\n",
    "read related topics\n",
    // The writer's other stories: "More stories by Jane Doe", "Read more from Jane Doe".
    "read more from\n",
    "more stories by\n",
    "more articles by\n",
    "see all stories by\n",
    "all stories by\n",
    "alle artikel von\n",
    "weitere artikel von\n",
    "mehr von\n",
    "mehr über\n",
    "tous les articles de\n",
    "plus d'articles de\n",
    "todos los artículos de\n",
    "más artículos de\n",
    "tutti gli articoli di\n",
    "altri articoli di\n",
    "todos os artigos de\n",
    "mais artigos de\n",
    "alle artikelen van\n",
    "meer artikelen van\n",
    "все статьи автора\n",
    "you might also be interested in\n",
    "you may also be interested in\n",
    "discover more from\n",
));

/// The label that opens a line pointing to another story, before a colon, a bar or a dash
/// ([`opens_teaser`]): "Related: Council delays vote", "READ MORE: …", "ALSO READ | …",
/// "Lesen Sie auch: …", "Читайте также: …", "Baca Juga : …", "ये भी पढ़ें- …", "延伸阅读：…".
static TEASER_OPENINGS: Labels = Labels::new(concat!(
    "other stories\n",
    "more stories\n",
    "other news\n",
    "more news\n",
    "latest news\n",
    "latest stories\n",
    "top stories\n",
    "related articles\n",
    "related posts\n",
    "you may also like\n",
    "you might also like\n",
    "most read\n",
    "most popular\n",
    "recommended for you\n",
    "tin liên quan\n",
    "berita terkait\n",
    "আরও পড়ুন\n",
    "ข่าวที่เกี่ยวข้อง\n",
    "संबंधित खबरें\n",
    "lue myös\n",
    "katso myös\n",
    "olvassa el ezt is\n",
    "прочитайте також\n",
    "đọc thêm\n",
    "te puede interesar\n",
    "leia mais\n",
    "leia também\n",
    "à lire aussi\n",
    "a lire aussi\n",
    "czytaj także\n",
    "czytaj też\n",
    "przeczytaj również\n",
    "przeczytaj także\n",
    "lees ook\n",
    "lees meer\n",
    "اقرأ أيضا\n",
    "اقرأ أيضاً\n",
    "läs också\n",
    "les også\n",
    "læs også\n",
    "přečtěte si také\n",
    "přečtěte si\n",
    "citește și\n",
    "διαβάστε επίσης\n",
    "baca juga\n",
    "延伸阅读\n",
    "相关阅读\n",
    "関連記事\n",
    "写真\n",
    "관련기사\n",
    "ayrıca okuyun\n",
    "previous post\n",
    "next post\n",
    "previous article\n",
    "next article\n",
    "previous story\n",
    "next story\n",
    "related\n",
    "related story\n",
    "related stories\n",
    "related article\n",
    "read more\n",
    "see also\n",
    "also read\n",
    "read also\n",
    "also see\n",
    "more\n",
    "lesen sie auch\n",
    "lire aussi\n",
    "lea también\n",
    "leggi anche\n",
    "leggi pure\n",
    "vedi anche\n",
    "articolo correlato\n",
    "articoli correlati\n",
    "lee también\n",
    "ver también\n",
    "mira también\n",
    "relacionado\n",
    "relacionada\n",
    "relacionados\n",
    "relacionadas\n",
    "noticia relacionada\n",
    "noticias relacionadas\n",
    "notícia relacionada\n",
    "notícias relacionadas\n",
    "leia ainda\n",
    "recommended\n",
    "read next\n",
    "bekijk ook\n",
    "ook interessant\n",
    "lisez aussi\n",
    "découvrez aussi\n",
    "à découvrir aussi\n",
    "lesen sie mehr\n",
    "se også\n",
    "קראו גם\n",
    "इसे भी पढ़ें\n",
    "อ่านเพิ่มเติม\n",
    "siehe auch\n",
    "xem thêm\n",
    "यह भी पढ़ें\n",
    "ये भी पढ़ें\n",
    "और पढ़ें\n",
    "یہ بھی پڑھیں\n",
    "بیشتر بخوانید\n",
    "اقرأ أيضًا\n",
    "اقرأ ايضا\n",
    "شاهد أيضا\n",
    "veja também\n",
    "saiba mais\n",
    "te recomendamos\n",
    "mehr zum thema\n",
    "auch interessant\n",
    "voir aussi\n",
    "lire également\n",
    "à voir aussi\n",
    "à voir également\n",
    "potrebbe interessarti\n",
    "ti potrebbe interessare\n",
    "zobacz też\n",
    "zobacz także\n",
    "przeczytaj także\n",
    "przeczytaj też\n",
    "čtěte také\n",
    "смотрите также\n",
    "дивіться також\n",
    "citeşte şi\n",
    "διαβάστε ακόμη\n",
    "läs även\n",
    "läs mer\n",
    "les mer\n",
    "læs mere\n",
    "lue lisää\n",
    "bunu da okuyun\n",
    "basahin din\n",
    "soma pia\n",
    "推荐阅读\n",
    "相关链接\n",
    "延伸閱讀\n",
    "相關閱讀\n",
    "あわせて読みたい\n",
    "관련 기사\n",
    "上一篇\n",
    "下一篇\n",
    "上一篇文章\n",
    "下一篇文章\n",
    "קראו עוד\n",
    "читайте також\n",
));

/// Teasers' labels that Russian and Ukrainian may run straight into the headline, with no
/// separator: "Читайте также Порт продлил …". Set off, they read as any other label.
const UNMARKED_TEASER_OPENINGS: [&str; 3] = ["читайте также", "читайте еще", "читайте також"];

/// Whether a line opens with a teaser's label ([`TEASER_OPENINGS`]) set off from the headline
/// after it by a colon, a bar or a dash, however spaced ("Baca Juga : …", "ALSO READ | …",
/// "ये भी पढ़ें- …"), or with one of [`UNMARKED_TEASER_OPENINGS`]. Prose that opens with the
/// words stays: "Baca juga laporan dewan kota …", "More people moved …".
fn opens_teaser(label: &str) -> bool {
    let set_off = |after: &str| {
        let rest = after.trim_start();
        rest.starts_with([':', '：', '|', '｜', '»', '–', '—', ']', '】'])
            || rest.strip_prefix('-').is_some_and(|r| r.starts_with(char::is_whitespace))
    };
    TEASER_OPENINGS.iter().any(|t| label.strip_prefix(t).is_some_and(set_off))
        || UNMARKED_TEASER_OPENINGS.iter().any(|t| {
            label
                .strip_prefix(t)
                .is_some_and(|after| set_off(after) || (after.starts_with(' ') && !after.trim().is_empty()))
        })
}

/// A note that the story was first published elsewhere, or made by another newsroom: "This
/// article originally appeared on The Conversation.", "This article is republished from …
/// under a Creative Commons license", "A version of this article appears in print on …",
/// "This story was produced by The Harbour Report, a nonprofit newsroom."
static REPUBLISHED_NOTES: Labels = Labels::new(concat!(
    "cet article est paru dans\n",
    "this article originally appeared\n",
    "this article was originally published\n",
    "this article first appeared\n",
    "this article is republished from\n",
    "this article was republished\n",
    "this story originally appeared\n",
    "this story was originally published\n",
    "this story first appeared\n",
    "this post originally appeared\n",
    "this post was originally published\n",
    "a version of this article appears in print\n",
    "a version of this article appeared in print\n",
    "dieser artikel erschien zuerst\n",
    "dieser text erschien zuerst\n",
    "cet article a été publié initialement\n",
    "cet article a d'abord été publié\n",
    "este artículo se publicó originalmente\n",
    "este artigo foi publicado originalmente\n",
    "questo articolo è stato pubblicato originariamente\n",
    "a version of this story appeared in print\n",
    "a version of this story appears in print\n",
    "published in the print edition\n",
    "appeared in the print edition\n",
    "this article appeared in the\n",
    "this article appears in the\n",
    "this story appeared in the\n",
    "this story appears in the\n",
    "this article was produced by\n",
    "this story was produced by\n",
    "this article was produced in partnership with\n",
    "this story was produced in partnership with\n",
    "this article was produced in collaboration with\n",
    "this story was produced in collaboration with\n",
    "artikel ini telah tayang di\n",
    "artikel ini telah tayang\n",
    "with inputs from agencies\n",
    "this story has not been edited by\n",
    "dieser artikel wurde automatisch übersetzt\n",
    "this article was automatically translated\n",
    "this article has been machine translated\n",
    "cet article a été traduit automatiquement\n",
    "este artículo ha sido traducido automáticamente\n",
));

/// How a site's rules for commenters ask or warn them ([`COMMENT_CONDUCT`] names what of).
static COMMENT_RULE_CALLS: Phrases = Phrases::new(concat!(
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
const COMMENT_CONDUCT: [&str; 20] = [
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
static EXTERNAL_LINK_NOTES: Phrases = Phrases::new(concat!(
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
static COMMENT_CALLS: Phrases = Phrases::new(concat!(
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

/// The notice over an old story: "This article is more than 5 years old".
fn is_age_notice(label: &str) -> bool {
    ["this article is more than", "this article is over", "this story is more than", "this story is over"]
        .iter()
        .any(|o| opens_with_words(label, o))
        && label.ends_with(" old")
}

/// A line about the writer: "Jane Doe is a staff writer at The Gazette covering city
/// hall.", "John Roe is the paper's health correspondent.", "Ana Ruiz es periodista
/// especializada en urbanismo.", "Jana Müller ist Redakteurin im Lokalressort." A name of
/// two to four words, each capitalized, then "is a", "is an" or "is the" (or "es", "est",
/// "ist", "è", "é", with or without an article), and within five words more a newsroom's
/// job, in one sentence.
/// Where to find the writer may follow it: "Follow her on X.", "Email him at
/// jroe@paper.test.", or more of the writer's career ([`tells_a_career`]).
pub(super) fn is_writer_bio(line: &str) -> bool {
    reads_as_writer_bio(line) && sentences(line).skip(1).all(|s| is_way_to_reach(s) || tells_a_career(s))
}

/// A short sentence that goes on with a writer's career, opened with "she", "he" or
/// "they": "She previously worked at the Coast Herald.", "He has covered the harbour since
/// 2015 and lives in Portsea."
fn tells_a_career(sentence: &str) -> bool {
    const CAREER: [&str; 16] = [
        "previously worked",
        "previously reported",
        "previously covered",
        "previously wrote",
        "previously served",
        "was previously",
        "before joining",
        "has worked",
        "has covered",
        "has reported",
        "has written",
        "graduate of",
        "graduated from",
        "is based in",
        "is the author of",
        "lives in",
    ];
    let lower = lowercase(sentence);
    sentence.split_whitespace().count() <= 20
        && ["she ", "he ", "they "].iter().any(|p| lower.starts_with(p))
        && CAREER.iter().any(|c| lower.contains(c))
}

/// The sentences of a line, split after the marks [`sentence_count`] counts.
fn sentences(line: &str) -> impl Iterator<Item = &str> {
    let line = line.trim();
    let mut from = 0;
    let ends = line.match_indices(['.', '!', '?']).filter(|(i, _)| line[i + 1..].starts_with(char::is_whitespace));
    ends.map(|(i, _)| i + 1)
        .chain(std::iter::once(line.len()))
        .map(move |to| {
            let sentence = line[from..to].trim();
            from = to;
            sentence
        })
        .filter(|s| !s.is_empty())
}

/// A short sentence that says where to find someone: "Follow her on X", "Email him at
/// jroe@paper.test", "Contact her at @jane.test".
fn is_way_to_reach(sentence: &str) -> bool {
    const CALLS: [&str; 16] = [
        "follow",
        "email",
        "e-mail",
        "contact",
        "reach",
        "you can reach",
        "folgen sie",
        "folge",
        "suivez",
        "síguela",
        "síguelo",
        "sigue a",
        "seguila",
        "seguilo",
        "siga",
        "volg",
    ];
    let lower = lowercase(sentence);
    sentence.split_whitespace().count() <= 10
        && CALLS.iter().any(|c| opens_with_words(&lower, c))
        && (sentence.contains('@') || names_network(&lower))
}

/// Whether the last two lines are an author's box, with no class to tell it: the writer's
/// name alone ([`is_name_alone`]), then a line about them that opens with that name, in at
/// most three sentences and sixty words ("Ana Ruiz\n\nAna Ruiz es periodista
/// especializada en urbanismo. Ha trabajado en varios diarios regionales.").
fn ends_with_author_box(lines: &[&str]) -> bool {
    matches!(lines, [.., name, bio]
        if is_name_alone(name)
            && bio.strip_prefix(name.trim()).is_some_and(|rest| rest.starts_with(' '))
            && bio.split_whitespace().count() <= 60
            && sentence_count(bio) <= 3
            && reads_as_writer_bio(bio))
}

/// How many sentences a line has: the sentence marks that end it or stand before a space
/// ("paper.test" and "3.5" end none).
fn sentence_count(line: &str) -> usize {
    let line = line.trim_end();
    line.match_indices(['.', '!', '?'])
        .filter(|(i, _)| line[i + 1..].is_empty() || line[i + 1..].starts_with(char::is_whitespace))
        .count()
}

/// A line that opens as [`is_writer_bio`] says, however many sentences follow.
fn reads_as_writer_bio(line: &str) -> bool {
    static JOBS: Labels = Labels::new(concat!(
        "writer\n",
        "reporter\n",
        "correspondent\n",
        "editor\n",
        "journalist\n",
        "columnist\n",
        "contributor\n",
        "freelancer\n",
        "photographer\n",
        "producer\n",
        "critic\n",
        "intern\n",
        "fellow\n",
        "anchor\n",
        "periodista\n",
        "redactor\n",
        "redactora\n",
        "reportero\n",
        "reportera\n",
        "corresponsal\n",
        "columnista\n",
        "fotógrafo\n",
        "fotógrafa\n",
        "editora\n",
        "colaborador\n",
        "colaboradora\n",
        "journaliste\n",
        "rédacteur\n",
        "rédactrice\n",
        "correspondant\n",
        "correspondante\n",
        "chroniqueur\n",
        "chroniqueuse\n",
        "photographe\n",
        "journalistin\n",
        "redakteur\n",
        "redakteurin\n",
        "reporterin\n",
        "korrespondent\n",
        "korrespondentin\n",
        "autorin\n",
        "fotograf\n",
        "fotografin\n",
        "giornalista\n",
        "redattore\n",
        "redattrice\n",
        "corrispondente\n",
        "inviato\n",
        "inviata\n",
        "fotografo\n",
        "jornalista\n",
        "repórter\n",
        "correspondente\n",
        "redator\n",
        "redatora\n",
        "colunista\n",
        "verslaggever\n",
        "redacteur\n",
    ));
    const ARTICLES: [&str; 19] = [
        "a", "an", "the", "een", "un", "una", "el", "la", "une", "le", "ein", "eine", "der", "die", "il", "lo", "um",
        "uma", "o",
    ];
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(is) = words.iter().position(|w| matches!(*w, "is" | "es" | "est" | "ist" | "è" | "é")) else {
        return false;
    };
    // English asks an article ("is a reporter"); the others may go without ("es periodista").
    let article = words.get(is + 1).is_some_and(|a| ARTICLES.contains(a));
    let job_from = if article { is + 2 } else { is + 1 };
    let former = [
        " former ",
        " retired ",
        " late ",
        " ex ",
        " ex-",
        " antiguo ",
        " antigua ",
        " ancien ",
        " ancienne ",
        " ehemalige",
    ];
    (2..=4).contains(&is)
        && words[..is].iter().all(|w| w.starts_with(char::is_uppercase))
        && (article || words[is] != "is")
        && words[job_from..].iter().take(5).any(|w| {
            let w = lowercase(w.trim_matches(|c: char| !c.is_alphanumeric()));
            JOBS.contains(&w) || w.strip_suffix('s').is_some_and(|s| JOBS.contains(s))
        })
        && !former.iter().any(|w| line.contains(w))
}

/// A teaser for a video, a gallery or a podcast set between paragraphs ("Watch: Council
/// votes on budget", "VIDEO: …", "PHOTOS: …").
static MEDIA_TEASERS: Labels = Labels::new(concat!(
    "watch:\n",
    "now watch:\n",
    "watch |\n",
    "video:\n",
    "videos:\n",
    "photos:\n",
    "gallery:\n",
    "listen:\n",
    "podcast:\n",
    "vídeo:\n",
    "vídeos:\n",
    "foto:\n",
    "fotos:\n",
    "assista:\n",
    "galería:\n",
    "galeria:\n",
    "galerie:\n",
    "vidéo :\n",
    "vidéo:\n",
    "simak video\n",
    "saksikan video\n",
    "tonton video\n",
));

/// What sites call their front page, in the languages of the web: the first step of a
/// trail ([`is_breadcrumb`]), and a template's title where a page has none.
pub(super) const HOME_PAGE_NAMES: [&str; 15] = [
    "home",
    "homepage",
    "home page",
    "startseite",
    "accueil",
    "inicio",
    "início",
    "главная",
    "首页",
    "ホーム",
    "홈",
    "anasayfa",
    "strona główna",
    "hem",
    "etusivu",
];

/// The words a line of a post's tags or categories opens with ("Labels: baking, bread",
/// "Posted in Uncategorized", "Tags: council, harbour").
static TAG_LINES: Labels = Labels::new(concat!(
    "labels:\n",
    "tags:\n",
    "tag:\n",
    "tagged:\n",
    "tagged with\n",
    "filed under\n",
    "posted in\n",
    "categories:\n",
    "category:\n",
    "topics:\n",
    "temas:\n",
    "tópicos:\n",
    "assuntos:\n",
    "argomenti:\n",
    "sujets :\n",
    "thèmes :\n",
    "onderwerpen:\n",
    "tematy:\n",
    "темы:\n",
    "konular:\n",
    "aiheet:\n",
    "ämnen:\n",
    "emner:\n",
    "témata:\n",
    "topik:\n",
    "schlagworte:\n",
    "stichworte:\n",
    "themen:\n",
    "mots-clés :\n",
    "étiquettes :\n",
    "etiquetas:\n",
    "schlagwörter:\n",
    "stichwörter:\n",
    "palabras clave:\n",
    "parole chiave:\n",
    "trefwoorden:\n",
    "tagi:\n",
    "теги:\n",
    "etiketler:\n",
    "关键词：\n",
    "关键词:\n",
    "文章关键词：\n",
    "關鍵詞：\n",
    "关键字：\n",
    "标签：\n",
    "標籤：\n",
    "キーワード：\n",
    "タグ：\n",
    "archivado en:\n",
    "archivado en\n",
    "categoría:\n",
    "categorías:\n",
    "rubrik:\n",
    "рубрика:\n",
    "рубрики:\n",
    "kategorie:\n",
    "kategorien:\n",
    "catégorie :\n",
    "catégories :\n",
    "rubrique :\n",
    "categoria:\n",
    "categorias:\n",
    "kategori:\n",
    "etichette:\n",
    "publicado en:\n",
    "publicado em:\n",
    "publié dans :\n",
    "publié dans:\n",
    "pubblicato in:\n",
    "veröffentlicht in:\n",
    "meer over:\n",
    "more about:\n",
    "टैग:\n",
    "टैग्स:\n",
    "ট্যাগ:\n",
    "ٹیگز:\n",
    "الكلمات المفتاحية:\n",
    "كلمات مفتاحية:\n",
    "الوسوم:\n",
    "برچسب‌ها:\n",
    "برچسب ها:\n",
    "کلیدواژه‌ها:\n",
    "תגיות:\n",
    "แท็ก:\n",
    "từ khóa:\n",
    "태그:\n",
    "키워드:\n",
    "ετικέτες:\n",
    "теми:\n",
    "мітки:\n",
    "etykiety:\n",
    "címkék:\n",
    "štítky:\n",
    "oznake:\n",
    "etichete:\n",
));

/// A control that opens a line: "Click to share on Twitter (Opens in new window)".
const CONTROL_OPENINGS: [&str; 5] =
    ["click to share on", "click to email", "click to print", "share to", "email this blogthis"];

/// A page's trail set in a line of text: "Home > News > Local", "Startseite » Politik". A
/// Chinese portal's may open with the site's name, and say where the reader is first
/// ("当前位置：首页 > 财经") or end at the page's own place, "正文" (the text): "新华网 > 财经 >
/// 正文".
fn is_breadcrumb(lower: &str) -> bool {
    const HERE: [&str; 5] = ["当前位置", "您的位置", "你的位置", "您现在的位置", "您當前的位置"];
    let here = HERE.iter().find_map(|h| lower.trim_start().strip_prefix(h));
    let trail = here.map_or(lower, |rest| rest.trim_start_matches([':', '：', ' ']));
    let parts: Vec<&str> = trail.split(['>', '»', '›', '/', '|']).map(str::trim).collect();
    parts.len() >= 2
        && (here.is_some() || HOME_PAGE_NAMES.contains(&parts[0]) || parts.last() == Some(&"正文"))
        && parts.iter().skip(1).all(|p| (1..=4).contains(&p.split_whitespace().count()))
}

/// A trail of sections without the home page's name, over a story: "Politics > Local",
/// "News › World › Europe": two to four parts between arrows (not bars or slashes, which
/// join a headline's own parts), each of one to three capitalised words.
fn is_section_trail(line: &str) -> bool {
    let parts: Vec<&str> = line.split(['>', '»', '›']).map(str::trim).collect();
    line.chars().count() <= 60 && (2..=4).contains(&parts.len()) && parts.iter().all(|p| is_capitalised(p, 1..=3))
}

/// The links a site's footer sets in a row, in the languages of the web: its legal pages,
/// how to reach it, who runs it.
static SITE_LINKS: Labels = Labels::new(concat!(
    "privacy\n",
    "privacy policy\n",
    "privacy notice\n",
    "privacy settings\n",
    "cookie policy\n",
    "cookie settings\n",
    "cookie preferences\n",
    "cookies\n",
    "terms\n",
    "terms of service\n",
    "terms of use\n",
    "terms and conditions\n",
    "terms & conditions\n",
    "contact\n",
    "contact us\n",
    "about\n",
    "about us\n",
    "advertise\n",
    "advertise with us\n",
    "careers\n",
    "jobs\n",
    "sitemap\n",
    "site map\n",
    "accessibility\n",
    "help\n",
    "faq\n",
    "rss\n",
    "do not sell my personal information\n",
    "impressum\n",
    "datenschutz\n",
    "datenschutzerklärung\n",
    "agb\n",
    "kontakt\n",
    "mediadaten\n",
    "aviso legal\n",
    "política de privacidad\n",
    "política de cookies\n",
    "contacto\n",
    "publicidad\n",
    "quiénes somos\n",
    "mentions légales\n",
    "politique de confidentialité\n",
    "conditions générales\n",
    "nous contacter\n",
    "publicité\n",
    "note legali\n",
    "informativa privacy\n",
    "contatti\n",
    "chi siamo\n",
    "pubblicità\n",
    "termos de uso\n",
    "política de privacidade\n",
    "fale conosco\n",
    "expediente\n",
    "polityka prywatności\n",
    "regulamin\n",
    "reklama\n",
    "политика конфиденциальности\n",
    "пользовательское соглашение\n",
    "контакты\n",
    "реклама\n",
    "о нас\n",
    "gizlilik politikası\n",
    "künye\n",
    "iletişim\n",
    "privacybeleid\n",
));

/// A row of links or controls set in a line of text: two or more of a site's own links
/// ([`SITE_LINKS`]) or of what is furniture alone (buttons, sections, a reading time),
/// between bars, dots or dashes ("Terms of Service | Privacy Policy", "Impressum ·
/// Datenschutz · AGB", "Listen to this article · 5:32 min"). A part holds no bar, so the
/// parts are not split again.
fn is_link_row(lower: &str) -> bool {
    const BARS: [char; 5] = ['|', '·', '•', '–', '—'];
    if !lower.contains(BARS) && !lower.contains(" - ") {
        return false;
    }
    let parts: Vec<&str> =
        lower.split(BARS).flat_map(|p| p.split(" - ")).map(str::trim).filter(|p| !p.is_empty()).collect();
    parts.len() >= 2 && parts.iter().all(|p| SITE_LINKS.contains(p) || is_furniture_line(p))
}

/// A pager's line: numbers and the words that step through pages ("« Previous 1 2 3 Next
/// »", "Older posts · Newer posts", Blogger's "Neuerer Post Älterer Post Startseite"), or
/// a label over the pages' numbers ("Halaman: 1 2 3").
fn is_pager(lower: &str) -> bool {
    // The words beside a move ("Older posts", "Página principal"); the moves are below.
    static STEPS: Labels = Labels::new(concat!(
        "first\n",
        "last\n",
        "posts\n",
        "post\n",
        "page\n",
        "entries\n",
        "entry\n",
        "article\n",
        "articles\n",
        "story\n",
        "home\n",
        "startseite\n",
        "plus\n",
        "accueil\n",
        "entrada\n",
        "más\n",
        "página\n",
        "principal\n",
        "più\n",
        "postagem\n",
        "mais\n",
        "inicial\n",
        "beitrag\n",
        "artikel\n",
        "articolo\n",
    ));
    let tokens: Vec<&str> =
        lower.split(|c: char| c.is_whitespace() || "«»‹›<>←→|·…,".contains(c)).filter(|t| !t.is_empty()).collect();
    static MOVES: Labels = Labels::new(concat!(
        "previous\n",
        "prev\n",
        "next\n",
        "older\n",
        "newer\n",
        "vorherige\n",
        "nächste\n",
        "précédent\n",
        "suivant\n",
        "anterior\n",
        "siguiente\n",
        "neuerer\n",
        "älterer\n",
        "récent\n",
        "ancien\n",
        "reciente\n",
        "antigua\n",
        "recente\n",
        "vecchio\n",
        "antiga\n",
        "vorheriger\n",
        "nächster\n",
        "vorheriges\n",
        "nächstes\n",
        "precedente\n",
        "successivo\n",
        "前へ\n",
        "次へ\n",
    ));
    // Or a label and the pages' numbers: "Pages: 1 2 3", "Halaman: 1 2 3", "Trang 1 2 3".
    const PAGES: [&str; 12] = [
        "page",
        "pages",
        "halaman",
        "trang",
        "sayfa",
        "strona",
        "seite",
        "seiten",
        "página",
        "páginas",
        "pagina",
        "страница",
    ];
    let numbered = tokens.len() >= 3
        && PAGES.contains(&tokens[0].trim_end_matches([':', '：']))
        && tokens[1..].iter().all(|t| is_digits(t));
    numbered
        || (tokens.iter().any(|t| MOVES.contains(t))
            && tokens.iter().all(|t| MOVES.contains(t) || STEPS.contains(t) || is_digits(t)))
}

/// A share button's words: a verb for sharing and what is shared, a network or the story
/// ("Share this article", "Partager sur Facebook", "Comparte esta noticia", "Artikel
/// teilen", "Deel dit artikel"), in either order. "Share the load" is not one.
fn is_share_control(label: &str) -> bool {
    static VERBS: Labels = Labels::new(concat!(
        "share\n",
        "teilen\n",
        "partager\n",
        "partagez\n",
        "compartir\n",
        "comparte\n",
        "compartilhe\n",
        "compartilhar\n",
        "condividi\n",
        "deel\n",
        "delen\n",
        "dela\n",
        "udostępnij\n",
        "поделиться\n",
        "paylaş\n",
        "sdílet\n",
        "megosztás\n",
        "jaa\n",
        "del\n",
        "distribuie\n",
        "поділитися\n",
        "שתפו\n",
        "שתף\n",
        "bagikan\n",
    ));
    static OBJECTS: Labels = Labels::new(concat!(
        "this\n",
        "article\n",
        "story\n",
        "post\n",
        "page\n",
        "link\n",
        "via\n",
        "on\n",
        "by\n",
        "email\n",
        "e-mail\n",
        "artikel\n",
        "artikeln\n",
        "diesen\n",
        "beitrag\n",
        "seite\n",
        "cet\n",
        "sur\n",
        "par\n",
        "esta\n",
        "este\n",
        "noticia\n",
        "nota\n",
        "en\n",
        "notícia\n",
        "questo\n",
        "articolo\n",
        "su\n",
        "dit\n",
        "den\n",
        "het\n",
        "bericht\n",
        "op\n",
        "ten\n",
        "artykuł\n",
        "artykułem\n",
        "статьей\n",
        "статьёй\n",
        "bu\n",
        "haberi\n",
        "the\n",
        "auf\n",
        "per\n",
        "über\n",
        "no\n",
        "na\n",
        "em\n",
        "в\n",
        "på\n",
        "pe\n",
        "у\n",
        "a\n",
    ));
    // A colon may set the verb off: "Share this: Facebook Twitter Email". Past 24 words the
    // line is none, and the rest of it is not read.
    const MAX_WORDS: usize = 24;
    let words: Vec<&str> =
        label.split(|c: char| c.is_whitespace() || c == ':').filter(|w| !w.is_empty()).take(MAX_WORDS + 1).collect();
    if words.len() > MAX_WORDS {
        return false;
    }
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    // Eight words at most; or a run of such buttons with no mark between them, each with
    // its verb ("Share on Facebook Share on Twitter Share via Email").
    let verbs = || words.iter().filter(|w| VERBS.contains(w)).count();
    ((2..=8).contains(&words.len()) || ((9..=MAX_WORDS).contains(&words.len()) && verbs() * 4 >= words.len()))
        && (VERBS.contains(first) || VERBS.contains(last) || {
            // Or the verb ends a label before a colon: "Artikel teilen: Facebook WhatsApp".
            label
                .split_once(':')
                .and_then(|(head, _)| head.split_whitespace().last())
                .is_some_and(|w| VERBS.contains(w))
        })
        && words.iter().all(|w| VERBS.contains(w) || OBJECTS.contains(w) || names_network(w))
}

/// A caption under a picture on a Chinese site, its credit set off by a space or a full stop
/// at the end: "“救命啊SOS”纸团。沙坪坝区公安分局供图 华龙网", "共享充电宝。视觉中国 资料",
/// "市民在公园晨练。记者 王明 摄", "姚明场边支招周琦。视频截图"; a credit alone ("资料图"); a
/// photographer's credit ("▲广州日报全媒体图片记者黎旭阳、李妍摄"); or a line that says
/// where the picture above comes from ("▲图片来自视频截图。"). Chinese prose has no spaces
/// between its words, so a credit word after one is a caption's.
fn is_cjk_caption(line: &str) -> bool {
    const CREDITS: [&str; 10] = [
        "视觉中国",
        "资料",
        "资料图",
        "资料图片",
        "东方IC",
        "图虫创意",
        "新华社发",
        "视频截图",
        "网络截图",
        "网络图片",
    ];
    let credit = |t: &str| {
        CREDITS.contains(&t)
            || t.ends_with("供图")
            || t.ends_with("供稿")
            || (t == "摄" || (t.ends_with('摄') && !t.ends_with("拍摄")))
    };
    let line = line.trim();
    if !line.chars().any(crate::search::is_cjk) {
        return false;
    }
    let unpointed = line.trim_start_matches(['▲', '△', '↑']).trim_start();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    (tokens.len() >= 2 && tokens.iter().rev().take(3).any(|t| credit(t)))
        || line.rsplit_once('。').is_some_and(|(_, after)| !after.is_empty() && credit(after.trim()))
        || ["资料图", "资料图片", "视频截图"].contains(&line)
        || (line.ends_with('摄') && ["记者", "摄影"].iter().any(|w| line.contains(w)) && !line.ends_with("拍摄"))
        || ["图片来自", "图片来源", "图源"].iter().any(|o| unpointed.starts_with(o))
}

/// A WeChat account's prompts under a story: to scan its QR code ("扫描下方二维码解锁更多技能",
/// "长按识别二维码关注我们"), and its menu of words to reply with ("1、回复【社保】查询广州社保缴纳记录",
/// "后台回复“福利”领取资料").
fn is_cjk_prompt(line: &str) -> bool {
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

/// A Chinese or Japanese story's reporters, named after their paper: "新京报记者 陆一夫",
/// "本报记者 王强 李明", "（記者 山田太郎）" (the paper's reporter, then names of two to four
/// characters, no punctuation; in brackets or not).
fn is_cjk_reporters(line: &str) -> bool {
    let line = line.trim().trim_start_matches(['（', '(']).trim_end_matches(['）', ')']);
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let name = |t: &&str| (2..=4).contains(&t.chars().count()) && t.chars().all(crate::search::is_cjk);
    (2..=6).contains(&tokens.len())
        && tokens[0].chars().count() <= 12
        && ["记者", "記者"].iter().any(|r| tokens[0].ends_with(r))
        && tokens[1..].iter().all(name)
}

/// A short note wholly in full-width brackets, as Chinese and Japanese stories end with
/// their paper and reporter or their agency ("（海岸新聞 山田太郎）", "（共同）", "（完）"): CJK
/// characters only, at most twenty, no punctuation (a sentence in brackets has some).
fn is_cjk_bracketed_note(line: &str) -> bool {
    line.trim().strip_prefix('（').and_then(|r| r.strip_suffix('）')).is_some_and(|inner| {
        let letters = inner.chars().filter(|c| !c.is_whitespace()).count();
        (1..=20).contains(&letters) && inner.chars().all(|c| c.is_whitespace() || c == '・' || crate::search::is_cjk(c))
    })
}

/// A caption with its picture's credit at the end, set off from it ("Cyclists on Main
/// Street — Foto: João Lima/Jornal do Porto", "Firefighters at the scene. (Photo: Jane
/// Doe/Harbour News)", "Le port en hiver | Photo : Jean Martin"): a credit opening
/// ([`CREDIT_OPENINGS`]) after a dash, a bar, a slash, a comma, a full stop or an opening
/// bracket, followed by a name of at most eight words that ends no sentence. A sentence
/// that speaks of a photo ("We saw the photo by the window.") has no such mark before it.
fn ends_with_credit(lower: &str) -> bool {
    const MARKS: [char; 9] = ['—', '–', '-', '|', '/', ',', '.', '(', '['];
    // The name ends the line: a line that ends a sentence (or a quotation) has none (most
    // lines, told at once).
    let end = lower.trim_end().trim_end_matches([')', ']']).trim_end();
    if end.ends_with(|c| SENTENCE_MARKS.contains(&c) || matches!(c, ':' | '"' | '”' | '»')) {
        return false;
    }
    // Each mark is looked past for an opening: a line holds far fewer marks than there are
    // openings to look for.
    lower.match_indices(MARKS).any(|(m, mark)| {
        let rest = lower[m + mark.len()..].trim_start();
        CREDIT_OPENINGS.iter().any(|opening| {
            rest.strip_prefix(opening).is_some_and(|name| is_credit_name(name.trim().trim_end_matches([')', ']'])))
        })
    })
}

/// Whether the end of a caption may be its picture's credit: at most eight words that end
/// no sentence.
fn is_credit_name(tail: &str) -> bool {
    !tail.trim_end().ends_with(['.', '!', '?', ':']) && (1..=8).contains(&tail.split_whitespace().count())
}

/// A caption that ends with its picture's credit with no credit word before it, after its
/// last sentence or in brackets: a picture agency's ("… March 3, 2020. REUTERS/Jane
/// Doe/File Photo", "… (Jane Doe/Getty Images)"), a lender's ("The wall in 1890. (Courtesy
/// of the Harbour Museum)"), or in brackets a name and the paper it works for, set apart by
/// a slash after a sentence ("Workers on the wall. (Jane Doe / The Harbour News)"; not a
/// list's "Ferries (Old Portsmouth/Gosport)"). The credit has at most eight words and ends
/// no sentence.
/// A picture's credit alone on its line, the photographer's name and the outlet set off by
/// a slash, as NPR and wire services print it under a picture: "Jane Doe/NPR", "Ann Cole/The
/// Harbour Times". A name of one word ("Israel/Gaza") is none.
fn is_slash_credit(line: &str) -> bool {
    let Some((name, outlet)) = line.split_once('/') else { return false };
    !outlet.contains('/')
        && !line.ends_with(|c: char| SENTENCE_MARKS.contains(&c) || c == ':')
        && is_capitalised(name.trim(), 2..=3)
        && is_capitalised(outlet.trim(), 1..=4)
        && !name.ends_with(' ')
        && !outlet.starts_with(' ')
}

fn ends_with_picture_credit(line: &str) -> bool {
    let line = line.trim_end();
    // The brackets' credit, and whether a sentence ends before them.
    let (tail, bracketed, after_sentence) = match line.strip_suffix(')') {
        Some(open) => match open.rfind('(') {
            // Alone on its line, the credit follows the caption over it.
            Some(i) => {
                let before = open[..i].trim_end();
                (&open[i + 1..], true, before.is_empty() || before.ends_with(['.', '!', '?']))
            }
            None => return false,
        },
        None => match line.rfind(". ") {
            Some(i) => (&line[i + 2..], false, true),
            None => return false,
        },
    };
    if !is_credit_name(tail) {
        return false;
    }
    let lower = lowercase(tail);
    // A credit word before an agency's name, with no colon: "(Photo AFP)", "Foto ANP".
    let agency_photo = || {
        ["photo ", "photos ", "foto ", "fotos ", "fot. "]
            .iter()
            .any(|w| lower.strip_prefix(w).is_some_and(is_agency_credit))
    };
    if PICTURE_AGENCIES.are_in(&lower)
        || ends_with_ap(&lower)
        || credits_staff(tail)
        || (bracketed && lower.starts_with("courtesy "))
        || agency_photo()
    {
        return true;
    }
    let parts: Vec<&str> = tail.split('/').map(str::trim).collect();
    bracketed
        && after_sentence
        && (2..=3).contains(&parts.len())
        && is_capitalised(parts[0], 2..=3)
        && parts.iter().all(|p| is_capitalised(p, 1..=4))
}

/// News agencies that write in Chinese, Japanese or Korean, credited in full-width brackets:
/// "（共同）", "（新华社）".
const CJK_AGENCIES: [&str; 9] =
    ["共同", "共同通信", "時事", "時事通信", "新华社", "新華社", "中新社", "연합뉴스", "뉴시스"];

/// A news agency's credit alone on a line: "Le Monde avec AFP", "Reuters", "(dpa)",
/// "Redaktion mit dpa", "EL PAÍS con EFE".
fn is_agency_credit(lower: &str) -> bool {
    const JOINS: [&str; 8] = ["avec", "with", "mit", "con", "com", "met", "med", "z"];
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '/'))
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [a] => {
            (AGENCIES.contains(a) && (lower.trim_start().starts_with('(') || a.len() >= 3))
                || CJK_AGENCIES.iter().any(|c| a.trim_matches(['（', '）']) == *c && a.starts_with('（'))
        }
        [.., join, a] => JOINS.contains(join) && AGENCIES.contains(a),
        _ => false,
    }
}

/// A line that only says how long the story takes to hear or read: a player's length
/// ("5 min", "Listen · 5:32", "Listen (12 minutes)", "Reading time: 4 minutes", "3 мин").
fn is_duration(lower: &str) -> bool {
    const LEADS: [&str; 9] = [
        "lecture",
        "listen to this article",
        "listen to this story",
        "listen to article",
        "listen",
        "audio",
        "play",
        "reading time",
        "read time",
    ];
    const UNITS: [&str; 17] = [
        "min", "mins", "minute", "minutes", "m", "sec", "secs", "seconds", "s", "hr", "мин", "сек", "dk", "sn", "分",
        "分钟", "분",
    ];
    // A player's link to what it is may follow: "Listen to this article · 5:32 min Learn more".
    let line = lower.trim();
    let line = line.strip_suffix("learn more").unwrap_or(line);
    let line = LEADS.iter().find_map(|l| line.strip_prefix(l)).unwrap_or(line);
    let line = line.replace(['·', '|', '(', ')', '•', '-', '–'], " ");
    let line = line.trim().trim_start_matches(':').trim();
    let clock = |t: &str| {
        let parts: Vec<&str> = t.split(':').collect();
        (2..=3).contains(&parts.len()) && parts.iter().all(|p| p.len() <= 2 && is_digits(p))
    };
    let number = |t: &str| t.len() <= 3 && is_digits(t);
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.as_slice() {
        [t] => clock(t) || t.strip_suffix("min").is_some_and(number),
        [n, unit] => (number(n) || clock(n)) && UNITS.contains(&unit.trim_end_matches('.')),
        _ => false,
    }
}

/// A line that tells readers how to reach the writer or the newsroom, with an address: "Contact
/// Jane Doe at jdoe@paper.test or follow her @janedoe", "Follow @paper", "Jane Doe is a
/// reporter for The Gazette. Email her at jdoe@paper.test.", "Jane Doe can be reached at
/// jdoe@paper.test", "Have a story idea? Send it to tips@paper.test".
/// One of its sentences opens with the call, to a person (a pronoun or a name) or with a
/// tip; a sentence that sends readers to someone else ("Write to the council at
/// wall@harbour.test before the vote") is the story's.
fn is_contact_line(line: &str, lower: &str) -> bool {
    const CALLS: [&str; 11] = [
        "you can reach",
        "you can contact",
        "you can email",
        "you can e-mail",
        "you can write to",
        "contact",
        "email",
        "e-mail",
        "reach",
        "write to",
        "follow",
    ];
    // Or a call for readers' stories, pictures and tips ("Were you there? Share your
    // photos with us: photos@paper.test").
    const TIPS: [&str; 17] = [
        "send it to",
        "send tips to",
        "send your tips to",
        "send us",
        "have a story idea",
        "got a story idea",
        "share your story",
        "share your experience",
        "share your experiences",
        "share your photos",
        "share your pictures",
        "share your videos",
        "share your views",
        "get in touch",
        "schreiben sie uns",
        "écrivez-nous",
        "ecrivez-nous",
    ];
    const REACHED: [&str; 6] = [
        " can be reached",
        " may be reached",
        " can be contacted",
        " may be contacted",
        " is on twitter",
        " is on x at",
    ];
    // The writer as the sentence's subject: a pronoun, or a name of up to four words.
    // (ASCII's lower case keeps every byte where it is, so the subject is read off the
    // sentence as written.)
    let writer_reached = |sentence: &str| {
        let low = sentence.to_ascii_lowercase();
        REACHED.iter().any(|r| {
            low.find(r).is_some_and(|i| {
                matches!(low[..i].trim(), "he" | "she" | "they") || is_name(sentence[..i].trim(), 1..=4)
            })
        })
    };
    let address = lower.split_whitespace().any(|w| is_email(w) || is_handle(w));
    address
        && line.split_inclusive(['.', '?', '!']).map(str::trim_start).any(|sentence| {
            let low = lowercase(sentence);
            TIPS.iter().any(|t| opens_with_words(&low, t))
                || writer_reached(sentence)
                || CALLS.iter().any(|c| {
                    opens_with_words(&low, c)
                        && sentence.get(c.len()..).and_then(|r| r.split_whitespace().next()).is_some_and(|who| {
                            matches!(who, "me" | "us" | "her" | "him" | "them")
                                || who.starts_with(char::is_uppercase)
                                || is_handle(who)
                        })
                })
        })
}

/// How the note that the views are the writer's own says so in other languages: "Les
/// opinions exprimées n’engagent que leur auteur", "Dieser Beitrag gibt die Meinung des
/// Autors wieder", "Мнение автора может не совпадать с позицией редакции".
static VIEWS_DISCLAIMERS: Phrases = Phrases::new(concat!(
    "engagent que leur auteur\n",
    "engagent que leurs auteurs\n",
    "engagent que son auteur\n",
    "engage que son auteur\n",
    "ne reflètent pas nécessairement\n",
    "responsabilidad exclusiva del autor\n",
    "responsabilidad exclusiva de su autor\n",
    "responsabilidad exclusiva de sus autores\n",
    "no reflejan necesariamente\n",
    "no refleja necesariamente la opinión\n",
    "die meinung des autors wieder\n",
    "die meinung der autorin wieder\n",
    "die meinung der autoren wieder\n",
    "die meinung des autors wider\n",
    "spiegeln nicht unbedingt die meinung\n",
    "le opinioni espresse sono personali\n",
    "responsabilità esclusiva dell\n",
    "de responsabilidade exclusiva do autor\n",
    "de inteira responsabilidade do autor\n",
    "não refletem necessariamente\n",
    "мнение автора может не совпадать\n",
    "мнение редакции может не совпадать\n",
    "точка зрения автора может не совпадать\n",
    "думка автора може не збігатися\n",
    "думка редакції може не збігатися\n",
));

/// A note that the story was paid for, in the languages of the web: "Disclaimer: This
/// content is sponsored.", "Contenido patrocinado", "На правах рекламы". Not "sponsored by"
/// alone, which prose says of a festival or a bill.
static SPONSOR_NOTES: Phrases = Phrases::new(concat!(
    // A news agency's note on who pays for a beat: "The Associated Press receives support
    // from several private foundations …", "AP is solely responsible for all content."
    "receives support from several private foundations\n",
    "coverage receives financial support from\n",
    "is solely responsible for all content\n",
    "this content is sponsored\n",
    "this article is sponsored\n",
    "this post is sponsored\n",
    "this story is sponsored\n",
    "this is sponsored content\n",
    "this is a sponsored post\n",
    "this is a sponsored article\n",
    "this content was paid for by\n",
    "this article was paid for by\n",
    "this content is paid for by\n",
    "this post was sponsored by\n",
    "this article was sponsored by\n",
    "this content was sponsored by\n",
    "contenido patrocinado\n",
    "contenu sponsorisé\n",
    "contenu commandité\n",
    "gesponserter inhalt\n",
    "dieser artikel wurde gesponsert\n",
    "contenuto sponsorizzato\n",
    "conteúdo patrocinado\n",
    "gesponsorde inhoud\n",
    "спонсорский материал\n",
    "на правах рекламы\n",
    "materiał sponsorowany\n",
    "artikel ini merupakan kerja sama\n",
    "konten ini merupakan kerja sama\n",
));

/// Whether a (lowercase) line holds one of [`AFFILIATE_DISCLOSURES`]; each names a
/// commission, a compensation, affiliate links, an Amazon associate or links bought
/// through, so a line that says none of those words is read no further.
fn is_affiliate_disclosure(lower: &str) -> bool {
    const KEYS: [&str; 7] = ["commission", "compensation", "affil", "afili", "provision", "amazon", "through"];
    KEYS.iter().any(|k| lower.contains(k)) && AFFILIATE_DISCLOSURES.iter().any(|d| lower.contains(d))
}

/// Whether a line ends with the Associated Press's credit ("Jane Doe/AP", "Jane Doe / AP"),
/// not with an address's "/api".
fn ends_with_ap(lower: &str) -> bool {
    lower.trim_end().strip_suffix("ap").is_some_and(|r| r.trim_end().ends_with('/'))
}

/// How a sign-in form addresses a reader who has an account (with [`SIGN_IN_PROMPTS`]'s
/// line of at most twelve words).
static SIGN_IN_PROMPTS: Phrases = Phrases::new(concat!(
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

/// What stands in for an embedded player, post or comment thread a reader's browser did
/// not load ("Please enable JavaScript to view the comments powered by Disqus", "Accept
/// cookies to view this content").
static EMBED_PLACEHOLDERS: Phrases = Phrases::new(concat!(
    "ce contenu est bloqué\n",
    "vous n'avez pas accepté les cookies\n",
    "inhalte von drittanbietern\n",
    "empfohlener redaktioneller inhalt\n",
    "this content is created and maintained by a third party\n",
    "this content is imported from\n",
    "enable javascript to view\n",
    "enable javascript to run\n",
    "please enable javascript\n",
    "turn on javascript\n",
    "javascript is disabled\n",
    "browser that supports html5 video\n",
    "update your browser to view\n",
    "due to your cookie settings\n",
    "press play to listen\n",
    "your browser does not support the video\n",
    "your browser does not support the audio\n",
    "accept cookies to view\n",
    "consent to view this content\n",
    "this content is not available in your region\n",
    "this video is not available\n",
    "this embed is not available\n",
    // Or a widget's own words beside the story: "Don't miss out on the headlines from
    // Politics. Followed categories will be added to My News."
    "followed categories will be added to my news\n",
    "don't miss out on the headlines from\n",
    "view this post on instagram\n",
    "view this photo on instagram\n",
    "view this video on youtube\n",
    "view entire post\n",
    "something is loading\n",
    "a post shared by\n",
    "view this post on tiktok\n",
    "watch on youtube\n",
    "your email address will not be published\n",
    "opens in new window\n",
    "einen externen inhalt\n",
    "externe inhalte angezeigt\n",
    "ihre zustimmung, um den inhalt\n",
    "inhalte werden geladen\n",
    "contenu externe\n",
    "votre consentement pour afficher\n",
    "support embedded videos\n",
    "audio is not supported in your browser\n",
    "video player is loading\n",
    "this site is protected by recaptcha\n",
    "media playback is unsupported on your device\n",
    "media playback is not supported on this device\n",
    "this feature is currently unavailable\n",
    "vos préférences en matière de cookies\n",
    "due to your privacy preferences\n",
    "opens in a new window\n",
    "opens in a new tab\n",
    "this site uses akismet\n",
    // A post from a network that did not load, in other languages.
    "diesen beitrag auf instagram ansehen\n",
    "voir cette publication sur instagram\n",
    "ver esta publicación en instagram\n",
    "visualizza questo post su instagram\n",
    "ver essa publicação no instagram\n",
    "dit bericht op instagram bekijken\n",
    // Content a reader's cookie choices held back: "Dieser Inhalt ist nicht verfügbar, da Sie
    // der Verwendung von Cookies nicht zugestimmt haben", "Externen Inhalt anzeigen".
    "cookies nicht zugestimmt\n",
    "externen inhalt anzeigen\n",
    "externe inhalte anzeigen\n",
    "externen inhalt laden\n",
    "afficher le contenu externe\n",
    "no has aceptado las cookies\n",
    "mostrar contenido externo\n",
    "cargar contenido externo\n",
    "non hai accettato i cookie\n",
    "mostra contenuto esterno\n",
    "carica contenuto esterno\n",
    "externe inhoud tonen\n",
    "externe inhoud laden\n",
));

/// The line under a post from a network that did not load, before its writer's handle: "Ein
/// Beitrag geteilt von Hafen Kiel (@hafenkiel)". A story's own sentence may say as much
/// ("Una publicación compartida por miles de usuarios…"): with the handle only.
static SHARED_POSTS: Phrases = Phrases::new(concat!(
    "ein beitrag geteilt von\n",
    "une publication partagée par\n",
    "una publicación compartida por\n",
    "una publicación compartida de\n",
    "un post condiviso da\n",
    "uma publicação compartilhada por\n",
    "uma publicação partilhada por\n",
    "een bericht gedeeld door\n",
));

/// A site's notice that it uses cookies, in the languages of the web: "This website uses
/// cookies", "We use cookies to improve your experience", "Wir verwenden Cookies, um …".
static COOKIE_NOTICES: Phrases = Phrases::new(concat!(
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

/// The date and category under a related post's title, as Jetpack prints them: `March 5,
/// 2024 In "News"`, `5 mars 2024 Dans « Actualités »`, `5 de marzo de 2024 En «Noticias»`.
fn is_related_entry_date(line: &str) -> bool {
    const INS: [&str; 6] = [" In ", " Dans ", " En ", " Em ", " In\u{a0}", " Dans\u{a0}"];
    let Some(quoted) = line.trim_end().strip_suffix(['"', '”', '»', '“']) else {
        return false;
    };
    INS.iter().any(|i| {
        quoted.rfind(i).is_some_and(|at| {
            let category = quoted[at + i.len()..].trim_start();
            let date = &line[..at];
            let runs = digit_runs(date);
            category.starts_with(['"', '“', '«', '„'])
                && date.split_whitespace().count() <= 6
                && runs.len() >= 2
                && names_a_year(&runs)
        })
    })
}

/// What an article's read-aloud player says of itself: a plugin's loading line ("Getting
/// your Trinity Audio player ready…", "Voiced by Amazon Polly") or the note that a machine
/// reads the story ("Audio is generated by AI and may contain errors", "Dieser Artikel wurde
/// mit künstlicher Intelligenz vertont").
static AUDIO_NOTES: Phrases = Phrases::new(concat!(
    "audio player ready\n",
    "voiced by amazon polly\n",
    "powered by trinity audio\n",
    "audio is generated by\n",
    "audio generated by\n",
    "audio was generated by\n",
    "ai-generated audio\n",
    "audio is ai-generated\n",
    "audio is ai generated\n",
    "narrated by ai\n",
    "narrated by an ai\n",
    "voiced by ai\n",
    "voiced by artificial intelligence\n",
    "narrated by artificial intelligence\n",
    "mit künstlicher intelligenz vertont\n",
    "von einer ki-stimme\n",
    "ki-generierte stimme\n",
    "audio généré par\n",
    "voix de synthèse\n",
    "audio generado por\n",
    "narrado por inteligencia artificial\n",
    "audio generato\n",
    "áudio gerado por\n",
    "voorgelezen door een computerstem\n",
    "artikel vorlesen\n",
));

/// A line that only says how long ago the story was published or updated ("Updated 2
/// minutes ago", "3 hours ago", "Published an hour ago", "just now", "Hace 3 horas", "il y a
/// 3 heures", "3 часа назад", "3 jam yang lalu", "3小时前").
fn is_relative_time(lower: &str) -> bool {
    const UNITS: [&str; 16] = [
        "second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day",
        "days", "week", "weeks",
    ];
    // The units other languages count in, and the word that says "ago" before them ("hace 3
    // horas", "vor 3 Stunden", "há 3 horas", "منذ 3 ساعات") or after ("3 часа назад", "3 saat
    // önce", "3 giờ trước", "3 ore fa", "3 uur geleden", "3 godziny temu", "3 घंटे पहले").
    static OTHER_UNITS: Labels = Labels::new(concat!(
        "segundo\n",
        "segundos\n",
        "minuto\n",
        "minutos\n",
        "hora\n",
        "horas\n",
        "día\n",
        "días\n",
        "dia\n",
        "dias\n",
        "semana\n",
        "semanas\n",
        "sekunde\n",
        "sekunden\n",
        "minuten\n",
        "stunde\n",
        "stunden\n",
        "tag\n",
        "tagen\n",
        "woche\n",
        "wochen\n",
        "seconde\n",
        "secondes\n",
        "heure\n",
        "heures\n",
        "jour\n",
        "jours\n",
        "semaine\n",
        "semaines\n",
        "секунд\n",
        "секунду\n",
        "секунды\n",
        "минут\n",
        "минуту\n",
        "минуты\n",
        "час\n",
        "часа\n",
        "часов\n",
        "день\n",
        "дня\n",
        "дней\n",
        "неделю\n",
        "недели\n",
        "хвилин\n",
        "хвилину\n",
        "хвилини\n",
        "годин\n",
        "годину\n",
        "години\n",
        "дні\n",
        "днів\n",
        "saniye\n",
        "dakika\n",
        "saat\n",
        "gün\n",
        "hafta\n",
        "detik\n",
        "menit\n",
        "jam\n",
        "hari\n",
        "minggu\n",
        "giây\n",
        "phút\n",
        "giờ\n",
        "ngày\n",
        "tuần\n",
        "secondi\n",
        "minuti\n",
        "ore\n",
        "ora\n",
        "giorni\n",
        "giorno\n",
        "settimane\n",
        "seconden\n",
        "minuut\n",
        "uur\n",
        "dagen\n",
        "dag\n",
        "weken\n",
        "sekund\n",
        "minuty\n",
        "godziny\n",
        "godzinę\n",
        "dni\n",
        "dzień\n",
        "ساعة\n",
        "ساعات\n",
        "دقيقة\n",
        "دقائق\n",
        "يوم\n",
        "أيام\n",
        "घंटे\n",
        "मिनट\n",
    ));
    const BEFORE: [&str; 4] = ["hace", "vor", "há", "منذ"];
    const AFTER: [&str; 9] = ["назад", "тому", "önce", "trước", "fa", "geleden", "temu", "पहले", "lalu"];
    // Chinese, Japanese and Korean write the number, the unit and "ago" as one: "3小时前", "3時間前",
    // "3시간 전".
    const CJK: [&str; 11] =
        ["小时前", "分钟前", "天前", "秒前", "時間前", "分前", "日前", "시간 전", "분 전", "일 전", "초 전"];
    let line = lower.trim().trim_end_matches(['.', '·']).trim();
    // Past the words for when, in English or another language, the longest that opens the
    // line ("Last updated 2 hours ago", "Atualizado há 2 horas").
    let line = PUBLICATION_WORDS
        .iter()
        .filter_map(|w| line.strip_prefix(w).filter(|rest| !w.is_ascii() || !rest.starts_with(char::is_alphabetic)))
        .min_by_key(|rest| rest.len())
        .map_or(line, |r| r.trim_start_matches(':').trim());
    if line == "just now" {
        return true;
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let unit = |u: &str| OTHER_UNITS.contains(u);
    match tokens.as_slice() {
        [n, u, "ago"] => (is_digits(n) || matches!(*n, "a" | "an" | "one")) && UNITS.contains(u),
        [before, n, u] if BEFORE.contains(before) => is_digits(n) && unit(u),
        ["il", "y", "a", n, u] => is_digits(n) && unit(u),
        [n, u, after] if AFTER.contains(after) => is_digits(n) && unit(u),
        [n, u, "yang", "lalu"] => is_digits(n) && unit(u),
        _ => {
            let rest = line.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.len() < line.len() && CJK.contains(&rest.trim_start())
        }
    }
}

/// A blog theme's line under a post, in other languages, naming where it was filed and
/// pointing to its permalink: "Dieser Eintrag wurde veröffentlicht in Allgemein und
/// verschlagwortet mit … Setze ein Lesezeichen auf den Permalink.", "Cet article a été
/// publié dans … et marqué avec …". Its opening alone may be a story's ("Cet article a été
/// publié dans Le Monde"): with the words for tagging or the permalink only.
fn is_filed_entry(lower: &str) -> bool {
    const OPENINGS: [&str; 10] = [
        "dieser eintrag wurde veröffentlicht in",
        "dieser beitrag wurde veröffentlicht in",
        "cet article a été publié dans",
        "cette entrée a été publiée dans",
        "esta entrada fue publicada en",
        "esta entrada se publicó en",
        "questo articolo è stato pubblicato in",
        "questa voce è stata pubblicata in",
        "esta entrada foi publicada em",
        "deze inzending werd geplaatst in",
    ];
    const TAGGED: [&str; 10] = [
        "permalink",
        "permalien",
        "enlace permanente",
        "verschlagwortet",
        "marqué avec",
        "etiquetad",
        "contrassegnat",
        "com as etiquetas",
        "marcado com",
        "getagd",
    ];
    OPENINGS.iter().any(|o| opens_with_words(lower, o)) && TAGGED.iter().any(|t| lower.contains(t))
}

/// Whether a line opens with these words, whole ("Have a tip?", not "Have a tipple").
pub(super) fn opens_with_words(line: &str, words: &str) -> bool {
    line.strip_prefix(words).is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
}

/// What a news site asks of its readers under a story, other than to subscribe or follow:
/// to send it tips ("Have a news tip? Email us at…") or to get its app ("Download our app
/// for the latest news", "CLICK HERE TO GET THE NEWS APP").
static READER_PROMPTS: Labels = Labels::new(concat!(
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
static AFFILIATE_DISCLOSURES: Labels = Labels::new(concat!(
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
static FEEDBACK_PROMPTS: Labels = Labels::new(concat!(
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
fn is_bare_answer(line: &str) -> bool {
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

/// A pager's or a gallery's counter: two numbers and the words such a counter writes
/// round them ("Page 1 of 3", "Seite 2 von 5", "Photo 3 of 12", "Foto 1/12", "1/3ページ"),
/// nothing else.
fn is_page_counter(lower: &str) -> bool {
    static WORDS: Labels = Labels::new(concat!(
        "page\n",
        "pages\n",
        "seite\n",
        "página\n",
        "pagina\n",
        "pagine\n",
        "страница\n",
        "of\n",
        "von\n",
        "de\n",
        "di\n",
        "sur\n",
        "van\n",
        "из\n",
        "photo\n",
        "image\n",
        "slide\n",
        "picture\n",
        "bild\n",
        "foto\n",
        "фото\n",
        "слайд\n",
        "imagen\n",
        "immagine\n",
        "imagem\n",
        "zdjęcie\n",
        "/\n",
    ));
    // "1/3", and in Japanese and Chinese with the word after it: "1/3ページ", "2/5页".
    let lower = lower.trim();
    let lower = ["ページ", "页", "頁"].iter().find_map(|w| lower.strip_suffix(w)).unwrap_or(lower);
    let lower: Cow<'_, str> = if lower.contains('/') { lower.replace('/', " / ").into() } else { lower.into() };
    let tokens: Vec<&str> = lower.split_whitespace().map(|t| t.trim_matches(['.', ':'])).collect();
    // Two numbers alone are a table's row ("2019 3").
    (3..=6).contains(&tokens.len())
        && tokens.iter().filter(|t| is_digits(t)).count() == 2
        && tokens.iter().all(|t| is_digits(t) || WORDS.contains(t))
}

/// The words that open a byline, in the languages that write one so ("By Jane Doe", "Par
/// Marie Dupont", "Von Anna Schmidt", "Por Ana García", "Door Jan de Vries", "Av Erik
/// Larsen").
const BYLINE_OPENINGS: [&str; 11] =
    ["by ", "par ", "von ", "por ", "door ", "av ", "af ", "di ", "written by ", "posted by ", "published by "];

/// Words a byline writes in lower case between names, not counted against it: "and" in
/// its languages and name particles ("van der", "de la"); so are words of two letters
/// ("le", "am") and months ("le 12 mars 2024").
const BYLINE_JOINS: [&str; 18] = [
    "and", "und", "et", "y", "e", "en", "og", "och", "ed", "de", "da", "del", "della", "der", "van", "von", "la", "le",
];

/// A byline: an opening word ([`BYLINE_OPENINGS`]) and a name in capitals, with at most a
/// few more words (a second name, a date, a desk: "By Priya Nair and Lucas Meyer · Jan 9,
/// 2024"), mostly capitalized, and no sentence. "By the numbers" and "Por fin llegó la
/// lluvia." are not.
pub(super) fn is_byline(line: &str) -> bool {
    // The openings are ASCII: compared on the line as written, so the rest starts where
    // they end.
    let Some(rest) = after_byline_opening(line) else {
        return false;
    };
    // The accounts a blog's software signs posts with when no name was set ("Posted by
    // admin").
    const ACCOUNTS: [&str; 4] = ["admin", "administrator", "webmaster", "editor"];
    let words: Vec<&str> = rest.split_whitespace().collect();
    let account = |w: &str| ACCOUNTS.contains(&w.trim_end_matches([',', '.', ';']));
    let named = words.first().is_some_and(|w| w.starts_with(char::is_uppercase) || account(w));
    let lettered: Vec<&str> = words.iter().copied().filter(|w| w.starts_with(char::is_alphabetic)).collect();
    let lowered = lettered
        .iter()
        .map(|w| w.trim_end_matches([',', '.', ';']))
        .filter(|w| w.starts_with(char::is_lowercase) && w.chars().count() > 2 && !BYLINE_JOINS.contains(w))
        .filter(|w| !account(w))
        .filter(|w| !opens_a_month(w))
        .count();
    named
        && line.chars().count() <= 100
        && (1..=12).contains(&words.len())
        && lowered * 3 <= lettered.len().saturating_sub(1)
        && !line.trim_end().ends_with(['!', '?', ':'])
        && !(line.trim_end().ends_with('.') && lettered.last().is_some_and(|w| w.chars().count() > 2))
}

/// A byline that is only the opening word and a name or names ("By Jane Doe", "Von Anna
/// Schmidt und Jörg Weber"), as a story is signed under its last line; "By Land And Sea"
/// is no name.
fn signs_a_name(line: &str) -> bool {
    after_byline_opening(line).map(str::trim).is_some_and(|rest| is_name_alone(rest) || is_names_alone(rest))
}

/// What a line says after a byline's opening word ([`BYLINE_OPENINGS`], in any case).
fn after_byline_opening(line: &str) -> Option<&str> {
    BYLINE_OPENINGS.iter().find_map(|o| strip_prefix_ignoring_case(line, o))
}

/// `text` after `prefix`, the two compared with no regard to ASCII case ("Jane Doe" of
/// "BY Jane Doe" after "by ").
pub(super) fn strip_prefix_ignoring_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.get(..prefix.len()).filter(|p| p.eq_ignore_ascii_case(prefix)).map(|_| &text[prefix.len()..])
}

/// Text in lower case, as the labels here are written: Turkish `İ` lowers to `i` (Unicode
/// lowers it to `i` and a combining dot, which matches no label: "İlgili Haberler").
pub(super) fn lowercase(text: &str) -> String {
    let mut lower = text.to_lowercase();
    if lower.contains('\u{307}') {
        lower = lower.replace("i\u{307}", "i");
    }
    // A typographer's apostrophe is the labels' straight one: "today’s paper", "ascolta
    // l’articolo".
    if lower.contains('’') {
        lower = lower.replace('’', "'");
    }
    lower
}

/// Whether a word is an e-mail address (`jo@paper.test`, `<jo@paper.test>`).
pub(super) fn is_email(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    word.split_once('@').is_some_and(|(who, at)| !who.is_empty() && !at.contains('@') && at.contains('.'))
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
fn is_newsletter_call(lower: &str) -> bool {
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
fn offers_own_newsletter(lower: &str) -> bool {
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
fn asks_to_subscribe_to_read_on(lower: &str) -> bool {
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
static CLICK_PROMPTS: Labels = Labels::new(concat!(
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

/// Whether a line only names the story's source or its author: a label of
/// [`SOURCE_LABELS`], a colon and at most five words that end no sentence ("Quelle: dpa",
/// "Źródło: PAP", "Auteur : Jean Dupont").
pub(super) fn names_a_source(line: &str) -> bool {
    let Some((label, rest)) = line.split_once(':') else {
        return false;
    };
    let label = lowercase(label.trim());
    let rest = rest.trim();
    SOURCE_LABELS.contains(&label)
        && (1..=5).contains(&rest.split_whitespace().count())
        && !rest.ends_with(['.', '!', '?'])
}

/// Whether a line only names the paper a Vietnamese story was taken from, "according to"
/// it: "Theo VnExpress", "(Theo Tuổi Trẻ)", "Theo TTXVN", at most four capitalised words
/// that end no sentence. The line must read as Vietnamese or as a source: set in
/// brackets, or with a letter beyond ASCII or a capital inside a word. So "Theo Walcott"
/// (a name) stays, and so does "Theo ông Nam, cảng sẽ mở cửa." (a sentence).
fn is_according_to(line: &str) -> bool {
    let bare = line.trim_start_matches(['(', '[']).trim_end_matches([')', ']']);
    let bracketed = bare.len() < line.len();
    bare.strip_prefix("Theo ").is_some_and(|rest| {
        let words: Vec<&str> = rest.split_whitespace().collect();
        (1..=4).contains(&words.len())
            && words.iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()))
            && !rest.ends_with(SENTENCE_MARKS)
            && !rest.contains(',')
            && (bracketed || !rest.is_ascii() || words.iter().any(|w| w.chars().skip(1).any(char::is_uppercase)))
    })
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
fn is_handle(word: &str) -> bool {
    word.strip_prefix('@').is_some_and(|n| n.chars().filter(|c| c.is_alphanumeric() || *c == '_').count() >= 2)
}

/// Whether a (lowercase) line names a social network.
fn names_network(lower: &str) -> bool {
    let named = |w: &str| SOCIAL_NETWORKS.iter().any(|n| w == *n || (n.len() >= 5 && w.starts_with(n)));
    lower.split(|c: char| !c.is_alphanumeric()).any(named) || NETWORK_SPELLINGS.are_in(lower)
}

/// The call after a question that leads to it: "Follow us on Instagram" of "Want more?
/// Follow us on Instagram".
fn after_question(lower: &str) -> Option<&str> {
    lower.rsplit_once("? ").map(|(_, call)| call)
}

/// The call after an exclamation of a few words that leads to it: "Obserwuj nas w Google
/// News" of "Bądź na bieżąco! Obserwuj nas w Google News".
fn after_exclamation(lower: &str) -> Option<&str> {
    let (lead, call) = lower.split_once("! ")?;
    (lead.split_whitespace().count() <= 5).then_some(call)
}

/// What a line says after a short clause that opens "for" or "to" and leads to it ("for the
/// latest news and updates, follow us on twitter", "to stay informed, follow us on
/// instagram").
fn after_lead_in(lower: &str) -> Option<&str> {
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
fn is_follow_prompt(lower: &str) -> bool {
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

/// The words a line opens with to say when the story was published or updated.
pub(super) static PUBLICATION_WORDS: Labels = Labels::new(concat!(
    "originally published\n",
    "last reviewed\n",
    "reviewed\n",
    "originally posted\n",
    "published\n",
    "first published\n",
    "updated\n",
    "last updated\n",
    "posted\n",
    "posted on\n",
    "modified\n",
    "last modified\n",
    "edited\n",
    "publié\n",
    "publié le\n",
    "mis à jour\n",
    "actualisé\n",
    "veröffentlicht\n",
    "aktualisiert\n",
    "zuletzt aktualisiert\n",
    "stand\n",
    "publicado\n",
    "actualizado\n",
    "pubblicato\n",
    "aggiornato\n",
    "gepubliceerd\n",
    "bijgewerkt\n",
    "opublikowano\n",
    "zaktualizowano\n",
    "aktualizacja\n",
    "опубликовано\n",
    "обновлено\n",
    "publicerad\n",
    "uppdaterad\n",
    "publiceret\n",
    "opdateret\n",
    "publisert\n",
    "oppdatert\n",
    "yayınlanma\n",
    "güncelleme\n",
    "发布时间\n",
    "发布日期\n",
    "更新时间\n",
    "发表于\n",
    "公開日\n",
    "発行日\n",
    "掲載日\n",
    "配信日時\n",
    "更新日\n",
    "投稿日\n",
    "입력\n",
    "수정\n",
    "atualizado\n",
    "atualizada\n",
    "publicada\n",
    "cập nhật\n",
    "ngày đăng\n",
    "diperbarui\n",
    "diterbitkan\n",
    "dipublikasikan\n",
    "güncellenme\n",
    "julkaistu\n",
    "päivitetty\n",
    "publikováno\n",
    "aktualizováno\n",
    "publicat\n",
    "actualizat\n",
    "опубліковано\n",
    "оновлено\n",
    "δημοσίευση\n",
    "ενημέρωση\n",
    "פורסם\n",
    "עודכן\n",
    "تاريخ النشر\n",
    "نشر في\n",
    "آخر تحديث\n",
    "เผยแพร่\n",
    "อัปเดต\n",
    "प्रकाशित\n",
    "अपडेटेड\n",
    "अपडेट\n",
    "ultimo aggiornamento\n",
    "última actualización\n",
    "última atualização\n",
    "laatst bijgewerkt\n",
    "تاریخ انتشار\n",
    "زمان انتشار\n",
    "به‌روزرسانی\n",
    "آخرین به‌روزرسانی\n",
    "story first published\n",
    "last changed\n",
    "letzte änderung\n",
    "zuletzt geändert\n",
    "geändert\n",
    "dernière modification\n",
    "dernière mise à jour\n",
    "última modificación\n",
    "ultima modifica\n",
    "laatst gewijzigd\n",
    "senast ändrad\n",
    "senast uppdaterad\n",
    "ostatnia aktualizacja\n",
    "ostatnia modyfikacja\n",
    "последнее изменение\n",
    "последнее обновление\n",
));

/// The words a page's visitor counter names its visitors or its page views with.
static VISITOR_WORDS: Phrases = Phrases::new(concat!(
    "visitor\n",
    "visitors\n",
    "besucher\n",
    "besucherzähler\n",
    "seitenaufrufe\n",
    "visiteur\n",
    "visiteurs\n",
    "visitante\n",
    "visitantes\n",
    "visitas\n",
    "visitatore\n",
    "visitatori\n",
    "visite\n",
    "bezoeker\n",
    "bezoekers\n",
    "odwiedzin\n",
    "odwiedzający\n",
    "посетителей\n",
    "просмотров\n",
    "mal aufgerufen\n",
    "times viewed\n",
));

/// A page's visitor counter, as older pages and blogs show one: a count after a label
/// ("Besucher: 12345", "Besucher seit 2003: 12345", "Просмотров: 1234"), or the visitor told
/// their number ("Sie sind Besucher Nr. 12345", "Vous êtes le 12345e visiteur depuis le
/// 1er janvier 2003", "You are visitor number 12,345"), or the page its views ("Diese Seite
/// wurde 12345 mal aufgerufen"). A sentence that counts visitors ("Mehr als 5000 Besucher
/// kamen zum Hafenfest") is none of these.
fn is_visitor_counter(lower: &str) -> bool {
    const TOLD: [&str; 12] = [
        "you are ",
        "you're ",
        "sie sind ",
        "du bist ",
        "vous êtes ",
        "tu es ",
        "eres ",
        "usted es ",
        "sei il ",
        "você é ",
        "u bent ",
        "jesteś ",
    ];
    const PAGE: [&str; 3] = ["this page has been ", "diese seite wurde ", "cette page a été "];
    // The words before a visitor's number: "Nr. 12345", "number 12,345".
    const NUMBER_WORDS: [&str; 10] = ["nr", "nr.", "no", "no.", "number", "numéro", "número", "numero", "n°", "№"];
    if !VISITOR_WORDS.are_in(lower) {
        return false;
    }
    // The count after the label's colon, and nothing else after it.
    let counted = lower.rsplit_once([':', '：']).is_some_and(|(_, n)| {
        let n = n.trim().trim_end_matches('.');
        !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | ' ' | '\u{a0}'))
    });
    // The visitor is told a number ("Nr. 12345") or a rank ("12345e",
    // "12345th", "12345."), not how many came ("You are one of 5000 visitors who…").
    let numbered = || {
        lower.split_whitespace().any(|w| {
            let digits = w.trim_end_matches(|c: char| !c.is_ascii_digit());
            NUMBER_WORDS.contains(&w)
                || (w.starts_with(|c: char| c.is_ascii_digit())
                    && matches!(&w[digits.len()..], "e" | "ème" | "th" | "st" | "nd" | "rd" | "." | "º" | "°"))
        })
    };
    let opens = |openings: &[&str]| openings.iter().any(|o| lower.trim_start().starts_with(o));
    counted || (opens(&TOLD) && numbered()) || opens(&PAGE)
}

/// Three-letter openings of month names (English, German, French, Spanish, Italian,
/// Portuguese, Dutch, Scandinavian, Russian).
pub(super) static MONTH_STEMS: Labels = Labels::new(concat!(
    "jan\n", "feb\n", "fév\n", "fev\n", "mar\n", "mär\n", "maa\n", "apr\n", "avr\n", "abr\n", "may\n", "mai\n",
    "mag\n", "mei\n", "jun\n", "jui\n", "giu\n", "jul\n", "lug\n", "aug\n", "aoû\n", "ago\n", "sep\n", "set\n",
    "oct\n", "okt\n", "ott\n", "out\n", "nov\n", "dec\n", "dez\n", "déc\n", "янв\n", "фев\n", "мар\n", "апр\n",
    "мая\n", "май\n", "июн\n", "июл\n", "авг\n", "сен\n", "окт\n", "ноя\n", "дек\n",
));

/// Whether a word opens with a month's name ([`MONTH_STEMS`]): "March", "mars", "Mär.".
pub(super) fn opens_a_month(word: &str) -> bool {
    let stem: String = word.chars().take(3).collect();
    stem.chars().count() == 3 && MONTH_STEMS.contains(&stem)
}

/// Whether a token is a date written in numbers: three runs of one to four digits joined
/// by dots, slashes or hyphens ("05.03.2024", "2024-03-05", "5/3/24").
pub(super) fn is_numeric_date(token: &str) -> bool {
    let parts: Vec<&str> = token.split(['.', '/', '-']).collect();
    parts.len() == 3 && parts.iter().all(|p| p.len() <= 4 && is_digits(p))
}

/// A line that says when the story was published or updated, with no time of day
/// ([`is_date_line`] reads those): "Published: 5 March 2024", "Publié le 29/10/2012",
/// "Mis à jour le 29/10/2012 à 14h03", "Veröffentlicht am 12. März 2024", "发布时间：2024年3月5日".
/// It opens with a word of [`PUBLICATION_WORDS`], names a whole date (a year with a month,
/// or numbers written as a date; in four words, a day and a month: "Published 5 March"),
/// and is no sentence: "Published in 1998, the book sold
/// well." is prose.
pub(super) fn is_publication_line(line: &str, lower: &str) -> bool {
    // A hundred characters are at most four hundred bytes: a longer line is told at once.
    if line.len() > 400 {
        return false;
    }
    let words = line.split_whitespace().count();
    // A time of day may end with an abbreviation's point: "10:32 a.m.", Thai "10:32 น.".
    // So may a date: "Updated: 9:02 am, Fri Oct 11, 2024."
    let last = lower.trim_end_matches(" a.m.").trim_end_matches(" p.m.").trim_end_matches(" น.");
    let last = last.strip_suffix('.').filter(|l| l.ends_with(|c: char| c.is_ascii_digit())).unwrap_or(last);
    if line.chars().count() > 100 || words > 16 || last.ends_with(SENTENCE_MARKS) {
        return false;
    }
    let is_month = |w: &str| opens_a_month(w);
    let is_number = |t: &str| t.starts_with(char::is_numeric);
    // The date comes right after the opening word, past words of three letters or fewer or
    // a day's name ("Posted on Tuesday, 5 March 2024"): "Updated guidance for 2024…" is a
    // heading.
    let dated = |rest: &str| {
        rest.split(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | ','))
            .filter(|t| !t.is_empty())
            .take(3)
            .take_while(|t| is_number(t) || is_month(t) || t.chars().count() <= 3 || t.ends_with("day"))
            .any(|t| is_number(t) || is_month(t))
    };
    // The story may be named before the word: "Article published 5 March 2024", "Articolo
    // pubblicato il 12 marzo 2024".
    let lower =
        STORY_NOUNS.iter().find_map(|n| lower.strip_prefix(n).and_then(|rest| rest.strip_prefix(' '))).unwrap_or(lower);
    let opens = PUBLICATION_WORDS.iter().any(|w| {
        lower
            .strip_prefix(w)
            .is_some_and(|rest| (!w.is_ascii() || !rest.starts_with(char::is_alphabetic)) && dated(rest))
    });
    if !opens {
        return false;
    }
    let (line, lower) = (&*ascii_digits(line), &*ascii_digits(lower));
    let numeric_date = line.split_whitespace().any(|w| is_numeric_date(w.trim_matches(|c: char| !c.is_ascii_digit())));
    let month = lower.split(|c: char| !c.is_alphabetic()).any(is_month) || (line.contains('年') && line.contains('月'));
    // "Updated at 3:45 p.m. ET", "Published 10:32": a time of day alone, in a short line.
    let clock = words <= 8 && has_clock_time(line);
    // A date of this year, as a site writes it without the year ("Published 5 March",
    // "Updated March 5"): a day's number and a month, in four words at most.
    let runs = digit_runs(line);
    let day = words <= 4 && names_a_day(&runs);
    // A month in a script other than Latin, which [`MONTH_STEMS`] cannot read ("05 مارس
    // 2024", "5 марта 2024"): a day's number and a year, in eight words at most.
    let other_script = lower.chars().any(is_beyond_latin);
    let day_of_year = words <= 8 && other_script && names_a_calendar_year(&runs) && names_a_day(&runs);
    numeric_date || (month && (names_a_year(&runs) || day)) || day_of_year || clock
}

/// What a publication line may call the story (or the page it is on: "Page last updated:
/// 5 March 2024", "Seite zuletzt geändert am …") before saying when it was published.
const STORY_NOUNS: [&str; 17] = [
    "page",
    "seite",
    "página",
    "article",
    "story",
    "post",
    "artikel",
    "beitrag",
    "bericht",
    "articolo",
    "notizia",
    "artículo",
    "noticia",
    "nota",
    "artigo",
    "notícia",
    "статья",
];

/// The runs of ASCII digits in a line, in order.
pub(super) fn digit_runs(line: &str) -> Vec<&str> {
    line.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty()).collect()
}

/// Whether one of these digit runs is a year of the last two centuries (`19xx`, `20xx`).
pub(super) fn names_a_year(runs: &[&str]) -> bool {
    runs.iter().any(|r| r.len() == 4 && (r.starts_with("19") || r.starts_with("20")))
}

/// Whether one of these digit runs is a day of a month: one or two digits, 1 to 31.
fn names_a_day(runs: &[&str]) -> bool {
    runs.iter().any(|r| r.len() <= 2 && r.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d)))
}

/// Whether one of these digit runs is this age's year in a calendar a page in another
/// script may date by: the Gregorian, the Hijri and the Persian solar (`13xx`, `14xx`:
/// "۱۲ مرداد ۱۴۰۳"), or the Thai Buddhist (`25xx`: "12 พฤษภาคม 2567").
fn names_a_calendar_year(runs: &[&str]) -> bool {
    names_a_year(runs) || runs.iter().any(|r| r.len() == 4 && ["13", "14", "25"].iter().any(|c| r.starts_with(c)))
}

/// The line with the decimal digits of other scripts written as ASCII ones, where a date
/// is read: "۱۴۰۳/۰۵/۱۲" (Persian), "١٢ مايو ٢٠٢٤" (Arabic), "१२ मई" (Devanagari), "১২ মে"
/// (Bengali).
fn ascii_digits(line: &str) -> Cow<'_, str> {
    // The zero of each script's run of ten digits: Arabic-Indic, Persian, N'Ko, Devanagari,
    // Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao,
    // Myanmar, Khmer and the full-width forms.
    const ZEROS: [u32; 17] = [
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0E50, 0x0ED0,
        0x1040, 0x17E0, 0xFF10,
    ];
    let ascii = |c: char| {
        if c < '\u{660}' {
            return None;
        }
        let d = ZEROS.iter().find_map(|z| (c as u32).checked_sub(*z).filter(|d| *d < 10))?;
        char::from_digit(d, 10)
    };
    if line.is_ascii() || !line.chars().any(|c| ascii(c).is_some()) {
        return Cow::Borrowed(line);
    }
    Cow::Owned(line.chars().map(|c| ascii(c).unwrap_or(c)).collect())
}

/// Whether a character is a letter of a script beyond Latin's (past Latin Extended-B).
fn is_beyond_latin(c: char) -> bool {
    c.is_alphabetic() && c > '\u{24f}'
}

/// Whether a word is written in a script beyond Latin's, with no digit or sign: a month's or
/// a day's name where [`MONTH_STEMS`] cannot read it ("مرداد", "मई", "Μαΐου"). Chinese and
/// Japanese dates are read by their signs instead.
fn is_other_script_word(word: &str) -> bool {
    word.chars().any(|c| is_beyond_latin(c) && !crate::search::is_cjk(c))
        && word.chars().all(|c| c.is_alphabetic() || is_combining_mark(c) || c == '\u{200c}')
}

/// A line that only dates the story, in any language ("الأربعاء، 28 آب/اغسطس 2013، آخر
/// تحديث 14:00", "2018年6月18日 10:01", "Published 12.03.2023, 14:05"): short, with a time of
/// day and a year (or four numbers), numbers a fifth of its characters or more, and not
/// ending as a sentence does.
pub(super) fn is_date_line(line: &str) -> bool {
    let line = &*ascii_digits(line);
    let chars: Vec<char> = line.chars().collect();
    // Code and table rows ("2020-08-01 18:00 │ 200", "period > '2020-08-01'") are not.
    if chars.len() > 80
        || chars.last().is_some_and(|c| ".!?:。！？：".contains(*c))
        || chars.iter().any(|c| "│|=<>{};'\"`".contains(*c))
    {
        return false;
    }
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let has_time =
        (1..chars.len()).any(|i| chars[i] == ':' && digit(i - 1) && digit(i + 1) && digit(i + 2) && !digit(i + 3));
    let runs = digit_runs(line);
    let digits = chars.iter().filter(|c| c.is_ascii_digit()).count();
    let solid = chars.iter().filter(|c| !c.is_whitespace()).count();
    has_time && (names_a_year(&runs) || runs.len() >= 4) && digits * 5 >= solid
}

/// The text without the headline repeated at its top (alone, or at the end of a
/// breadcrumb line such as "Home › News › Headline", or under a kicker of a few words):
/// the title is a field of its own.
pub(super) fn without_title_lines(text: &str, title: &str) -> String {
    let t = norm(title);
    if t.chars().count() < 8 {
        return text.to_owned();
    }
    let paras: Vec<&str> = text.split("\n\n").collect();
    let is_title_line = |p: &str| {
        let n = norm(p);
        n.ends_with(&t) && n.chars().count() <= t.chars().count() * 3 / 2 + 20
    };
    // A label of a few words over the headline (the section's name, a kicker: "Oceans",
    // "Sécheresse") goes with it.
    let kickers = paras.iter().take(2).take_while(|p| is_kicker_text(p) && !is_title_line(p)).count();
    let skip = match paras.get(kickers) {
        Some(p) if kickers > 0 && is_title_line(p) => kickers,
        _ => 0,
    };
    let titles = paras[skip..].iter().take(3).take_while(|p| is_title_line(p)).count();
    paras[skip + titles..].join("\n\n")
}

/// Whether a text reads as a label over the headline (a kicker, a section's name:
/// "Lokales", "Interview", "World news"): three words at most, no sentence's or a
/// lead-in's end.
pub(super) fn is_kicker_text(text: &str) -> bool {
    text.split_whitespace().count() <= 3
        && !text.trim_end().ends_with(|c| SENTENCE_MARKS.contains(&c) || matches!(c, ':' | '：'))
}

/// The text without the label set right before the headline (`kicker`, see
/// [`is_kicker_text`]) where it opens the text: Readability takes the headline out and
/// leaves the label over it, as the first line of the story.
pub(super) fn without_kicker(text: &str, kicker: Option<&str>) -> String {
    let Some(k) = kicker else {
        return text.to_owned();
    };
    match text.split_once("\n\n") {
        Some((first, rest)) if collapse(first) == k => rest.to_owned(),
        None if collapse(text) == k => String::new(),
        _ => text.to_owned(),
    }
}

/// The text without the lines that are not prose ([`is_furniture_line`]), a label a
/// widget repeats ([`without_repeated_labels`]), and a short lead-in left last ("See more
/// photos:", "Follow us at:"), which introduced what was not text; so does a short question
/// left last over lines that were cut ("Found a mistake?" over a typo-report widget's
/// instructions).
pub(super) fn without_furniture_lines(text: &str) -> String {
    let mut all: Vec<&str> = text.split("\n\n").collect();
    all.truncate(author_section_start(&all));
    all.truncate(comment_section_start(&all));
    // A byline is cut where it stands, over the story: the lines before the first that
    // runs past fifteen words, or one of the first four that is only a name signed. A line about the writer, under it: the last two, before
    // any furniture.
    let opening = opening_lines(&all);
    // A feedback prompt's answers go with it: "Was this article helpful?", "Yes", "No".
    let mut answering = false;
    let furniture: Vec<bool> = all
        .iter()
        .map(|l| {
            let kind = furniture_kind(l);
            let answer = answering && kind.is_none() && is_bare_answer(l);
            answering = kind == Some("feedback") || answer;
            kind.is_some() || answer
        })
        .collect();
    // The last lines before any furniture under them ("Follow her on X").
    let end = all.len() - furniture.iter().rev().take_while(|f| **f).count();
    let author_box = ends_with_author_box(&all[..end]);
    // Where the story's last line ends, past which only furniture and dates stand: a page's
    // particulars under it ("12 May 2024", then "Last updated" and its date).
    let story_end = (0..all.len())
        .rev()
        .find(|&i| !furniture[i] && !is_bare_date(all[i]) && !is_particulars_line(all[i]))
        .map_or(0, |i| i + 1);
    let lines: Vec<&str> = all
        .iter()
        .enumerate()
        .filter(|(i, l)| {
            !(furniture[*i]
                || (*i < opening
                    && (is_byline(l)
                        || is_name_with_role(l)
                        || is_kicker_label(l)
                        || is_staff_credit(l)
                        || is_names_alone(l)
                        || is_section_trail(l)
                        || is_particulars_run(l)
                        || is_dated_byline(l)))
                // A byline that is only a name, under a standfirst of some length ("Von
                // Thomas Berger" after the lead): it signs the story where it stands.
                || (*i < 4 && signs_a_name(l))
                || ((*i < opening || *i + 2 >= all.len() || *i >= story_end)
                    && (is_bare_date(l) || is_particulars_line(l)))
                || (*i + 2 >= end
                    && (author_box || signs_a_name(l) || (l.split_whitespace().count() <= 30 && is_writer_bio(l)))))
        })
        .map(|(_, l)| *l)
        .collect();
    let cut_at_end = furniture.last() == Some(&true);
    let mut lines = without_repeated_labels(&lines);
    let ends = |l: &str, marks: &[char]| l.split_whitespace().count() <= 6 && l.trim_end().ends_with(marks);
    if cut_at_end && lines.last().is_some_and(|l| ends(l, &['?', '？'])) {
        lines.pop();
    }
    while lines.last().is_some_and(|l| ends(l, &[':', '：'])) {
        lines.pop();
    }
    // The writer's name alone under the story, after its last sentence ("Minh Anh"), or
    // signed with a dash ("— Minh Anh").
    if let [.., before, last] = lines.as_slice()
        && is_name_alone(last.trim_start_matches(['—', '–', '-', ' ']))
        && before.trim_end().ends_with(|c| SENTENCE_MARKS.contains(&c) || matches!(c, '"' | '”' | '»'))
    {
        lines.pop();
    }
    lines.join("\n\n")
}

/// A heading over a section about the writer, in the languages of the web ("About the
/// author", "Über den Autor", "この記事を書いた人").
static AUTHOR_LABELS: Labels = Labels::new(concat!(
    "about the author\n",
    "about the authors\n",
    "about the writer\n",
    "about the reporter\n",
    "author bio\n",
    "über den autor\n",
    "über die autorin\n",
    "über die autoren\n",
    "zum autor\n",
    "zur autorin\n",
    "à propos de l'auteur\n",
    "sobre el autor\n",
    "sobre la autora\n",
    "acerca del autor\n",
    "sobre o autor\n",
    "sobre a autora\n",
    "sull'autore\n",
    "об авторе\n",
    "o autorze\n",
    "over de auteur\n",
    "yazar hakkında\n",
    "om författaren\n",
    "om forfatteren\n",
    "kirjoittajasta\n",
    "o autorovi\n",
    "关于作者\n",
    "作者简介\n",
    "この記事を書いた人\n",
    "著者について\n",
    "기자 소개\n",
));

/// Where the section about the writer starts that ends a text: a line that is only a
/// label of [`AUTHOR_LABELS`], under which at most three lines of at most sixty words and
/// 400 characters each end the text (a name, a bio, a link to the writer's stories), or
/// none (the label left last once its box's lines were cut). The
/// text's length if it has none. A section so headed that goes on longer is the story's.
fn author_section_start(lines: &[&str]) -> usize {
    let is_label = |l: &str| {
        let label = lowercase(l.trim().trim_end_matches([':', '：']).trim_end());
        AUTHOR_LABELS.contains(label.as_str())
    };
    let from = lines.len().saturating_sub(4);
    (from..lines.len())
        .find(|&i| {
            is_label(lines[i])
                && lines[i + 1..].iter().all(|l| l.split_whitespace().count() <= 60 && l.chars().count() <= 400)
        })
        .unwrap_or(lines.len())
}

/// Where readers' comments start that end a text set without the markup of a comment
/// section (an old blog's table cell): after two lines of the story at least, a count of them that
/// heads what follows ("3 comments:", "Kommentare (2):") or that stands over a commenter's
/// line ("Margaret said...", "Tom says:", "Jana schrieb:"). The text's length if none does.
/// A count alone, as a post's footer gives it ("12 comments"), is only that line
/// ([`is_comment_count`] as furniture).
pub(super) fn comment_section_start(lines: &[&str]) -> usize {
    const SAID: [&str; 10] = [
        " said...",
        " said…",
        " said:",
        " says:",
        " wrote:",
        " schrieb:",
        " sagte...",
        " a dit…",
        " a dit :",
        " dijo...",
    ];
    let count = |l: &str| {
        let lower = lowercase(l.trim());
        lower.split_whitespace().count() <= 4
            && lower.contains(|c: char| c.is_ascii_digit())
            && is_comment_count(&lower)
    };
    let says = |l: &str| {
        let lower = lowercase(l.trim());
        lower.split_whitespace().count() <= 8 && SAID.iter().any(|s| lower.ends_with(s))
    };
    (2..lines.len())
        .find(|&i| {
            count(lines[i]) && (lines[i].trim_end().ends_with([':', '：']) || lines.get(i + 1).is_some_and(|l| says(l)))
        })
        .unwrap_or(lines.len())
}

/// How many of a text's first lines stand over the story: up to four, ended by the first
/// that runs past fifteen words (the story's first paragraph).
fn opening_lines(lines: &[&str]) -> usize {
    lines.iter().take(4).take_while(|l| l.split_whitespace().count() <= 15).count()
}

/// A line's parts between `marks`, trimmed, empty ones left out.
fn parts_between<'a>(line: &'a str, marks: &[&str]) -> Vec<&'a str> {
    let mut parts = vec![line];
    for mark in marks {
        parts = parts.iter().flat_map(|p| p.split(mark)).collect();
    }
    parts.into_iter().map(str::trim).filter(|p| !p.is_empty()).collect()
}

/// The text without a line at either end that only names who wrote the story or the site
/// it is on, as the page's metadata names them (`names`: the author, the site): "Jane Doe",
/// "Jane Doe | Harbour Times", "Harbour Times · 12 March 2024". A byline without its "By",
/// which no rule can tell from a heading of capitalised words ("Monitoring Distributed
/// Systems") unless it knows the name. The parts between separators are each a name or a
/// date, and one is a name; a line past fifteen words is prose. Anywhere, a picture's
/// credit to one of them goes too ("Sam Carter/Harbour Times").
pub(super) fn without_named_lines(text: &str, names: &[&str]) -> String {
    let known: Vec<String> = names.iter().map(|n| norm(n)).filter(|n| n.chars().count() >= 4).collect();
    if known.is_empty() {
        return text.to_owned();
    }
    let is_named_line = |line: &str| {
        if line.split_whitespace().count() > 15 {
            return false;
        }
        const MARKS: [&str; 8] = ["|", "·", "•", "–", "—", ",", "/", " - "];
        let parts: Vec<&str> = parts_between(line, &MARKS)
            .into_iter()
            .map(|p| p.trim_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '.' | ':')))
            .filter(|p| !p.is_empty())
            .collect();
        let names = parts.iter().filter(|p| known.contains(&norm(p))).count();
        names > 0 && parts.iter().all(|p| known.contains(&norm(p)) || is_bare_date(p))
    };
    // Anywhere, a picture's credit to one of them: a name, a slash and the site's name
    // ("Sam Carter/Harbour Times").
    let credits_a_name = |line: &str| {
        line.split_once('/').is_some_and(|(who, whose)| {
            is_capitalised(who, 1..=4) && !whose.contains('/') && known.contains(&norm(whose))
        })
    };
    let lines: Vec<&str> = text.split("\n\n").collect();
    // The lines over the story, and the last line.
    let opening = opening_lines(&lines);
    let last = lines.len().saturating_sub(1);
    lines
        .iter()
        .enumerate()
        .filter(|(i, l)| !((*i < opening || (*i == last && *i > 0)) && is_named_line(l)) && !credits_a_name(l))
        .map(|(_, l)| *l)
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A writer's name over the story with the writer's role after a comma or in a box of its
/// own ("Jane Doe, Staff Writer", "Jane Doe Senior reporter") or with the writer's handle
/// ("Jane Doe @janedoe"): a byline without its "By". Or the role alone on the line under
/// the name ("Harbour Affairs Correspondent", "Senior reporter"). (A name alone cannot be
/// told from a heading of capitalised words, "Monitoring Distributed Systems".)
fn is_name_with_role(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    // Two to four words of letters, the first a capital, the last a role.
    let longer_role = |words: &[&str]| words.len() >= 2 && is_role(words);
    let name_then_role =
        (2..words.len()).any(|n| n <= 4 && is_name_alone(&words[..n].join(" ")) && longer_role(&words[n..]));
    let handle = line.trim().rsplit_once(' ').is_some_and(|(name, h)| is_handle(h) && is_name_alone(name.trim()));
    longer_role(&words)
        || name_then_role
        || handle
        || [",", " - ", " – ", " — ", " | "].iter().any(|mark| {
            line.split_once(mark).is_some_and(|(name, role)| {
                let role = role.trim().to_lowercase();
                is_name_alone(name.trim())
                    && ((role.split_whitespace().count() <= 4
                        && role.split_whitespace().any(|w| ROLES.contains(&w))
                        && !role.ends_with('.'))
                        || AGENCIES.contains(&role.as_str())
                        || AGENCY_NAMES.contains(&role.as_str()))
            })
        })
}

/// The words a writer's role ends with ("Senior reporter", "Harbour Affairs Correspondent").
const ROLES: [&str; 8] =
    ["writer", "reporter", "editor", "correspondent", "columnist", "contributor", "staff", "journalist"];

/// Whether words name a writer's role alone: one to four words of letters, the first a
/// capital, the last one of [`ROLES`] ("Reporter", "Senior Editor").
fn is_role(words: &[&str]) -> bool {
    (1..=4).contains(&words.len())
        && words[0].starts_with(char::is_uppercase)
        && words.iter().all(|w| w.chars().all(char::is_alphabetic))
        && words.last().is_some_and(|w| ROLES.contains(&lowercase(w).as_str()))
}

/// Whether a line is only the initials of the desk, the writers or the agencies that made
/// the story, in brackets, as Indonesian newsrooms sign off: "(red)", "(ant/ara)",
/// "(mdk/ded)": one to four groups of two to four lowercase letters. Capitals are an
/// agency's name or a reference ("(AFP)", "[HTTP]"), read elsewhere or left.
fn is_desk_initials(line: &str) -> bool {
    let Some(inner) = line.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
        return false;
    };
    let groups: Vec<&str> = inner.split(['/', ',', ' ', '-']).filter(|g| !g.is_empty()).collect();
    let initials = |g: &&str| (2..=4).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_lowercase());
    (1..=4).contains(&groups.len()) && groups.iter().all(initials)
}

/// Whether a line credits who made the story, part by part, as a wire signs off:
/// "Reporting by Jane Doe in London; Editing by John Smith", "Edited by John Smith". Each
/// part is a job, then a byline ([`is_byline`]); the first opens with a capital.
fn is_newsroom_credits(line: &str) -> bool {
    const JOBS: [&str; 14] = [
        "reporting",
        "additional reporting",
        "editing",
        "edited",
        "writing",
        "compiled",
        "research",
        "graphics",
        "produced",
        "production",
        "design",
        "translated",
        "translation",
        "fact-checking",
    ];
    let line = line.trim().trim_end_matches('.');
    // Wires set them in brackets: "(Reporting by Jane Doe; Editing by Sam Carter)".
    let line = line.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(line);
    // A line that opens in lower case goes on from a sentence ("… with code produced by
    // GCC 11.").
    line.starts_with(char::is_uppercase)
        && line.split(';').map(str::trim).all(|part| {
            JOBS.iter().any(|job| {
                strip_prefix_ignoring_case(part, job)
                    .is_some_and(|rest| rest.starts_with(" by ") && is_byline(&rest[1..]))
            })
        })
}

/// How a note that the story draws on a news agency's or a wire's reports opens ("Mit
/// Material von dpa", "Con información de EFE", "With files from The Canadian Press").
const WIRE_CREDITS: [&str; 16] = [
    "with reporting from",
    "additional reporting by",
    "con agenzie",
    "по материалам",
    "mit material von",
    "mit material der",
    "con información de",
    "con informaciones de",
    "con agencias",
    "com agências",
    "com informações da",
    "com informações de",
    "com informações do",
    "met medewerking van",
    "with files from",
    "avec agences",
];

/// How a note that others reported the story ends ("… contributed to this report", or
/// "… from Cairo" after it), in the languages of the web.
static CONTRIBUTED: Phrases = Phrases::new(concat!(
    "contributed to this report\n",
    "contributed to this story\n",
    "contributed to this article\n",
    "contributed reporting\n",
    "trugen zu diesem bericht bei\n",
    "a contribué à cet article\n",
    "ont contribué à cet article\n",
    "contribuyó a este reportaje",
));

/// A credit to a newsroom, a desk or an agency as a whole, alone on its line ("Staff
/// Report", "From staff reports", "The Associated Press", "La Redacción", "Redaktion").
const DESK_CREDITS: &str = concat!(
    "staff report\n",
    "staff reports\n",
    "from staff reports\n",
    "staff and wire reports\n",
    "from staff and wire reports\n",
    "wire reports\n",
    "from wire reports\n",
    "wire services\n",
    "staff writer\n",
    "staff writers\n",
    "editorial staff\n",
    "news desk\n",
    "web desk\n",
    "online desk\n",
    "digital desk\n",
    "the associated press\n",
    "associated press\n",
    "agence france-presse\n",
    "redacción\n",
    "la redacción\n",
    "redaktion\n",
    "die redaktion\n",
    "redakcja\n",
    "redazione\n",
    "la redazione\n",
    "rédaction\n",
    "la rédaction\n",
    "redação\n",
    "da redação\n",
    "redactie\n",
    "de redactie\n",
    "редакция\n",
    "redaksi\n",
    "tim redaksi\n",
);

/// News agencies by the one word their credits give them ("(dpa)", "Le Monde avec AFP",
/// "Jane Doe, ANP"); [`AGENCY_NAMES`] are their names in full.
const AGENCIES: [&str; 25] = [
    "afp",
    "ap",
    "reuters",
    "dpa",
    "efe",
    "ansa",
    "apa",
    "sda",
    "kna",
    "epd",
    "belga",
    "anp",
    "tt",
    "ntb",
    "pap",
    "ctk",
    "mti",
    "lusa",
    "stt",
    "ritzau",
    "bloomberg",
    "upi",
    "тасс",
    "риа",
    "укрінформ",
];

/// News agencies by their names in full, as a byline gives them after the writer's ("Jane
/// Doe, The Associated Press").
const AGENCY_NAMES: [&str; 3] = ["the associated press", "associated press", "agence france-presse"];

/// A label over a story that says what kind of piece it is ("Analysis", "Live", "Watch"):
/// at the story's top only, where no section's heading of one word stands.
fn is_kicker_label(line: &str) -> bool {
    static KICKERS: Labels = Labels::new(concat!(
        "analysis\n",
        "news analysis\n",
        "live\n",
        "live updates\n",
        "listen\n",
        "watch\n",
        "explainer\n",
        "interview\n",
        "review\n",
        "feature\n",
        "features\n",
        "commentary\n",
        "editorial\n",
        "column\n",
        "perspective\n",
        "fact check\n",
        "investigation\n",
        "podcast\n",
        "video\n",
        "photos\n",
        "gallery\n",
        "update\n",
        "developing\n",
        "developing story\n",
        "just in\n",
        // A paywall's badge over the story: "Premium", "SZ Plus" reads "Plus".
        "premium\n",
        "plus\n",
        "abonnés\n",
        "réservé aux abonnés\n",
        "für abonnenten\n",
        "solo para suscriptores\n",
        "exclusivo para assinantes\n",
        "exklusiv\n",
        "exclusif\n",
        "exclusivo\n",
        "analyse\n",
        "kommentar\n",
        "meinung\n",
        "análisis\n",
        "opinión\n",
        "entrevista\n",
        "analisi\n",
        "commento\n",
        "intervista\n",
        "opinião\n",
        "análise\n",
        "analiza\n",
        "komentarz\n",
        "opinia\n",
        "wywiad\n",
        "анализ\n",
        "мнение\n",
        "интервью\n",
        "комментарий\n",
    ));
    let label = lowercase(line.trim().trim_matches(|c: char| !c.is_alphanumeric()));
    KICKERS.contains(&label)
}

/// A staff photographer's credit: a name, a slash and "Staff" ("Jane Doe/Staff", "Jane
/// Doe/Staff Photographer"); not "students/staff".
fn credits_staff(text: &str) -> bool {
    text.rsplit_once('/').is_some_and(|(who, role)| {
        matches!(lowercase(role.trim()).as_str(), "staff" | "staff photographer" | "staff photo")
            && is_name(who.trim(), 1..=4)
    })
}

/// A credit to a paper's staff as a whole, over its story: "Harbour Times Staff" (a name
/// in capitals of at most five words, the last "Staff").
fn is_staff_credit(line: &str) -> bool {
    is_capitalised(line, 2..=5) && line.split_whitespace().last().is_some_and(|w| w.eq_ignore_ascii_case("staff"))
}

/// A line of a story's particulars set side by side: a writer, a date, a reading time, a
/// button ("Mar 5, 2024 · 4 min read", "Jane Doe · Follow", "Jane Doe | March 5, 2024").
/// Two parts or more between marks, each of them a name or a line of furniture, one at
/// least not a name ("Monitoring Distributed Systems | Google SRE" is a heading).
fn is_particulars_line(line: &str) -> bool {
    const MARKS: [&str; 6] = [" · ", " | ", " • ", " — ", " – ", " - "];
    if line.chars().count() > 120 {
        return false;
    }
    let parts = parts_between(line, &MARKS);
    // A time of day after a date, set off by its own mark: "4 abr 2024 - 10:15 CEST".
    let time = |p: &str| {
        let mut words = p.split_whitespace();
        words.next().is_some_and(|w| has_clock_time(w) && w.chars().all(|c| c.is_ascii_digit() || c == ':'))
            && words.clone().count() <= 2
            && words.all(|w| w.chars().count() <= 4 && w.chars().all(char::is_alphabetic))
    };
    let furniture =
        |p: &str| is_furniture_line(p) || is_bare_date(p) || time(p) || is_byline(p) || is_name_with_role(p);
    // A role stands between a name and the rest: "Jane Doe · Reporter · Published March 5, 2024".
    let role = |p: &str| is_role(&p.split_whitespace().collect::<Vec<_>>());
    parts.len() >= 2
        && parts.iter().all(|p| is_name_alone(p) || role(p) || furniture(p))
        && parts.iter().any(|p| furniture(p))
}

/// A writer's particulars run together over the story, with no mark between them, as the
/// boxes of a byline set side by side read: "Jane Doe Senior reporter March 5, 2024 4 min
/// read", "Jane Doe 5 March 2024 · 2 hours ago". The particulars at its end (a date, a
/// reading time, a button, a mark before one of them), taken off one by one, leave the
/// writer: a name or names, a byline, or a name and a role.
fn is_particulars_run(line: &str) -> bool {
    // The furniture a byline's boxes hold (not a number or a mark alone: "Test Case 1").
    const PARTICULARS: [&str; 8] =
        ["date", "publication", "relative time", "duration", "counter", "button", "follow prompt", "share control"];
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() > 16 {
        return false;
    }
    let mut end = words.len();
    // The longest tail first: "March 5, 2024" before "2024".
    while let Some(k) = (1..end.min(9)).rev().find(|&k| {
        let tail = words[end - k..end].join(" ");
        is_bare_date(&tail)
            || furniture_kind(&tail).is_some_and(|kind| PARTICULARS.contains(&kind))
            || (end < words.len() && !tail.contains(char::is_alphanumeric))
    }) {
        end -= k;
    }
    end < words.len() && {
        let writer = words[..end].join(" ");
        is_name_alone(&writer) || is_names_alone(&writer) || is_byline(&writer) || is_name_with_role(&writer)
    }
}

/// A date and then a byline, as blog themes set them over a post: "March 5, 2024 by Jane
/// Doe", "5 mars 2024 par Jean Dupont", "05.03.2024 | Von Anna Schmidt".
fn is_dated_byline(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() <= 16
        && (2..words.len()).any(|k| {
            let date = words[..k].join(" ");
            is_bare_date(date.trim_end_matches([',', '·', '|', '•', '—', '–', '-', '/']).trim_end())
                && is_byline(&words[k..].join(" "))
        })
}

/// A line that is a date and nothing else ("March 5, 2019", "Tuesday, 5 March 2019",
/// "Tuesday, March 3rd 2020", "05.03.2024", "Mar 5, 2019 at 3:45 pm", "Domingo, 5 de mayo
/// de 2024", "2024年5月5日 10時32分"): a story's date over it or under it, where no
/// markup named it. A month's name (or a date in numbers) and a year, with only a day's
/// name, numbers, a time of day and the little words that join them.
pub(super) fn is_bare_date(line: &str) -> bool {
    // The little words between a date's parts, and the time zones a date line names ("5 May
    // 2024 | 10:32 IST").
    const JOINS: [&str; 30] = [
        "at", "um", "à", "a", "de", "del", "of", "the", "le", "am", "pm", "uhr", "h", "às", "alle", "om", "в", "года",
        "г", "ist", "gmt", "utc", "cet", "cest", "bst", "edt", "pst", "jst", "kl", "klo",
    ];
    static DAYS: Labels = Labels::new(concat!(
        "monday\n",
        "tuesday\n",
        "wednesday\n",
        "thursday\n",
        "friday\n",
        "saturday\n",
        "sunday\n",
        "mon\n",
        "tue\n",
        "tues\n",
        "wed\n",
        "thu\n",
        "thur\n",
        "thurs\n",
        "fri\n",
        "sat\n",
        "sun\n",
        // German writes a day's name in two letters: "Di 05.03.2024".
        "mo\n",
        "di\n",
        "mi\n",
        "do\n",
        "fr\n",
        "sa\n",
        "so\n",
        "montag\n",
        "dienstag\n",
        "mittwoch\n",
        "donnerstag\n",
        "freitag\n",
        "samstag\n",
        "sonntag\n",
        "lundi\n",
        "mardi\n",
        "mercredi\n",
        "jeudi\n",
        "vendredi\n",
        "samedi\n",
        "dimanche\n",
        "lunes\n",
        "martes\n",
        "miércoles\n",
        "jueves\n",
        "viernes\n",
        "sábado\n",
        "domingo\n",
        "lunedì\n",
        "martedì\n",
        "mercoledì\n",
        "giovedì\n",
        "venerdì\n",
        "sabato\n",
        "domenica\n",
        "segunda-feira\n",
        "terça-feira\n",
        "quarta-feira\n",
        "quinta-feira\n",
        "sexta-feira\n",
        "maandag\n",
        "dinsdag\n",
        "woensdag\n",
        "donderdag\n",
        "vrijdag\n",
        "zaterdag\n",
        "zondag\n",
        "понедельник\n",
        "вторник\n",
        "среда\n",
        "четверг\n",
        "пятница\n",
        "суббота\n",
        "воскресенье\n",
        "måndag\n",
        "tisdag\n",
        "onsdag\n",
        "torsdag\n",
        "fredag\n",
        "lördag\n",
        "söndag\n",
        "mandag\n",
        "tirsdag\n",
        "lørdag\n",
        "søndag\n",
        "maanantai\n",
        "tiistai\n",
        "keskiviikko\n",
        "torstai\n",
        "perjantai\n",
        "lauantai\n",
        "sunnuntai\n",
        "poniedziałek\n",
        "wtorek\n",
        "środa\n",
        "czwartek\n",
        "piątek\n",
        "sobota\n",
        "niedziela\n",
    ));
    let line = &*ascii_digits(line);
    let lower = lowercase(line.trim());
    // Chinese and Japanese write a date in numbers and its signs, with a day's name in
    // brackets: "2024年5月5日 10時32分", "2024年5月5日(日) 10:32", "2024年5月5日 星期日".
    const CJK_SIGNS: &str = "年月日時时分秒:：()（）火水木金土星期一二三四五六天周";
    if lower.contains('年')
        && lower.contains('月')
        && lower.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || CJK_SIGNS.contains(c))
    {
        return names_a_year(&digit_runs(line));
    }
    let tokens: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',' || c == '،')
        .map(|t| t.trim_matches(|c: char| matches!(c, '.' | '|' | '·' | '-' | '–' | '—')))
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() || tokens.len() > 8 {
        return false;
    }
    let is_month = |t: &str| t.chars().count() <= 9 && t.chars().all(char::is_alphabetic) && opens_a_month(t);
    // A time of day, "17:42", "5:42pm", or with a full stop as British papers write it,
    // "17.42", or an "h" as French and Portuguese papers do, "10h32".
    let clock = |t: &str| {
        let t = t.trim_end_matches(['a', 'p', 'm', '.']);
        t.split_once([':', '.', 'h']).is_some_and(|(h, m)| h.len() <= 2 && m.len() == 2 && is_digits(h) && is_digits(m))
    };
    let (mut month, mut numeric, mut other) = (false, false, 0);
    for t in &tokens {
        if is_month(t) {
            month = true;
        } else if is_numeric_date(t) {
            numeric = true;
        } else if is_digits(t)
            || is_ordinal(t)
            || clock(t)
            || JOINS.contains(t)
            || DAYS.contains(t)
            || matches!(*t, "a.m" | "p.m")
        {
            continue;
        } else if is_other_script_word(t) {
            other += 1;
        } else {
            return false;
        }
    }
    let runs = digit_runs(line);
    // In another script, a day's name and a month's at most, with a day's number and a
    // year, or a date in numbers: "سه‌شنبه ۱۲ مرداد ۱۴۰۳", "12 मई 2024".
    match other {
        0 => numeric || (month && names_a_year(&runs)),
        1 | 2 => !month && (numeric || (names_a_day(&runs) && names_a_calendar_year(&runs))),
        _ => false,
    }
}

/// Whether a word is a day's number written in English as an ordinal: "1st", "22nd",
/// "3rd", "14th".
fn is_ordinal(token: &str) -> bool {
    ["st", "nd", "rd", "th"].iter().any(|s| token.strip_suffix(s).is_some_and(|day| day.len() <= 2 && is_digits(day)))
}

/// Two names or more and nothing else, as a byline without its "By" gives them: "Jane Doe
/// and John Smith", "Jane Doe, John Smith & Sam Carter".
fn is_names_alone(line: &str) -> bool {
    line.chars().count() <= 120 && {
        let parts = parts_between(line, &[" and ", " & ", ", "]);
        parts.len() >= 2 && parts.iter().all(|p| is_name_alone(p))
    }
}

/// Whether a line is only a person's name: two to four words ([`is_name`]).
fn is_name_alone(line: &str) -> bool {
    is_name(line, 2..=4)
}

/// Whether a text is a person's name of so many words, each opening with a capital, of
/// letters (an initial's full stop, a hyphen or an apostrophe inside), at most forty
/// characters ("Minh Anh", "Jean-Luc Martin", "J. R. Smith"); not a title in title case
/// ("By Land And Sea": a name has none of English's little words, but "An" last, a given
/// name in Vietnamese, "Nguyễn Văn An", which no English title ends with).
fn is_name(text: &str, words: RangeInclusive<usize>) -> bool {
    const LITTLE: [&str; 12] = ["A", "An", "And", "At", "By", "For", "From", "In", "Of", "On", "The", "To"];
    let letters = |w: &str| w.chars().all(|c| c.is_alphabetic() || matches!(c, '.' | '-' | '\'' | '’'));
    let count = text.split_whitespace().count();
    text.chars().count() <= 40
        && is_capitalised(text, words)
        && text
            .split_whitespace()
            .enumerate()
            .all(|(i, w)| letters(w) && (!LITTLE.contains(&w) || (w == "An" && i + 1 == count && i > 0)))
}

/// Whether a text is so many words, each opening with a capital: a name, a section's
/// ("World News") or a role's ("Harbour Affairs Correspondent").
fn is_capitalised(text: &str, words: RangeInclusive<usize>) -> bool {
    let mut count = 0;
    text.split_whitespace().all(|w| {
        count += 1;
        w.starts_with(char::is_uppercase)
    }) && words.contains(&count)
}

/// The lines without a label a widget repeats: the same few words (three to ten, not a
/// sentence) three or more times in a row, as a gallery's title over each of its slides.
/// One or two repeats, a sentence, and a word alone (a table's cells) stay.
pub(super) fn without_repeated_labels<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let is_label = |l: &str| {
        let words = l.split_whitespace().count();
        (3..=10).contains(&words) && !l.trim_end().ends_with(|c| SENTENCE_MARKS.contains(&c) || matches!(c, '"' | '”'))
    };
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..].iter().take_while(|l| **l == lines[i]).count();
        if run < 3 || !is_label(lines[i]) {
            out.extend_from_slice(&lines[i..i + run]);
        }
        i += run;
    }
    out
}

/// Paragraphs trimmed, whitespace inside them collapsed, separated by one blank line.
pub fn tidy_text(text: &str) -> String {
    text.split('\n').map(collapse).filter(|p| !p.is_empty()).collect::<Vec<_>>().join("\n\n")
}
