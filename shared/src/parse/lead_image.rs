//! Which of a page's images can be its lead image: candidates ranked by source trust, with
//! page furniture (logos, icons, placeholders, badges, ads) and images too small to be a
//! story's picture dropped. Only URLs and declared sizes are read here; the one image
//! request that confirms the winner is the fetcher's.
//!
//! Furniture is told by the *words* of an image's path, never by substrings: a story's
//! photo is named for the story (`silicon-valley.jpg`, `missing-hiker-found.jpg`,
//! `google-pixel-review.jpg`), a decorative image for its role (`icon-facebook.png`,
//! `missing_face.png`, `defaultPromoCrop.png`), and Drupal keeps every upload under
//! `/sites/default/files/`.

use url::Url;

use crate::model::FieldSource;
use crate::parse::is_digits;
use crate::parse::labels::Labels;

/// An image the page offers, best first after [`rank_images`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageCandidate {
    /// Absolute URL.
    pub url: String,
    /// Where it was found.
    pub source: FieldSource,
    /// Declared width and height (attributes or `og:image:width`), if any.
    pub declared: Option<(u32, u32)>,
}

/// Marks of furniture wherever they stand, inside a longer word too (`favicon-32`,
/// `placeholder_wide`): no story's photo is named so.
/// (`erweima` is Chinese for a QR code, as Chinese sites name theirs.)
const MARKS: [&str; 6] = ["favicon", "gravatar", "placeholder", "qrcode", "erweima", "spacer"];

/// What a logo's name is glued to (`sitelogo`, `fblogo`). "logo" is also how many words
/// end (Spanish and Italian `diálogo`, `psicologo`, `catalogo`), so it marks a word that
/// starts with it (`logo`, `logos`, `logotype`) or ends in one of these and it.
const LOGO_OWNERS: [&str; 18] = [
    "site", "main", "brand", "header", "footer", "fb", "twitter", "company", "mobile", "nav", "default", "white",
    "share", "new", "top", "small", "big", "app",
];

fn is_logo_word(word: &str) -> bool {
    word.starts_with("logo")
        || word.strip_suffix("logo").is_some_and(|owner| LOGO_OWNERS.iter().any(|o| owner.ends_with(o)))
}

/// Phrases of furniture, as consecutive words (`no-image.jpg`, `noImage.png`, `qr_code`).
/// (An invitation to download the site's app, or to its newsletter: `app_down.png`,
/// `download-app.jpg`, `app-store-badge.png`, `newsletter-signup.png`.)
const PHRASES: [&str; 18] = [
    "no-image",
    "no-photo",
    "no-img",
    "no-pic",
    "no-picture",
    "qr-code",
    "touch-icon",
    "image-not-found",
    "1x1",
    "app-down",
    "app-download",
    "download-app",
    "get-the-app",
    "app-store-badge",
    "google-play-badge",
    "play-store-badge",
    "newsletter-signup",
    "newsletter-sign-up",
];

/// Words that name an image's role. They are also ordinary words (a film called Avatar, a
/// police badge, a phone called Pixel, a missing person), so they mark furniture only in a
/// file name that says nothing else: `icon.png`, `facebook-icon.png`, `default-avatar.png`.
/// (`qr`, `ewm` for 二维码, `wx` and `weixin` for WeChat's QR code are how Chinese sites
/// name the code they ask readers to scan.)
static ROLES: Labels = Labels::new(concat!(
    "icon\n",
    "icons\n",
    "badge\n",
    "badges\n",
    "avatar\n",
    "avatars\n",
    "banner\n",
    "banners\n",
    "pixel\n",
    "emoji\n",
    "emoticon\n",
    "sprite\n",
    "sprites\n",
    "missing\n",
    "default\n",
    "fallback\n",
    "blank\n",
    "clear\n",
    "transparent\n",
    "share\n",
    "sharing\n",
    "copyright\n",
    "seal\n",
    "dummy\n",
    "ad\n",
    "ads\n",
    "advert\n",
    "advertisement\n",
    "loading\n",
    "loader\n",
    "spinner\n",
    "button\n",
    "buttons\n",
    "btn\n",
    "arrow\n",
    "arrows\n",
    "bullet\n",
    "listen\n",
    "play\n",
    "rating\n",
    "stars\n",
    "qr\n",
    "ewm\n",
    "wx\n",
    "weixin\n",
    "wechat\n",
    "weibo\n",
    "bg\n",
    "background\n",
    "divider\n",
    "separator\n",
    "pdf\n",
));

/// Social networks a button or a card is named for (`facebook_32.png`, `share-twitter.png`).
/// Fewer than a "follow us" line names (`article/lines/prompts.rs`): in a file's name "x", "line", "threads"
/// and "vk" are as often other things (`line-art.jpg`, `threads-of-silk.jpg`), and a picture
/// named so may be the story's.
const SOCIAL_NETWORKS: [&str; 7] = ["facebook", "twitter", "linkedin", "whatsapp", "pinterest", "instagram", "youtube"];

/// Feeds and page actions a button is named for (`rss.png`, `print.gif`). (Also words of
/// sites' names, "Daily Mail", "The Print", which a card named for the site may spell.)
const PAGE_ACTIONS: [&str; 4] = ["email", "mail", "rss", "print"];

/// Social networks, feeds and page actions a button is named for.
fn is_network(word: &str) -> bool {
    SOCIAL_NETWORKS.contains(&word) || PAGE_ACTIONS.contains(&word)
}

/// Words that say nothing of what an image shows, beside a role word: kinds, sizes,
/// colours, places and directions on the page.
/// The networks of [`is_network`] are filler too.
static FILLER: Labels = Labels::new(concat!(
    "image\n",
    "generic\n",
    "images\n",
    "img\n",
    "photo\n",
    "pic\n",
    "picture\n",
    "thumb\n",
    "thumbnail\n",
    "og\n",
    "fb\n",
    "social\n",
    "card\n",
    "large\n",
    "small\n",
    "big\n",
    "medium\n",
    "mini\n",
    "white\n",
    "black\n",
    "dark\n",
    "light\n",
    "color\n",
    "grey\n",
    "gray\n",
    "header\n",
    "footer\n",
    "site\n",
    "web\n",
    "main\n",
    "top\n",
    "new\n",
    "face\n",
    "user\n",
    "person\n",
    "profile\n",
    "author\n",
    "notice\n",
    "promo\n",
    "teaser\n",
    "crop\n",
    "retina\n",
    "left\n",
    "right\n",
    "next\n",
    "prev\n",
    "subscribe\n",
    "subscription\n",
    "newsletter\n",
    "donate\n",
    "follow\n",
    "download\n",
    "app\n",
    "login\n",
    "signup\n",
    "more\n",
    "read\n",
    "comment\n",
    "comments\n",
    "search\n",
    "menu\n",
    "close\n",
    "home\n",
    "back\n",
    "title\n",
    "section\n",
));

/// Words of a social card's name (`og-image.png`, `social-card.jpg`, `opengraph.png`).
const CARD: [&str; 6] = ["ogp", "opengraph", "ogimage", "card", "cards", "preview"];

/// Folders that hold a site's social cards (`/images/og/`).
const CARD_FOLDERS: [&str; 3] = ["og", "ogp", "opengraph"];

/// Folders that hold furniture (`/icons/`, `/wp-content/themes/`, Gravatar's `/avatar/`,
/// writers' `/headshots/`, `/sponsors/`), and a folder named `svg` (a rendered formula, a
/// vector icon).
static FOLDERS: Labels = Labels::new(concat!(
    "icon\n",
    "icons\n",
    "logos\n",
    "avatar\n",
    "avatars\n",
    "emoji\n",
    "emojis\n",
    "emoticons\n",
    "smilies\n",
    "smileys\n",
    "badges\n",
    "sprites\n",
    "ads\n",
    "banners\n",
    "placeholders\n",
    "themes\n",
    "template\n",
    "templates\n",
    "skins\n",
    "author\n",
    "authors\n",
    "byline\n",
    "bylines\n",
    "headshot\n",
    "headshots\n",
    "sponsor\n",
    "sponsors\n",
    "svg\n",
    "flags\n",
    "login\n",
    "toolbar\n",
));

/// Words of a folder's name that say it holds the page's own parts (`common_nav`,
/// `content-toolbar`, `sidebar-widgets`): its navigation, menus, toolbars and widgets.
const PART_FOLDER_WORDS: [&str; 8] = ["nav", "navigation", "navbar", "menu", "toolbar", "sidebar", "widget", "widgets"];

/// Ad servers and counters: a host whose first label is one of these (an image from
/// `stat.news.test` or `counter.news.test` is a beacon that counts the reader).
const AD_HOSTS: [&str; 15] = [
    "ad",
    "ads",
    "adserver",
    "adservice",
    "banner",
    "banners",
    "pubads",
    "stat",
    "stats",
    "count",
    "counter",
    "track",
    "tracking",
    "pixel",
    "analytics",
];

/// Hosts (and their subdomains) of the counters and ad networks pages embed as images: a
/// beacon is never a story's picture, whatever its address looks like
/// (`b.scorecardresearch.com/p?c1=2`, `pixel.wp.com/g.gif`, `hm.baidu.com/hm.gif`).
static TRACKER_HOSTS: Labels = Labels::new(concat!(
    "scorecardresearch.com\n",
    "doubleclick.net\n",
    "google-analytics.com\n",
    "googlesyndication.com\n",
    "googleadservices.com\n",
    "adnxs.com\n",
    "amazon-adsystem.com\n",
    "quantserve.com\n",
    "chartbeat.net\n",
    "imrworldwide.com\n",
    "omtrdc.net\n",
    "2o7.net\n",
    "bat.bing.com\n",
    "facebook.com/tr\n",
    "pixel.wp.com\n",
    "stats.wp.com\n",
    "mc.yandex.ru\n",
    "counter.yadro.ru\n",
    "top-fwz1.mail.ru\n",
    "hm.baidu.com\n",
    "cnzz.com\n",
    "51.la\n",
    "statcounter.com\n",
    "addthis.com\n",
));

/// Whether a URL's host is a tracker's ([`TRACKER_HOSTS`]; one given with a path, such as
/// Facebook's pixel, counts under that path only).
fn is_tracker(parsed: &Url) -> bool {
    let host = parsed.host_str().unwrap_or_default().to_ascii_lowercase();
    TRACKER_HOSTS.iter().any(|t| {
        let (domain, path) = t.split_once('/').map_or((t, None), |(d, p)| (d, Some(p)));
        let on_host = host == domain || host.ends_with(&format!(".{domain}"));
        on_host && path.is_none_or(|p| parsed.path().trim_start_matches('/').starts_with(p))
    })
}

/// Lower-case words of a path segment: split at punctuation, between letters and digits,
/// and at camel case (`defaultPromoCrop` is default, promo, crop); a size stays one word
/// (`1x1`, `32x32`).
fn words(segment: &str) -> Vec<String> {
    #[derive(PartialEq)]
    enum Kind {
        Lower,
        Upper,
        Digit,
    }
    let kind = |c: char| match c {
        _ if c.is_numeric() => Kind::Digit,
        _ if c.is_uppercase() => Kind::Upper,
        _ => Kind::Lower,
    };
    let mut runs: Vec<String> = Vec::new();
    for token in segment.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()) {
        let mut run = String::new();
        let mut prev: Option<Kind> = None;
        for c in token.chars() {
            let k = kind(c);
            let boundary = match (&prev, &k) {
                (None, _) => false,
                (Some(Kind::Digit), Kind::Digit) => false,
                (Some(Kind::Digit), _) | (Some(_), Kind::Digit) => true,
                (Some(Kind::Lower), Kind::Upper) => true,
                _ => false,
            };
            if boundary {
                runs.push(std::mem::take(&mut run));
            }
            run.extend(c.to_lowercase());
            prev = Some(k);
        }
        runs.push(run);
    }
    // `32`, `x`, `32` read back as the one size they spell.
    let mut out: Vec<String> = Vec::with_capacity(runs.len());
    let mut i = 0;
    while i < runs.len() {
        if i + 2 < runs.len() && is_digits(&runs[i]) && runs[i + 1] == "x" && is_digits(&runs[i + 2]) {
            out.push(format!("{}x{}", runs[i], runs[i + 2]));
            i += 3;
        } else {
            out.push(std::mem::take(&mut runs[i]));
            i += 1;
        }
    }
    out
}

/// A word of [`words`] that is a size, `1200x630`.
fn is_size(word: &str) -> bool {
    word.split_once('x').is_some_and(|(w, h)| is_digits(w) && is_digits(h))
}

/// A file name (without its extension) that names a decorative image.
fn names_furniture(stem: &str) -> bool {
    let ws = words(stem);
    let joined = format!("-{}-", ws.join("-"));
    if PHRASES.iter().any(|p| joined.contains(&format!("-{p}-"))) {
        return true;
    }
    let has_role = ws.iter().any(|w| ROLES.contains(w));
    has_role && telling_words(&ws).all(|w| ROLES.contains(w) || FILLER.contains(w) || is_network(w))
}

/// The words of a name that say something: numbers and one- or two-letter words (`v2`,
/// `sm`, `x`) say nothing either way.
fn telling_words(ws: &[String]) -> impl Iterator<Item = &str> {
    ws.iter().map(String::as_str).filter(|w| w.len() > 2 && !is_digits(w))
}

/// A path (or a path given in a query value) that names furniture: a mark in any word, a
/// furniture folder or a folder of the page's parts ([`PART_FOLDER_WORDS`]), a file name of role words only, a vector or icon file, or a GIF whose
/// name is one or two characters (`1.gif?uid=…`, `p.gif`: a counter's beacon).
fn path_is_furniture(path: &str) -> bool {
    let Some((folders, file)) = folders_and_file(path) else {
        return false;
    };
    let marked = folders
        .iter()
        .chain([&file])
        .flat_map(|s| words(s))
        .any(|w| is_logo_word(&w) || MARKS.iter().any(|m| w.contains(m)));
    marked
        || folders.iter().any(|f| FOLDERS.contains(&f.to_ascii_lowercase()))
        || folders.iter().flat_map(|f| words(f)).any(|w| PART_FOLDER_WORDS.contains(&w.as_str()))
        || names_furniture(stem(file))
        || [".svg", ".ico"].iter().any(|e| file.to_ascii_lowercase().ends_with(e))
        || (file.to_ascii_lowercase().ends_with(".gif") && stem(file).chars().count() <= 2)
        || is_icon_graphic(file)
}

/// A PNG or GIF named as an icon, whatever else its name says (`politics-icon.png`,
/// `icon_weather_sun.gif`): a section's or a category's badge; or named for a network, a
/// feed or a page action and nothing else (`rss.png`, `facebook_32.png`, `print.gif`): a
/// button. A photograph is a JPEG or a WebP, and may show an icon of fashion
/// (`fashion-icon.jpg`).
fn is_icon_graphic(file: &str) -> bool {
    const MORE_BUTTONS: [&str; 3] = ["feed", "telegram", "share"];
    let lower = file.to_ascii_lowercase();
    let ws = words(stem(file));
    let is_button = |w: &str| is_network(w) || MORE_BUTTONS.contains(&w);
    let mut telling = telling_words(&ws).peekable();
    [".png", ".gif"].iter().any(|e| lower.ends_with(e))
        && (ws.iter().any(|w| w == "icon" || w == "icons") || (telling.peek().is_some() && telling.all(is_button)))
}

/// The folders and the file name of a path, empty segments left out; `None` for a path
/// with no segment.
fn folders_and_file(path: &str) -> Option<(Vec<&str>, &str)> {
    let mut segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let file = segments.pop()?;
    Some((segments, file))
}

/// A file name without its extension.
fn stem(file: &str) -> &str {
    file.rsplit_once('.').map_or(file, |(s, _)| s)
}

/// A URL or path without its query and fragment.
fn before_query(url: &str) -> &str {
    url.split(['?', '#']).next().unwrap_or(url)
}

/// A site-wide image rather than one of a story's: a file name that says nothing of a
/// subject (`og-image.png`, `social-card.jpg`, `photo.jpg`, `ogp_default.png`,
/// `share-image.jpg`, `twitter-card.png`: kinds, card, role and network words only) or a
/// social-card folder, in a path with no number anywhere but a size (`share-1200x630.jpg`):
/// a story's images sit under a date or an id (`/2024/05/photo.jpg`,
/// `/uploads/12345/image.jpg`). Such an image may still be the only one a page has, so it
/// is ranked after the story's images, not dropped.
fn is_generic(url: &str) -> bool {
    let Ok(parsed) = Url::parse(url) else { return false };
    let path = percent_decoded(parsed.path());
    let Some((folders, file)) = folders_and_file(&path) else { return false };
    let has_digit = |s: &str| s.bytes().any(|b| b.is_ascii_digit());
    let ws = words(stem(file));
    if folders.iter().any(|f| has_digit(f)) || ws.iter().any(|w| has_digit(w) && !is_size(w)) {
        return false;
    }
    let subjectless = ws.iter().all(|w| w.len() <= 2 || is_size(w) || is_card_word(w) || is_network(w));
    subjectless || folders.iter().any(|f| CARD_FOLDERS.iter().any(|c| f.eq_ignore_ascii_case(c)))
}

/// Whether a word of a file's name says nothing of a picture's subject: a kind, a card's,
/// a role's or a social network's word (`share-facebook.png`).
fn is_card_word(word: &str) -> bool {
    FILLER.contains(word) || CARD.contains(&word) || ROLES.contains(word) || SOCIAL_NETWORKS.contains(&word)
}

/// Whether an image's file is named for the site itself (`valley-herald.png` on
/// valleyherald.test, `harbour-times-card.jpg` for "The Harbour Times"): its words, past
/// kinds, card and role words ([`is_generic`]'s), spell the host's first label or one of
/// the site's names (`site_names`), with or without a leading "the". Such a picture is the
/// site's, shared by every page, and comes after the story's own.
pub fn names_the_site(url: &str, site_names: &[String], host: &str) -> bool {
    let Ok(parsed) = Url::parse(url) else { return false };
    let path = percent_decoded(parsed.path());
    let Some((_, file)) = folders_and_file(&path) else { return false };
    let spelled: String = words(stem(file)).into_iter().filter(|w| !is_card_word(w)).collect();
    let host_core = super::host_core(host);
    let names = site_names.iter().flat_map(|n| {
        let n = super::norm(n);
        let without_the = n.strip_prefix("the").map(str::to_owned);
        [Some(n), without_the]
    });
    // A name with accents, as a file's name spells it: `cafe-ole.png` for "Café Olé".
    spelled.chars().count() >= 4
        && std::iter::once(Some(host_core))
            .chain(names)
            .flatten()
            .any(|n| n == spelled || super::spells_in_ascii(&spelled, &n))
}

/// Images that are page furniture rather than the article's image, an advertisement
/// (served by an ad server: a host whose first label is `ad`, `ads`, `adserver`,
/// `banners`…, or an ad zone in the query) or a tracker's beacon ([`TRACKER_HOSTS`]). The host's own name says nothing
/// (`logo-shop.test` sells things); the path and any path a query value carries do. A
/// relative address is read by its path.
pub(crate) fn is_furniture(url: &str) -> bool {
    let Ok(parsed) = Url::parse(url) else {
        return path_is_furniture(before_query(url));
    };
    let ad_host = parsed
        .host_str()
        .and_then(|h| h.split('.').next())
        .is_some_and(|label| AD_HOSTS.iter().any(|a| label.eq_ignore_ascii_case(a)));
    let path = percent_decoded(parsed.path());
    ad_host
        || is_tracker(&parsed)
        || path_is_furniture(&path)
        || parsed.query_pairs().any(|(k, v)| {
            k.eq_ignore_ascii_case("zoneid")
                || ((v.contains('/') || v.contains('.')) && path_is_furniture(before_query(&v)))
        })
}

fn percent_decoded(path: &str) -> String {
    percent_encoding::percent_decode_str(path).decode_utf8_lossy().into_owned()
}

/// Order candidates by source trust; furniture (logos, icons, placeholders, badges) and
/// images declared smaller than `min` or as a banner's strip are dropped, as are
/// duplicates: no image is better than a decorative one. A size is declared by the markup
/// or by the URL (`?w=100&h=17`, `-150x150.jpg`, Blogger's `/s72-c/`, an image service's
/// `/r=115x86/`), either small enough to drop it. A site-wide image (a social card
/// named for no subject) comes after the story's own images, and GIFs (animations,
/// spacers, badges) after both.
pub fn rank_images(mut images: Vec<ImageCandidate>, min: (u32, u32)) -> Vec<ImageCandidate> {
    // A strip four times as wide as it is high or more is a banner (a masthead, a
    // 728×90 ad, a divider), never a story's picture.
    // The markup's size is the one shown; an address that declares a smaller one names a
    // small file shown large (a video's 115×86 still stretched to 540×304).
    let small = |(w, h): (u32, u32)| (w > 0 && w < min.0) || (h > 0 && h < min.1) || (h > 0 && w >= 4 * h);
    let too_small = |c: &ImageCandidate| c.declared.is_some_and(small) || url_declared_size(&c.url).is_some_and(small);
    let mut seen = crate::parse::Set::default();
    images.retain(|c| !is_furniture(&c.url) && !too_small(c) && seen.insert(c.url.clone()));
    // A stable sort keeps the trust order within each class; each URL is read once.
    images.sort_by_cached_key(|c| (names_a_gif(&c.url), is_generic(&c.url)));
    images
}

/// Whether an image's address names a GIF file (`anim.gif`, `badge.GIF?v=2`).
pub(crate) fn names_a_gif(url: &str) -> bool {
    before_query(url).to_ascii_lowercase().ends_with(".gif")
}

/// The width and height an image URL declares, `0` for a side it does not give: query
/// parameters (`w`, `width`, `h`, `height`, `resize=100,100`, `size=100x100`), a `WxH` in the
/// file name or a path segment, Blogger's `/s72/` and `=s72`. Numbers above 10000 are not
/// sizes (ids, timestamps).
pub fn url_declared_size(url: &str) -> Option<(u32, u32)> {
    let parsed = Url::parse(url).ok()?;
    let num = |v: &str| v.trim().parse::<u32>().ok().filter(|n| (1..=10_000).contains(n));
    let pair = |v: &str| {
        let (a, b) = v.split_once(['x', 'X', ',', '*'])?;
        Some((num(a)?, num(b.split(|c: char| !c.is_ascii_digit()).next()?)?))
    };
    let (mut w, mut h) = (None, None);
    for (k, v) in parsed.query_pairs() {
        match k.to_ascii_lowercase().as_str() {
            "w" | "width" => w = w.or_else(|| num(&v)),
            "h" | "height" => h = h.or_else(|| num(&v)),
            "resize" | "size" | "fit" | "dimensions" => {
                if let Some((a, b)) = pair(&v) {
                    return Some((a, b));
                }
            }
            _ => {}
        }
    }
    if w.is_some() || h.is_some() {
        return Some((w.unwrap_or(0), h.unwrap_or(0)));
    }
    let segments: Vec<&str> = parsed.path_segments()?.collect();
    // A size may stand in any folder (`/resize/100x100/img/2024/photo.jpg`), Blogger's in
    // the last three.
    for (depth, seg) in segments.iter().rev().enumerate() {
        if let Some(size) = operations_size(seg, num) {
            return Some(size);
        }
        // `photo-150x150.jpg`, `photo_100x100.png`, `/100x100/photo.jpg`; not a crop's
        // shape (`photo-16x9.jpg`, `/4x3/photo.jpg`).
        let stem = seg.rsplit_once('.').map_or(*seg, |(s, _)| s);
        for part in stem.split(['-', '_', '/', '.']).rev() {
            if let Some(size) = pair(part)
                .filter(|_| part.chars().all(|c| c.is_ascii_digit() || c == 'x' || c == 'X'))
                .filter(|&(w, h)| !is_aspect_ratio(w, h))
            {
                return Some(size);
            }
        }
        // `photo_w160_h214.jpg`, `/w550h339/photo.jpg`: a width and a height so marked.
        let parts: Vec<&str> = stem.split(['-', '_', '.']).collect();
        let marked = |part: &str, mark: char| part.strip_prefix(mark).and_then(num);
        for (i, part) in parts.iter().enumerate().rev() {
            let joined =
                part.strip_prefix('w').and_then(|r| r.split_once('h')).and_then(|(a, b)| Some((num(a)?, num(b)?)));
            let split = || Some((marked(part, 'w')?, marked(parts.get(i + 1)?, 'h')?));
            if let Some(size) = joined.or_else(split) {
                return Some(size);
            }
        }
        // Blogger: `/s72-c/` or `/s1600/`, and `...=s72` at the end.
        let blogger =
            seg.strip_prefix('s').map(|r| r.trim_end_matches("-c")).or_else(|| seg.rsplit_once("=s").map(|(_, r)| r));
        if let Some(n) = blogger.and_then(num).filter(|n| *n >= 16 && depth < 3) {
            return Some((n, n));
        }
    }
    None
}

/// The size a chain of operations written into a folder of an image service's address
/// gives the picture: Cloudinary's `/w_1200,h_675,c_fill/`, Gannett's
/// `/c=0-58-4808-2769&r=x1803&c=3200x1800/` (crop, resize to a height, crop to a size).
/// Each operation is a short name and its value, joined by `=` or `_`; the last size in
/// the chain is the picture's, a `w` or `h` of its own else.
fn operations_size(segment: &str, num: impl Fn(&str) -> Option<u32>) -> Option<(u32, u32)> {
    if segment.contains('.') || !segment.contains(['=', '_']) {
        return None;
    }
    let (mut w, mut h, mut last) = (None, None, None);
    for op in segment.split([',', '&', ';']) {
        let (name, value) = op.split_once(['=', '_'])?;
        if name.is_empty() || name.len() > 6 || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        match name.to_ascii_lowercase().as_str() {
            "w" | "width" => w = num(value).or(w),
            "h" | "height" => h = num(value).or(h),
            _ => {
                // `115x86`, `x404` (a height alone), `404x` (a width alone).
                let sides = value.split_once(['x', 'X']).filter(|(a, b)| {
                    !(a.is_empty() && b.is_empty()) && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
                });
                if let Some((a, b)) = sides {
                    let side = |v: &str| if v.is_empty() { Some(0) } else { num(v) };
                    last = Some((side(a)?, side(b)?)).filter(|&(a, b)| !is_aspect_ratio(a, b)).or(last);
                }
            }
        }
    }
    last.or_else(|| (w.is_some() || h.is_some()).then(|| (w.unwrap_or(0), h.unwrap_or(0))))
}

/// Whether a width and height named in an image's address are the shape of a crop
/// (`16x9`, `4x3`, `3x2`, `21x9` and their portraits), as sites name each crop of a picture,
/// not its size in pixels. A `1x1` is the size of a tracking pixel.
fn is_aspect_ratio(w: u32, h: u32) -> bool {
    const RATIOS: [(u32, u32); 6] = [(16, 9), (4, 3), (3, 2), (21, 9), (2, 1), (5, 4)];
    RATIOS.iter().any(|&(a, b)| (w, h) == (a, b) || (w, h) == (b, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(url: &str, declared: Option<(u32, u32)>) -> ImageCandidate {
        ImageCandidate { url: url.into(), source: FieldSource::Html, declared }
    }

    #[test]
    fn images_are_ranked_and_decorative_ones_dropped() {
        let ranked = rank_images(
            vec![
                c("https://s.test/logo.png", None),
                c("https://s.test/tiny.jpg", Some((50, 50))),
                c("https://s.test/a.jpg", None),
                c("https://s.test/a.jpg", None),
            ],
            (200, 100),
        );
        let urls: Vec<&str> = ranked.iter().map(|i| i.url.as_str()).collect();
        assert_eq!(urls, ["https://s.test/a.jpg"]);
        // Sizes in the URL count when the markup declares none; GIFs come after the rest.
        let ranked = rank_images(
            vec![
                c("https://s.test/img/photo.jpg?w=100&h=17", None),
                c("https://s.test/uploads/face-100x100.jpg", None),
                c("https://s.test/anim.gif", None),
                c("https://s.test/uploads/story-1024x683.jpg", None),
                c("https://s.test/missing_face.png", None),
                c("https://s.test/img/copyright-notice.jpg", None),
            ],
            (200, 100),
        );
        let urls: Vec<&str> = ranked.iter().map(|i| i.url.as_str()).collect();
        assert_eq!(urls, ["https://s.test/uploads/story-1024x683.jpg", "https://s.test/anim.gif"]);
        // Only decorative images: none.
        assert!(rank_images(vec![c("https://s.test/site-logo.jpg", None)], (200, 100)).is_empty());
        // Words in the host do not count; an ad server's host and ad zones do.
        assert_eq!(rank_images(vec![c("https://fallback-logo.test/img/0.png", None)], (200, 100)).len(), 1);
        let ads = [
            "https://banners.s.test/www/delivery/avw.php?n=1",
            "https://s.test/d.php?zoneid=102",
            "https://ads.s.test/x.jpg",
        ];
        assert!(rank_images(ads.iter().map(|u| c(u, None)).collect(), (200, 100)).is_empty());
        assert_eq!(rank_images(vec![c("https://adelaide.s.test/harbour.jpg", None)], (200, 100)).len(), 1);
        let theme = c("https://s.test/wp-content/themes/paper/img/share.jpg", None);
        let story = c("https://s.test/wp-content/uploads/2024/03/harbour.jpg", None);
        assert_eq!(rank_images(vec![theme, story.clone()], (200, 100)), std::slice::from_ref(&story));
        // A strip (a masthead, a leaderboard ad) is no story's picture, however large.
        let strips = [c("https://s.test/img/testata.jpg", Some((900, 120))), c("https://s.test/x/728x90.jpg", None)];
        assert_eq!(rank_images(strips.into_iter().chain([story.clone()]).collect(), (200, 100)), [story]);
        let wide = c("https://s.test/uploads/2024/05/panorama.jpg", Some((1200, 400)));
        assert_eq!(rank_images(vec![wide.clone()], (200, 100)), [wide]);
        // A small file shown large is still a small file: a video's 115×86 still
        // stretched to 540×304 by its markup.
        let still = c("https://img.test/-mm-/c67e/c=354-0-1266-686&r=115x86/local/still.jpg", Some((540, 304)));
        let photo = c("https://img.test/-mm-/b18d/c=10-0-4346-3260&r=x404&c=534x401/local/photo.jpg", Some((534, 401)));
        assert_eq!(rank_images(vec![still, photo.clone()], (200, 100)), [photo]);
    }

    #[test]
    fn furniture_is_told_by_words_not_substrings() {
        let furniture = [
            "https://s.test/img/logo.png",
            "https://s.test/img/sitelogo_white.png",
            "https://s.test/favicon-32x32.png",
            "https://s.test/apple-touch-icon.png",
            "https://s.test/static/icons/print.png",
            "https://s.test/img/facebook_icon.png",
            "https://s.test/img/icon.png",
            "https://s.test/newsgraphics/images/defaultPromoCrop.png",
            "https://s.test/img/og-default.jpg",
            "https://s.test/img/default-share-image.jpg",
            "https://s.test/img/no-image.jpg",
            "https://s.test/img/noImage.png",
            "https://s.test/img/missing_face.png",
            "https://s.test/img/user-avatar.png",
            "https://secure.gravatar.test/avatar/4f0a?s=96",
            "https://s.test/img/spacer.gif",
            "https://s.test/img/divider.gif",
            "https://s.test/img/separator_large.png",
            "https://s.test/img/1x1.gif",
            "https://s.test/img/blank.gif",
            "https://s.test/privacy-seal/Site,-LLC/seal?rid=80c3",
            "https://s.test/api/rest_v1/media/math/render/svg/28a0aa",
            "https://s.test/emoji/72x72/1f600.png",
            "https://s.test/img/share-twitter.png",
            "https://s.test/resize?src=/img/logo.png&w=1200",
            "https://s.test/img/vector.svg",
            "https://s.test/images/rs_listen_button.gif",
            "https://s.test/img/btn-play.png",
            "https://s.test/img/arrow-right.png",
            "https://s.test/img/rating-stars-4.png",
            "https://s.test/img/category/politics-icon.png",
            "https://s.test/img/title-banner.png",
            "https://s.test/img/section_title_bg.jpg",
            "https://s.test/img/icon_weather_sun.gif",
            "https://stats.s.test/1.gif?z=1&uid=0100300909",
            "https://s.test/b/p.gif",
            "https://stat.s.test/phpstat/count/abceffgh/abceffgh.php",
            "https://s.test/e/extend/qrcode/index.php?text=https://s.test/news/1.html",
            "https://s.test/detail2020/images/ewm.png",
            "https://s.test/xl2017/images/wx.png",
            "https://s.test/img/weixin_qr.jpg",
            "https://s.test/img/erweima-app.png",
            "https://s.test/images/login/weibo_how_ot.png",
            "https://s.test/xl2017/images/bg6.jpg",
            "http://b.scorecardresearch.com/p?c1=2&c2=3005059&cj=1",
            "https://www.facebook.com/tr?id=1&ev=PageView&noscript=1",
            "https://hm.baidu.com/hm.gif?si=1",
            "http://s.test/f2e/include/common_nav/images/topapp.jpg",
            "http://s.test/cdn/content-toolbar/csdn-sou.png?v=20190924.1",
            "http://s.test/www/v3/img/app_down.png",
            "https://s.test/images/btn_subscribe.png",
            "https://s.test/images/rss.png",
            "https://s.test/img/facebook_32.png",
            "https://s.test/img/print.gif",
            "https://s.test/img/headshots/jane-doe.jpg",
            "https://s.test/img/sponsors/harbour-bank.png",
            "https://s.test/img/app-store-badge.png",
            "https://s.test/img/google-play-badge.svg",
            "https://s.test/img/newsletter-signup.png",
            "https://s.test/static/common/img/sharelogo2.jpg",
            "https://s.test/images/newlogo19ysp_lt.png",
            "https://s.test/core/grafiken/bg_teaser4.jpg",
            "https://s.test/skin/frontend/default/images/pdf.png",
            "https://s.test/img/icon-pdf.gif",
        ];
        for url in furniture {
            assert!(is_furniture(url), "{url} is furniture");
        }
        let stories = [
            "https://s.test/sites/default/files/2020-05/harbour-wall.jpg",
            "https://s.test/sites/default/files/styles/large/public/field_image/photo.jpg?itok=x1",
            "https://s.test/uploads/2024/03/silicon-valley-offices.jpg",
            "https://s.test/uploads/missing-hiker-found-alive.jpg",
            "https://s.test/uploads/google-pixel-8-review.jpg",
            "https://s.test/uploads/avatar-the-way-of-water.jpg",
            "https://s.test/uploads/police-badge-ceremony.jpg",
            "https://s.test/uploads/market-share-chart.jpg",
            "https://s.test/uploads/transparent-solar-panels.jpg",
            "https://s.test/uploads/fashion-icon-dies.jpg",
            "https://s.test/uploads/fashion-icon.jpg",
            "https://s.test/uploads/iconic-harbour-wall.png",
            "https://s.test/uploads/debt-default-looms.jpg",
            "https://s.test/uploads/catalog-original.jpg",
            "https://s.test/uploads/Buggie.svg/220px-Buggie.svg.png",
            "https://s.test/uploads/piano-imagery.jpg",
            "https://s.test/uploads/2024/05/app-store-fine.jpg",
            "https://s.test/uploads/google-play-store-outage.jpg",
            "https://s.test/fotos/2024/dialogo-entre-lideres.jpg",
            "https://s.test/foto/psicologo-spiega.jpg",
            "https://s.test/uploads/listen-to-the-reef.jpg",
            "https://s.test/uploads/play-review-hamlet-globe.jpg",
            "https://s.test/uploads/archery-arrow-final.jpg",
            "https://s.test/2024/05/harbour/1.jpg",
            "https://s.test/uploads/tide-chart.gif",
            "https://s.test/uploads/2024/wechat-pay-launch.jpg",
            "https://statue.s.test/uploads/harbour-wall.jpg",
            "https://s.test/uploads/background-check-delays.jpg",
            "https://s.test/uploads/2024/05/menu-of-the-harbour-cafe.jpg",
            "https://s.test/uploads/navigators/harbour-pilot.jpg",
            "https://s.test/uploads/app-store-antitrust-ruling.jpg",
            "https://s.test/uploads/2024/05/facebook-headquarters.png",
            "https://s.test/uploads/subscribe-button-study-chart.png",
            "https://s.test/uploads/twitter.jpg",
            "https://s.test/uploads/2024/05/pdf-reader-review.jpg",
            "https://scontent.facebook.com/v/t1/harbour-wall.jpg",
            "https://notscorecardresearch.com.s.test/harbour.jpg",
            "https://s.test/wp-content/timthumb.php?src=/uploads/2020/05/harbour-wall.jpg&w=600",
        ];
        for url in stories {
            assert!(!is_furniture(url), "{url} is a story's image");
        }
    }

    #[test]
    fn a_site_wide_card_comes_after_the_storys_images() {
        let card = c("https://s.test/static/img/og-image.png", None);
        let story = c("https://s.test/uploads/2024/05/harbour-wall.jpg", None);
        assert_eq!(rank_images(vec![card.clone(), story.clone()], (200, 100)), [story.clone(), card.clone()]);
        // Alone, it is still the page's image.
        assert_eq!(rank_images(vec![card.clone()], (200, 100)), [card]);
        for generic in [
            "https://s.test/images/og/fb_landscape.png",
            "https://s.test/img/social-card.jpg",
            "https://s.test/photo.jpg",
            "https://s.test/common/ogp_default.png",
            "https://s.test/assets/fallback-card.png",
            "https://s.test/images/twitter-card.png",
            "https://s.test/images/generic.jpg",
            // A card's size is no subject's id.
            "https://s.test/static/images/social-share-1200x630.jpg",
        ] {
            assert!(is_generic(generic), "{generic}");
        }
        // Under a date or an id, or named for a subject, an image is a story's.
        for own in [
            "https://s.test/2019/04/facebook.jpg",
            "https://s.test/uploads/12345/photo.jpg",
            "https://s.test/img/harbour-wall.jpg",
            "https://s.test/social/harbour-wall.jpg",
            "https://s.test/img/harbour-wall-1200x630.jpg",
            "https://s.test/uploads/2024/share-1200x630.jpg",
        ] {
            assert!(!is_generic(own), "{own}");
        }
    }

    #[test]
    fn an_image_named_for_the_site_is_the_sites() {
        let names = ["The Harbour Times".to_owned()];
        for url in [
            "https://valleyherald.test/static/social/valley-herald.png",
            "https://cdn.test/img/ValleyHerald_share.jpg",
            "https://cdn.test/img/harbour-times-card.jpg",
            "https://cdn.test/img/the-harbour-times.jpg",
            // Named for the site and the network it is shared on.
            "https://cdn.test/images/valleyherald-facebook.png",
            "https://cdn.test/images/harbour-times-twitter.jpg",
        ] {
            assert!(names_the_site(url, &names, "www.valleyherald.test"), "{url}");
        }
        for url in [
            "https://valleyherald.test/2024/03/valley-flood.jpg",
            "https://cdn.test/img/harbour-wall.jpg",
            "https://cdn.test/img/og-image.png",
            "https://cdn.test/img/vh.png",
        ] {
            assert!(!names_the_site(url, &names, "www.valleyherald.test"), "{url}");
        }
        // A name with a page action's word in it ("Mail") spells it all the same.
        assert!(names_the_site("https://cdn.test/img/daily-mail-share.jpg", &[], "www.dailymail.test"));
        // A name with accents, as a file's name spells it.
        let names = ["Café Olé".to_owned(), "Müller Zeitung".to_owned()];
        for url in ["https://cdn.test/img/cafe-ole-card.png", "https://cdn.test/img/mueller-zeitung.png"] {
            assert!(names_the_site(url, &names, "news.test"), "{url}");
        }
    }

    proptest::proptest! {
        /// Ranking only drops and reorders: what it returns was offered, once each, and
        /// every story's image comes before every site-wide one and GIFs last.
        #[test]
        fn ranking_keeps_offered_images_once_in_class_order(
            paths in proptest::collection::vec("(/[a-zA-Z0-9_-]{0,12}){1,4}(\\.(jpg|gif|png))?", 0..8)
        ) {
            let offered: Vec<ImageCandidate> = paths.iter().map(|p| c(&format!("https://s.test{p}"), None)).collect();
            let ranked = rank_images(offered.clone(), (200, 100));
            let mut seen = crate::parse::Set::default();
            for r in &ranked {
                proptest::prop_assert!(offered.contains(r));
                proptest::prop_assert!(seen.insert(r.url.clone()));
                proptest::prop_assert!(!is_furniture(&r.url));
            }
            let class = |i: &ImageCandidate| (i.url.ends_with(".gif"), is_generic(&i.url));
            proptest::prop_assert!(ranked.windows(2).all(|w| class(&w[0]) <= class(&w[1])));
        }
    }

    #[test]
    fn path_words_split_at_punctuation_case_and_digits() {
        assert_eq!(words("defaultPromoCrop"), ["default", "promo", "crop"]);
        assert_eq!(words("favicon-32x32"), ["favicon", "32x32"]);
        assert_eq!(words("1x1"), ["1x1"]);
        assert_eq!(words("web18-facebook_v02"), ["web", "18", "facebook", "v", "02"]);
        assert_eq!(words("Über-Schön"), ["über", "schön"]);
        assert!(words("").is_empty());
    }

    #[test]
    fn image_urls_declare_sizes() {
        let cases = [
            ("https://s.test/a.jpg?w=100&h=17", Some((100, 17))),
            ("https://s.test/a.jpg?h=17", Some((0, 17))),
            ("https://s.test/a.jpg?resize=640,360", Some((640, 360))),
            ("https://s.test/wp-content/uploads/2022/08/photo-150x150.jpg", Some((150, 150))),
            ("https://s.test/100x100/photo.jpg", Some((100, 100))),
            ("https://s.test/resize/100x100/img/2024/photo.jpg", Some((100, 100))),
            ("https://s.test/s72/a/b/c/photo.jpg", None),
            ("https://bp.blogspot.test/-a/b/s72-c/photo.jpg", Some((72, 72))),
            ("https://lh3.test/abc=s1600", Some((1600, 1600))),
            ("https://s.test/2022/08/photo.jpg", None),
            ("https://s.test/s3/photo.jpg", None),
            ("https://s.test/a.jpg?id=123456789", None),
            ("https://s.test/x/20220812x3/photo.jpg", None),
            ("https://s.test/a/2016_25/13ec2434e156b5e_size32_w160_h214.jpg", Some((160, 214))),
            ("https://s.test/news/crawl/89/w550h339/20191125/2b6c.jpg", Some((550, 339))),
            ("https://s.test/img/wh2020/harbour.jpg", None),
            ("https://s.test/img/w200/harbour.jpg", None),
            // A crop's shape, not its size.
            ("https://s.test/img/harbour-16x9.jpg", None),
            ("https://s.test/img/4x3/harbour.jpg", None),
            ("https://s.test/img/harbour_9x16.jpg", None),
            ("https://s.test/img/pixel-1x1.gif", Some((1, 1))),
            // Operations written into a folder: the last size in the chain.
            ("https://img.test/-mm-/82aa/c=0-58-4808-2769&r=x1803&c=3200x1800/local/photo.jpg", Some((3200, 1800))),
            ("https://img.test/-mm-/c67e/c=354-0-1266-686&r=115x86/local/photo.jpg", Some((115, 86))),
            ("https://img.test/-mm-/dd8b/r=26&c=26x26/local/avatar.png", Some((26, 26))),
            ("https://img.test/-mm-/91da/r=x404/local/photo.jpg", Some((0, 404))),
            ("https://img.test/image/upload/c_fill,g_center,h_675,q_80,w_1200/photo.jpg", Some((1200, 675))),
            ("https://img.test/photos/w_1000,c_limit/photo.jpg", Some((1000, 0))),
            ("https://img.test/photos/c_fill,ar_16x9/photo.jpg", None),
            ("https://img.test/2024_05/photo.jpg", None),
            ("https://img.test/my_photos/photo.jpg", None),
            ("not a url", None),
        ];
        for (url, want) in cases {
            assert_eq!(url_declared_size(url), want, "{url}");
        }
    }
}
