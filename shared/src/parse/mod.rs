//! Pure parsers over bytes: feeds, HTML pages, images, robots.txt.

pub mod article;
pub mod feed;
mod feed_charset;
pub mod feed_date;
mod feed_json;
mod feed_markup;
mod hidden;
pub mod html;
pub mod image;
pub(crate) mod labels;
pub mod lead_image;
pub mod robots;

use url::Url;

/// A hash map of what a page holds (its elements, their classes): foldhash's hasher, several
/// times quicker than the standard one on short keys. Its seed is random per process, so a
/// page cannot choose keys that collide.
pub(crate) type Map<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
/// A hash set of what a page holds ([`Map`]).
pub(crate) type Set<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

/// Whether a token is a number written in ASCII digits ("12", "2024"); an empty one is not.
pub(crate) fn is_digits(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit())
}

/// A text's letters and digits, lower case: how titles, headings and names are compared
/// ("The Valley Herald" and "the-valley-herald" are both `thevalleyherald`).
pub(crate) fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase()
}

/// Whether `ascii`, a host's label or a file's name as [`norm`] reads it, spells `name` (as
/// `norm` reads it too) the way addresses write a name in letters outside ASCII:
/// - a Latin letter with a mark, or one of Latin's own, as one ASCII letter, or as two the
///   way German and the Nordic languages write theirs ("ue" for "ü", "oe" for "ø", "ss"
///   for "ß"): `kapitipost` for "Kāpiti Post", `echoduport` for "Écho du Port",
///   `sueddeutsche` for "Süddeutsche". No table of these letters (Unicode's decompositions
///   cost the extractor 38 KB): a name spelled otherwise at just those places is as rare
///   as the same name;
/// - a Cyrillic or Greek letter as its usual romanizations spell it ([`romanized`]):
///   `kommersant` for "Коммерсантъ", `vedomosti` for "Ведомости", `kathimerini` for
///   "Καθημερινή";
/// - the rest as they stand.
///
/// Only for a name with such a letter: one without is equal or not.
pub(crate) fn spells_in_ascii(ascii: &str, name: &str) -> bool {
    if name.is_ascii() || !ascii.is_ascii() {
        return false;
    }
    let host = ascii.as_bytes();
    let letter = |j: usize| host.get(j).is_some_and(u8::is_ascii_alphabetic);
    // `reach[j]`: the name's letters so far spell the first `j` bytes of the host's.
    let mut reach = vec![false; host.len() + 1];
    reach[0] = true;
    for c in name.chars() {
        let mut next = vec![false; host.len() + 1];
        for j in (0..host.len() + 1).filter(|&j| reach[j]) {
            if c.is_ascii() {
                if host.get(j) == Some(&(c as u8)) {
                    next[j + 1] = true;
                }
            } else if let Some(spellings) = romanized(c) {
                for r in spellings.split('/') {
                    if host[j..].starts_with(r.as_bytes()) {
                        next[j + r.len()] = true;
                    }
                }
            } else if matches!(c, 'À'..='ɏ' | '\u{1e00}'..='\u{1eff}') && c.is_alphabetic() && letter(j) {
                next[j + 1] = true;
                // Two letters where the second is an "e" (German's "ae", "oe", "ue"; "ae"
                // of "æ", "oe" of "ø") or "ß" is "ss".
                if letter(j + 1) && (host[j + 1] == b'e' || (c == 'ß' && host[j + 1] == b's')) {
                    next[j + 2] = true;
                }
            }
        }
        reach = next;
    }
    reach[host.len()]
}

/// A word of Cyrillic or Greek letters (as [`norm`] reads it) in ASCII, each letter as its
/// most usual romanization spells it ("комсомольская": `komsomolskaya`); None for a word
/// with any other letter outside ASCII.
pub(crate) fn romanize(word: &str) -> Option<String> {
    word.chars()
        .map(|c| {
            if c.is_ascii() {
                Some(c.to_string())
            } else {
                romanized(c).map(|r| r.split('/').next().unwrap_or("").to_owned())
            }
        })
        .collect()
}

/// How addresses spell a lower-case Cyrillic or Greek letter in ASCII, each way there is
/// (Russian, Ukrainian, Belarusian, Bulgarian, Serbian and Macedonian letters; Greek with
/// its accents), separated by `/`; an empty way for a sign written with no letter ("ъ",
/// "ь"). None for any other letter.
fn romanized(c: char) -> Option<&'static str> {
    Some(match c {
        'а' | 'α' | 'ά' => "a",
        'б' => "b",
        'в' => "v/w",
        'г' => "g/h",
        'ґ' | 'γ' => "g",
        'д' | 'δ' => "d",
        'ђ' => "dj/d",
        'е' => "e/ye/je",
        'ё' => "e/yo/jo",
        'є' => "ye/je/ie/e",
        'ж' => "zh/j/z",
        'з' | 'ζ' => "z",
        'ѕ' => "dz",
        'и' => "i/y",
        'і' | 'ι' | 'ί' | 'ϊ' | 'ΐ' => "i",
        'ї' => "yi/ji/i",
        'й' => "y/j/i",
        'ј' => "j",
        'к' | 'κ' => "k",
        'ќ' => "kj/k",
        'л' | 'λ' => "l",
        'љ' => "lj",
        'м' | 'μ' => "m",
        'н' | 'ν' => "n",
        'њ' => "nj",
        'о' | 'ο' | 'ό' => "o",
        'п' | 'π' => "p",
        'р' | 'ρ' => "r",
        'с' | 'σ' | 'ς' => "s",
        'т' | 'τ' => "t",
        'ћ' => "c/ch",
        'у' => "u",
        'ў' => "u/w",
        'ф' => "f",
        'х' => "h/kh/x/ch",
        'ц' => "ts/c/tz",
        'ч' => "ch/c",
        'џ' => "dz/dzh/dj",
        'ш' => "sh/s",
        'щ' => "shch/sch/sht/sh",
        'ъ' => "/a/u",
        'ы' => "y/i",
        'ь' => "",
        'э' | 'ε' | 'έ' => "e",
        'ю' => "yu/ju/iu/u",
        'я' => "ya/ja/ia/a",
        'β' => "v/b",
        'η' | 'ή' => "i/e/h",
        'θ' => "th",
        'ξ' => "x/ks",
        'υ' | 'ύ' | 'ϋ' | 'ΰ' => "y/u/i",
        'φ' => "f/ph",
        'χ' => "ch/h/x",
        'ψ' => "ps",
        'ω' | 'ώ' => "o/w",
        _ => return None,
    })
}

/// A host's first label past `www.`, as [`norm`] reads it: `valleyherald` for
/// www.valleyherald.test, the part of a host that is the site's name.
pub(crate) fn host_core(host: &str) -> String {
    norm(host.trim_start_matches("www.").split('.').next().unwrap_or_default())
}

/// Whitespace runs as single spaces, ends trimmed; control characters (which a title or a
/// name never means to hold) count as whitespace.
pub(crate) fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in collapsed_words(s) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The words [`collapse`] joins: split at whitespace and control characters.
fn collapsed_words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c.is_control()).filter(|w| !w.is_empty())
}

/// Characters of [`collapse`]'s text, counted without building it.
pub(crate) fn collapsed_chars(s: &str) -> usize {
    let (words, chars) = collapsed_words(s).fold((0, 0), |(n, c), w| (n + 1, c + w.chars().count()));
    chars + words.max(1) - 1
}

/// Text without the marks a page sets inside words to break or join its lines, which show
/// nothing and are no part of any word: soft hyphens (German sites write one in most long
/// words: "Bundes&shy;regierung"), zero-width spaces, word joiners and zero-width no-break
/// spaces. Kept in the text, each splits its word in two for a search ("Bundesregierung"
/// would not find it). Joiners that shape a script's letters (U+200C, U+200D) stay.
pub(crate) fn without_invisible_marks(text: String) -> String {
    const MARKS: [char; 4] = ['\u{ad}', '\u{200b}', '\u{2060}', '\u{feff}'];
    if !text.contains(MARKS) {
        return text;
    }
    // A mark that stood alone between two spaces leaves one.
    let mut out = String::with_capacity(text.len());
    let mut after_mark = false;
    for c in text.chars() {
        if MARKS.contains(&c) {
            after_mark = true;
            continue;
        }
        if !(after_mark && c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
        after_mark = false;
    }
    out
}

/// A name in lower case with only its ASCII letters and digits (`Windows_1251` and
/// `windows-1251` are `windows1251`, `privacy-policy` is `privacypolicy`): how names are
/// compared through their spellings (charset labels, page names).
pub(crate) fn squashed(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// The text of a string that may carry markup and HTML entities (feed titles, JSON-LD
/// values): tags stripped, entities decoded, whitespace kept as written.
/// Script, style and template contents are code, not text, and are left out.
pub(crate) fn markup_text(s: &str) -> String {
    if !s.contains(['<', '&']) {
        return s.to_owned();
    }
    let fragment = scraper::Html::parse_fragment(&html::within_nesting_bound(s));
    let is_code = |name: &str| matches!(name, "script" | "style" | "template" | "noscript");
    fragment
        .root_element()
        .descendants()
        .filter(|n| !n.ancestors().any(|a| a.value().as_element().is_some_and(|e| is_code(e.name()))))
        .filter_map(|n| n.value().as_text().map(|t| &**t))
        .collect()
}

/// `href` resolved against `base`, if the result is an http(s) URL (empty and `data:`
/// references are not links). With no base only absolute references resolve.
pub(crate) fn resolve_http(base: Option<&Url>, href: &str) -> Option<String> {
    let href = href.trim();
    if href.is_empty() || href.starts_with("data:") {
        return None;
    }
    let url = match base {
        Some(b) => b.join(href).ok(),
        None => Url::parse(href).ok(),
    };
    url.filter(|u| matches!(u.scheme(), "http" | "https")).map(|u| u.to_string())
}

/// The base URL of a document: its `<base href>` resolved against the page's URL (or
/// taken as is when absolute), else the page's URL.
pub(crate) fn document_base(base_href: Option<&str>, page: Option<&Url>) -> Option<Url> {
    let from_tag = base_href.map(str::trim).and_then(|h| match page {
        Some(p) => p.join(h).ok(),
        None => Url::parse(h).ok(),
    });
    from_tag.or_else(|| page.cloned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_spells_a_name_with_accents_in_ascii() {
        for (host, name) in [
            ("kapitipost", "Kāpiti Post"),
            ("echoduport", "Écho du Port"),
            ("sueddeutsche", "Süddeutsche"),
            ("suddeutsche", "Süddeutsche"),
            ("oresundsposten", "Øresundsposten"),
            ("strasse", "Straße"),
            ("kommersant", "Коммерсантъ"),
            ("vedomosti", "Ведомости"),
            ("izvestia", "Известия"),
            ("izvestiya", "Известия"),
            ("fontanka", "Фонтанка"),
            ("lentaru", "Лента.ру"),
            ("dnevnik", "Дневник"),
            ("ukrainska", "Українська"),
            ("hromadske", "Громадське"),
            ("novayagazeta", "Новая газета"),
            ("blic", "Блиц"),
            ("kathimerini", "Καθημερινή"),
            ("kathimerini", "ΚΑΘΗΜΕΡΙΝΗ"),
            ("tanea", "Τα Νέα"),
            ("protothema", "Πρώτο Θέμα"),
        ] {
            assert!(spells_in_ascii(host, &norm(name)), "{host} {name}");
        }
        for (host, name) in [
            // The letters round the accent must stand as they are, all of them.
            ("cafeoles", "Café Olé"),
            ("cafeol", "Café Olé"),
            ("kafeole", "Café Olé"),
            // A name in ASCII is equal or not; a letter is not a digit; a host outside ASCII.
            ("portdaily", "Port Daily"),
            ("caf1", "Café"),
            ("café", "Café"),
            ("ab", "東京"),
            ("valleyherald", "新年伊始，重要文章谈了啥？"),
            // Every letter spelled, in order, none left over.
            ("kommersan", "Коммерсантъ"),
            ("kommersantt", "Коммерсантъ"),
            ("vedomostiru", "Ведомости"),
            ("novosti", "Ведомости"),
            ("kathimerin", "Καθημερινή"),
        ] {
            assert!(!spells_in_ascii(host, &norm(name)), "{host} {name}");
        }
    }

    proptest::proptest! {
        #[test]
        fn collapsed_chars_counts_what_collapse_builds(s in "(\\PC|[ \\t\\n\\u{0}\\u{a0}\\u{3000}]){0,40}") {
            proptest::prop_assert_eq!(collapsed_chars(&s), collapse(&s).chars().count());
        }

        #[test]
        fn a_name_spells_the_ascii_it_was_romanized_into(
            name in "[a-zа-яёіїєґўђјљњћџαβγδεζηθικλμνξοπρστυφχψωάέήίόύώ]{1,12}",
            host in "[a-z]{0,16}",
        ) {
            // Any address may be given (it is the page's); never a panic, and the name's
            // own romanization, one way per letter, is always spelled.
            let _ = spells_in_ascii(&host, &name);
            let ascii = romanize(&name).unwrap_or_default();
            proptest::prop_assert!(name.is_ascii() || spells_in_ascii(&ascii, &name), "{name} {ascii}");
        }
    }
}
