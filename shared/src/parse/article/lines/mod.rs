//! The lines of an article's text that are not prose: labels left alone once their links
//! are cut, credits, counters, rights notices, publication lines, paywall notices.
//!
//! Here: the passes over a text ([`without_furniture_lines`] and the others) and the table
//! of rules that names each kind of furniture line ([`furniture_kind`]). What the rules
//! know is kept by concern: [`controls`] (buttons, pagers, counters, ad slots), [`links`]
//! (labels over links: sections, tags, teasers), [`credits`] (bylines, credits, writers),
//! [`dates`] and [`prompts`] (what a site asks of its readers).

use super::*;
use std::borrow::Cow;
use std::ops::RangeInclusive;
use std::sync::OnceLock;

use crate::parse::labels::Labels;

mod controls;
mod credits;
mod dates;
mod links;
mod prompts;

pub(super) use self::controls::*;
pub(super) use self::credits::*;
pub(super) use self::dates::*;
pub(super) use self::links::*;
use self::prompts::*;

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

/// How a reply's subject line opens, over a forum post or a mail ("Re: …", German "AW:",
/// Scandinavian "SV:"), lower case.
pub(super) const REPLY_SUBJECTS: [&str; 4] = ["re:", "re :", "aw:", "sv:"];

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
    ("reply subject", |l| l.chars <= 120 && l.words <= 15 && REPLY_SUBJECTS.iter().any(|r| l.lower.starts_with(r))),
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

/// How many sentences a line has: the sentence marks that end it or stand before a space
/// ("paper.test" and "3.5" end none).
pub(super) fn sentence_count(line: &str) -> usize {
    let line = line.trim_end();
    line.match_indices(['.', '!', '?'])
        .filter(|(i, _)| line[i + 1..].is_empty() || line[i + 1..].starts_with(char::is_whitespace))
        .count()
}

/// Whether a line opens with these words, whole ("Have a tip?", not "Have a tipple").
pub(super) fn opens_with_words(line: &str, words: &str) -> bool {
    line.strip_prefix(words).is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
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
    // An address under a line that announces it ("…a mailbox for your accounts:", then
    // "accounts@union.test") is what the story gives, not a writer's sign-off.
    let announced = |i: usize| i > 0 && all[i - 1].trim_end().ends_with([':', '：']);
    let furniture: Vec<bool> = all
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let kind = furniture_kind(l).filter(|&k| !(k == "e-mail sign-off" && announced(i)));
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
