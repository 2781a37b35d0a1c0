//! Dates as real feeds write them, for the dates feed-rs does not read (it knows RFC 822 and
//! RFC 3339): the forms feedparser reads, and month names in the languages most feeds are
//! written in.
//!
//! Two readers. [`iso_like`] takes the ISO 8601 relatives: no zone (read as UTC), a space for
//! the `T`, a date alone, a year and month, a year, a two-digit year (`03-12-31`), and the
//! day-first `06.05.2024 10:00`. [`from_words`] takes the RFC 822 relatives word by word, in
//! any order feeds write them: a weekday anywhere or none, the month before or after the day,
//! the year before or after the time (`Sun Jul 15 01:16:00 +0000 2012`), long month names
//! (`26 January 2004`), commas anywhere, no time, a 12-hour clock (`02:02:33 PM`), a zone as
//! an offset (`+0200`, `-01:01`, `GMT-01:01`), a name (`ET`, `CEST`, `Etc/GMT`) or none.
//!
//! A date must name its year, month and day; a word neither reader knows refuses the whole
//! string rather than guess (`3 days ago` is no date). Nothing here panics on any input:
//! numbers are read with bounds and dates built with the checked constructors.
//!
//! A general fuzzy parser (dtparse, a port of dateutil's) was weighed and not taken: it
//! fills what a string leaves out from today's date, and has panicked on short inputs.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};

use super::is_digits;

/// A feed date feed-rs could not read, in UTC; `None` when it is no date.
pub fn loose_date(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    // JavaScript's `Date.toString()` ends with the zone's name in brackets.
    let s = s.split(" (").next().unwrap_or(s).trim();
    if s.is_empty() || s.len() > 80 {
        return None;
    }
    iso_like(s).or_else(|| from_words(s))
}

fn iso_like(s: &str) -> Option<DateTime<Utc>> {
    let starts_with_year = s.len() >= 4 && s.as_bytes()[..4].iter().all(u8::is_ascii_digit);
    if starts_with_year {
        const WITH_ZONE: [&str; 3] = ["%Y-%m-%d %H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%d %H:%M:%S %z"];
        for f in WITH_ZONE {
            if let Ok(t) = DateTime::parse_from_str(s, f) {
                return Some(t.with_timezone(&Utc));
            }
        }
        const NAIVE: [&str; 4] = ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"];
        for f in NAIVE {
            if let Ok(t) = NaiveDateTime::parse_from_str(s, f) {
                return Some(t.and_utc());
            }
        }
        // A date alone, a year and month, a year (W3C-DTF's shorter forms).
        let parts: Vec<&str> = s.split('-').collect();
        let all_digits = parts.iter().all(|p| is_digits(p));
        if all_digits && parts[0].len() == 4 && parts.len() <= 3 && parts[1..].iter().all(|p| p.len() <= 2) {
            let n = |i: usize, default: u32| parts.get(i).map_or(Some(default), |p| p.parse().ok());
            return midnight(parts[0].parse().ok()?, n(1, 1)?, n(2, 1)?);
        }
        return None;
    }
    // A two-digit year, month and day: `03-12-31`.
    let parts: Vec<&str> = s.split('-').collect();
    if parts.len() == 3 && parts.iter().all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit())) {
        return midnight(full_year(parts[0].parse().ok()?), parts[1].parse().ok()?, parts[2].parse().ok()?);
    }
    // Day first with dots: `06.05.2024`, `06.05.2024 10:00`, `06.05.2024, 10:00:00`.
    const DAY_FIRST: [&str; 3] = ["%d.%m.%Y %H:%M:%S", "%d.%m.%Y %H:%M", "%d.%m.%Y, %H:%M"];
    for f in DAY_FIRST {
        if let Ok(t) = NaiveDateTime::parse_from_str(s, f) {
            return Some(t.and_utc());
        }
    }
    NaiveDate::parse_from_str(s, "%d.%m.%Y").ok().and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc())
}

fn midnight(year: i32, month: u32, day: u32) -> Option<DateTime<Utc>> {
    NaiveDate::from_ymd_opt(year, month, day).and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc())
}

/// A two-digit year as RFC 2822 reads one: 00–49 in this century, 50–99 in the last.
fn full_year(yy: i32) -> i32 {
    if yy < 50 { 2000 + yy } else { 1900 + yy }
}

#[derive(Default)]
struct Parts {
    year: Option<i32>,
    month: Option<u32>,
    day: Option<u32>,
    time: Option<(u32, u32, u32)>,
    /// `Some(true)` after `PM`, `Some(false)` after `AM`.
    afternoon: Option<bool>,
    /// Seconds east of UTC.
    offset: Option<i32>,
    /// A first word that is a weekday in one language and a month in another (`mar`): the
    /// month only if no other word names one.
    leading_month: Option<u32>,
}

fn from_words(s: &str) -> Option<DateTime<Utc>> {
    let mut parts = Parts::default();
    let words = s.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty());
    for (i, word) in words.enumerate() {
        if !read_word(word, i == 0, &mut parts) {
            return None;
        }
    }
    let (mut hour, minute, second) = parts.time.unwrap_or((0, 0, 0));
    match parts.afternoon {
        Some(_) if hour == 0 || hour > 12 => return None,
        Some(true) if hour < 12 => hour += 12,
        Some(false) if hour == 12 => hour = 0,
        _ => {}
    }
    let date = NaiveDate::from_ymd_opt(parts.year?, parts.month.or(parts.leading_month)?, parts.day?)?;
    let time = NaiveTime::from_hms_opt(hour, minute, second)?;
    let zone = FixedOffset::east_opt(parts.offset.unwrap_or(0))?;
    zone.from_local_datetime(&date.and_time(time)).single().map(|t| t.with_timezone(&Utc))
}

/// Reads one word into `parts`; false when the word is not part of a date, or says again
/// what another word said.
fn read_word(word: &str, first: bool, parts: &mut Parts) -> bool {
    fn set<T>(slot: &mut Option<T>, value: T) -> bool {
        slot.replace(value).is_none()
    }
    let lower = word.trim_end_matches('.').to_lowercase();
    if let Some(month) = month_number(&lower) {
        // `mar` opens a Spanish or Italian date as its weekday (martes, martedì).
        return if first && is_weekday(&lower) {
            set(&mut parts.leading_month, month)
        } else {
            set(&mut parts.month, month)
        };
    }
    if is_weekday(&lower) {
        return true;
    }
    match lower.as_str() {
        "am" | "a.m" | "오전" | "上午" | "午前" => return set(&mut parts.afternoon, false),
        "pm" | "p.m" | "오후" | "下午" | "午後" => return set(&mut parts.afternoon, true),
        _ => {}
    }
    if word.contains(['年', '月', '日', '년', '월', '일']) {
        return cjk_date(word, parts);
    }
    if let Some(offset) = zone_offset(word) {
        return set(&mut parts.offset, offset);
    }
    if word.contains(':') {
        // `02:02:33PM` as well as `02:02:33 PM`.
        let upper = word.to_ascii_uppercase();
        let (clock, half) = match upper.strip_suffix("PM").or_else(|| upper.strip_suffix("AM")) {
            Some(clock) => (clock, Some(upper.ends_with("PM"))),
            None => (upper.as_str(), None),
        };
        if let Some(half) = half
            && !set(&mut parts.afternoon, half)
        {
            return false;
        }
        return clock_time(clock).is_some_and(|t| set(&mut parts.time, t));
    }
    if word.contains(['/', '-']) {
        // `2006/09/15` (Perforce's form), `2024-05-06` before a time and a zone's name.
        let ymd: Vec<&str> = word.split(['/', '-']).collect();
        let n =
            |p: &str| if p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()) { p.parse::<u32>().ok() } else { None };
        return match (ymd.len(), ymd.first().map(|y| y.len())) {
            (3, Some(4)) => match (n(ymd[0]), n(ymd[1]), n(ymd[2])) {
                (Some(y), Some(m), Some(d)) => {
                    set(&mut parts.year, y as i32) && set(&mut parts.month, m) && set(&mut parts.day, d)
                }
                _ => false,
            },
            _ => false,
        };
    }
    // A day with an English ordinal's ending (`16th`), else a plain number.
    let digits = ["st", "nd", "rd", "th"].iter().find_map(|e| lower.strip_suffix(e)).unwrap_or(&lower);
    if digits.len() > 4 || !is_digits(digits) {
        // A first word no list knows is a weekday in another language (`mer`, `Mi`).
        return first && lower.chars().all(char::is_alphabetic) && lower.chars().count() <= 4;
    }
    let Ok(n) = digits.parse::<u32>() else { return false };
    let ordinal = digits.len() < lower.len();
    if digits.len() == 4 && !ordinal {
        return set(&mut parts.year, n as i32);
    }
    if (1..=31).contains(&n) && (parts.day.is_none() || ordinal) {
        return set(&mut parts.day, n);
    }
    // RFC 822's two-digit year, after the day.
    digits.len() == 2 && parts.day.is_some() && set(&mut parts.year, full_year(n as i32))
}

/// A date written with Chinese, Japanese or Korean markers, whole or in words:
/// `2024年5月28日`, `2004년`, `05월`, `28일`.
fn cjk_date(word: &str, parts: &mut Parts) -> bool {
    let mut number = String::new();
    for c in word.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let Ok(n) = (if number.len() <= 4 { number.parse::<u32>() } else { return false }) else { return false };
        number.clear();
        let fresh = match c {
            '年' | '년' => parts.year.replace(n as i32).is_none(),
            '月' | '월' => parts.month.replace(n).is_none(),
            '日' | '일' => parts.day.replace(n).is_none(),
            _ => false,
        };
        if !fresh {
            return false;
        }
    }
    number.is_empty()
}

/// `16:31`, `16:31:00`, `10:14:55.1234` (the fraction dropped).
fn clock_time(s: &str) -> Option<(u32, u32, u32)> {
    let mut fields = s.split(':');
    let num = |f: Option<&str>| -> Option<u32> {
        let f = f?;
        let whole = f.split('.').next()?;
        if whole.is_empty() || whole.len() > 2 || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        whole.parse().ok()
    };
    let hour = num(fields.next())?;
    let minute = num(fields.next())?;
    let second = match fields.next() {
        Some(f) => num(Some(f))?,
        None => 0,
    };
    (fields.next().is_none() && hour < 24 && minute < 60 && second < 61).then_some((hour, minute, second.min(59)))
}

/// A zone as an offset in seconds east of UTC: `+0200`, `-01:01`, `GMT-01:01`, `UTC+2`,
/// `Z`, `Etc/GMT`, and the names feeds use.
fn zone_offset(word: &str) -> Option<i32> {
    let upper = word.to_ascii_uppercase();
    let upper = upper.strip_prefix("ETC/").unwrap_or(&upper);
    for base in ["GMT", "UTC", "UT"] {
        if let Some(rest) = upper.strip_prefix(base) {
            return if rest.is_empty() { Some(0) } else { signed_offset(rest) };
        }
    }
    if upper.starts_with(['+', '-']) {
        return signed_offset(upper);
    }
    // Standard and daylight times; `ET`, `CT`, `MT`, `PT` and `AT` as standard time, as
    // feedparser reads them.
    const NAMES: [(&str, i32); 39] = [
        ("Z", 0),
        ("WET", 0),
        ("WEST", 1),
        ("BST", 1),
        ("CET", 1),
        ("MET", 1),
        ("MEZ", 1),
        ("CEST", 2),
        ("MEST", 2),
        ("MESZ", 2),
        ("EET", 2),
        ("EEST", 3),
        ("MSK", 3),
        ("IST", 5),
        ("SGT", 8),
        ("HKT", 8),
        ("AWST", 8),
        ("JST", 9),
        ("KST", 9),
        ("AEST", 10),
        ("AEDT", 11),
        ("NZST", 12),
        ("NZDT", 13),
        ("AT", -4),
        ("AST", -4),
        ("ADT", -3),
        ("ET", -5),
        ("EST", -5),
        ("EDT", -4),
        ("CT", -6),
        ("CST", -6),
        ("CDT", -5),
        ("MT", -7),
        ("MST", -7),
        ("MDT", -6),
        ("PT", -8),
        ("PST", -8),
        ("PDT", -7),
        ("HST", -10),
    ];
    let (_, hours) = NAMES.iter().find(|(name, _)| *name == upper)?;
    // India's half hour.
    Some(hours * 3600 + if upper == "IST" { 1800 } else { 0 })
}

/// `+0200`, `-01:01`, `+2`, `+02`: a sign, then hours and perhaps minutes.
fn signed_offset(s: &str) -> Option<i32> {
    let sign = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let digits: String = s[1..].chars().filter(|c| *c != ':').collect();
    if digits.len() > 4 || !is_digits(&digits) || s[1..].matches(':').count() > 1 {
        return None;
    }
    let (hours, minutes) = match digits.len() {
        1 | 2 => (digits.parse::<i32>().ok()?, 0),
        3 => (digits[..1].parse::<i32>().ok()?, digits[1..].parse::<i32>().ok()?),
        _ => (digits[..2].parse::<i32>().ok()?, digits[2..].parse::<i32>().ok()?),
    };
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 3600 + minutes * 60))
}

/// A month's name or abbreviation in English, German, French, Spanish, Italian, Dutch or
/// Portuguese, lower case, without its trailing dot.
fn month_number(word: &str) -> Option<u32> {
    const MONTHS: [&[&str]; 12] = [
        &["jan", "january", "januar", "janv", "janvier", "ene", "enero", "gen", "gennaio", "januari", "janeiro"],
        &[
            "feb",
            "february",
            "februar",
            "févr",
            "fevr",
            "février",
            "fevrier",
            "febrero",
            "febbraio",
            "februari",
            "fev",
            "fevereiro",
        ],
        &["mar", "march", "mär", "märz", "maerz", "mrz", "mars", "marzo", "mrt", "maart", "março", "marco"],
        &["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
        &["may", "mai", "mayo", "mag", "maggio", "mei", "maio"],
        &["jun", "june", "juni", "juin", "junio", "giu", "giugno", "junho"],
        &["jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio", "julho"],
        &["aug", "august", "août", "aout", "ago", "agosto", "augustus"],
        &["sep", "sept", "september", "septembre", "septiembre", "set", "settembre", "setembro"],
        &["oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre", "out", "outubro"],
        &["nov", "november", "novembre", "noviembre", "novembro"],
        &[
            "dec",
            "december",
            "dez",
            "dezember",
            "déc",
            "décembre",
            "decembre",
            "dic",
            "diciembre",
            "dicembre",
            "dezembro",
        ],
    ];
    MONTHS.iter().position(|names| names.contains(&word)).map(|i| i as u32 + 1)
}

/// An English weekday, whole or cut to three letters, or one of the Spanish and Italian
/// abbreviations that are also months' (`mar`).
fn is_weekday(word: &str) -> bool {
    const DAYS: [&str; 17] = [
        "mon",
        "monday",
        "tue",
        "tues",
        "tuesday",
        "wed",
        "wednesday",
        "thu",
        "thur",
        "thurs",
        "thursday",
        "fri",
        "friday",
        "sat",
        "saturday",
        "sun",
        "sunday",
    ];
    DAYS.contains(&word) || word == "mar"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Option<String> {
        loose_date(s).map(|t| t.format("%Y-%m-%dT%H:%M:%S").to_string())
    }

    #[test]
    fn dates_as_feeds_write_them_are_read() {
        let cases = [
            ("2024-01-02 10:00:00", "2024-01-02T10:00:00"),
            ("2004-07-08 23:56:58 -00:20", "2004-07-09T00:16:58"),
            ("2003-12", "2003-12-01T00:00:00"),
            ("2003", "2003-01-01T00:00:00"),
            ("03-12-31", "2003-12-31T00:00:00"),
            ("06.05.2024 10:00", "2024-05-06T10:00:00"),
            ("Tue, 02 Jan 2024 10:00:00 CEST", "2024-01-02T08:00:00"),
            ("Thu, 30 Apr 2015 08:57:00 MET", "2015-04-30T07:57:00"),
            ("Wed, 19 Aug 2009 18:28:00 Etc/GMT", "2009-08-19T18:28:00"),
            ("Wed, 19 Feb 2012 22:40:00 GMT-01:01", "2012-02-19T23:41:00"),
            ("Mon, 13 Feb, 2012 06:28:00 UTC", "2012-02-13T06:28:00"),
            ("Thu, 01 Jan 2004", "2004-01-01T00:00:00"),
            ("Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21"),
            ("Mon, 26 January 2004 16:31:00 ET", "2004-01-26T21:31:00"),
            ("Mon, 26 January 2004 16:31:00 PT", "2004-01-27T00:31:00"),
            ("Thu Aug 30 2012 17:26:16 +0200", "2012-08-30T15:26:16"),
            ("Thu Aug 30 2012 17:26:16 GMT+0200 (Central European Summer Time)", "2012-08-30T15:26:16"),
            ("Sun Jan  4 16:29:06 2004", "2004-01-04T16:29:06"),
            ("Sun Jul 15 01:16:00 +0000 2012", "2012-07-15T01:16:00"),
            ("Sat, Dec 16 2023 02:02:33 PM", "2023-12-16T14:02:33"),
            ("December 16th, 2023 12:05 am", "2023-12-16T00:05:00"),
            ("Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53"),
            ("Mi, 16 Okt 2024 09:30:00 +0200", "2024-10-16T07:30:00"),
            ("mer., 16 oct. 2024 09:30:00 +0200", "2024-10-16T07:30:00"),
            ("mar, 15 dic 2020 10:00:00 +0100", "2020-12-15T09:00:00"),
            ("16 März 2024", "2024-03-16T00:00:00"),
            ("Mar 15 2020 10:00", "2020-03-15T10:00:00"),
            ("2024-05-06 10:00:00 CEST", "2024-05-06T08:00:00"),
            ("2024-01-02T10:00:00.000+0200", "2024-01-02T08:00:00"),
            ("2004년 05월 28일  01:31:15", "2004-05-28T01:31:15"),
            ("2004-05-25 오후 11:23:17", "2004-05-25T23:23:17"),
            ("2024年5月28日 10:00", "2024-05-28T10:00:00"),
        ];
        for (s, want) in cases {
            assert_eq!(read(s).as_deref(), Some(want), "{s}");
        }
    }

    #[test]
    fn what_is_no_date_is_refused() {
        for s in [
            "",
            "not a date",
            "3 days ago",
            "Sun, 16 Dec 2012 1:2:3:4 GMT",
            "Sun, 16 zzz 2012 11:47:32 GMT",
            "Sun, Dec x 2012 11:47:32 GMT",
            "Sun, 16 Dec zz 11:47:32 GMT",
            "Sun, 16 Dec 2012 11:47:32 +zz:00",
            "Sun, 16 Dec 2012 11:47:32 +00:zz",
            "Sun, 99 Jun 2009 12:00:00 GMT",
            "2003-12-31T25:14:55Z",
            "2013-01-27-01",
            "22013",
            "Dec 2012",
            "16 Dec 2012 13:00 PM",
            "16 Dec 2012 10:00 +9999",
            "16 16 Dec 2012",
            "2024年5月",
            "2024年年5月28日",
            "12345年5月28日",
        ] {
            assert_eq!(read(s), None, "{s}");
        }
    }
}
