//! When the story was published: dates in any language and calendar, relative times, publication
//! lines, and the particulars set beside them.

use super::*;

/// Whether a line holds a time of day as a clock shows it ("10:32", "9:05", "3:45p.m.",
/// "10:32:15").
pub(super) fn has_clock_time(line: &str) -> bool {
    // Most runs of digits hold no colon (and most runs are empty, between letters).
    line.split(|c: char| !c.is_ascii_digit() && c != ':').filter(|t| t.contains(':')).any(|t| {
        let parts: Vec<&str> = t.split(':').collect();
        (2..=3).contains(&parts.len()) && (1..=2).contains(&parts[0].len()) && parts[1..].iter().all(|p| p.len() == 2)
    })
}

/// The notice over an old story: "This article is more than 5 years old".
pub(super) fn is_age_notice(label: &str) -> bool {
    ["this article is more than", "this article is over", "this story is more than", "this story is over"]
        .iter()
        .any(|o| opens_with_words(label, o))
        && label.ends_with(" old")
}

/// A line that only says how long ago the story was published or updated ("Updated 2
/// minutes ago", "3 hours ago", "Published an hour ago", "just now", "Hace 3 horas", "il y a
/// 3 heures", "3 часа назад", "3 jam yang lalu", "3小时前").
pub(super) fn is_relative_time(lower: &str) -> bool {
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

/// Three-letter openings of month names (English, German, French, Spanish, Italian,
/// Portuguese, Dutch, Scandinavian, Russian).
static MONTH_STEMS: Labels = Labels::new(concat!(
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
fn is_numeric_date(token: &str) -> bool {
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

/// A line of a story's particulars set side by side: a writer, a date, a reading time, a
/// button ("Mar 5, 2024 · 4 min read", "Jane Doe · Follow", "Jane Doe | March 5, 2024").
/// Two parts or more between marks, each of them a name or a line of furniture, one at
/// least not a name ("Monitoring Distributed Systems | Google SRE" is a heading).
pub(super) fn is_particulars_line(line: &str) -> bool {
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
pub(super) fn is_particulars_run(line: &str) -> bool {
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
pub(super) fn is_dated_byline(line: &str) -> bool {
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
pub(in crate::parse::article) fn is_bare_date(line: &str) -> bool {
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
