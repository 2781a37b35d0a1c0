//! The article's title: a site's name cut from a page's own `<title>`, the meta tags
//! Readability reads a declared title from.

use super::*;

pub(super) use crate::parse::norm;
use crate::parse::spells_in_ascii;

pub(super) const TITLE_SEPARATORS: [&str; 19] = [
    " | ", " -- ", " - ", " — ", " – ", " :: ", " · ", " • ", " ~ ", " » ", " « ", " › ", " ‹ ", " > ", " // ", " / ",
    " ｜ ", " : ", "-",
];

/// The separators with spaces round them but " : ", which may join a headline's own parts
/// ("Harbour wall: repair approved").
fn spaced_separators() -> impl Iterator<Item = &'static str> {
    TITLE_SEPARATORS.into_iter().filter(|s| !matches!(*s, " : " | "-"))
}

/// Whether a separator is a dash between spaces, which also sets parts of a headline off
/// ("Dune - Part Two - review: …").
fn is_dash(sep: &str) -> bool {
    matches!(sep, " -- " | " - " | " — " | " – " | " ~ ")
}

/// Whether a separator is a bar or a sign like one between spaces, which no headline is
/// written with ("Headline | Site", "Headline :: Site").
fn is_bar(sep: &str) -> bool {
    matches!(sep, " | " | " ｜ " | " :: " | " // ")
}

/// The separators a CJK site glues its name on with, no spaces round them ("丨" is a
/// character drawn as a bar, written as one: "标题丨港口日报"). A full-width colon sets off
/// only a name known as a site's ("見出し：日本経済新聞"): a headline's own parts are set off
/// with one too ("首相：「…」").
const GLUED: [char; 6] = ['-', '_', '|', '｜', '丨', '：'];

/// The small words a name is written with between its own ("Il Giornale del Porto", "Jornal
/// de Notícias", Greek's "η", "των", "και" and Russian's "и" as they are romanized), which an
/// abbreviation of it may leave out ("jn": Jornal de Notícias) or keep ("aif": Аргументы и
/// факты).
const PARTICLES: [&str; 22] = [
    "the", "of", "and", "de", "del", "della", "di", "la", "le", "du", "des", "der", "van", "von", "do", "i", "o", "to",
    "ton", "tis", "tou", "kai",
];

/// Whether a host name abbreviates a site's name: made of a beginning of each of its words
/// in order ("nytimes": The New York Times, "wsj": The Wall Street Journal, "nzz": Neue
/// Zürcher Zeitung, "jn": Jornal de Notícias; a name in Cyrillic or Greek letters as they
/// are romanized, "kp": Комсомольская правда, "efsyn": Εφημερίδα των Συντακτών), with or
/// without its [`PARTICLES`]; two to six words besides those.
pub(super) fn abbreviates(host_core: &str, name: &str) -> bool {
    /// Each word gives a beginning of itself, in order; a particle may give none.
    fn fits(rest: &[u8], words: &[(String, bool)]) -> bool {
        match words.split_first() {
            None => rest.is_empty(),
            Some(((w, particle), more)) => (usize::from(!particle)..=w.len().min(rest.len()))
                .any(|n| rest[..n] == w.as_bytes()[..n] && fits(&rest[n..], more)),
        }
    }
    let words: Vec<(String, bool)> = name
        .split_whitespace()
        .map(norm)
        .map(|w| if w.is_ascii() { w } else { crate::parse::romanize(&w).unwrap_or(w) })
        .filter(|w| !w.is_empty())
        .map(|w| {
            let particle = PARTICLES.contains(&w.as_str());
            (w, particle)
        })
        .collect();
    let named = words.iter().filter(|(_, particle)| !particle).count();
    (2..=6).contains(&named) && words.len() <= 10 && fits(host_core.as_bytes(), &words)
}

/// A title without its site-name prefix or suffix. A part is the site's name when it
/// matches a known name (og:site_name, the publisher, the host) or is short next to a
/// long rest.
pub fn clean_title(title: &str, site_names: &[String], host: &str) -> String {
    // Longer than any headline: a page's text or a hostile page in its title, read as it
    // is (the rules below look at each part against the rest).
    const MAX_CHARS: usize = 1000;
    let t = collapse(title);
    if t.chars().nth(MAX_CHARS).is_some() {
        return t;
    }
    // A page of several: "Headline | Site | Page 2", "Headline - Seite 3".
    if let Some(head) = TITLE_SEPARATORS[..TITLE_SEPARATORS.len() - 1].iter().find_map(|sep| {
        t.rsplit_once(sep).filter(|(h, tail)| is_page_number(tail) && h.chars().count() >= 5).map(|(h, _)| h)
    }) {
        return clean_title(head, site_names, host);
    }
    // An old blog theme's "Site » Blog Archive » Headline": the headline is what follows.
    if let Some(headline) = spaced_separators().find_map(|sep| {
        let (_, rest) = t.split_once(sep)?;
        let rest = strip_prefix_ignoring_case(rest, "blog archive")?.strip_prefix(sep)?;
        (rest.chars().count() >= 3).then_some(rest)
    }) {
        return clean_title(headline, site_names, host);
    }
    // The site's name with the day's date after it: "Headline - РИА Новости, 02.12.2026".
    // The date goes with the name, where the name goes; where it stays, so does the date
    // (the title cleaned without it is the title).
    if let Some((head, date)) = t.rsplit_once(", ")
        && super::lines::is_bare_date(date)
        && spaced_separators().any(|s| head.contains(s))
    {
        let cleaned = clean_title(head, site_names, host);
        return if cleaned.len() < head.len() { cleaned } else { t };
    }
    let host_core = crate::parse::host_core(host);
    // The name the page gives or its host's; or a CJK site's, by its ending ("…网").
    // A host may add "online" to the letters of the site's name: kn-online.test for Kieler
    // Nachrichten.
    let letters = host_core.strip_suffix("online").filter(|c| c.len() >= 2);
    let is_named_site = |part: &str| {
        names_only_the_site(part, site_names, host)
            || (host_core.len() >= 3 && !norm(part).is_empty() && abbreviates(&host_core, part))
            || letters.is_some_and(|c| abbreviates(c, part))
    };
    let is_site = |part: &str| is_named_site(part) || names_a_cjk_site(part) || names_a_blog(part);
    // The site's name in brackets after the headline: "Weekly Edition [LWN.net]", "Chapter 1
    // [Archive of Our Own]", "Harbour wall approved (Port Times)".
    for (open, close) in [(" [", ']'), (" (", ')')] {
        if let Some((head, tail)) = t.strip_suffix(close).and_then(|r| r.rsplit_once(open))
            && is_site(tail)
            && head.chars().count() >= 5
        {
            return clean_title(head, site_names, host);
        }
    }
    // Or after "on" or "at", as sites that host others' work title a page ("Harbour at dusk
    // on Flickr", "Launch film on Vimeo", "Bridge opens at Port Times"): only where what
    // follows names the site ("Shooting at school" stays), after two words or more.
    for word in [" on ", " at "] {
        if let Some((head, tail)) = t.rsplit_once(word)
            && head.split_whitespace().count() >= 2
            && names_only_the_site(tail, site_names, host)
        {
            return clean_title(head, site_names, host);
        }
    }
    // Or after a colon (a bare one: not half of " :: ", not " : "), its name as the page or
    // its host gives it:
    // - its address, after the sections of the site before it (two or more, of a word or
    //   two each), as some portals chain them: "Сенат одобрил реформу: Политика: Россия:
    //   Lenta.ru". One such part before the address may be the headline's own ("Interview:
    //   Jane Doe: Port.test" keeps "Interview: Jane Doe"), unless what comes before it
    //   reads as a headline, of three words or more ("Сенат одобрил реформу: Политика:
    //   Lenta.ru");
    // - its name, after a headline of three words or more: "Harbour wall repair approved:
    //   Port Times" on porttimes.test (a shorter head may be a label the name answers:
    //   "Interview: Port Times").
    if let Some((head, tail)) = t.rsplit_once(": ")
        && !head.ends_with([':', ' '])
        && names_only_the_site(tail, site_names, host)
    {
        if tail.contains('.') && head.chars().count() >= 5 {
            let parts: Vec<&str> = head.split(": ").collect();
            let sections =
                parts.iter().skip(1).rev().take_while(|p| (1..=2).contains(&p.split_whitespace().count())).count();
            let before = parts.len() - sections;
            let reads_as_headline = parts[..before].iter().map(|p| p.split_whitespace().count()).sum::<usize>() >= 3;
            let head = if sections >= 2 || (sections == 1 && reads_as_headline) {
                parts[..before].join(": ")
            } else {
                head.to_owned()
            };
            return clean_title(&head, site_names, host);
        }
        if !tail.contains('.') && head.split_whitespace().count() >= 3 {
            return clean_title(head, site_names, host);
        }
    }
    // Or in brackets before it: "[LWN.net] Weekly Edition", "【港口日报】标题". (A bare colon
    // after a name stays: "Valley Herald: Bridge opens" may be a headline's own parts.)
    for (open, close) in [("[", "] "), ("【", "】")] {
        if let Some((head, tail)) = t.strip_prefix(open).and_then(|r| r.split_once(close))
            && is_site(head)
            && tail.trim().chars().count() >= 5
        {
            return clean_title(tail.trim(), site_names, host);
        }
    }
    // A colon after the name the site declares ("Port Daily: Headline"), or after its
    // host's name written out in two words or more ("The Coast Gazette: Headline" on
    // coastgazette.test; one word may be a place a headline opens with, "Boston: …").
    // After another name it may be the headline's own ("Valley Herald: Bridge opens").
    if let Some((head, tail)) = t.split_once(": ")
        && (site_names.iter().any(|s| norm(s) == norm(head))
            || (head.split_whitespace().count() >= 2 && is_named_site(head)))
        && tail.split_whitespace().count() >= 4
    {
        return clean_title(tail.trim(), site_names, host);
    }
    // A site's tagline after its name: "Headline – The Gazette – Local news for the coast".
    // The headline is the first part: three words or more, or longer than the last (not a
    // section's name before it, "Local – The Gazette – Rain returns").
    // Else a chain of three parts or more with one headline among short labels: "News »
    // Local » Headline", "Local | Headline | The Gazette", "Gazette - Local - Headline". A
    // dash also sets parts of a headline off ("Dune - Part Two - review: …"), so a chain of
    // dashes counts only when one of its parts is the site's name.
    let words = |p: &str| p.split_whitespace().count();
    // Whether the part before a site's name reads as the headline beside its tagline after
    // it: longer than a section's name of a word or two, or than the tagline.
    let reads_as_headline = |head: &str, tagline: &str| words(head) >= 3 || words(head) > words(tagline);
    // The site's name may carry its tagline after another separator, when the part before
    // reads as the headline, as above: "Headline | The Gazette - Local news for the coast"
    // (not "Opinion | The Gazette - Why the wall is a mistake").
    // Or writes the site's address out after a short name of it: "Headline | NU - Het
    // laatste nieuws het eerst op NU.nl" on nu.nl.
    let writes_address = |tail: &str| {
        tail.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            w.contains('.') && names_only_the_site(w, site_names, host)
        })
    };
    // Or, the other way round, the name comes after a short form of it or a section's
    // name: "Headline | KN - Kieler Nachrichten", "Headline | Sport - Port Times".
    let site_named = |head: &str, tail: &str| {
        is_site(tail)
            || writes_address(tail)
            || spaced_separators().any(|s| {
                tail.split_once(s).is_some_and(|(name, tagline)| is_site(name) && reads_as_headline(head, tagline))
                    || tail
                        .rsplit_once(s)
                        .is_some_and(|(short, name)| words(short) <= 2 && !numbers_a_part(short) && is_site(name))
            })
    };
    // A part that, on its own, is the site's name with any of these (a part of four words
    // or more reads as a headline beside any tagline).
    let names_site = |part: &str| site_named(part, part);
    for sep in spaced_separators() {
        let parts: Vec<&str> = t.split(sep).map(str::trim).collect();
        if parts.len() < 3 {
            continue;
        }
        // "Harbour wall approved | Port Times | Your local news source", also with sections
        // of a word or two before the name ("Harbour wall approved | News | Port Times |
        // Serving the coast since 1901").
        if let Some(at) = (1..parts.len() - 1).find(|&i| is_site(parts[i]))
            && parts[1..at].iter().all(|p| words(p) <= 2 && !numbers_a_part(p))
            && reads_as_headline(parts[0], &parts[at + 1..].join(sep))
        {
            return clean_title(parts[0], site_names, host);
        }
        // The site's name with its short form or tagline is no headline, however long
        // ("Hafenmauer genehmigt | Kiel | KN - Kieler Nachrichten").
        let long: Vec<usize> = (0..parts.len()).filter(|&i| words(parts[i]) >= 4 && !names_site(parts[i])).collect();
        let dash = is_dash(sep);
        if let [at] = long[..]
            && (!dash || parts.iter().any(|p| is_site(p)))
        {
            // With the part of a series it is ("Harbour wall repair approved - Part 2").
            return match parts.get(at + 1).filter(|p| numbers_a_part(p)) {
                Some(part) => [parts[at], part].join(sep),
                None => parts[at].to_owned(),
            };
        }
    }
    // A separator written twice ("Headline--Site") goes whole.
    let is_glue = |c: char| GLUED.contains(&c) || c.is_whitespace();
    for sep in TITLE_SEPARATORS {
        // The site's address is set off all the same ("Headline-CSDN.NET").
        if sep == "-" && t.rsplit_once(sep).is_some_and(|(h, tl)| joins_words(h, tl) && !tl.contains('.')) {
            continue;
        }
        // A head of under five characters stays with the name unless the name is the one
        // the page gives ("HTTP | Node.js Documentation", "Path - The Quay Manual").
        if let Some((head, tail)) = t.rsplit_once(sep)
            && site_named(head, tail)
            && (head.chars().count() >= 5
                || (!norm(head).is_empty() && site_names.iter().any(|s| norm(s) == norm(tail))))
        {
            let head = head.trim_end_matches(is_glue);
            // A section's name of a word or two between the headline and the site's: "Fish
            // Stew - Recipes - Salt and Thyme". (Where it is the headline's own, "Dune -
            // Part Two", the page's heading says so: [`cut_into_heading`].) Past a bar or
            // another sign no headline is written with, every such name goes ("Hafenmauer
            // genehmigt | Kiel | Nachrichten | Kieler Nachrichten"); past a dash, one
            // ("Bayern München - Borussia Dortmund - Live - Site" is a match's).
            let dash = is_dash(sep);
            let mut head = head;
            while sep != "-"
                && let Some((h, section)) = head.rsplit_once(sep)
                && section.split_whitespace().count() <= 2
                && h.split_whitespace().count() >= 2
                && !numbers_a_part(section)
            {
                head = h;
                if dash {
                    break;
                }
            }
            return clean_title(head, site_names, host);
        }
        if let Some((head, tail)) = t.split_once(sep)
            && is_site(head)
            && tail.chars().count() >= 5
        {
            return clean_title(tail.trim_start_matches(is_glue), site_names, host);
        }
    }
    // Unknown names: a short last part after a clear separator, next to a long title.
    // CJK sites glue their name on without spaces: "标题-新华网", "見出し｜日経", and
    // put a section before it ("标题_科技_腾讯网"), or their address after it
    // ("标题_长江网_cjn.cn"); every such part goes, and a separator written twice
    // ("标题--文化--人民网") goes whole.
    let mut head = t.as_str();
    while let Some(shorter) = GLUED.iter().find_map(|sep| {
        let (h, tail) = head.rsplit_once(*sep)?;
        let (h, tail) = (h.trim_end_matches(is_glue), tail.trim());
        let (hc, tc) = (h.chars().count(), tail.chars().count());
        let short = *sep != '：' && (1..=8).contains(&tc) && tail.chars().all(|c| !c.is_ascii()) && hc >= 3 * tc;
        // A hyphen or an underscore may join two words; a bar never does.
        let joined = matches!(sep, '-' | '_') && joins_words(h, tail);
        let site = hc >= 5 && (!joined || tail.contains('.')) && is_site(tail);
        (short || site).then_some(h)
    }) {
        head = shorter;
    }
    if head.len() < t.len() {
        return head.to_owned();
    }
    // Breadcrumb titles ("Story » Local » News » Site") lose every such part. A part of
    // three or four words goes beside a shorter head too when it is written as a name
    // ("Headline - Il Giornale del Porto"), which a headline's own last words are not
    // ("… - and traders are furious").
    let named = |part: &str| {
        part.split_whitespace()
            .all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) || PARTICLES.contains(&w))
    };
    for sep in spaced_separators() {
        let mut head = t.as_str();
        // Whether the title's last part, the first cut, is a web address.
        let mut address_cut = false;
        while let Some((h, tail)) = head.rsplit_once(sep) {
            let (hw, tw) = (h.split_whitespace().count(), tail.split_whitespace().count());
            // A headline written without spaces is one word however long: beside a name in
            // Latin letters ("見出し - ITmedia NEWS"), two of its characters count as one.
            let hw = if named(tail) && tail.contains(|c: char| c.is_ascii_alphabetic()) {
                hw.max(h.chars().filter(|&c| crate::search::is_cjk(c)).count() / 2)
            } else {
                hw
            };
            // A news outlet's name, or what such a site calls its pages, goes after a
            // headline of two words too: "Deprem korkuttu - Son Dakika Haberleri", "Storm
            // hits - Sky News".
            // Whether this is the title's last part, the first cut.
            let last = head.len() == t.len();
            let news = last && hw >= 2 && named(tail) && names_news(tail);
            // A bar sets off no word of a headline's own: one word after it goes beside a
            // headline of three ("항만 방파제 승인 | 머니투데이").
            let barred = last && is_bar(sep) && hw >= 3 && tw == 1;
            if tw <= 4
                && (news || barred || (hw >= 4 && (hw >= tw * 2 || (hw >= tw + 3 && named(tail)))))
                && !numbers_a_part(tail)
            {
                address_cut = last && is_web_address(tail.trim());
                head = h.trim();
            } else {
                break;
            }
        }
        // A site's address is no part of a headline, so a section's name of a word or two
        // between them goes with it, as beside a known site's name: "Hafenmauer wird
        // genehmigt - Stadt Kiel - SZ.de", the host being another.
        if address_cut
            && let Some((h, section)) = head.rsplit_once(sep)
            && section.split_whitespace().count() <= 2
            && h.split_whitespace().count() >= 3
            && !numbers_a_part(section)
        {
            head = h.trim();
        }
        if head.len() < t.len() {
            // A section's label may stand before it still: "Opinion | Headline - Port Times";
            // or the site's name, its sections cut after it: "Headline | NDR.de - Nachrichten
            // - Schleswig-Holstein".
            let head = after_label(head).unwrap_or(head);
            let named_last = spaced_separators()
                .find_map(|s| head.rsplit_once(s).filter(|(h, tail)| is_site(tail) && h.chars().count() >= 5));
            return named_last.map_or(head, |(h, _)| h.trim()).to_owned();
        }
    }
    // The rest may still hold the site's name: "Opinion | The Gazette - Headline".
    after_label(&t).map_or(t.clone(), |rest| clean_title(rest, site_names, host))
}

/// Whether a part of a title is a web address written as a name: labels of letters, digits
/// or hyphens between dots, the last of two to six letters ("SZ.de", "PortTimes.com",
/// "abc.net.au"); not a version ("0.17") or a sentence's end.
fn is_web_address(part: &str) -> bool {
    let labels: Vec<&str> = part.split('.').collect();
    let tld = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && (2..=6).contains(&tld.len())
        && tld.bytes().all(|b| b.is_ascii_alphabetic())
        && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

/// The headline after a site's or a section's name and a bar: "Port Daily | Headline",
/// "Opinion | Headline". Not after a dash or a slash, which join a headline's own parts
/// ("Ukraine - Russia talks resume", "AC / DC play the harbour").
fn after_label(title: &str) -> Option<&str> {
    [" | ", " :: ", " » ", " › ", " > ", " ｜ "].iter().find_map(|sep| {
        let (h, tail) = title.split_once(sep)?;
        let (hw, tw) = (h.split_whitespace().count(), tail.split_whitespace().count());
        (hw <= 3 && tw >= 4 && tw >= hw * 2 && !tail.contains(sep)).then(|| tail.trim())
    })
}

/// Whether a hyphen with no spaces round it, between `head` and `tail`, joins a word: it
/// does in scripts written with spaces ("Haustechnik-Forum", "Jean-Pierre"); it sets a
/// site's name off only next to a character of a script written without them
/// ("标题-新华网") or a non-letter.
fn joins_words(head: &str, tail: &str) -> bool {
    let glued = |c: Option<char>| c.is_some_and(|c| c.is_alphabetic() && !crate::search::is_cjk(c));
    glued(head.chars().next_back()) && glued(tail.chars().next())
}

/// Whether a part of a title numbers the part of a series a story is, which belongs to its
/// headline: "Part 2", "Part Two", "Teil 3", "Episode 4", "Chapter IV", "Vol. 2".
fn numbers_a_part(part: &str) -> bool {
    const WORDS: [&str; 18] = [
        "part",
        "teil",
        "partie",
        "parte",
        "deel",
        "chapter",
        "kapitel",
        "chapitre",
        "capítulo",
        "capitolo",
        "episode",
        "épisode",
        "episodio",
        "folge",
        "vol",
        "volume",
        "season",
        "staffel",
    ];
    let words: Vec<String> = part.split_whitespace().map(lowercase).collect();
    (2..=3).contains(&words.len()) && WORDS.contains(&words[0].trim_end_matches('.'))
}

/// Whether a part of a title numbers a page of several: "Page 2", "page 2 of 5", "Seite 3",
/// "Página 2", "Strona 4", "第2页".
fn is_page_number(part: &str) -> bool {
    const WORDS: [&str; 9] = ["page", "seite", "página", "pagina", "strona", "sida", "side", "pag.", "stránka"];
    let lower = lowercase(part.trim());
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    let number = |t: &str| t.len() <= 4 && is_digits(t);
    let cjk = lower.strip_prefix('第').and_then(|r| r.strip_suffix(['页', '頁'])).is_some_and(number);
    cjk || match tokens.as_slice() {
        [w, n] => WORDS.contains(w) && number(n),
        [w, n, "of" | "von" | "de" | "di" | "z" | "av" | "af", m] => WORDS.contains(w) && number(n) && number(m),
        _ => false,
    }
}

/// Whether a title is only the site's name: a known name ([`clean_title`]'s), with or
/// without the article before it ("The Salt Journal" of "Salt Journal", "Der Hafenbote" of
/// hafenbote.test), the host, its first label (accents as the host spells them, "Kāpiti
/// Post" of kapitipost.test) or that and one word ("FOCUS online" of focus.test) or its
/// year of founding or legal form ("TSV Grünwald 1898 e.V." of tsv-gruenwald.test), its
/// domain without the labels before it ("cjn.cn" of "news.cjn.cn") or its first label
/// under another ending ("Port-Times.com" of porttimes.test).
pub(super) fn names_only_the_site(title: &str, site_names: &[String], host: &str) -> bool {
    // A home page's greeting names the site all the same: "Welcome to Port Times".
    const WELCOMES: [&str; 9] = [
        "welcome to ",
        "willkommen bei ",
        "willkommen auf ",
        "bienvenue sur ",
        "bienvenue à ",
        "bienvenido a ",
        "benvenuti su ",
        "bem-vindo ao ",
        "welkom bij ",
    ];
    if let Some(name) = WELCOMES.iter().find_map(|w| strip_prefix_ignoring_case(title.trim(), w)) {
        return names_only_the_site(name, site_names, host);
    }
    let t = norm(title);
    let bare = norm(without_article(title));
    let same = |name: &str| same_name(name, &t, &bare);
    let host_core = crate::parse::host_core(host);
    // The host spells a name with accents in ASCII: "L'Écho du Port" on echoduport.test.
    let spelled_as_host = |s: &str| spells_in_ascii(&host_core, &norm(s));
    let host = host.trim_start_matches("www.");
    let domains = host.match_indices('.').map(|(i, _)| &host[i + 1..]).filter(|d| d.contains('.'));
    // The host's name in the title's first words, in a word or a few, and the words after
    // it as `rest` judges them.
    let words: Vec<&str> = title.split_whitespace().collect();
    let host_then = |rest: fn(&[&str]) -> bool| {
        host_core.len() >= 4
            && (1..words.len()).any(|k| {
                // What follows is judged first: it is cheaper than spelling the name.
                rest(&words[k..]) && {
                    let named = norm(&words[..k].join(" "));
                    named == host_core || spells_in_ascii(&host_core, &named)
                }
            })
    };
    // Or the name is the host's and one word after it: "Süddeutsche Zeitung" on
    // sueddeutsche.test, "FOCUS online" on focus.test, "Port Times Online" on porttimes.test.
    let opens_with_host = || words.len() <= 4 && host_then(|rest| rest.len() == 1);
    // Or the host's name with its year of founding or its legal form after it, as clubs,
    // societies and firms write theirs: "TSV Grünwald 1898 e.V." on tsv-gruenwald.test,
    // "Hafenbau GmbH & Co. KG" on hafenbau.test.
    let host_and_particulars =
        || host_then(|rest| rest.len() <= 4 && rest.iter().all(|w| is_founding_year(w) || is_legal_form(w)));
    // Or its address under another ending: "Port-Times.com" on porttimes.test.
    let other_address = || {
        let name = title.trim().trim_start_matches("www.");
        name.rsplit_once('.').is_some_and(|(label, end)| {
            !name.contains(char::is_whitespace)
                && (2..=3).contains(&end.len())
                && end.chars().all(|c| c.is_ascii_alphabetic())
                && host_core.len() >= 4
                && norm(label) == host_core
        })
    };
    // Or a name the page gives with one word after it: "Coast Courier Online", "Guardian
    // Australia" of "The Guardian" (a name of five letters or more: a short one opens too
    // many other names).
    let name_and_a_word = || {
        words.len() <= 6
            && words.split_last().is_some_and(|(last, name)| {
                // Not a page's after the name ("Daring Fireball: Colophon").
                name.last().and_then(|w| w.chars().last()).is_some_and(char::is_alphanumeric)
                    && last.chars().all(char::is_alphabetic)
                    && {
                        let name = name.join(" ");
                        let (n, bare) = (norm(&name), norm(without_article(&name)));
                        site_names.iter().any(|s| norm(s).len() >= 5 && same_name(s, &n, &bare))
                    }
            })
    };
    !t.is_empty()
        && (site_names.iter().any(|s| same(s))
            || name_and_a_word()
            || opens_with_host()
            || host_and_particulars()
            || other_address()
            || (host_core.len() >= 3
                && (t == host_core
                    || bare == host_core
                    || spelled_as_host(title)
                    || spelled_as_host(without_article(title))))
            // The host written whole, however short ("SZ.de"), or spelled in its own
            // script ("Лента.ру" of lenta.ru).
            || (title.contains('.')
                && (t == norm(host) || spells_in_ascii(&norm(host), &t) || domains.into_iter().any(|d| norm(d) == t))))
}

/// Whether a title writes a site's name, with or without the article before it: one of the
/// two is the other after "the" ("thesaltjournal", "saltjournal") or after an article
/// written as a word. The title comes as [`norm`] reads it, and without its article.
fn same_name(name: &str, t: &str, bare: &str) -> bool {
    let n = norm(name);
    n == t
        || n.strip_prefix("the") == Some(t)
        || t.strip_prefix("the") == Some(n.as_str())
        || n == bare
        || norm(without_article(name)) == t
}

/// Whether a word is a year a name is written with ("1898", "(1898)"): four digits, from
/// 1000 on.
fn is_founding_year(word: &str) -> bool {
    let w = word.trim_matches(['(', ')', ',']);
    w.len() == 4 && is_digits(w) && !w.starts_with('0')
}

/// Whether a word is a legal form written after a name ("e.V.", "GmbH", "Ltd.", "S.A.",
/// "& Co. KG"), as the firm or society writes it, points or not.
fn is_legal_form(word: &str) -> bool {
    const FORMS: [&str; 27] = [
        "ev", "e", "v", "gmbh", "ggmbh", "ag", "kg", "eg", "ug", "co", "ltd", "inc", "llc", "plc", "corp", "sa", "sas",
        "sarl", "sl", "spa", "srl", "bv", "nv", "ab", "asa", "oy", "&",
    ];
    let w = word.trim_matches([',', '(', ')']).replace('.', "").to_ascii_lowercase();
    FORMS.contains(&w.as_str())
}

/// Whether a title names only a section of the site: a word or two beside the site's name
/// and a bar or another sign no headline is written with ("News | Port Times", "Port Times
/// › Sport"). A page gives such a title to its section's template, not to a story.
pub(super) fn names_a_section(title: &str, site_names: &[String], host: &str) -> bool {
    spaced_separators().filter(|sep| !is_dash(sep)).any(|sep| {
        let short = |p: &str| (1..=2).contains(&p.split_whitespace().count());
        match title.split(sep).map(str::trim).collect::<Vec<_>>()[..] {
            [a, b] => {
                (short(a) && names_only_the_site(b, site_names, host))
                    || (short(b) && names_only_the_site(a, site_names, host))
            }
            _ => false,
        }
    })
}

/// Whether a title is the site's name and then its tagline, as a template gives every page,
/// beside a headline the tagline shares no word with ("Port Times - Your local news" over
/// the <h1> "Harbour wall approved at last"): two parts, the site's name first, the other
/// of five words at most, none of its words of four letters or more the headline's.
pub(super) fn names_the_site_and_a_tagline(title: &str, site_names: &[String], host: &str, headline: &str) -> bool {
    let long_words = |s: &str| s.split_whitespace().map(norm).filter(|w| w.chars().count() >= 4).collect::<Vec<_>>();
    let headline = long_words(headline);
    spaced_separators().any(|sep| match title.split(sep).map(str::trim).collect::<Vec<_>>()[..] {
        [site, tagline] => {
            names_only_the_site(site, site_names, host)
                && (1..=5).contains(&tagline.split_whitespace().count())
                && !long_words(tagline).iter().any(|w| headline.contains(w))
        }
        _ => false,
    })
}

/// A name without the article it opens with, which its host and its other spellings often
/// leave out: "Spiegel" of "Der Spiegel", "Équipe" of "L'Équipe". A name with no article is
/// given back whole.
fn without_article(name: &str) -> &str {
    const ARTICLES: [&str; 15] =
        ["the", "le", "la", "les", "il", "lo", "el", "los", "las", "der", "die", "das", "de", "het", "een"];
    let name = name.trim_start();
    if let Some((word, rest)) = name.split_once(' ')
        && ARTICLES.iter().any(|a| word.eq_ignore_ascii_case(a))
    {
        return rest.trim_start();
    }
    ["l'", "L'", "l\u{2019}", "L\u{2019}"].iter().find_map(|a| name.strip_prefix(a)).unwrap_or(name)
}

/// Whether a part of a title names a site as a Chinese site's name reads: a few characters
/// ending in "网" or "网站" ("长江网", "中国载人航天官方网站", "山西省人民政府门户网站"),
/// with no Latin letters or digits ("5G网" is a network); or as a news outlet's does, in
/// ten characters or fewer ending in "news" or "newspaper" ("新浪新闻", "毎日新聞",
/// "人民日报", "朝日新聞デジタル", "연합뉴스"), Latin letters allowed ("NHKニュース", "Yahoo!ニュース").
fn names_a_cjk_site(part: &str) -> bool {
    const ENDS: [&str; 4] = ["网", "網", "网站", "網站"];
    const NEWS: [&str; 13] = [
        "新聞",
        "新闻",
        "ニュース",
        "日报",
        "日報",
        "晚报",
        "晚報",
        "时报",
        "時報",
        "新聞デジタル",
        "뉴스",
        "일보",
        "신문",
    ];
    let part = part.trim();
    let n = part.chars().count();
    let site = (3..=16).contains(&n)
        && ENDS.iter().any(|e| part.ends_with(e))
        && part.chars().all(|c| !c.is_ascii() && !c.is_whitespace());
    site || ((3..=10).contains(&n)
        && NEWS.iter().any(|e| part.ends_with(e))
        && part.chars().all(|c| !c.is_whitespace() && (!c.is_ascii() || c.is_ascii_alphabetic() || c == '!')))
}

/// Whether a part of a title ends with a word for news, as a news site's name or its
/// pages' label does ("Sky News", "Son Dakika Haberleri", "Aktuelle Nachrichten", "Últimas
/// Noticias", "РИА Новости"): four words or fewer.
fn names_news(part: &str) -> bool {
    const NEWS: [&str; 30] = [
        "news",
        "haberleri",
        "haberler",
        "haber",
        "nachrichten",
        "noticias",
        "notícias",
        "noticies",
        "notícies",
        "nouvelles",
        "actualités",
        "actualites",
        "notizie",
        "nieuws",
        "nyheter",
        "nyheder",
        "uutiset",
        "wiadomości",
        "zprávy",
        "správy",
        "hírek",
        "știri",
        "stiri",
        "новости",
        "новини",
        "навіны",
        "berita",
        "vijesti",
        "vesti",
        "ειδήσεις",
    ];
    let words: Vec<&str> = part.split_whitespace().collect();
    (1..=4).contains(&words.len())
        && words
            .last()
            .is_some_and(|w| NEWS.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase().as_str()))
}

/// Whether a part of a title names a blog, as a blog's title sets its name after each
/// post's: four words or fewer, written as a name, with "Blog" (or a word ending in it,
/// "Gartenblog") last, or first after an article or a possessive ("Annas kleiner Blog",
/// "Le blog de Claire", "My Garden Blog"). A headline's own words about a blog are more
/// ("Why I quit my blog after ten years").
fn names_a_blog(part: &str) -> bool {
    const BEFORE: [&str; 16] =
        ["the", "a", "my", "our", "le", "la", "el", "il", "lo", "o", "der", "die", "das", "het", "de", "mein"];
    let words: Vec<&str> = part.split_whitespace().collect();
    let is_blog = |w: &str| {
        let w = norm(w);
        matches!(w.as_str(), "blog" | "weblog" | "blogue") || (w.len() > 6 && w.ends_with("blog"))
    };
    let first = words.iter().position(|w| !BEFORE.contains(&w.to_lowercase().as_str()));
    (1..=4).contains(&words.len())
        && part.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
        && (words.last().is_some_and(|w| is_blog(w)) || first.is_some_and(|i| is_blog(words[i])))
}

/// The headings that name the site, read from a title written "Headline - Site" where
/// the page has both parts as headings, the site's first: a documentation page or a book
/// ("What is Ownership? - The Rust Programming Language" over `<h1 class="menu-title">The
/// Rust Programming Language</h1>`, then `<h2>What Is Ownership?</h2>`; "File system |
/// Node.js Documentation" over an `<h1>` of the docs' name). The heading over the page's
/// top bar is no headline, and the title's first part, which the later heading says
/// again, is. `headings` are in the order of the page.
pub(super) fn headings_naming_the_site(titles: &[&str], headings: &[String]) -> Vec<String> {
    let norms: Vec<String> = headings.iter().map(|h| norm(h)).collect();
    // The page's heading may say a little more than the title ("cargo add" over
    // "cargo-add(1)"), not less: "Post @ Blog" over the blog's name and the post's is the
    // post's own title.
    let says = |n: &str, part: &str| {
        n.chars().count() >= 2 && (n == part || (part.chars().count() >= 6 && n.starts_with(part)))
    };
    let mut named = Vec::new();
    for title in titles {
        for sep in spaced_separators() {
            let Some((head, site)) = title.rsplit_once(sep) else { continue };
            let (head, site) = (norm(head), norm(site));
            let s = norms.iter().position(|n| n.chars().count() >= 4 && *n == site);
            let h = norms.iter().position(|n| says(n, &head));
            // The site's heading first: a footer's heading of the name after a headline
            // ("Site - Headline" over `<h1>Site</h1> <h1>Headline</h1> <h2>Site</h2>`) is no
            // sign that the headline names the site.
            if let (Some(s), Some(h)) = (s, h)
                && s < h
                && !named.contains(&headings[s])
            {
                named.push(headings[s].clone());
            }
        }
    }
    named
}

/// Headings as [`norm`] reads them, those of eight letters and digits or more: a title
/// that agrees with one is the page's headline.
pub(super) fn heading_norms(headings: &[String]) -> Vec<String> {
    headings.iter().map(|h| norm(h)).filter(|h| h.chars().count() >= 8).collect()
}

/// The heading a metadata title holds whole with a site's name at one end, set off by a
/// bare colon or brackets ("Valley Herald: Headline", "Headline [LWN.net]"): the rest is a
/// known name or three words at most (not a headline of its own round a site's <h1>,
/// "Evolve: Shared Mutable History — evolve extension for Mercurial").
pub(super) fn heading_within<'h>(title: &str, headings: &'h [String], names: &[String], host: &str) -> Option<&'h str> {
    let t = norm(title);
    // Words, not the separators between them ("Headline | The Valley Herald").
    let words: Vec<&str> = title_words(title).collect();
    // A heading that names only the site (a logo's) is no headline a title holds.
    let headings: Vec<&'h String> = headings.iter().filter(|h| !names_only_the_site(h, names, host)).collect();
    headings
        .iter()
        .find(|h| {
            let hn = norm(h);
            let (starts, ends) = (t.starts_with(&hn), t.ends_with(&hn));
            if hn.chars().count() < 20 || t.len() <= hn.len() || !(starts || ends) {
                return false;
            }
            let extra = words.len().saturating_sub(title_words(h).count());
            let rest = if starts { &words[words.len() - extra..] } else { &words[..extra] };
            (1..=3).contains(&extra) || (extra > 0 && names_only_the_site(&rest.join(" "), names, host))
        })
        .or_else(|| headings.iter().find(|h| glued_on(title, h) || set_off_after(title, h) || set_off_before(title, h)))
        .map(|h| h.as_str())
}

/// The heading a title opens with, where the title's cleaning took its last part instead:
/// the site's tagline after its name ("Rain returns | Port Times | Your local news source"
/// over the <h1> "Rain returns"). The heading is the title's first part, the site's name
/// stands between, and the heading names more than the site.
pub(super) fn heading_before_tagline<'h>(
    cleaned: &str,
    declared: &str,
    headings: &'h [String],
    names: &[String],
    host: &str,
) -> Option<&'h str> {
    let c = norm(cleaned);
    SET_OFF.iter().find_map(|sep| {
        let parts: Vec<&str> = declared.split(sep).map(str::trim).collect();
        let [first, middle @ .., last] = &parts[..] else { return None };
        if middle.is_empty() || norm(last) != c || !middle.iter().any(|p| names_only_the_site(p, names, host)) {
            return None;
        }
        let first = norm(first);
        headings
            .iter()
            .find(|h| !first.is_empty() && norm(h) == first && !names_only_the_site(h, names, host))
            .map(|h| h.as_str())
    })
}

/// The separators that set a site's or a section's name off a short heading
/// ([`set_off_after`], [`set_off_before`]): bars and dashes between spaces, no colon.
const SET_OFF: [&str; 8] = [" | ", " - ", " – ", " — ", " · ", " • ", " :: ", " ｜ "];

/// Whether a title is a short heading with at most three words set off after it by a bar
/// or a dash between spaces, as a site's name is ("إصلاح حاجز الميناء - صحيفة الساحل",
/// "Harbour wall repaired | Coast Post"), where the heading has too few letters for the
/// word count above to trust (eight or more, not twenty). A colon sets off a headline's
/// own parts, and is not asked.
fn set_off_after(title: &str, heading: &str) -> bool {
    let Some(rest) = title.strip_prefix(heading) else { return false };
    norm(heading).chars().count() >= 8
        && SET_OFF.iter().any(|s| rest.starts_with(s))
        && (1..=3).contains(&title_words(rest).count())
}

/// Whether a title is a short heading with at most three words set off before it by a bar
/// or a dash between spaces, as a site's or a section's name is ("Salt and Thyme | Harbour
/// Fish Stew" over the <h1> "Harbour Fish Stew"), as [`set_off_after`] reads one after it.
/// A colon is not asked here either: "Valley Herald: Bridge opens" says more than its
/// <h1> "Bridge opens".
fn set_off_before(title: &str, heading: &str) -> bool {
    let Some(rest) = title.strip_suffix(heading) else { return false };
    norm(heading).chars().count() >= 8
        && SET_OFF.iter().any(|s| rest.ends_with(s))
        && (1..=3).contains(&title_words(rest).count())
}

/// Whether a title is the heading with short parts glued on after it by a separator with
/// no space before it, as CJK sites write their sections and name ("标题_新闻中心_长江网",
/// "Headline-CSDN.NET"), where no count of words can tell where the headline ends. The
/// heading has eight letters or digits or more, and each part at most three words and
/// sixteen characters.
fn glued_on(title: &str, heading: &str) -> bool {
    let Some(rest) = title.strip_prefix(heading) else { return false };
    let Some(sep) = rest.chars().next().filter(|c| GLUED.contains(c)) else { return false };
    let parts = rest.split(GLUED).map(str::trim).filter(|p| !p.is_empty());
    norm(heading).chars().count() >= 8
        && !(sep == '-' && joins_words(heading, &rest[sep.len_utf8()..]) && !rest.contains('.'))
        && parts.clone().next().is_some()
        && parts.clone().all(|p| p.split_whitespace().count() <= 3 && p.chars().count() <= 16)
}

/// The heading a title's cleaning cut into: one the declared title holds at its start or
/// end, that holds the cleaned title the same way and is longer. A short last part of a
/// headline reads like a site's name ("Live: Storm hits coast – latest updates | Coast
/// News" loses "latest updates" with the site's name); the page's own heading says where
/// the headline ends.
pub(super) fn cut_into_heading(cleaned: &str, declared: &str, headings: &[String]) -> Option<String> {
    let (c, d) = (norm(cleaned), norm(declared));
    let at_an_end = |outer: &str, inner: &str| outer.starts_with(inner) || outer.ends_with(inner);
    headings
        .iter()
        .find(|h| {
            let h = norm(h);
            h.len() > c.len() && h.chars().count() >= 8 && at_an_end(&d, &h) && at_an_end(&h, &c)
        })
        .map(|h| collapse(h))
}

/// The words of a title, without the separators between its parts ("|", "–", "»").
fn title_words(title: &str) -> impl Iterator<Item = &str> {
    title.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric))
}

/// The title with the spaces its source writes: where `title` (whitespace collapsed) is
/// found in one of `sources`, a lone no-break, ideographic or thin space there stays as
/// written ("6\u{a0}Days", "欲張りなイヌ\u{3000}＜福娘童話集＞"); runs of whitespace and line
/// breaks (a <title> laid out over lines) stay one plain space.
pub(super) fn with_written_spaces(title: String, sources: &[&str]) -> String {
    const KEPT: [char; 5] = ['\u{a0}', '\u{3000}', '\u{202f}', '\u{2009}', '\u{2007}'];
    if title.is_empty() {
        return title;
    }
    for source in sources {
        if !source.contains(KEPT) {
            continue;
        }
        // The source with each whitespace run as one character: the kept space where the
        // run is that one space alone, else a plain space. `plain` is the same with every
        // space plain, character for character, so a match in it maps back.
        let mut written = Vec::new();
        let mut chars = source.trim_matches(|c: char| c.is_whitespace() || c.is_control()).chars().peekable();
        while let Some(c) = chars.next() {
            if !(c.is_whitespace() || c.is_control()) {
                written.push(c);
                continue;
            }
            let mut alone = true;
            while chars.next_if(|n| n.is_whitespace() || n.is_control()).is_some() {
                alone = false;
            }
            written.push(if alone && KEPT.contains(&c) { c } else { ' ' });
        }
        let plain: String = written.iter().map(|&c| if KEPT.contains(&c) { ' ' } else { c }).collect();
        if let Some(at) = plain.find(&title) {
            let start = plain[..at].chars().count();
            let mut kept = written[start..start + title.chars().count()].to_vec();
            // One no-break space, before the last word, is a template's guard against a
            // last word alone on its line ("… guns and&nbsp;drones"), not the title's.
            let mut spaces = kept.iter().enumerate().filter(|(_, c)| KEPT.contains(c));
            if let (Some((i, '\u{a0}')), None) = (spaces.next(), spaces.next())
                && !kept[i + 1..].contains(&' ')
            {
                kept[i] = ' ';
            }
            return kept.into_iter().collect();
        }
    }
    title
}

/// Whether a title is a word a site's template puts where it has no title: "Home",
/// "Untitled Document", "Index", "Startseite". A headline is never only that.
pub(super) fn is_placeholder_title(title: &str) -> bool {
    const PLACEHOLDERS: [&str; 13] = [
        "index",
        "untitled",
        "untitled document",
        "untitled page",
        "new page",
        "document",
        "welcome",
        "default",
        "article",
        "post",
        "blog",
        "news",
        "page",
    ];
    const MARKS: [&str; 7] = [" - ", " | ", " – ", " — ", " :: ", " » ", " · "];
    let t = lines::lowercase(&collapse(title));
    let t = t.trim_matches(|c: char| !c.is_alphanumeric());
    let home = |part: &str| lines::HOME_PAGE_NAMES.contains(&part.trim());
    // Or the home page's name beside the site's ("Home - Port Daily", "Port Daily | Startseite").
    let home_of_site = MARKS.iter().any(|m| {
        t.split_once(m).is_some_and(|(a, b)| {
            let short = |p: &str| !p.contains(m) && p.split_whitespace().count() <= 4;
            (home(a) && short(b)) || (home(b) && short(a))
        })
    });
    PLACEHOLDERS.contains(&t) || home(t) || home_of_site
}

/// The title meta tags Readability reads, in its order of preference after JSON-LD
/// (`dc.title` is `dc:title`).
pub(super) const META_TITLES: [&str; 12] = [
    "dc:title",
    "dc.title",
    "dcterm:title",
    "dcterm.title",
    "dcterms:title",
    "dcterms.title",
    "og:title",
    "weibo:article:title",
    "weibo:webpage:title",
    "title",
    "twitter:title",
    "parsely-title",
];
