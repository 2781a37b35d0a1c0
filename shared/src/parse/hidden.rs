//! Whether a page's CSS framework classes hide an element from a reader at a desktop
//! screen's width: text a reader never sees is no article text, whatever the markup holds.
//!
//! Pages write visibility with utility classes more often than with `style` or `hidden`
//! (which Readability reads): Bootstrap's `d-none` and `d-md-none`, Tailwind's `hidden`
//! and `lg:hidden`, Bootstrap 3's `visible-xs`, Foundation's `hide-for-large`, and the
//! screen-reader-only classes (`sr-only`, `visually-hidden`, WordPress's
//! `screen-reader-text`). A typo-report box written twice, once for phones (`d-md-none`)
//! and once for larger screens, is read once so.
//!
//! The width judged is a desktop's: frameworks are mobile first, so the rule of the largest
//! size up to `xl` (1200-1280 px) wins over those of smaller sizes.

/// Screen sizes in framework order, up to a desktop's; a rule for a larger size wins.
const SIZES: [&str; 5] = ["", "sm", "md", "lg", "xl"];

/// Classes that hide an element at every width, or show it to screen readers only.
const ALWAYS_HIDDEN: [&str; 12] = [
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader-text",
    "screen-reader-only",
    "show-for-sr",
    "element-invisible",
    "is-hidden",
    "u-hidden",
    "u-visually-hidden",
    "hidden-desktop",
    "hide-desktop",
];

/// Classes that show an element only below a desktop's width.
const SMALL_ONLY: [&str; 12] = [
    "visible-xs",
    "visible-sm",
    "visible-xs-block",
    "visible-sm-block",
    "hidden-lg",
    "hide-for-large",
    "hide-for-medium",
    "show-for-small-only",
    "show-for-medium-only",
    "mobile-only",
    "only-mobile",
    "show-mobile",
];

/// Whether the classes of an element (its `class` attribute) hide it at a desktop's width.
pub fn hides(class: &str) -> bool {
    // Most classes say nothing of display: one look for the few letters every class that
    // does holds (`hid`den, `hide`, `none`, sr-`only`, `visib`le, `mobile`, screen-`reader`).
    const TELLING: [&str; 7] = ["hid", "none", "only", "visib", "mobile", "reader", "for-sr"];
    let lower_case = !class.bytes().any(|b| b.is_ascii_uppercase());
    if lower_case && !TELLING.iter().any(|t| class.contains(t)) {
        return false;
    }
    // (size index, shown) of the deciding display rule so far.
    let mut rule: Option<(usize, bool)> = None;
    let mut decide = |size: usize, shown: bool| {
        if rule.is_none_or(|(s, _)| size >= s) {
            rule = Some((size, shown));
        }
    };
    for token in class.split_whitespace() {
        // Class names are nearly always lower case already: no copy then.
        let t: std::borrow::Cow<'_, str> = if token.bytes().any(|b| b.is_ascii_uppercase()) {
            token.to_ascii_lowercase().into()
        } else {
            token.into()
        };
        let t: &str = &t;
        if ALWAYS_HIDDEN.contains(&t) || SMALL_ONLY.contains(&t) || is_prefixed_hide(t) {
            return true;
        }
        // Bootstrap 4/5: `d-none`, `d-md-none`, `d-lg-block`.
        if let Some(rest) = t.strip_prefix("d-") {
            let (size, display) = rest.split_once('-').filter(|(s, _)| SIZES.contains(s)).unwrap_or(("", rest));
            if let (Some(i), Some(shown)) = (SIZES.iter().position(|s| *s == size), shows(display)) {
                decide(i, shown);
            }
            continue;
        }
        // Tailwind: `hidden`, `md:hidden`, `lg:block`; also a plain `hidden` or `hide`
        // (Bootstrap 3, many themes).
        let (size, display) = t.split_once(':').unwrap_or(("", t));
        let display = if display == "hide" { "hidden" } else { display };
        if let (Some(i), Some(shown)) = (SIZES.iter().position(|s| *s == size), shows(display)) {
            decide(i, shown);
        }
    }
    rule.is_some_and(|(_, shown)| !shown)
}

/// A site's own utility class for hiding, written with a short namespace (`fn-hide`,
/// `u-hidden`, `js-hide`); `overflow-hidden` and `text-hidden-overflow` say nothing of display.
fn is_prefixed_hide(token: &str) -> bool {
    ["-hide", "-hidden", "_hide", "_hidden"].iter().any(|end| {
        token
            .strip_suffix(end)
            .is_some_and(|ns| (1..=3).contains(&ns.len()) && ns.bytes().all(|b| b.is_ascii_alphabetic()))
    })
}

/// What a display utility's value says: hidden, shown, or nothing about display.
fn shows(display: &str) -> Option<bool> {
    match display {
        "none" | "hidden" => Some(false),
        "block" | "inline" | "inline-block" | "flex" | "inline-flex" | "grid" | "inline-grid" | "table"
        | "table-cell" | "table-row" | "contents" => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::hides;

    #[test]
    fn classes_that_hide_at_a_desktops_width() {
        for class in [
            "hidden",
            "d-none",
            "d-md-none",
            "d-block d-lg-none",
            "d-none d-sm-block d-md-none",
            "md:hidden",
            "block lg:hidden",
            "sr-only",
            "visually-hidden",
            "screen-reader-text",
            "visible-xs",
            "hide-for-large",
            "menu mobile-only",
            "Hidden",
            "epaperImg fn-hide",
            "js-hide",
            "u-hidden",
        ] {
            assert!(hides(class), "{class}");
        }
    }

    #[test]
    fn classes_that_show_at_a_desktops_width() {
        for class in [
            "",
            "d-none d-md-block",
            "d-none d-lg-flex",
            "hidden md:block",
            "hidden lg:flex",
            "d-md-none d-xl-block",
            "hidden-xs",
            "hidden-sm",
            "d-print-none",
            "d-2xl-none",
            "text-hidden-overflow",
            "overflow-hidden",
            "scroll-hidden",
            "x-overflow-hidden",
            "hidden-title-wrapper",
            "article-body",
        ] {
            assert!(!hides(class), "{class}");
        }
    }
}
