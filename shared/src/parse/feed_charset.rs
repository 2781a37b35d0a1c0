//! A feed's bytes as UTF-8, where feed-rs would not read them in the encoding they are in:
//! - UTF-16 and UTF-32, known by a byte-order mark or, without one, by how `<` is written
//!   (the XML specification's autodetection, appendix F). feed-rs reads neither: the reader
//!   under it trips on UTF-16 and knows no UTF-32.
//! - EBCDIC, known by how `<?xm` is written (appendix F again), in the IBM code page the
//!   declaration names (037, 500, 1140…).
//! - An encoding declared by a name encoding_rs (the WHATWG's names) does not know, but
//!   which names one it decodes: Python's and Windows' spellings (`windows_1251`,
//!   `ms-cyrl`, `mac-cyrillic`, `cp874`); and the DOS code pages (`cp437`, `ibm850`,
//!   `cspc862latinhebrew`), which it does not have (oem_cp's tables).
//! - An encoding declared by a name feedhound cannot decode at all (`koi8-t`, `dbcs`): read
//!   as UTF-8, each byte that is not read as Windows-1252, and said so, so the feed's links
//!   and most of its text are kept rather than the whole feed refused.
//!
//! The declaration is rewritten to say UTF-8, as the bytes now are.

use encoding_rs::Encoding;

/// `<?xm` in EBCDIC: the first bytes of an EBCDIC document's XML declaration.
const EBCDIC_DECLARATION: [u8; 4] = [0x4c, 0x6f, 0xa7, 0x94];

/// The feed's bytes as UTF-8 and, when the reading is a guess, a note saying so; `None`
/// when feed-rs reads the bytes as they are. `http_charset` is the `charset` the server
/// gave in its `Content-Type`, if any.
pub(super) fn as_utf8(bytes: &[u8], http_charset: Option<&str>) -> Option<(Vec<u8>, Option<String>)> {
    if let Some(text) = wide_text(bytes) {
        return Some((declared_utf8(&text).into_bytes(), None));
    }
    if bytes.starts_with(&EBCDIC_DECLARATION) {
        return Some(ebcdic_as_utf8(bytes));
    }
    let head =
        std::str::from_utf8(&bytes[..bytes.len().min(256)]).or_else(|e| std::str::from_utf8(&bytes[..e.valid_up_to()]));
    let head = head.ok()?;
    let Some((from, to)) = declared_encoding(head) else { return undeclared_as_utf8(bytes, http_charset) };
    let label = &head[from..to];
    let as_utf8_declared = |body: &[u8]| [&body[..from], b"utf-8", &body[to..]].concat();
    let squashed = super::squashed(label);
    let wide = ["utf16", "utf32", "ucs2", "ucs4", "unicode", "csunicode"].iter().any(|w| squashed.starts_with(w));
    let declared = charset_named(label);
    // A charset the server gave wins over the declaration, as HTTP says it does for XML
    // (RFC 7303), when the two differ and the bytes are not UTF-8: a body in UTF-8 (or
    // ASCII) reads the same either way, or shows the server's charset stale.
    let served = http_charset
        .and_then(charset_named)
        .filter(|c| c.reads_ascii() && *c != Charset::Whatwg(encoding_rs::UTF_8) && Some(*c) != declared);
    if let Some(served) = served.filter(|_| std::str::from_utf8(bytes).is_err()) {
        return Some((
            declared_utf8(&served.decode(bytes)).into_bytes(),
            Some(format!("repaired: served as {}, declared {label:?}; read as served", served.name())),
        ));
    }
    match declared {
        Some(Charset::Whatwg(encoding)) if encoding == encoding_rs::UTF_8 => None,
        // A 16- or 32-bit encoding declared on bytes written one a character (the document
        // would start `<\0?\0…` otherwise): the declaration is wrong; read as UTF-8.
        _ if wide => Some((
            as_utf8_declared(bytes),
            Some(format!("repaired: {label:?} declared on a body written one byte a character; read as UTF-8")),
        )),
        // Valid UTF-8 with text beyond ASCII under a legacy declaration: the declaration is
        // stale (a site moved to UTF-8 and kept it), as pages are read.
        Some(charset) if charset.reads_ascii() && !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok() => Some((
            as_utf8_declared(bytes),
            Some(format!("repaired: {} declared on a body in UTF-8; read as UTF-8", charset.name())),
        )),
        // Decoded here, not by feed-rs: its reader asserts when the declaration ends past
        // its first 64 bytes (a long declaration, blank lines before it).
        Some(charset) if charset.reads_ascii() => Some((declared_utf8(&charset.decode(bytes)).into_bytes(), None)),
        _ => Some((
            declared_utf8(&super::feed::mixed_utf8(bytes)).into_bytes(),
            Some(format!(
                "repaired: the encoding {label:?} is not one feedhound decodes; read as UTF-8, and \
                 Windows-1252 where it is not"
            )),
        )),
    }
}

/// A document in EBCDIC, decoded in the code page its declaration names (read in code page
/// 037, whose characters the declaration's share with every EBCDIC page). Pages 037, 500
/// and 1140 are read as they are; another (a national page such as 273, which differs from
/// 037 in a dozen letters and signs, or a name that is no EBCDIC page) is read as 037, and
/// said so.
fn ebcdic_as_utf8(bytes: &[u8]) -> (Vec<u8>, Option<String>) {
    let head = Charset::Ebcdic(37).decode(&bytes[..bytes.len().min(256)]);
    let label = declared_encoding(&head).map_or("", |(from, to)| &head[from..to]);
    let (page, note) = match code_page_named(label) {
        Some(page @ Charset::Ebcdic(37 | 500 | 1140)) => (page, None),
        _ => (
            Charset::Ebcdic(37),
            Some(format!("repaired: an EBCDIC document declaring {label:?}; read in EBCDIC code page 037")),
        ),
    };
    (declared_utf8(&page.decode(bytes)).into_bytes(), note)
}

/// How a feed's bytes are decoded.
#[derive(Clone, Copy, Debug)]
enum Charset {
    /// An encoding encoding_rs decodes (the WHATWG's).
    Whatwg(&'static Encoding),
    /// A DOS (OEM) code page: its number and oem_cp's table for it.
    Oem(u16, &'static oem_cp::code_table_type::TableType),
    /// An EBCDIC code page, by number.
    Ebcdic(u16),
}

/// Two charsets are the same when they decode alike: the same encoding or code page.
impl PartialEq for Charset {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Whatwg(a), Self::Whatwg(b)) => a == b,
            (Self::Oem(a, _), Self::Oem(b, _)) | (Self::Ebcdic(a), Self::Ebcdic(b)) => a == b,
            _ => false,
        }
    }
}

impl Charset {
    fn name(self) -> String {
        match self {
            Self::Whatwg(encoding) => encoding.name().to_owned(),
            Self::Oem(page, _) | Self::Ebcdic(page) => format!("IBM{page:03}"),
        }
    }

    /// Whether a document that starts in ASCII (as this one's declaration did) can be in
    /// this charset.
    fn reads_ascii(self) -> bool {
        match self {
            Self::Whatwg(encoding) => encoding != encoding_rs::REPLACEMENT,
            Self::Oem(..) => true,
            Self::Ebcdic(_) => false,
        }
    }

    fn decode(self, bytes: &[u8]) -> String {
        match self {
            Self::Whatwg(encoding) => encoding.decode(bytes).0.into_owned(),
            Self::Oem(_, table) => table.decode_string_lossy(bytes),
            Self::Ebcdic(page) => ebcdic(bytes, page),
        }
    }
}

/// EBCDIC bytes in code page `page` (037, 500 or 1140; any other is read as 037) as text,
/// with EBCDIC's line end (NEL, U+0085) as a line feed, as XML 1.1 reads it. Code page 1140
/// is 037 with the euro sign where 037 has the currency sign.
fn ebcdic(bytes: &[u8], page: u16) -> String {
    let text = match page {
        500 => decode_with(&mut anyxml_encoding::IBM500Decoder, bytes),
        _ => decode_with(&mut anyxml_encoding::IBM037Decoder, bytes),
    };
    text.chars()
        .map(|c| match c {
            '\u{85}' => '\n',
            '\u{a4}' if page == 1140 => '\u{20ac}',
            c => c,
        })
        .collect()
}

/// `bytes` decoded by a single-byte `decoder`, a byte it has no character for as U+FFFD.
fn decode_with(decoder: &mut dyn anyxml_encoding::Decoder, mut bytes: &[u8]) -> String {
    // Every character of these pages takes at most three bytes in UTF-8: the whole input
    // fits in one call.
    let mut out = String::with_capacity(bytes.len() * 3 + 4);
    while !bytes.is_empty() {
        let read = match decoder.decode(bytes, &mut out, true) {
            Ok((read, _)) => read,
            Err(anyxml_encoding::DecodeError::Malformed { read, .. }) => {
                out.push('\u{fffd}');
                read
            }
            Err(_) => 0,
        };
        // Always forward: a call that read nothing loses one byte, not the loop.
        let read = if read == 0 {
            out.push('\u{fffd}');
            1
        } else {
            read
        };
        bytes = &bytes[read.min(bytes.len())..];
        if out.capacity() - out.len() < 4 {
            out.reserve(bytes.len() * 3 + 4);
        }
    }
    out
}

/// A feed that declares no encoding and is not UTF-8 (as XML then says it is), read in the
/// charset its server gave or, with none, the one its bytes show (chardetng, as browsers
/// guess). A body with UTF-8 text in it is left to the repair that reads stray bytes in
/// UTF-8 as Windows-1252.
fn undeclared_as_utf8(bytes: &[u8], http_charset: Option<&str>) -> Option<(Vec<u8>, Option<String>)> {
    if std::str::from_utf8(bytes).is_ok() || bytes.utf8_chunks().any(|c| !c.valid().is_ascii()) {
        return None;
    }
    let served = http_charset.and_then(encoding_named).filter(|e| *e != encoding_rs::UTF_8);
    let (encoding, note) = match served {
        Some(encoding) => (encoding, None),
        None => {
            let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
            detector.feed(bytes, true);
            let guess = detector.guess(None, chardetng::Utf8Detection::Deny);
            let note =
                format!("repaired: no encoding declared and not UTF-8; read as {}, as its bytes show", guess.name());
            (guess, Some(note))
        }
    };
    encoding
        .is_ascii_compatible()
        .then(|| (encoding.decode_without_bom_handling(bytes).0.into_owned().into_bytes(), note))
}

/// Text in UTF-16 or UTF-32 (with a byte-order mark, or a document starting with `<` or
/// whitespace written so), decoded; `None` for anything else.
fn wide_text(bytes: &[u8]) -> Option<String> {
    let starts_xml = |c: u8| c == b'<' || c.is_ascii_whitespace();
    match bytes {
        [0, 0, 0xfe, 0xff, rest @ ..] => Some(utf32(rest, u32::from_be_bytes)),
        [0xff, 0xfe, 0, 0, rest @ ..] => Some(utf32(rest, u32::from_le_bytes)),
        [0xfe, 0xff, rest @ ..] => Some(encoding_rs::UTF_16BE.decode_without_bom_handling(rest).0.into_owned()),
        [0xff, 0xfe, rest @ ..] => Some(encoding_rs::UTF_16LE.decode_without_bom_handling(rest).0.into_owned()),
        [0, 0, 0, c, ..] if starts_xml(*c) => Some(utf32(bytes, u32::from_be_bytes)),
        [c, 0, 0, 0, ..] if starts_xml(*c) => Some(utf32(bytes, u32::from_le_bytes)),
        [0, c, 0, d, ..] if starts_xml(*c) && *d != 0 => {
            Some(encoding_rs::UTF_16BE.decode_without_bom_handling(bytes).0.into_owned())
        }
        [c, 0, d, 0, ..] if starts_xml(*c) && *d != 0 => {
            Some(encoding_rs::UTF_16LE.decode_without_bom_handling(bytes).0.into_owned())
        }
        _ => None,
    }
}

/// UTF-32 in the given byte order; a unit that is no character (and a cut-off last one)
/// as U+FFFD.
fn utf32(bytes: &[u8], unit: fn([u8; 4]) -> u32) -> String {
    bytes
        .chunks(4)
        .map(|c| <[u8; 4]>::try_from(c).ok().and_then(|c| char::from_u32(unit(c))).unwrap_or('\u{fffd}'))
        .collect()
}

/// The encoding a name stands for, as encoding_rs knows it or by Python's and Windows'
/// spellings: separators dropped (`windows_1251`, `koi8_u`, `iso8859_5`) and the names of
/// Microsoft's and Apple's code pages.
fn encoding_named(label: &str) -> Option<&'static Encoding> {
    const ALIASES: [(&str, &str); 17] = [
        ("msansi", "windows-1252"),
        ("msee", "windows-1250"),
        ("mscyrl", "windows-1251"),
        ("msgreek", "windows-1253"),
        ("msturk", "windows-1254"),
        ("mshebr", "windows-1255"),
        ("msarab", "windows-1256"),
        ("winbaltrim", "windows-1257"),
        ("cp874", "windows-874"),
        ("maccyrillic", "x-mac-cyrillic"),
        ("macroman", "macintosh"),
        ("mskanji", "shift_jis"),
        ("cp932", "shift_jis"),
        ("cp936", "gbk"),
        ("cp949", "euc-kr"),
        ("cp950", "big5"),
        ("koi8u", "koi8-u"),
    ];
    let lower = label.trim().to_ascii_lowercase();
    let squashed = super::squashed(&lower);
    let windows = squashed.strip_prefix("windows").map(|n| format!("windows-{n}"));
    let alias = ALIASES.iter().find(|(name, _)| *name == squashed).map(|(_, to)| (*to).to_owned());
    [Some(lower.clone()), Some(lower.replace('_', "-")), Some(squashed.clone()), windows, alias]
        .into_iter()
        .flatten()
        .find_map(|name| Encoding::for_label(name.as_bytes()))
}

/// The charset a name stands for: an encoding encoding_rs knows ([`encoding_named`]), or a
/// DOS or EBCDIC code page ([`code_page_named`]).
fn charset_named(label: &str) -> Option<Charset> {
    encoding_named(label).map(Charset::Whatwg).or_else(|| code_page_named(label))
}

/// A DOS or EBCDIC code page by the names IANA and Python give it: a number with or without
/// `cp`, `ibm`, `csibm` (`437`, `cp850`, `IBM037`, `csibm500`), or a name
/// (`cspc850multilingual`, `ebcdic-cp-us`).
fn code_page_named(label: &str) -> Option<Charset> {
    const NAMED: [(&str, u16); 21] = [
        ("cspc8codepage437", 437),
        ("cspc850multilingual", 850),
        ("cspcp852", 852),
        ("cspc775baltic", 775),
        ("cspc862latinhebrew", 862),
        ("cpis", 861),
        ("ebcdiccpus", 37),
        ("ebcdiccpca", 37),
        ("ebcdiccpwt", 37),
        ("ebcdiccpnl", 37),
        ("ebcdiccpbe", 500),
        ("ebcdiccpch", 500),
        ("ebcdiccpdk", 277),
        ("ebcdiccpno", 277),
        ("ebcdiccpfi", 278),
        ("ebcdiccpse", 278),
        ("ebcdiccpit", 280),
        ("ebcdiccpes", 284),
        ("ebcdiccpgb", 285),
        ("ebcdiccpfr", 297),
        ("ebcdiccpis", 871),
    ];
    let squashed = super::squashed(label);
    let page = NAMED.iter().find(|(name, _)| *name == squashed).map(|(_, page)| *page).or_else(|| {
        let digits = ["csibm", "ibm", "cp"].iter().find_map(|p| squashed.strip_prefix(p)).unwrap_or(&squashed);
        digits.parse::<u16>().ok()
    })?;
    match page {
        // IBM039 is 037 by another name (Python's alias).
        37 | 39 => Some(Charset::Ebcdic(37)),
        273 | 277 | 278 | 280 | 284 | 285 | 297 | 500 | 871 | 1026 | 1140 => Some(Charset::Ebcdic(page)),
        page => oem_cp::code_table::DECODING_TABLE_CP_MAP.get(&page).map(|table| Charset::Oem(page, table)),
    }
}

/// Where the value of the `encoding` of the XML declaration `text` starts with (after a
/// byte-order mark and whitespace) is, inside its quotes.
fn declared_encoding(text: &str) -> Option<(usize, usize)> {
    let start = text.len() - text.trim_start_matches('\u{feff}').trim_start().len();
    let decl_end = start + text[start..].strip_prefix("<?xml")?.find("?>")? + "<?xml".len();
    encoding_value(&text.as_bytes()[..decl_end])
}

/// Where the value of `encoding="…"` in an XML declaration `decl` is, inside its quotes:
/// the declaration's `encoding` attribute, read attribute by attribute as an XML reader
/// reads it (so `encoding` inside another attribute's value is not taken for it), else,
/// in a declaration too broken to read so, the first `encoding = "…"` written in it.
pub(super) fn encoding_value(decl: &[u8]) -> Option<(usize, usize)> {
    encoding_attribute(decl).or_else(|| encoding_values(decl).next())
}

/// The value of the `encoding` attribute of a declaration read attribute by attribute
/// (`name = "value"`, after `<?xml`); `None` when it has none or cannot be read so.
fn encoding_attribute(decl: &[u8]) -> Option<(usize, usize)> {
    let mut rest = decl.strip_prefix(b"<?xml").unwrap_or(decl);
    loop {
        rest = rest.trim_ascii_start();
        let name_end = rest.iter().position(|b| *b == b'=' || b.is_ascii_whitespace())?;
        let name = &rest[..name_end];
        let value = rest[name_end..].trim_ascii_start().strip_prefix(b"=")?.trim_ascii_start();
        let (quote, value) = value.split_first()?;
        if *quote != b'"' && *quote != b'\'' {
            return None;
        }
        let close = memchr::memchr(*quote, value)?;
        if name.eq_ignore_ascii_case(b"encoding") {
            let from = decl.len() - value.len();
            return Some((from, from + close));
        }
        rest = &value[close + 1..];
    }
}

/// Every place `encoding = "…"` is written in a declaration `decl`, inside its quotes,
/// whether or not it is the declaration's attribute.
pub(super) fn encoding_values(decl: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..decl.len().saturating_sub(7)).filter(|at| decl[*at..at + 8].eq_ignore_ascii_case(b"encoding")).filter_map(
        move |at| {
            let rest = decl[at + "encoding".len()..].trim_ascii_start().strip_prefix(b"=")?.trim_ascii_start();
            let (quote, value) = rest.split_first()?;
            if *quote != b'"' && *quote != b'\'' {
                return None;
            }
            let from = decl.len() - value.len();
            Some((from, from + memchr::memchr(*quote, value)?))
        },
    )
}

/// `text` with the encoding its XML declaration names replaced by `utf-8`.
pub(super) fn declared_utf8(text: &str) -> String {
    match declared_encoding(text) {
        Some((from, to)) => format!("{}utf-8{}", &text[..from], &text[to..]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf8(bytes: &[u8]) -> (String, Option<String>) {
        let (body, note) = as_utf8(bytes, None).expect("a reading");
        (String::from_utf8(body).unwrap(), note)
    }

    #[test]
    fn wide_encodings_are_read_with_or_without_a_byte_order_mark() {
        let doc = "<?xml version=\"1.0\" encoding=\"utf-16\"?><rss><channel><title>\u{20ac} \u{1f600}</title></channel></rss>";
        let want = doc.replace("utf-16", "utf-8");
        let le16: Vec<u8> = doc.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be16: Vec<u8> = doc.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le32: Vec<u8> = doc.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
        let be32: Vec<u8> = doc.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
        for (name, bom, body) in [
            ("utf-16le", &[0xff, 0xfe][..], &le16),
            ("utf-16be", &[0xfe, 0xff], &be16),
            ("utf-32le", &[0xff, 0xfe, 0, 0], &le32),
            ("utf-32be", &[0, 0, 0xfe, 0xff], &be32),
        ] {
            assert_eq!(utf8(body), (want.clone(), None), "{name}");
            assert_eq!(utf8(&[bom, body].concat()), (want.clone(), None), "{name} with a BOM");
        }
        // Leading whitespace, and a cut-off last unit.
        let spaced: Vec<u8> = "\n<rss/>".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(utf8(&spaced).0, "\n<rss/>");
        assert_eq!(utf32(&[b'<', 0, 0, 0, b'a'], u32::from_le_bytes), "<\u{fffd}");
        assert_eq!(utf32(&[0xff, 0xff, 0xff, 0xff], u32::from_le_bytes), "\u{fffd}");
    }

    #[test]
    fn names_of_encodings_in_other_spellings_are_read() {
        for (label, bytes, want) in [
            ("windows_1251", &b"\xcf\xf0\xe8\xe2\xe5\xf2"[..], "Привет"),
            ("ms-cyrl", b"\xcf\xf0\xe8\xe2\xe5\xf2", "Привет"),
            ("WINDOWS1252", b"\x80", "\u{20ac}"),
            ("koi8_u", b"\xf0\xd2\xc9\xd7\xc5\xd4", "Привет"),
            ("mac-cyrillic", b"\x8f\xf0\xe8\xe2\xe5\xf2", "Привет"),
            ("macroman", b"\xdb", "\u{20ac}"),
            ("cp874", b"\xa1", "\u{e01}"),
        ] {
            let body = [format!("<?xml version='1.0' encoding = '{label}' ?><t>").as_bytes(), bytes, b"</t>"].concat();
            assert_eq!(
                utf8(&body),
                (format!("<?xml version='1.0' encoding = 'utf-8' ?><t>{want}</t>"), None),
                "{label}"
            );
        }
    }

    #[test]
    fn an_encoding_feedhound_cannot_decode_is_read_as_utf8_and_said_so() {
        let (text, note) = utf8(b"<?xml version=\"1.0\" encoding=\"koi8-t\"?><t>caf\xc3\xa9 \x80</t>");
        assert_eq!(text, "<?xml version=\"1.0\" encoding=\"utf-8\"?><t>caf\u{e9} \u{20ac}</t>");
        assert!(note.is_some_and(|n| n.contains("\"koi8-t\"")));
    }

    #[test]
    fn dos_code_pages_are_read_by_any_of_their_names() {
        for (label, want) in [
            ("cp437", "\u{c7}"),
            ("437", "\u{c7}"),
            ("IBM850", "\u{c7}"),
            ("cspc8codepage437", "\u{c7}"),
            ("cspc862latinhebrew", "\u{5d0}"),
            ("cp_is", "\u{c7}"),
            ("ibm737", "\u{391}"),
            ("csibm855", "\u{452}"),
        ] {
            let body = format!("<?xml version=\"1.0\" encoding=\"{label}\"?><t>\u{0}</t>").into_bytes();
            let body: Vec<u8> = body.into_iter().map(|b| if b == 0 { 0x80 } else { b }).collect();
            assert_eq!(
                utf8(&body),
                (format!("<?xml version=\"1.0\" encoding=\"utf-8\"?><t>{want}</t>"), None),
                "{label}"
            );
        }
    }

    #[test]
    fn ebcdic_documents_are_read_in_the_page_they_declare() {
        use anyxml_encoding::Encoder;
        fn encoded(mut encoder: impl Encoder, text: &str) -> Vec<u8> {
            let mut out = vec![0; text.len()];
            let (read, written) = encoder.encode(text, &mut out, true).expect("encodable");
            assert_eq!(read, text.len());
            out.truncate(written);
            out
        }
        let doc = |label: &str, title: &str| {
            format!(
                "<?xml version=\"1.0\" encoding=\"{label}\"?>\n<rss><channel><title>{title}</title></channel></rss>"
            )
        };
        let want = |title: &str| doc("utf-8", title);
        for (label, bytes, title) in [
            ("cp037", encoded(anyxml_encoding::IBM037Encoder, &doc("cp037", "[Ç]")), "[Ç]"),
            ("ebcdic-cp-us", encoded(anyxml_encoding::IBM037Encoder, &doc("ebcdic-cp-us", "Ç")), "Ç"),
            // 500 puts the brackets where 037 has `¢` and `!`.
            ("IBM500", encoded(anyxml_encoding::IBM500Encoder, &doc("IBM500", "[Ç]")), "[Ç]"),
            // 1140 is 037 with the euro sign.
            ("ibm1140", encoded(anyxml_encoding::IBM037Encoder, &doc("ibm1140", "\u{a4}")), "\u{20ac}"),
        ] {
            assert_eq!(utf8(&bytes), (want(title), None), "{label}");
        }
        // EBCDIC's own line end (NEL) ends a line.
        let nel = [encoded(anyxml_encoding::IBM037Encoder, &doc("cp037", "a")), vec![0x15]].concat();
        assert_eq!(utf8(&nel).0, want("a") + "\n");
        // A national page, or a name that is no EBCDIC page: read as 037, and said so.
        for label in ["IBM273", "utf-8"] {
            let (text, note) = utf8(&encoded(anyxml_encoding::IBM037Encoder, &doc(label, "a")));
            assert_eq!(text, want("a"), "{label}");
            assert!(note.is_some_and(|n| n.contains(label) && n.contains("037")), "{label}");
        }
    }

    #[test]
    fn what_feed_rs_reads_itself_is_left_alone() {
        for body in [
            &b"<?xml version=\"1.0\"?><rss/>"[..],
            b"\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss/>",
            b"<rss version=\"2.0\"/>",
            b"{\"version\": \"https://jsonfeed.org/version/1.1\"}",
            b"",
            b"<?xml encoding=",
        ] {
            assert_eq!(as_utf8(body, None), None, "{}", String::from_utf8_lossy(body));
        }
    }

    #[test]
    fn an_undeclared_legacy_body_is_read_in_the_served_or_the_shown_charset() {
        let cyrillic = "<rss><channel><title>Новости дня: погода и курсы валют на сегодня</title></channel></rss>";
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(cyrillic);
        let (koi8, _, _) = encoding_rs::KOI8_R.encode(cyrillic);
        assert_eq!(
            as_utf8(&koi8, Some("KOI8-R")).map(|(b, n)| (String::from_utf8(b).unwrap(), n)),
            Some((cyrillic.to_owned(), None))
        );
        let (text, note) = as_utf8(&cp1251, None).map(|(b, n)| (String::from_utf8(b).unwrap(), n)).expect("a guess");
        assert_eq!(text, cyrillic);
        assert!(note.is_some_and(|n| n.contains("windows-1251")));
        // UTF-8 text with a stray byte is the repair pass's to read; so is valid UTF-8.
        assert_eq!(as_utf8("<rss>café \u{20ac}</rss>".as_bytes(), Some("windows-1251")), None);
        assert_eq!(as_utf8(b"<rss>caf\xc3\xa9 \x92</rss>", Some("windows-1251")), None);
    }

    #[test]
    fn the_served_charset_wins_over_the_declared_one_unless_the_body_is_utf8() {
        let doc = |label: &str| format!("<?xml version=\"1.0\" encoding=\"{label}\"?><rss>Привет</rss>");
        let read = |label: &str, served: &str| {
            let text = doc(label);
            let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
            as_utf8(&bytes, Some(served)).map(|(b, n)| (String::from_utf8(b).unwrap(), n))
        };
        for label in ["utf-8", "iso-8859-1"] {
            let (text, note) = read(label, "windows-1251").expect("a reading");
            assert_eq!(text, doc("utf-8"), "{label}");
            assert!(note.is_some_and(|n| n.contains("windows-1251") && n.contains(label)), "{label}");
        }
        // The same charset served and declared: decoded, nothing to say.
        assert_eq!(read("windows-1251", "windows-1251"), Some((doc("utf-8"), None)));
        // A body in UTF-8 is read as UTF-8 whatever the server says.
        assert_eq!(as_utf8(doc("utf-8").as_bytes(), Some("windows-1251")), None);
        assert!(as_utf8(doc("windows-1251").as_bytes(), Some("iso-8859-1")).is_some_and(|(b, n)| {
            b == doc("utf-8").into_bytes() && n.is_some_and(|n| n.contains("body in UTF-8"))
        }));
    }

    #[test]
    fn a_declared_legacy_encoding_is_decoded_here_unless_the_body_is_utf8() {
        let latin1 = b"<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><rss>caf\xe9</rss>";
        assert_eq!(utf8(latin1), ("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss>caf\u{e9}</rss>".to_owned(), None));
        // A long declaration after blank lines, past the 64 bytes feed-rs's reader decodes first.
        let long = format!(
            "\n\n<?xml version=\"1.0\"{} encoding=\"windows-1252\" standalone=\"yes\"?><rss>\u{0}</rss>",
            " ".repeat(40)
        );
        let long: Vec<u8> = long.into_bytes().into_iter().map(|b| if b == 0 { 0xe9 } else { b }).collect();
        assert!(utf8(&long).0.ends_with("encoding=\"utf-8\" standalone=\"yes\"?><rss>\u{e9}</rss>"));
        // Stale: declared legacy, written in UTF-8.
        let (text, note) = utf8("<?xml version='1.0' encoding='windows-1251'?><rss>Привет</rss>".as_bytes());
        assert_eq!(text, "<?xml version='1.0' encoding='utf-8'?><rss>Привет</rss>");
        assert!(note.is_some_and(|n| n.contains("windows-1251")));
        // A wide encoding declared on a body written one byte a character.
        let (text, note) = utf8(b"<?xml version=\"1.0\" encoding=\"UTF-32\"?><rss>caf\xc3\xa9</rss>");
        assert_eq!(text, "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss>caf\u{e9}</rss>");
        assert!(note.is_some_and(|n| n.contains("UTF-32")));
    }

    #[test]
    fn the_declaration_is_rewritten_to_say_utf8() {
        assert_eq!(
            declared_utf8(r#"<?xml version="1.0" encoding='UTF-16'?><rss/>"#),
            r#"<?xml version="1.0" encoding='utf-8'?><rss/>"#
        );
        assert_eq!(
            declared_utf8("<?xml version=\"1.0\"?><rss encoding=\"x\"/>"),
            "<?xml version=\"1.0\"?><rss encoding=\"x\"/>"
        );
        assert_eq!(declared_utf8("<rss/>"), "<rss/>");
        assert_eq!(declared_utf8("\u{feff}\n <?xml encoding=\"x\"?>"), "\u{feff}\n <?xml encoding=\"utf-8\"?>");
    }
}
