//! Article extraction: title, main text, main image and metadata, each field from the most
//! trusted source that has it, recording which.
//!
//! Order of trust: Open Graph, schema.org JSON-LD and Microdata (nested items handled),
//! WordPress's standard markup, Twitter cards, then the page itself (`<title>`, `<h1>`,
//! images in the article). The body text comes from a Readability port (dom_smoothie) run
//! on the page with comment sections removed; when structured data marks where the article
//! is (`itemprop=articleBody`, WordPress's `.entry-content`), the text is taken from that
//! container if the whole-page pass missed most of it.
//!
//! The page is parsed once, with dom_query (the parser dom_smoothie is built on): metadata
//! is read from that document first, then Readability consumes it. Parsing the page a
//! second time with scraper cost about a quarter of the time per page.
//!
//! Its parts: [`schema`] reads JSON-LD and Microdata, [`title`] cleans a page's own title,
//! [`blocks`] finds what sits beside the article in its container, and [`lines`] what in
//! its text is not prose.

use std::collections::BTreeMap;

use dom_query::{Document, Matcher, NodeRef, Selection};
use serde_json::Value;
use url::Url;

use super::{collapse, collapsed_chars, is_digits, markup_text as html_text, resolve_http as resolve};

use super::lead_image::names_a_gif;
pub use super::lead_image::{ImageCandidate, names_the_site, rank_images, url_declared_size};
use crate::model::FieldSource;

mod blocks;
mod lines;
mod schema;
mod title;

use self::blocks::*;
pub use self::lines::tidy_text;
use self::lines::*;
use self::schema::*;
pub use self::title::clean_title;
use self::title::*;

/// Comment sections and other blocks that are never main text, as WordPress and the
/// comment and sharing plugins name them: by id (`#comments`, `#respond`, `disqus…`,
/// `#related_posts`),
/// by class (`.comments`, `.sharedaddy`, `.related-posts`…) or `itemprop="comment"`.
/// Read from one look at the element's attributes, names matched as written (as a
/// selector matches them). A page's sidebar (`.sidebar`, `.widget-area`, `#secondary` as
/// WordPress themes name it) is never text either, unless it holds the page's headline (a
/// template that calls its main column so) or is the page's body or main element.
pub fn is_never_text(e: &NodeRef<'_>) -> bool {
    is_named_never_text(e) || (is_named_sidebar(e) && !e.descendants_it().any(|d| d.has_name("h1")))
}

/// The marks a heading's permalink shows.
const PERMALINK_MARKS: [&str; 5] = ["¶", "#", "§", "🔗", "⚓"];

/// A heading's permalink, a mark that links to the heading itself (`<a class="headerlink"
/// href="#setting-up">¶</a>`, as documentation generators print them): a link within the
/// page whose text is only a mark (`¶`, `#`, `§`, `🔗`).
fn is_permalink_mark(e: &NodeRef<'_>) -> bool {
    e.has_name("a")
        && e.attr("href").is_some_and(|h| h.trim_start().starts_with('#'))
        && PERMALINK_MARKS.contains(&e.text().trim())
}

/// Drops the headings' permalinks before anything is read: they are no part of a
/// headline ("Configuring the scheduler¶") nor of the text, whichever way it is read.
/// Only a page that shows a mark in a link's text is walked.
fn drop_permalink_marks(doc: &Document, html: &str) {
    let shown = |m: &&str| if *m == "#" { html.contains("#<") } else { html.contains(m) };
    if PERMALINK_MARKS.iter().any(shown) {
        for a in all(doc, "a[href]").into_iter().filter(is_permalink_mark) {
            a.remove_from_parent();
        }
    }
}

fn is_named_sidebar(e: &NodeRef<'_>) -> bool {
    const IDS: [&str; 2] = ["sidebar", "secondary"];
    const CLASSES: [&str; 2] = ["sidebar", "widget-area"];
    e.query_or(false, |n| {
        n.as_element().is_some_and(|el| {
            !matches!(&*el.name.local, "html" | "body" | "main" | "article")
                && el.attrs.iter().any(|a| match &*a.name.local {
                    "id" => IDS.contains(&&*a.value),
                    "class" => a.value.split_ascii_whitespace().any(|c| CLASSES.contains(&c)),
                    _ => false,
                })
        })
    })
}

fn is_named_never_text(e: &NodeRef<'_>) -> bool {
    // A theme's box of other posts under the story is named by its id as often as by its
    // class (`<div id="related_posts">`); a heading "Related posts" so named is no prose.
    const IDS: [&str; 9] = [
        "comments",
        "respond",
        "related_posts",
        "related-posts",
        "relatedposts",
        "jp-relatedposts",
        "related_articles",
        "related-articles",
        "relatedarticles",
    ];
    const ID_STARTS: &str = "disqus";
    const CLASSES: [&str; 16] = [
        "comments",
        "comment",
        "comment-list",
        "commentlist",
        "comments-area",
        "comment-respond",
        "disqus",
        "fb-comments",
        "sharedaddy",
        "jp-relatedposts",
        "related-posts",
        "yarpp-related",
        "share",
        "social-share",
        "newsletter",
        "wp-block-comments",
    ];
    e.query_or(false, |n| {
        n.as_element().is_some_and(|el| {
            el.attrs.iter().any(|a| {
                let value: &str = &a.value;
                match &*a.name.local {
                    "id" => IDS.contains(&value) || value.starts_with(ID_STARTS) || names_an_author_box(value),
                    // Joomla's box of an article's particulars over it ("Details", "Written by",
                    // "Category", "Published", "Hits: 1234"), by its element and class alone: a
                    // theme's `<div class="article-info">` may hold the article.
                    "class" => value
                        .split_ascii_whitespace()
                        .any(|c| CLASSES.contains(&c) || (c == "article-info" && &*el.name.local == "dl")),
                    "itemprop" => value == "comment",
                    _ => false,
                }
            })
        })
    })
}

/// Whether an id names a box about the writer (`mvp-author-box-wrap`, `author-bio`,
/// `about-author`): a theme names it by its id as often as by its class.
fn names_an_author_box(id: &str) -> bool {
    const PAIRS: [(&str, &str); 4] = [("author", "box"), ("author", "bio"), ("about", "author"), ("author", "info")];
    id.contains("uthor") && class_words(id).pairs().any(|p| PAIRS.contains(&p))
}

/// Whether an element may be readers' comments ([`is_comment_section`]), from one look at
/// its attributes: an id or class holding the stem of a word for comments in a language
/// that test knows (`omment`, `oment`, `reacties`, `yorum`, `hozzaszolas`), in any case.
fn may_be_comment_section(e: &NodeRef<'_>) -> bool {
    const STEMS: [&str; 5] = ["omment", "oment", "reacties", "yorum", "hozzaszolas"];
    e.query_or(false, |n| {
        n.as_element().is_some_and(|el| {
            el.attrs.iter().any(|a| {
                matches!(&*a.name.local, "id" | "class")
                    && STEMS
                        .iter()
                        .any(|s| a.value.as_bytes().windows(s.len()).any(|w| w.eq_ignore_ascii_case(s.as_bytes())))
            })
        })
    })
}

/// What the extractor found in a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Article {
    /// Clean title.
    pub title: Option<String>,
    /// Main text, paragraphs separated by blank lines.
    pub text: String,
    /// Image candidates, best first.
    pub images: Vec<ImageCandidate>,
    /// A summary (`og:description` and the like).
    pub description: Option<String>,
    /// Canonical URL, absolute.
    pub canonical: Option<String>,
    /// Published date as the page states it.
    pub published: Option<String>,
    /// Author.
    pub author: Option<String>,
    /// Language tag.
    pub lang: Option<String>,
    /// Site name.
    pub site_name: Option<String>,
    /// Content rating meta values, lower case (`adult`, `mature`, `rta-5042-1996-1400-1577-rta`).
    pub ratings: Vec<String>,
    /// Meta robots directives for us, lower case.
    pub robots: Vec<String>,
    /// Which source gave each field.
    pub sources: BTreeMap<String, FieldSource>,
}

fn matcher(s: &str) -> Matcher {
    // Selectors here are constants; a typo is caught by the unit tests.
    Matcher::new(s).unwrap_or_else(|_| Matcher::new("*:not(*)").unwrap_or_else(|_| unreachable!()))
}

/// Elements of `doc` matching `css`, in document order.
fn all<'a>(doc: &'a Document, css: &str) -> Vec<NodeRef<'a>> {
    doc.select(css).nodes().to_vec()
}

/// A page's elements by name, in document order, taken in one walk. A selector whose every
/// alternative names the element it selects (`h1, h2`, `link[rel][href]`, `.post-thumbnail
/// img`), or a class or id it has (`.entry-title`, `#main p.lead` is tried on `<p>`s), is
/// tried on those elements only; any other is tried on the whole page.
/// Built once the page's tree is settled: an element removed afterwards would still be
/// here.
struct Elements<'a> {
    doc: &'a Document,
    by_name: crate::parse::Map<String, Vec<(usize, NodeRef<'a>)>>,
}

impl<'a> Elements<'a> {
    fn of(doc: &'a Document) -> Self {
        let mut by_name: crate::parse::Map<String, Vec<(usize, NodeRef<'a>)>> = Default::default();
        // Keys are made only for a name not seen before (HTML's names are lower case).
        let mut file = |key: &str, at: (usize, NodeRef<'a>)| match by_name.get_mut(key) {
            Some(v) => v.push(at),
            None => by_name.entry(key.to_ascii_lowercase()).or_default().push(at),
        };
        // A class or an id is filed as it is written in a selector (`.entry-title`, `#main`).
        let mut token = String::new();
        for (i, e) in doc.root().descendants_it().filter(NodeRef::is_element).enumerate() {
            e.query(|n| {
                if let Some(el) = n.as_element() {
                    file(&el.name.local, (i, e));
                    for a in &el.attrs {
                        if let Some(key) = INDEXED_KEYS.iter().find(|k| k[1..k.len() - 1] == *a.name.local) {
                            file(key, (i, e));
                            let mark = match *key {
                                "[class]" => '.',
                                "[id]" => '#',
                                _ => continue,
                            };
                            for t in a.value.split_ascii_whitespace() {
                                token.clear();
                                token.push(mark);
                                token.push_str(t);
                                file(&token, (i, e));
                            }
                        }
                    }
                }
            });
        }
        Self { doc, by_name }
    }

    /// Elements matching `css`, in document order ([`all`]).
    fn all(&self, css: &str) -> Vec<NodeRef<'a>> {
        let Some(names) = subject_names(css) else {
            return all(self.doc, css);
        };
        let m = matcher(css);
        let mut found: Vec<(usize, NodeRef<'a>)> = names
            .iter()
            .filter_map(|n| self.by_name.get(n.as_str()))
            .flatten()
            .filter(|(_, e)| e.is_match(&m))
            .copied()
            .collect();
        if names.len() > 1 {
            found.sort_by_key(|(i, _)| *i);
            found.dedup_by_key(|(i, _)| *i);
        }
        found.into_iter().map(|(_, e)| e).collect()
    }

    /// The first element matching `css`.
    fn first(&self, css: &str) -> Option<NodeRef<'a>> {
        match subject_names(css) {
            Some(names) if names.len() == 1 => {
                let m = matcher(css);
                self.by_name.get(names[0].as_str())?.iter().map(|(_, e)| *e).find(|e| e.is_match(&m))
            }
            Some(_) => self.all(css).into_iter().next(),
            None => self.doc.select_single(css).nodes().first().copied(),
        }
    }
}

/// The attributes [`Elements`] also files elements under, as `[class]`: a selector that
/// opens with a class (`.entry-title`), an id or one of these is tried on the elements
/// that have it.
const INDEXED_ATTRIBUTES: [&str; 4] = ["class", "id", "itemprop", "itemscope"];
/// [`INDEXED_ATTRIBUTES`] as [`Elements`] files them.
const INDEXED_KEYS: [&str; 4] = ["[class]", "[id]", "[itemprop]", "[itemscope]"];

/// The keys [`Elements`] files the elements a selector's alternatives select under, each
/// once: the element's name (`img` for `.post-thumbnail img`), lower case, or what it opens
/// with, a class (`.entry-title`), an id (`#main`) or one of [`INDEXED_ATTRIBUTES`]
/// (`[itemprop]` for `[itemprop~=articleBody]`); `None` when one of them names none of
/// these (`*`, `[title]`), or the selector holds quotes, parentheses or escapes, which this
/// reading does not follow.
fn subject_names(css: &str) -> Option<Vec<String>> {
    if css.contains(['"', '\'', '(', '\\']) {
        return None;
    }
    css.split(',')
        .map(|alternative| {
            let alternative = alternative.trim();
            // The last compound: after the last space or combinator outside brackets.
            let (mut depth, mut start) = (0i32, 0);
            for (i, c) in alternative.char_indices() {
                match c {
                    '[' => depth += 1,
                    ']' => depth -= 1,
                    c if depth == 0 && (c.is_whitespace() || matches!(c, '>' | '+' | '~')) => start = i + c.len_utf8(),
                    _ => {}
                }
            }
            let compound = &alternative[start..];
            // A name, class or id: letters, digits, `-`, `_` and any character past ASCII.
            let word = |from: usize| -> String {
                compound[from..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_') || !c.is_ascii())
                    .collect::<String>()
                    .to_ascii_lowercase()
            };
            let key = match compound.chars().next()? {
                c @ ('.' | '#') => format!("{c}{}", word(1)),
                '[' => format!("[{}]", word(1)),
                _ => word(0),
            };
            let filed = match key.strip_prefix('[').and_then(|k| k.strip_suffix(']')) {
                Some(attribute) => INDEXED_ATTRIBUTES.contains(&attribute),
                // A name, or a class or an id past its mark.
                None => !key.strip_prefix(['.', '#']).unwrap_or(&key).is_empty(),
            };
            filed.then_some(key)
        })
        .collect::<Option<Vec<String>>>()
        .map(|mut names| {
            names.sort_unstable();
            names.dedup();
            names
        })
}

/// Elements under `node` matching `css`, in document order.
fn within<'a>(node: &NodeRef<'a>, css: &str) -> Vec<NodeRef<'a>> {
    Selection::from(*node).select(css).nodes().to_vec()
}

fn attr(node: &NodeRef<'_>, name: &str) -> Option<String> {
    node.attr(name).map(|v| v.to_string())
}

fn text(node: &NodeRef<'_>) -> String {
    node.text().to_string()
}

/// The page's `<meta content>` tags, read once: the attributes that name them (lower
/// case) and the content.
struct Metas(Vec<(Vec<(&'static str, String)>, String)>);

impl Metas {
    const NAMING: [&'static str; 4] = ["property", "name", "itemprop", "http-equiv"];

    fn of(els: &Elements<'_>) -> Self {
        Self(
            els.all("meta[content]")
                .iter()
                .filter_map(|e| {
                    let content = collapse(&e.attr("content")?);
                    let names = Self::NAMING
                        .iter()
                        .filter_map(|a| e.attr(a).map(|v| (*a, v.trim().to_ascii_lowercase())))
                        .collect();
                    (!content.is_empty()).then_some((names, content))
                })
                .collect(),
        )
    }

    /// All contents of `<meta {attr}="{name}">` for any of `attrs`, in document order (an
    /// attribute may list several names: `property="og:title twitter:title"`).
    fn all(&self, attrs: &[&str], name: &str) -> Vec<String> {
        let name = name.to_ascii_lowercase();
        self.0
            .iter()
            .filter(|(names, _)| {
                names.iter().any(|(a, v)| attrs.contains(a) && v.split_whitespace().any(|v| v == name))
            })
            .map(|(_, c)| c.clone())
            .collect()
    }

    /// The first content named `name` by `property`, `name` or `itemprop`.
    fn first(&self, name: &str) -> Option<String> {
        self.all(&["property", "name", "itemprop"], name).into_iter().next()
    }
}

/// Drops the content of a `<meta>` tag that an unescaped quote cut short. A headline's own
/// quotation marks end the attribute early: `content="Boy writes "Help" on a note"` is read
/// as `content="Boy writes "` and stray attributes `help"`, `on`, `a` and `note"`. The
/// attribute that closed the value never closes in the right place, so a stray name holds a
/// quote and words. A part of a title is worse than none: the page's other titles are read
/// instead. A stray quote alone after a whole value (`content="Headline""`) cuts nothing.
fn drop_cut_meta_contents(els: &Elements<'_>) {
    let cut_off = |name: &str| name.contains(['"', '\'']) && name.chars().any(char::is_alphanumeric);
    for meta in els.all("meta[content]") {
        if meta.attrs().iter().any(|a| cut_off(&a.name.local)) {
            meta.remove_attr("content");
        }
    }
}

fn declared_size(e: &NodeRef<'_>) -> Option<(u32, u32)> {
    let num = |a: &str| attr(e, a).and_then(|v| v.trim().trim_end_matches("px").parse::<u32>().ok());
    match (num("width"), num("height")) {
        (None, None) => None,
        (w, h) => Some((w.unwrap_or(0), h.unwrap_or(0))),
    }
}

/// The picture an element shows as its background: the `url(…)` of a `background-image`
/// or `background` in its `style`, or the address a lazy loader will set there (`data-bg`,
/// `data-background-image`).
fn background_image(e: &NodeRef<'_>) -> Option<String> {
    if let Some(u) = attr(e, "data-bg").or_else(|| attr(e, "data-background-image")) {
        return Some(u.trim().trim_start_matches("url(").trim_end_matches(')').trim_matches(['"', '\'']).to_owned())
            .filter(|u| !u.is_empty());
    }
    let style = attr(e, "style")?;
    let lower = style.to_ascii_lowercase();
    let at = lower.find("background")?;
    let open = at + lower[at..].find("url(")? + 4;
    let close = open + style[open..].find(')')?;
    let url = style[open..close].trim().trim_matches(['"', '\'']).trim();
    (!url.is_empty()).then(|| url.to_owned())
}

/// The headline a title cut short opens ([`opens_cut_short`]): the first <h1> (without the
/// site's name) or declared title that it opens, with where it was read.
fn whole_title(
    title: &str,
    h1s: &[String],
    declared: &[(String, FieldSource)],
    names: &[String],
    host: &str,
) -> Option<(String, FieldSource)> {
    h1s.iter()
        .map(|h| (clean_title(h, names, host), FieldSource::Html))
        .chain(declared.iter().cloned())
        .find(|(h, _)| opens_cut_short(title, h))
}

/// Whether `title` is `whole` cut short with an ellipsis ("…" or "..."), maybe inside a
/// word: ten letters or more of it, as [`norm`] reads them, open `whole`, which goes on.
fn opens_cut_short(title: &str, whole: &str) -> bool {
    let t = title.trim_end();
    let Some(stem) = t.strip_suffix('…').or_else(|| t.strip_suffix("...")) else {
        return false;
    };
    let (stem, whole) = (norm(stem), norm(whole));
    stem.chars().count() >= 10 && whole.len() > stem.len() && whole.starts_with(&stem)
}

/// The smallest width and height a story's picture is declared with: smaller is a
/// thumbnail, an icon or a badge.
const STORY_IMAGE_MIN: (u32, u32) = (200, 100);

/// The picture a thumbnail links to, as a gallery sets them (`<a href="…/wall.jpg"><img
/// src="…/wall-150x150.jpg">`, Blogger's `…/s1600/wall.png` round `…/s200/wall.png`): the
/// link's address when the thumbnail is declared, in its markup or its address, smaller
/// than a story's picture, and the link is to an image file of the same name (not to a
/// page about the file, as a wiki's `File:Wall.png` is).
fn linked_picture(e: &NodeRef<'_>, src: &str, base: Option<&Url>) -> Option<String> {
    let src = resolve(base, src)?;
    let (w, h) = declared_size(e).or_else(|| url_declared_size(&src))?;
    if !((w > 0 && w < STORY_IMAGE_MIN.0) || (h > 0 && h < STORY_IMAGE_MIN.1)) {
        return None;
    }
    let href = e.ancestors_it(Some(2)).find(|a| a.has_name("a")).and_then(|a| attr(&a, "href"))?;
    let href = href.trim();
    let path = href.split(['?', '#']).next().unwrap_or(href);
    let file = path.rsplit('/').next().unwrap_or(path);
    let (stem, _) = file.rsplit_once('.')?;
    (names_an_image_file(href) && !stem.is_empty() && src.contains(stem)).then(|| href.to_owned())
}

/// The pictures lazy loaders show with a copy in a `<noscript>` after them, for readers
/// without scripts, paired as Readability pairs them: the picture shown (a blurred preview,
/// `…/max/60/photo.png?q=20`) is its copy's. A `<noscript>` that holds one image alone,
/// after an element that is one image (or holds only one, alone), images with no address
/// between them left out.
fn noscript_copies(els: &Elements<'_>) -> crate::parse::Map<dom_query::NodeId, String> {
    fn single_image<'a>(e: &NodeRef<'a>) -> Option<NodeRef<'a>> {
        if e.has_name("img") {
            return Some(*e);
        }
        let children = e.element_children();
        match children.as_slice() {
            [only] if collapse(&e.text()).is_empty() => single_image(only),
            _ => None,
        }
    }
    let mut copies = crate::parse::Map::default();
    for noscript in els.all("noscript") {
        let imgs: Vec<NodeRef<'_>> = noscript.descendants_it().filter(|d| d.has_name("img")).collect();
        let ([img], true) = (imgs.as_slice(), single_image(&noscript).is_some()) else {
            continue;
        };
        let Some(url) = img_url(img) else { continue };
        let shown = std::iter::successors(noscript.prev_element_sibling(), NodeRef::prev_element_sibling)
            .find(|p| !(p.has_name("img") && img_url(p).is_none()))
            .and_then(|p| single_image(&p));
        if let Some(shown) = shown {
            copies.insert(shown.id, url);
        }
    }
    copies
}

/// Whether `a` comes before `b` in document order, neither holding the other.
fn precedes<'a>(a: &NodeRef<'a>, b: &NodeRef<'a>) -> bool {
    let path = |n: &NodeRef<'a>| {
        let mut p: Vec<NodeRef<'a>> = n.ancestors_it(None).collect();
        p.reverse();
        p.push(*n);
        p
    };
    let (pa, pb) = (path(a), path(b));
    let shared = pa.iter().zip(&pb).take_while(|(x, y)| x.id == y.id).count();
    let (Some(from), Some(to)) = (pa.get(shared), pb.get(shared)) else { return false };
    // `from` and `to` are children of the same element: is `to` among those after `from`?
    std::iter::successors(from.next_sibling(), NodeRef::next_sibling).any(|n| n.id == to.id)
}

/// Whether an address names an image file by its extension, before any query or
/// fragment: "/img/wall.JPG?v=2".
pub(super) fn names_an_image_file(address: &str) -> bool {
    const EXTENSIONS: [&str; 6] = ["jpg", "jpeg", "png", "gif", "webp", "avif"];
    let path = address.split(['?', '#']).next().unwrap_or(address);
    path.rsplit_once('.').is_some_and(|(_, x)| EXTENSIONS.iter().any(|e| x.eq_ignore_ascii_case(e)))
}

/// The candidates of a `srcset`, each an address and its descriptors (`800w`, `2x`), split
/// as the HTML standard splits them: an address runs to the next white space and may hold
/// commas (`…/c_fill,w_1200/photo.jpg`, `?crop=1xw:0.99xh;center,center`, a `data:` URI's
/// payload); a comma right after it, or the next one outside parentheses in its
/// descriptors, ends the candidate.
fn srcset_candidates(srcset: &str) -> Vec<(&str, &str)> {
    let bytes = srcset.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // White space and commas are ASCII: every index below is a character boundary.
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b',') {
            i += 1;
        }
        if i >= bytes.len() {
            return out;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let url = &srcset[start..i];
        let descriptors = if url.ends_with(',') {
            ""
        } else {
            let from = i;
            let mut depth = 0usize;
            while i < bytes.len() {
                match bytes[i] {
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    b',' if depth == 0 => break,
                    _ => {}
                }
                i += 1;
            }
            srcset[from..i].trim()
        };
        let url = url.trim_end_matches(',');
        if !url.is_empty() {
            out.push((url, descriptors));
        }
    }
}

/// The best URL of an `<img>`: `src`, or a lazy-loading attribute, or the widest `srcset` entry.
fn img_url(e: &NodeRef<'_>) -> Option<String> {
    let widest = |e: &NodeRef<'_>| {
        attr(e, "srcset").or_else(|| attr(e, "data-srcset")).or_else(|| attr(e, "data-lazy-srcset")).and_then(|s| {
            srcset_candidates(&s)
                .into_iter()
                .filter(|(url, _)| !url.starts_with("data:"))
                .map(|(url, descriptors)| {
                    let first = descriptors.split_whitespace().next();
                    let w = first.and_then(|d| d.trim_end_matches(['w', 'x']).parse::<f32>().ok()).unwrap_or(1.0);
                    (w, url)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, u)| u.to_owned())
        })
    };
    // In a <picture>, the sources name the picture when the <img> holds a placeholder.
    let sources = || {
        e.parent()
            .filter(|p| p.has_name("picture"))
            .and_then(|p| p.element_children().iter().filter(|c| c.has_name("source")).find_map(widest))
    };
    if e.has_name("video") || e.has_name("amp-video") {
        return attr(e, "poster").filter(|p| !p.trim().is_empty() && !p.trim().starts_with("data:"));
    }
    let named = ["data-src", "data-lazy-src", "data-original", "src"]
        .iter()
        .filter_map(|a| attr(e, a))
        .find(|s| !s.trim().is_empty() && !s.trim().starts_with("data:"));
    // Another lazy loader's attribute (`data-lazy`, `data-hi-res-src`, `data-echo`, as
    // Readability reads them): a `data-` attribute that holds an image file's address.
    let lazy = || {
        e.attrs().iter().filter(|a| a.name.local.starts_with("data-")).find_map(|a| {
            let v = a.value.trim();
            (names_an_image_file(v) && !v.starts_with("data:") && !v.contains(char::is_whitespace))
                .then(|| v.to_owned())
        })
    };
    match named {
        // A placeholder where a set of sources names the picture (`src="/img/blank.gif"
        // data-lazy-srcset="…"`).
        Some(s) if super::lead_image::is_furniture(s.trim()) => widest(e).or_else(sources).or_else(lazy).or(Some(s)),
        Some(s) => Some(s),
        None => widest(e).or_else(sources).or_else(lazy),
    }
}

/// Main text by the Readability port, comment sections removed first. It consumes the
/// document (Readability rewrites it), so it runs after everything else has been read.
/// Also returns the title Readability read from the page's metadata (JSON-LD, Dublin Core,
/// Open Graph, Twitter, Parse.ly) when `has_declared_title` says there is one; Readability
/// otherwise falls back to the <title>, and the title returned is empty.
/// How deep a page's elements nest before those below are set side by side: as deep as
/// Blink builds a page's tree. Real pages nest a few dozen deep.
const MAX_DEPTH: usize = 512;

/// Elements nested deeper than [`MAX_DEPTH`] are set side by side, in document order, as
/// children of the element at that depth, each with its own text, as Blink builds such a
/// page. The passes that read the tree walk each block's ancestors or descendants: a broken
/// or hostile page of twenty thousand nested `<div>`s took most of a minute to read.
/// (One walk down with a stack of its own: a recursive one would overflow on such a page.)
fn flatten_deep_nesting(doc: &Document) {
    let mut stack = vec![(doc.root(), 0)];
    while let Some((node, depth)) = stack.pop() {
        if depth < MAX_DEPTH {
            stack.extend(node.element_children().into_iter().map(|c| (c, depth + 1)));
            continue;
        }
        let deeper: Vec<NodeRef<'_>> = node.descendants_it().filter(NodeRef::is_element).collect();
        for d in deeper {
            node.append_child(&d);
        }
    }
}

/// Code set in lines by `<br>` (`<pre><code>import json<br>import redis</code></pre>`, as
/// highlighters and WeChat's editors write it) keeps its lines: a preformatted block's text
/// is read as written, where a `<br>` is no line break, and its lines would run together
/// ("import jsonimport redis").
fn keep_line_breaks_in_code(doc: &Document) {
    for br in all(doc, "pre br") {
        br.replace_with(&br.tree.new_text("\n"));
    }
}

/// A `<font>` that sets a block of text, lines and all, is read as the `<span>` it is,
/// before Readability reads the page. Readability turns a blank line (`<br><br>`) into a
/// paragraph of the inline content after it, and renames `<font>` to `<span>` only
/// afterwards: such a `<font>` right after a blank line, as older pages set each block of
/// text, was no inline content then, so the blank line left nothing, and the heading over
/// it ran into the text's first words (`<font size=4><b>History</b></font><br><br><font
/// size=2>The club…<br><br>…` read "HistoryThe club…"). A `<font>` of a few words (a
/// label, a link's) stays as it is: Readability reads it as it always has.
fn fonts_as_spans(doc: &Document) {
    for font in all(doc, "font").into_iter().filter(|f| f.descendants_it().any(|d| d.has_name("br"))) {
        font.rename("span");
    }
}

/// Other stories a page carries whole under its own (the next article an endless-scrolling
/// news site has already loaded, "Up next"): every `<article>` beside the page's own, when
/// that one holds the story (paragraphs of some length), that opens with a headline and has
/// paragraphs of its own. Readability would take the longest of them, and its pictures and
/// data would pass for the page's. The page's own article is the one that holds its `<h1>`,
/// or, where the `<h1>` stands outside every `<article>` (a listing's title over stories
/// each headed by an `<h2>`), the one article whose headline is the page's declared title
/// ([`own_by_title`]). Nothing goes when no article is the page's (a headline over the
/// body, the articles its parts), and an article's own parts (a quoted post, a teaser card
/// inside it) are its own.
fn drop_other_stories(doc: &Document) {
    const MIN_STORY_CHARS: usize = 250;
    let articles = all(doc, "article");
    if articles.len() < 2 {
        return;
    }
    let Some(h1) = all(doc, "h1").into_iter().next() else { return };
    let own = match h1.ancestors_it(None).find(|a| a.has_name("article")) {
        Some(own) => own,
        None => match own_by_title(doc, &articles) {
            Some(own) => own,
            None => return,
        },
    };
    if story_chars(&own) < MIN_STORY_CHARS {
        return;
    }
    let related = |a: &NodeRef<'_>| a.id == own.id || a.ancestors_it(None).any(|x| x.id == own.id);
    let holds_own = |a: &NodeRef<'_>| own.ancestors_it(None).any(|x| x.id == a.id);
    let others: Vec<NodeRef<'_>> = articles
        .into_iter()
        .filter(|a| !related(a) && !holds_own(a))
        .filter(opens_with_headline)
        .filter(|a| story_chars(a) >= MIN_STORY_CHARS)
        .collect();
    for a in others {
        a.remove_from_parent();
    }
}

/// The characters of the paragraphs a box holds: how much story it carries.
fn story_chars(b: &NodeRef<'_>) -> usize {
    b.descendants_it().filter(|d| d.has_name("p")).map(|p| paragraph_chars(&p)).sum()
}

/// Whether a box opens as a story does, with its headline: the first heading or paragraph
/// in it is a heading.
fn opens_with_headline(b: &NodeRef<'_>) -> bool {
    b.descendants_it()
        .find(|d| matches!(d.node_name().as_deref(), Some("h1" | "h2" | "h3" | "p")))
        .is_some_and(|d| !d.has_name("p"))
}

/// The one `<article>` whose headline, its first heading, is the page's declared title
/// ([`DeclaredTitles`]): of stories loaded one under another, each under its `<h2>`, the one
/// the page is for. An article that holds another so headed is not it (the innermost is);
/// two articles under the same headline leave the choice open.
fn own_by_title<'a>(doc: &Document, articles: &[NodeRef<'a>]) -> Option<NodeRef<'a>> {
    let declared = DeclaredTitles::of(doc)?;
    let headed: Vec<&NodeRef<'a>> = articles
        .iter()
        .filter(|a| {
            a.descendants_it()
                .find(|d| matches!(d.node_name().as_deref(), Some("h1" | "h2" | "h3")))
                .is_some_and(|h| declared.name(&h.text()))
        })
        .collect();
    let innermost: Vec<&NodeRef<'a>> = headed
        .iter()
        .copied()
        .filter(|a| !headed.iter().any(|b| b.id != a.id && b.ancestors_it(None).any(|x| x.id == a.id)))
        .collect();
    match innermost[..] {
        [own] => Some(*own),
        _ => None,
    }
}

/// The titles a page declares for itself (`og:title`, `twitter:title`, the `<title>`), as
/// [`norm`] reads them, to know its headline among headings by.
struct DeclaredTitles(Vec<String>);

impl DeclaredTitles {
    /// A headline shorter than this, in letters and digits, may be a section's name.
    const MIN_HEADLINE: usize = 12;

    fn of(doc: &Document) -> Option<Self> {
        let declared: Vec<String> = all(doc, "meta[property~='og:title'], meta[name~='twitter:title'], head title")
            .iter()
            .filter_map(|e| if e.has_name("title") { Some(e.text().to_string()) } else { attr(e, "content") })
            .map(|t| norm(&html_text(&t)))
            .filter(|t| t.chars().count() >= Self::MIN_HEADLINE)
            .collect();
        (!declared.is_empty()).then_some(Self(declared))
    }

    /// Whether a heading's text names the page: a declared title opens with it and it is
    /// most of it (the `<title>` may add the site's name).
    fn name(&self, heading: &str) -> bool {
        let headline = norm(heading);
        let n = headline.chars().count();
        n >= Self::MIN_HEADLINE && self.0.iter().any(|t| t.starts_with(&headline) && 2 * n >= t.chars().count())
    }
}

/// Stories a page loads under its own inside the same `<article>` or box as the reader
/// scrolls on (a news theme's "infinite scroll" sets the next two stories, each under an
/// `<h1>` of its own, with their pictures, after the story's tags): past the page's
/// headline, the `<h1>` its declared title names, each other `<h1>`'s block goes, the
/// smallest round it that holds a story's paragraphs and not the page's headline, when it
/// opens with its headings and the story's own paragraphs (three or more) come before it. Readability would
/// read the longest of them, or all of them as one story, and their pictures would pass for
/// the page's. An `<h1>` set as a subheading inside the story's body is no such block: the
/// body round it opens with the story's text, or holds its first paragraphs; nor is one
/// that heads a `<section>`.
fn drop_appended_stories(doc: &Document) {
    const MIN_STORY_CHARS: usize = 250;
    let h1s = all(doc, "h1");
    if h1s.len() < 2 {
        return;
    }
    let Some(declared) = DeclaredTitles::of(doc) else { return };
    let Some(own) = h1s.iter().find(|h| declared.name(&h.text())) else { return };
    let holds_own = |b: &NodeRef<'_>| own.ancestors_it(None).any(|a| a.id == b.id);
    // Each element is weighed once, however many headings climb through it: a second
    // <h1> that reaches one already weighed ends as the first did (inside its block, or
    // with none).
    let (mut blocks, mut weighed): (Vec<NodeRef<'_>>, crate::parse::Set<dom_query::NodeId>) = Default::default();
    // An <h1> heading a `<section>` heads a part of the page's story, as HTML5's outline
    // lets every section open with one.
    let heads_a_section = |h: &NodeRef<'_>| {
        h.ancestors_it(None)
            .find(|a| ["section", "article", "aside", "nav"].iter().any(|n| a.has_name(n)))
            .is_some_and(|a| a.has_name("section"))
    };
    for h1 in h1s.iter().filter(|h| h.id != own.id && !declared.name(&h.text()) && !heads_a_section(h)) {
        let mut block = *h1;
        let found = loop {
            if !weighed.insert(block.id) {
                break false;
            }
            if story_chars(&block) >= MIN_STORY_CHARS {
                break true;
            }
            match block.parent() {
                Some(parent) if parent.is_element() && !holds_own(&parent) => block = parent,
                _ => break false,
            }
        };
        if found && opens_with_headline(&block) {
            blocks.push(block);
        }
    }
    if blocks.is_empty() {
        return;
    }
    // In the page's order: the blocks past the headline, and the story's paragraphs
    // between it and the first of them.
    let starts: crate::parse::Set<dom_query::NodeId> = blocks.iter().map(|b| b.id).collect();
    let (mut past_own, mut before, mut after) = (false, None, Vec::new());
    let (mut chars, mut paragraphs) = (0, 0);
    for n in doc.root().descendants_it() {
        if n.id == own.id {
            past_own = true;
        } else if past_own && starts.contains(&n.id) {
            before.get_or_insert((chars, paragraphs));
            after.push(n);
        } else if past_own && before.is_none() && n.has_name("p") {
            let c = paragraph_chars(&n);
            chars += c;
            paragraphs += usize::from(c > 0);
        }
    }
    // A story, not a standfirst over a body that opens with an <h1>: three paragraphs or more.
    if before.is_some_and(|(c, p)| c >= MIN_STORY_CHARS && p >= 3) {
        for block in after {
            block.remove_from_parent();
        }
    }
}

/// A line break in a heading sets its words on two lines, not apart: read as a space, the
/// heading stays one line, for the headline ("Harbour wall<br>approved") and in the text
/// ("What happens<br>next", whose "next" alone is a button's).
fn spaces_for_line_breaks(headings: &[NodeRef<'_>]) {
    for h in headings {
        let breaks: Vec<NodeRef<'_>> = h.descendants_it().filter(|d| d.has_name("br")).collect();
        for br in breaks {
            br.replace_with(&br.tree.new_text(" "));
        }
    }
}

fn readable_text(doc: Document, url: Option<&Url>, site: Option<&Url>, has_declared_title: bool) -> (String, String) {
    // One walk: never-text blocks; embedded players, which hold no text (dom_smoothie
    // 0.19 reads their addresses byte by byte and panics on one with a multi-byte
    // character before a video host); and form fields' labels ("Gehe zu" over a forum's
    // jump menu, "Email address"), never text (Readability drops the fields themselves:
    // input, select, textarea, button).
    const NO_TEXT: [&str; 4] = ["iframe", "embed", "object", "label"];
    let root = doc.root();
    // A run of a paragraph's own text named as a byline is (a dateline set in a span of its
    // own: `<p><span class="dateline">CAIRO —</span> Gunmen opened fire…`) loses the name, as
    // Readability would take it for the byline and cut it from the sentence.
    static BYLINE_NAMES: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>> = std::sync::OnceLock::new();
    let names = BYLINE_NAMES.get_or_init(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(["byline", "author", "dateline", "writtenby"])
            .ok()
    });
    let byline_named = |e: &NodeRef<'_>| {
        e.query_or(false, |n| {
            n.as_element().is_some_and(|el| {
                el.attrs.iter().any(|a| {
                    matches!(&*a.name.local, "class" | "id") && names.as_ref().is_some_and(|m| m.is_match(&*a.value))
                })
            })
        })
    };
    let (mut gone, mut run_in_bylines): (Vec<NodeRef<'_>>, Vec<NodeRef<'_>>) = (Vec::new(), Vec::new());
    for e in root.descendants_it().filter(NodeRef::is_element) {
        if NO_TEXT.iter().any(|n| e.has_name(n)) || is_never_text(&e) {
            gone.push(e);
        } else if byline_named(&e) && is_run_in(&e) {
            run_in_bylines.push(e);
        }
    }
    for e in run_in_bylines {
        e.remove_attr("class");
        e.remove_attr("id");
    }
    for e in gone {
        // A label's field stays, which says what the block round it is (a poll's choices).
        if e.has_name("label") {
            let fields: Vec<NodeRef<'_>> = e.descendants_it().filter(|d| d.has_name("input")).collect();
            for field in fields {
                e.insert_before(&field);
            }
        }
        e.remove_from_parent();
    }
    let sections: Vec<NodeRef<'_>> =
        root.descendants_it().filter(|e| may_be_comment_section(e) && is_comment_section(e)).collect();
    for section in sections {
        section.remove_from_parent();
    }
    // What sits beside the article goes before Readability reads the page: Readability
    // turns a text-only <div> into a new <p> without its class, so afterwards a credit line
    // or a share bar can no longer be told from a paragraph.
    if let Some(body) = doc.select_single("body").nodes().first().copied() {
        prune_beside_article(&body, url, site);
        drop_layout_cells(&body);
    }
    // The block that holds most of the page's paragraphs, read before Readability rewrites
    // the page: where Readability misses it (it counts a class such as `media-transcript`
    // against a block, and may settle on a container that drops it), it is the article.
    let paragraphs = paragraphs_block(&doc).and_then(|b| element_text(&b, url, site));
    // Classes kept: the pruning of the article reads them. The text is taken from the
    // pruned article, so Readability's own text is the cheapest kind.
    let cfg = dom_smoothie::Config { text_mode: dom_smoothie::TextMode::Raw, keep_classes: true, ..Default::default() };
    let Ok(mut r) = dom_smoothie::Readability::with_document(doc, url.map(Url::as_str), Some(cfg)) else {
        return (String::new(), String::new());
    };
    // A panic inside the Readability pass (a bug of the crate on some input) is a pass that
    // found nothing; the marked-up container or the JSON-LD body may still give the text.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| r.parse())) {
        Ok(Ok(a)) => {
            let title = if has_declared_title { a.title } else { String::new() };
            let read = article_text(&r.doc, url, site);
            match paragraphs {
                Some(p) if misses_block(&read, &p) => (p, title),
                _ => (read, title),
            }
        }
        Ok(Err(_)) | Err(_) => (String::new(), String::new()),
    }
}

/// Readability takes an element whose class or id says "header" for the page's header and
/// drops it before reading (its "unlikely candidates"). A heading so named that heads
/// prose, a paragraph right after it (CNN's `<h2 class="subheader">`), or a list that is
/// no list of links (a recipe's `<h3 class="wprm-recipe-header">Ingredients</h3>`), is the
/// story's: its names say "heading" instead.
fn keep_headings_named_header(headings: &[NodeRef<'_>]) {
    for h in headings {
        let named: Vec<(&str, String)> = ["class", "id"]
            .into_iter()
            .filter_map(|a| attr(h, a).map(|v| (a, v)))
            .filter(|(_, v)| v.to_ascii_lowercase().contains("header"))
            .collect();
        if named.is_empty() {
            continue;
        }
        let heads_prose = h.next_element_sibling().is_some_and(|n| {
            let text = collapse(&n.text());
            let linked: usize = within(&n, "a").iter().map(|a| collapse(&a.text()).len()).sum();
            (n.has_name("p") && text.len() >= 40)
                || ((n.has_name("ul") || n.has_name("ol")) && !text.is_empty() && linked * 2 < text.len())
        });
        if heads_prose {
            for (a, v) in named {
                h.set_attr(
                    a,
                    &v.replace("header", "heading").replace("Header", "Heading").replace("HEADER", "HEADING"),
                );
            }
        }
    }
}

/// Whether the text Readability read misses the page's block of paragraphs (`block`): the
/// block is twice as long, of a hundred words or more, and Readability read fewer than half
/// of them.
fn misses_block(read: &str, block: &str) -> bool {
    if block.len() < 2 * read.len() {
        return false;
    }
    let (rw, bw) = (words(read), words(block));
    bw.len() >= 100 && rw.intersection(&bw).count() * 2 < bw.len()
}

/// The thread of a forum's page: the element holding two or more posts, elements of one
/// name side by side whose ids number them as forum software does (`p123` in phpBB,
/// `post_123` in vBulletin, `post-123`, `msg123` in SMF, `elComment_123` in Invision,
/// whose posts Readability drops for the word "comment"). The one with the most posts. A
/// blog's entries, numbered alike (WordPress's `post-123 type-post hentry`), are stories
/// side by side, not a thread; and posts inside a story's comment section are its
/// comments. Its posts come with it, in order.
fn thread<'a>(els: &Elements<'a>) -> Option<(NodeRef<'a>, Vec<NodeRef<'a>>)> {
    const PREFIXES: [&str; 8] = ["post_", "post-", "post", "msg_", "msg", "p", "js-post-", "elcomment_"];
    let numbered =
        |id: &str| PREFIXES.iter().any(|p| id.strip_prefix(p).is_some_and(|n| n.len() <= 12 && is_digits(n)));
    // Posts counted per parent and element name, in one pass over the numbered elements.
    let mut posts: crate::parse::Map<(dom_query::NodeId, String), (NodeRef<'a>, Vec<NodeRef<'a>>)> = Default::default();
    // The numbered elements in the page's order, each with its place among them.
    let mut order: crate::parse::Map<dom_query::NodeId, usize> = Default::default();
    for e in els.all("[id]") {
        if let (Some(parent), Some(id), Some(name)) = (e.parent(), attr(&e, "id"), e.node_name())
            && name.as_ref() != "p"
            && numbered(&id.to_ascii_lowercase())
            && !attr(&e, "class").is_some_and(|c| c.split_whitespace().any(|c| c == "hentry" || c.starts_with("type-")))
        {
            order.insert(e.id, order.len());
            posts.entry((parent.id, name.to_string())).or_insert((parent, Vec::new())).1.push(e);
        }
    }
    // Readers' comments under a story, numbered alike, are no thread of the page's own.
    let in_comments = |t: &NodeRef<'_>| {
        std::iter::once(*t).chain(t.ancestors_it(None)).any(|a| is_never_text(&a) || is_comment_section(&a))
    };
    // The most posts, the first on the page among as many (the map keeps no order).
    let most = |(_, p): &(NodeRef<'a>, Vec<NodeRef<'a>>)| {
        (p.len(), std::cmp::Reverse(p.first().and_then(|e| order.get(&e.id)).copied()))
    };
    let (side_by_side, one_each): (Vec<_>, Vec<_>) = posts.into_values().partition(|(_, p)| p.len() >= 2);
    side_by_side.into_iter().filter(|(t, _)| !in_comments(t)).max_by_key(most).or_else(|| {
        // Each numbered element alone in a box of its own (vBulletin 3's `table#post123` in
        // `div#edit123`, SMF's `div#msg123` deep in its post).
        let mut by_name: crate::parse::Map<String, Vec<NodeRef<'a>>> = Default::default();
        for (_, numbered) in one_each {
            for e in numbered {
                by_name.entry(e.node_name().map(|n| n.to_string()).unwrap_or_default()).or_default().push(e);
            }
        }
        by_name
            .into_values()
            .filter_map(|mut numbered| {
                numbered.sort_by_key(|e| order.get(&e.id).copied());
                let first = numbered.first().and_then(|e| order.get(&e.id)).copied();
                boxed_posts(&numbered)
                    .filter(|(_, posts)| !tease_other_pages(posts))
                    .map(|(t, posts)| (first, t, posts))
            })
            .filter(|(_, t, _)| !in_comments(t))
            .max_by_key(|(first, _, p)| (p.len(), std::cmp::Reverse(*first)))
            .map(|(_, t, posts)| (t, posts))
    })
}

/// The thread round numbered elements each alone in a box of its own, and its posts: the
/// elements' nearest common ancestor, and its children that hold them, where each holds
/// one, all of one name and each as deep above its numbered element (a post's box, built
/// alike for every post). None for fewer than two, or for elements scattered over a page.
fn boxed_posts<'a>(numbered: &[NodeRef<'a>]) -> Option<(NodeRef<'a>, Vec<NodeRef<'a>>)> {
    let (first, rest) = numbered.split_first()?;
    if rest.is_empty() || numbered.len() > MAX_BOXED_POSTS {
        return None;
    }
    // The common ancestor: the nearest of the first element's ancestors that all the
    // others have too.
    let lineage: Vec<NodeRef<'a>> = first.ancestors_it(None).collect();
    let mut at = 0;
    for e in rest {
        let theirs: crate::parse::Set<dom_query::NodeId> = e.ancestors_it(None).map(|a| a.id).collect();
        while lineage.get(at).is_some_and(|a| !theirs.contains(&a.id)) {
            at += 1;
        }
    }
    let thread = *lineage.get(at)?;
    let mut posts: Vec<NodeRef<'a>> = Vec::with_capacity(numbered.len());
    let mut shape: Option<(String, usize)> = None;
    for e in numbered {
        let path: Vec<NodeRef<'a>> = std::iter::once(*e).chain(e.ancestors_it(None)).collect();
        let depth = path.iter().position(|a| a.parent().is_some_and(|p| p.id == thread.id))?;
        let post = path[depth];
        let this = (post.node_name().map(|n| n.to_string()).unwrap_or_default(), depth);
        if shape.get_or_insert_with(|| this.clone()) != &this || posts.last().is_some_and(|p| p.id == post.id) {
            return None;
        }
        posts.push(post);
    }
    Some((thread, posts))
}

/// Whether boxes numbered as posts, each in a box of its own, are teasers for other pages:
/// two in three or more hold a headline that is a link away (`<a href="/other-story/"><h1>`,
/// `<h3><a href="/other-story/">`), as a blog's grid of its other posts does. A forum
/// post's title is no link, or links to the post itself (`…topic=1.msg123#msg123`).
fn tease_other_pages(posts: &[NodeRef<'_>]) -> bool {
    let is_headline = |n: &NodeRef<'_>| ["h1", "h2", "h3"].iter().any(|h| n.has_name(h));
    let away = |a: &NodeRef<'_>| {
        attr(a, "href").is_some_and(|h| {
            let h = h.trim();
            !h.is_empty() && !h.contains('#') && !h.to_ascii_lowercase().starts_with("javascript:")
        })
    };
    let teases = |post: &NodeRef<'_>| {
        post.descendants_it().filter(|d| d.has_name("a") && away(d)).any(|a| {
            let linked = collapsed_chars(&a.text());
            a.descendants_it().any(|d| is_headline(&d))
                || a.ancestors_it(Some(2))
                    .find(is_headline)
                    .is_some_and(|h| linked > 0 && linked * 10 >= collapsed_chars(&h.text()) * 9)
        })
    };
    3 * posts.iter().filter(|p| teases(p)).count() >= 2 * posts.len()
}

/// Numbered elements [`boxed_posts`] looks for a thread round at most.
const MAX_BOXED_POSTS: usize = 500;

/// The text of a forum's thread: each post's body, where the posts are built alike and one
/// of their parts holds most of their words ([`post_bodies`]), so that the poster's box, the
/// post's title, date and buttons stay out however the forum names them; else the thread
/// read whole.
fn thread_text(thread: &NodeRef<'_>, posts: &[NodeRef<'_>], page: Option<&Url>, site: Option<&Url>) -> Option<String> {
    unname_comments(thread);
    let Some(bodies) = post_bodies(posts) else {
        return element_text(thread, page, site);
    };
    let headlines = entry_headlines(posts, &bodies);
    let texts: Vec<String> = bodies
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let text = element_text(b, page, site);
            match headlines.get(i).and_then(Option::as_deref) {
                Some(h) => Some(text.map_or_else(|| h.to_owned(), |t| format!("{h}\n\n{t}"))),
                None => text,
            }
        })
        .collect();
    Some(texts.join("\n\n")).filter(|t| !t.is_empty())
}

/// The headlines of a live blog's entries, one for each body of [`post_bodies`] (none where
/// an entry has none): a heading in the entry before its body, outside it, of three words or
/// more and with no link away. A live blog numbers its entries as a forum numbers its posts
/// (`id="post-123"`), and each entry's headline is the story's ("Power back in the north");
/// a forum post's title is not (phpBB's "Re: …" over every reply, the thread's title over
/// the first), nor is a heading that gives the poster (a name linked to a profile). Read
/// only when two entries in three or more have one and they all differ, none a reply's
/// subject.
fn entry_headlines(posts: &[NodeRef<'_>], bodies: &[NodeRef<'_>]) -> Vec<Option<String>> {
    let links_away = |h: &NodeRef<'_>| {
        h.descendants_it().any(|d| d.has_name("a") && attr(&d, "href").is_some_and(|u| !u.trim().starts_with('#')))
    };
    let post_ids: crate::parse::Set<dom_query::NodeId> = posts.iter().map(|p| p.id).collect();
    let headline = |body: &NodeRef<'_>| {
        let post = body.ancestors_it(None).find(|a| post_ids.contains(&a.id))?;
        let heading = post
            .descendants_it()
            .take_while(|d| d.id != body.id)
            .filter(|d| matches!(d.node_name().as_deref(), Some("h2" | "h3" | "h4" | "h5" | "h6")))
            .last()
            .filter(|h| !links_away(h))?;
        Some(collapse(&heading.text())).filter(|h| h.split_whitespace().count() >= 3)
    };
    let found: Vec<Option<String>> = bodies.iter().map(headline).collect();
    let named: Vec<&String> = found.iter().flatten().collect();
    let distinct: crate::parse::Set<String> = named.iter().map(|h| h.to_lowercase()).collect();
    let replies = named.iter().any(|h| REPLY_SUBJECTS.iter().any(|r| h.to_lowercase().starts_with(r)));
    if named.len() >= 2 && named.len() * 3 >= bodies.len() * 2 && distinct.len() == named.len() && !replies {
        found
    } else {
        Vec::new()
    }
}

/// The bodies of a thread's posts: the part each post has in the same place, named alike
/// (the same elements and classes, in the same order among their likes, on the way down
/// from the post: vBulletin's
/// `div.postbody > … > blockquote.postcontent`, XenForo's `blockquote.messageText`, phpBB's
/// `div.content`), once in a post, in two posts of every three or more, holding half the
/// words of the posts or more; the deepest such part. None where the posts have no such part
/// (the post is its body), or are too large to compare (more than [`MAX_THREAD_ELEMENTS`]
/// elements).
fn post_bodies<'a>(posts: &[NodeRef<'a>]) -> Option<Vec<NodeRef<'a>>> {
    /// How one place in the posts is filled: the characters of its text over all posts,
    /// the posts that have it, whether one has it twice, and its elements.
    #[derive(Default)]
    struct Place<'a> {
        chars: usize,
        posts: usize,
        repeated: bool,
        depth: usize,
        elements: Vec<NodeRef<'a>>,
    }
    let mut places: crate::parse::Map<String, Place<'a>> = Default::default();
    let mut total = 0;
    let mut seen = 0;
    for post in posts {
        total += collapsed_chars(&post.text());
        let mut in_post: crate::parse::Set<String> = Default::default();
        // The post's elements with the place each is in, a path of names and classes (digits
        // left out: `windowbg2`, `postcolor1` are one place).
        let mut stack: Vec<(NodeRef<'a>, String, usize)> = vec![(*post, String::new(), 0)];
        while let Some((e, path, depth)) = stack.pop() {
            seen += 1;
            if seen > MAX_THREAD_ELEMENTS {
                return None;
            }
            // Children named alike are told apart by their order (a table's second row, a
            // cell's second plain `<div>`).
            let mut alike: crate::parse::Map<String, usize> = Default::default();
            for c in e.element_children() {
                let mut classes: Vec<String> = attr(&c, "class")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(|t| t.chars().filter(|c| !c.is_ascii_digit()).collect())
                    .collect();
                classes.sort_unstable();
                let name = c.node_name().map(|n| n.to_string()).unwrap_or_default();
                let step = format!("{name}.{}", classes.join("."));
                let nth = alike.entry(step.clone()).or_default();
                let place = format!("{path}>{step}#{nth}");
                *nth += 1;
                let p = places.entry(place.clone()).or_default();
                p.chars += collapsed_chars(&c.text());
                p.depth = depth + 1;
                p.elements.push(c);
                if in_post.insert(place.clone()) {
                    p.posts += 1;
                } else {
                    p.repeated = true;
                }
                if depth + 1 < MAX_BODY_DEPTH {
                    stack.push((c, place, depth + 1));
                }
            }
        }
    }
    let body = places
        .into_values()
        .filter(|p| !p.repeated && p.posts * 3 >= posts.len() * 2 && p.chars * 2 >= total && p.chars > 0)
        .max_by_key(|p| (p.depth, p.chars))?;
    // In the posts' order: one to a post.
    Some(body.elements)
}

/// The elements of a thread's posts [`post_bodies`] compares at most: a thread of a
/// hundred posts of two hundred elements each.
const MAX_THREAD_ELEMENTS: usize = 20_000;

/// How deep in a post its body is looked for (vBulletin's is seven levels down): each
/// level's text is counted again.
const MAX_BODY_DEPTH: usize = 16;

/// A forum's posts are readers' comments by nature, and some forums name their parts so
/// (Invision's `ipsComment_content` and `comment-123_wrap` round a post's words): within a
/// thread the name tells nothing, and the class names and ids that say "comment" are taken
/// off before the thread is read, or each post's words would go as a comment beside the
/// story.
fn unname_comments(thread: &NodeRef<'_>) {
    let says_comment = |name: &str| name.to_ascii_lowercase().contains("comment");
    // Collected first: the walk borrows the tree that the attributes are set in.
    let named: Vec<NodeRef<'_>> = thread.descendants_it().filter(NodeRef::is_element).collect();
    for e in named {
        if attr(&e, "id").is_some_and(|id| says_comment(&id)) {
            e.remove_attr("id");
        }
        if let Some(class) = attr(&e, "class").filter(|c| says_comment(c)) {
            let kept: Vec<&str> = class.split_whitespace().filter(|t| !says_comment(t)).collect();
            e.set_attr("class", &kept.join(" "));
        }
    }
}

/// The text of the article Readability chose on the page at `page` (its root, in the
/// document it leaves behind), without what sits beside an article in the same container
/// ([`is_beside_block`]).
fn article_text(doc: &Document, page: Option<&Url>, site: Option<&Url>) -> String {
    let Some(root) = doc.select_single("#readability-page-1").nodes().first().copied() else {
        return String::new();
    };
    prune_beside_article(&root, page, site);
    drop_links_back_home(&root, page);
    // The text formatter breaks lines only at the blocks it knows (div, p, section,
    // lists, tables, headings); other blocks would run into their neighbours
    // ("Klaus_MNeulingBeiträge: 3"): they are read as paragraphs.
    for e in within(&root, BLOCKS_READ_AS_PARAGRAPHS) {
        e.rename("p");
    }
    drop_trailing_headings(&root, page);
    tidy_text(&root.formatted_text())
}

/// A story never ends on a heading: one with nothing after it, no text and no picture, is
/// the heading of a box left empty (a list of other stories a script fills), and goes,
/// with the headings it then leaves last. A heading over pictures (a gallery's, a test
/// case's) is the story's; over pictures that link to other pages (a column's "picture
/// news"), a box of teasers'.
/// The text is walked once, from its end; at most [`MAX_TRAILING_HEADINGS`] go (a hostile
/// page of ten thousand headings and nothing else keeps the rest).
fn drop_trailing_headings(root: &NodeRef<'_>, page: Option<&Url>) {
    const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];
    let teaser_link = |e: &NodeRef<'_>| e.has_name("a") && goes_to_another_page(e, page, page).is_some();
    let texts: Vec<NodeRef<'_>> =
        root.descendants_it().filter(|d| d.is_text() && !d.text().trim().is_empty()).collect();
    // A text inside a heading already dropped is no longer under `root`.
    let left = texts.iter().rev().filter(|t| t.ancestors_it(None).any(|a| a.id == root.id));
    for (dropped, t) in left.enumerate() {
        let Some(h) =
            t.ancestors_it(None).take_while(|a| a.id != root.id).find(|a| HEADINGS.iter().any(|h| a.has_name(h)))
        else {
            break;
        };
        if dropped == MAX_TRAILING_HEADINGS || pictured_after(&h, root, &teaser_link) || says_a_sentence(&h) {
            break;
        }
        h.remove_from_parent();
    }
}

/// Whether a heading says a sentence of the story, as a magazine sets a pull quote or a
/// closing line in one ("Relotius legt auf Facebook ein Fake-Profil an. Es stützt seine
/// Version."): six words or more ending in a full stop, which a box's name ("Related
/// stories", "Mehr zum Thema") and a prompt ("Have a story to share with us?") do not.
fn says_a_sentence(h: &NodeRef<'_>) -> bool {
    const WORDS: usize = 6;
    let text = collapse(&h.text());
    text.ends_with(['.', '。', '！', '!']) && !text.ends_with("..") && text.split_whitespace().count() >= WORDS
}

/// Headings at most that [`drop_trailing_headings`] takes from a story's end, and
/// `element_text` from a container's text: a page's empty boxes leave a few.
const MAX_TRAILING_HEADINGS: usize = 64;

/// Whether a picture (an image, a video, an embed) follows `h` in `root`, in document
/// order, outside what is left out (`skip`).
fn pictured_after(h: &NodeRef<'_>, root: &NodeRef<'_>, skip: &dyn Fn(&NodeRef<'_>) -> bool) -> bool {
    const MEDIA: [&str; 8] = ["img", "picture", "video", "audio", "svg", "iframe", "embed", "object"];
    // A picture counts unless it, or what holds it below `n`, is left out.
    let kept_media = |n: &NodeRef<'_>, d: &NodeRef<'_>| {
        MEDIA.iter().any(|m| d.has_name(m))
            && !skip(d)
            && !d.ancestors_it(None).take_while(|a| a.id != n.id).any(|a| skip(&a))
    };
    std::iter::once(*h)
        .chain(h.ancestors_it(None).take_while(|a| a.id != root.id))
        .flat_map(|n| std::iter::successors(n.next_sibling(), NodeRef::next_sibling))
        .any(|n| n.is_element() && !skip(&n) && (kept_media(&n, &n) || n.descendants_it().any(|d| kept_media(&n, &d))))
}

/// A portal's link back to its front page set at the end of each story ("返回腾讯网首页>>",
/// "返回搜狐，查看更多", "Back to the homepage") goes from the story at `root`: a link that
/// says "back to" and goes to the front page of the page's site ([`on_site`]: `www.qq.com`
/// from `new.qq.com`), whatever its query says of where it was clicked.
fn drop_links_back_home(root: &NodeRef<'_>, page: Option<&Url>) {
    const BACK: [&str; 6] = ["返回", "回到", "back to ", "return to ", "zurück zur ", "retour à "];
    let Some(page) = page else {
        return;
    };
    // Whether the link's words open with "back to": read from its first words, in place.
    let opens_back = |a: &NodeRef<'_>| {
        a.descendants_it().filter(|d| d.is_text()).find_map(|t| {
            let words = t.text();
            let words = words.trim_start();
            (!words.is_empty()).then(|| BACK.iter().any(|b| strip_prefix_ignoring_case(words, b).is_some()))
        }) == Some(true)
    };
    for a in within(root, "a[href]") {
        if !opens_back(&a) || collapse(&a.text()).chars().count() > 30 {
            continue;
        }
        let home = attr(&a, "href")
            .and_then(|h| page.join(h.trim()).ok())
            .is_some_and(|u| is_front_page(&u) && on_site(&u, page));
        if home {
            a.remove_from_parent();
        }
    }
}

/// The cells beside the article's in a table laid out as a page (a menu's column, an
/// advert's): in a row whose one cell holds three quarters of its text, five hundred
/// characters or more in two paragraphs or more (`<p>`s, or blocks set apart by a blank
/// line, `<br><br>`, as pages laid out so write them), the other cells, of under two
/// hundred characters each, go. A table of data has no such row, nor a page set in two
/// columns of text. Done before Readability reads the page too: it may take the whole
/// table for the article and set the cells' contents side by side, menu and all.
fn drop_layout_cells(root: &NodeRef<'_>) {
    for row in within(root, "tr") {
        let cells: Vec<NodeRef<'_>> = row.element_children().into_iter().filter(|c| c.has_name("td")).collect();
        if cells.len() < 2 {
            continue;
        }
        let sizes: Vec<usize> = cells.iter().map(|c| collapse(&c.text()).len()).collect();
        let total: usize = sizes.iter().sum();
        let Some((main, &size)) = sizes.iter().enumerate().max_by_key(|(_, n)| **n) else { continue };
        let paragraphs = within(&cells[main], "p").len() + blank_lines(&cells[main]);
        let thin_others = sizes.iter().enumerate().all(|(i, n)| i == main || *n < 200);
        if size >= 500 && size * 4 >= total * 3 && paragraphs >= 2 && thin_others {
            for (i, cell) in cells.iter().enumerate() {
                if i != main {
                    cell.remove_from_parent();
                }
            }
        }
    }
}

/// How many blank lines (a `<br>` followed by another, with nothing but white space
/// between) `e` holds.
fn blank_lines(e: &NodeRef<'_>) -> usize {
    let blank = |n: &NodeRef<'_>| n.is_text() && n.text().trim().is_empty();
    within(e, "br")
        .iter()
        .filter(|br| {
            std::iter::successors(br.next_sibling(), NodeRef::next_sibling)
                .find(|n| !blank(n))
                .is_some_and(|n| n.has_name("br"))
        })
        .count()
}

/// Block elements that the text formatter would set inline.
const BLOCKS_READ_AS_PARAGRAPHS: &str = "dt, dd, header, footer, address, figure, figcaption, details, summary, \
    center, fieldset, legend, main, nav, aside, form, caption, hgroup, menu, dialog, search";

/// The text of a container the page's markup names as the article, without never-text parts,
/// read block by block: paragraphs, headings below the title, list items, quotes, code,
/// table cells (header cells too) and definition lists; and text written straight into a
/// `<div>` (or the container itself), a paragraph per run of text and inline elements
/// between line breaks and blocks, as older pages write articles
/// (`<div itemprop="articleBody">First.<br><br>Second.</div>`), when it reads as one.
fn container_text(els: &Elements<'_>, selector: &str, page: Option<&Url>, site: Option<&Url>) -> Option<String> {
    let el = els.all(selector).into_iter().max_by_key(|e| e.text().len())?;
    element_text(&el, page, site)
}

/// The text of one element, read as [`container_text`] reads it.
fn element_text(el: &NodeRef<'_>, page: Option<&Url>, site: Option<&Url>) -> Option<String> {
    /// What the walk has left to do, in document order: an element to read, or a run of
    /// text already read.
    enum Next<'a> {
        Element(NodeRef<'a>),
        Run(String),
    }
    let skip = matcher("script, style, noscript, template, iframe, form, figure figcaption, aside");
    let raw = matcher(RAW_TEXT);
    let blocks = matcher("p, h2, h3, h4, h5, h6, li, blockquote, pre, td, th, dt, dd");
    let heading = matcher("h2, h3, h4, h5, h6");
    drop_links_back_home(el, page);
    let around = Around::of(el, page, site);
    // The heading over a list of links or teasers left out goes with it, as in
    // [`prune_beside_article`]; so does the heading of a box that holds it and one line of
    // links left out, nothing else (`<div class="module"><h2>Browse Issues</h2><p><a>Browse
    // the Archive</a></p></div>`).
    let labels: crate::parse::Set<dom_query::NodeId> = el
        .descendants_it()
        .filter(|d| {
            ((d.has_name("ul") || d.has_name("ol")) && (is_link_list(d) || holds_only_teasers(d, &around))
                || (is_labelled_box(d) && is_link_line(d)))
                && is_beside_block(d, &around)
        })
        .filter_map(|list| list_label(&list))
        .map(|label| label.id)
        .collect();
    let left_out = |e: &NodeRef<'_>| {
        labels.contains(&e.id)
            || is_never_text(e)
            || e.is_match(&skip)
            || is_comment_section(e)
            || is_widget(e)
            || (is_beside_block(e, &around) && !is_run_in(e))
    };
    // An element's children as the walk takes them: each block or box as an element, and
    // the text between them (text nodes and inline elements up to a <br>) as runs. A run is
    // kept when it reads as a paragraph ([`is_prose_run`]): the words a page sets loose in
    // its boxes are labels, bylines and teasers' headlines more often than prose.
    //
    // A run set wholly in bold, of a few words, that leads into a paragraph is the
    // subheading of an article written without heading elements
    // (`<b>Semeadura</b><br>As sementes…`), and is kept; a bold label ("Read more:", "Tags")
    // is not. So is a salutation before a forum post's or a letter's first paragraph.
    fn parts<'a>(e: &NodeRef<'a>, left_out: &dyn Fn(&NodeRef<'_>) -> bool) -> Vec<Next<'a>> {
        /// The run read so far: its text, how much of it is link text, and whether all of
        /// it is in one `<b>` or `<strong>` (`None` while it holds nothing but white space).
        #[derive(Default)]
        struct Run {
            text: String,
            linked: usize,
            bold: Option<bool>,
        }
        fn flush<'a>(run: &mut Run, parts: &mut Vec<Next<'a>>, headed: &mut Option<String>) {
            let para = collapse(&run.text);
            if para.is_empty() {
                // An empty line (`<br><br>`) leaves what waits for a paragraph waiting.
            } else if is_prose_run(&para, run.linked) {
                parts.extend(headed.take().map(Next::Run));
                parts.push(Next::Run(para));
            } else {
                let words = para.split_whitespace().count();
                let heading = run.bold == Some(true) && (1..=10).contains(&words) && !para.ends_with([':', '：']);
                // A letter's salutation ("Hi everyone,", "Moin zusammen,") opens the
                // paragraph after it as such a subheading heads it.
                let salutation = (1..=6).contains(&words) && para.ends_with([',', '，', '،']);
                let leads = run.linked == 0 && (heading || salutation) && !is_furniture_line(&para);
                *headed = leads.then_some(para);
            }
            *run = Run::default();
        }
        // Text inside a link that wraps blocks (a teaser's card) is link text all through.
        let in_link = e.has_name("a") || e.ancestors_it(None).any(|a| a.has_name("a"));
        let mut parts = Vec::new();
        let mut run = Run::default();
        // A bold run waiting for the paragraph it heads.
        let mut headed: Option<String> = None;
        for c in e.children_it(false) {
            if c.is_text() {
                let t = c.text();
                if in_link {
                    run.linked += collapse(&t).chars().count();
                }
                if !t.trim().is_empty() {
                    run.bold = Some(false);
                }
                run.text.push_str(&t);
            } else if !c.is_element() {
                continue;
            } else if c.has_name("br") {
                flush(&mut run, &mut parts, &mut headed);
            } else if is_inline(&c) && holds_only_inline(&c) {
                if !left_out(&c) {
                    let t = c.text();
                    if !t.trim().is_empty() {
                        let bold = c.has_name("b") || c.has_name("strong");
                        run.bold = Some(run.bold.is_none() && bold);
                    }
                    run.text.push_str(&t);
                    run.linked += if in_link { collapsed_chars(&t) } else { linked_chars(&c) };
                }
            } else {
                flush(&mut run, &mut parts, &mut headed);
                headed = None;
                parts.push(Next::Element(c));
            }
        }
        flush(&mut run, &mut parts, &mut headed);
        parts
    }
    // One walk in document order: a part that is not the article is skipped whole, and a
    // block is read whole (a block inside it is not read again).
    let mut paras: Vec<String> = Vec::new();
    // The block each paragraph was read from (none for a run of loose text): the text ends
    // on no heading ([`drop_trailing_headings`]).
    let mut read_from: Vec<Option<NodeRef<'_>>> = Vec::new();
    let mut stack: Vec<Next<'_>> = parts(el, &left_out);
    stack.reverse();
    while let Some(next) = stack.pop() {
        let e = match next {
            Next::Run(para) => {
                paras.push(para);
                read_from.push(None);
                continue;
            }
            Next::Element(e) => e,
        };
        if left_out(&e) {
            continue;
        }
        if e.is_match(&blocks) {
            // A preformatted block (code, a table of figures) keeps its lines, each one a
            // paragraph, as the Readability pass reads it. So does a block that holds boxes
            // (a forum post's cell: the poster's name, rank and count over the post), each
            // box a paragraph; one broken by line breaks is a paragraph with a space at
            // each: their words never run together ("heizfreund77Mitglied seit 2019").
            let pre = e.has_name("pre");
            let (mut boxed, mut broken) = (false, false);
            for d in e.descendants_it().filter(|d| d.is_element() && !is_inline(d)) {
                broken = true;
                boxed |= !d.has_name("br");
            }
            let written = without_raw_text(&e, &raw, &|b: &NodeRef<'_>| {
                if broken && !pre { b.formatted_text().to_string() } else { text(b) }
            });
            let lines = if pre || boxed { written.lines().collect() } else { vec![written.as_str()] };
            for para in lines.into_iter().map(collapse).filter(|p| !p.is_empty()) {
                paras.push(para);
                read_from.push(Some(e));
            }
        } else {
            stack.extend(parts(&e, &left_out).into_iter().rev());
        }
    }
    // At most as many headings go as from a story's end (each one's look for a picture after
    // it reads to the container's end).
    for _ in 0..MAX_TRAILING_HEADINGS {
        if !read_from
            .last()
            .is_some_and(|b| b.is_some_and(|b| b.is_match(&heading) && !pictured_after(&b, el, &left_out)))
        {
            break;
        }
        paras.pop();
        read_from.pop();
    }
    Some(paras.join("\n\n")).filter(|t| !t.is_empty())
}

/// The elements whose contents a parser that runs scripts keeps as raw text, or that hold
/// none a reader sees ([`without_raw_text`]).
const RAW_TEXT: &str = "iframe, noscript, script, style, template";

/// A block's text as `written` reads it (`raw` is [`RAW_TEXT`], compiled once a container), without the markup a parser that runs scripts
/// keeps as raw text in an `<iframe>` or a `<noscript>` (an editor's `<span
/// data-mce-type="bookmark">` left inside a video's iframe), nor a script's, a style's or a
/// template's: a reader sees none of it. (Such a block is read from a copy without them;
/// few blocks hold one.)
fn without_raw_text(e: &NodeRef<'_>, raw: &Matcher, written: &dyn Fn(&NodeRef<'_>) -> String) -> String {
    if !e.descendants_it().any(|d| d.is_element() && d.is_match(raw)) {
        return written(e);
    }
    let copy = Document::fragment(e.html());
    copy.select_matcher(raw).remove();
    written(&copy.root())
}

/// Whether a run of loose text in an article container (`linked` of its characters link
/// text) reads as a paragraph: a sentence (one of six words or more may lead into what
/// follows with a colon), or a hundred characters or more, and not mostly links. "By Jane
/// Doe", "EXCLUSIVE", "Read more:", "More about the economy" or a teaser's headline are not.
fn is_prose_run(run: &str, linked: usize) -> bool {
    let chars = run.chars().count();
    let end = run.trim_end_matches(['"', '\'', '”', '’', '»', ')']);
    let sentence = end.ends_with(|c| SENTENCE_MARKS.contains(&c) || c == '…')
        || (end.ends_with([':', '：']) && run.split_whitespace().count() >= 6);
    chars > 0 && linked * 3 < chars * 2 && (chars >= 100 || sentence)
}

/// Something embedded in an article container that is not the article: a block whose class
/// or id Readability counts as an unlikely candidate (related lists, share bars, ads,
/// menus, comments...) and not as a possible one, a media player, a gallery or carousel, a
/// dialog, or a hidden element.
fn is_widget(e: &NodeRef<'_>) -> bool {
    const UNLIKELY: [&str; 29] = [
        "-ad-",
        "ai2html",
        "banner",
        "breadcrumbs",
        "combx",
        "comment",
        "community",
        "cover-wrap",
        "disqus",
        "extra",
        "footer",
        "gdpr",
        "header",
        "legends",
        "menu",
        "related",
        "remark",
        "replies",
        "rss",
        "shoutbox",
        "sidebar",
        "skyscraper",
        "social",
        "sponsor",
        "supplemental",
        "ad-break",
        "agegate",
        "pagination",
        "popup",
    ];
    const MAYBE: [&str; 8] = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"];
    const WIDGETS: [&str; 6] = ["video-js", "vjs-", "gallery", "carousel", "slideshow", "newsletter"];
    if attr(e, "role").is_some_and(|r| r.eq_ignore_ascii_case("dialog"))
        || attr(e, "aria-hidden").is_some_and(|v| v.eq_ignore_ascii_case("true"))
        || e.has_attr("hidden")
        || attr(e, "class").is_some_and(|c| super::hidden::hides(&c))
    {
        return true;
    }
    let (class, id) = (attr(e, "class").unwrap_or_default(), attr(e, "id").unwrap_or_default());
    if class.is_empty() && id.is_empty() {
        return false;
    }
    let (class, id) = (class.to_ascii_lowercase(), id.to_ascii_lowercase());
    let has = |words: &[&str]| words.iter().any(|w| class.contains(w) || id.contains(w));
    has(&WIDGETS) || (has(&UNLIKELY) && !has(&MAYBE))
}

fn words(s: &str) -> crate::parse::Set<&str> {
    s.split_whitespace().collect()
}

/// The page without what no field is ever taken from: scripts (JSON-LD kept), styles,
/// inline SVG and HTML comments. Modern pages are mostly inline script; dropping it before
/// the two parses halves the work. The cut follows the tokenizer's own rule (a script ends
/// at the first `</script`).
/// And without the tags of blocks nested too deep ([`crate::parse::html::Nesting`]), whose
/// text stays in the block at the bound, nor a tag's attributes beyond
/// [`crate::parse::html::MAX_ATTRIBUTES`].
pub fn without_heavy_parts(html: &str) -> std::borrow::Cow<'_, str> {
    // Tags are matched without regard to case, on the page itself (a lowercased copy of a
    // large page costs more than the rest of this pass).
    let opens = |at: usize, tag: &str| {
        html.as_bytes().get(at..at + tag.len()).is_some_and(|b| b.eq_ignore_ascii_case(tag.as_bytes()))
    };
    // Where `tag` (opening with a `<` or `-`) next occurs from `at`, in any case.
    let find = |at: usize, tag: &str| {
        let first = char::from(tag.as_bytes()[0]);
        html[at..].match_indices(first).map(|(i, _)| at + i).find(|&i| opens(i, tag))
    };
    let mut out = String::new();
    let mut nesting = crate::parse::html::Nesting::default();
    // Where the search goes on, and where the text not yet copied to `out` starts: kept
    // text is copied a run at a time, when a part is left out.
    let (mut at, mut from) = (0, 0);
    while let Some(i) = html[at..].find('<').map(|i| i + at) {
        let (close, keep) = if opens(i, "<script") {
            let tag_end = html[i..].find('>').map_or(html.len(), |e| i + e);
            ("</script", html[i..tag_end].to_ascii_lowercase().contains("ld+json"))
        } else if opens(i, "<style") {
            ("</style", false)
        } else if opens(i, "<svg") {
            ("</svg", false)
        } else if opens(i, "<!--") {
            ("-->", false)
        } else {
            at = i + 1;
            // A block beyond the nesting bound: its tags go, its text stays where it is; a
            // tag's attributes beyond theirs go.
            if let Some(gone) = nesting.left_out(html, i) {
                if out.is_empty() {
                    out.reserve(html.len());
                }
                out.push_str(&html[from..gone.start]);
                (from, at) = (gone.end, gone.end);
            }
            continue;
        };
        let end = match find(i + 1, close) {
            Some(e) => {
                let after = e + close.len();
                if close == "-->" { after } else { html[after..].find('>').map_or(html.len(), |g| after + g + 1) }
            }
            None => html.len(),
        };
        // What is kept (a JSON-LD script) keeps its first attributes.
        let gone = if keep { crate::parse::html::attributes_left_out(html.as_bytes(), i) } else { Some(i..end) };
        if let Some(gone) = gone {
            if out.is_empty() {
                out.reserve(html.len());
            }
            out.push_str(&html[from..gone.start]);
            from = gone.end;
        }
        at = end;
    }
    if from == 0 {
        return html.into();
    }
    out.push_str(&html[from..]);
    out.into()
}

/// The names a page gives its site where it links to the site's front page (a masthead,
/// a logo's `alt`, "Notes from the Garden" in `<h1><a href="/">`): a site names itself
/// so where no metadata does. The first eight such links, of a few words each, and the
/// names in [`logo_names`].
fn home_link_names(els: &Elements<'_>, base: Option<&Url>) -> Vec<String> {
    let is_home = |href: &str| links_home(href, base);
    els.all("a[href]")
        .into_iter()
        .filter(|a| attr(a, "href").is_some_and(|h| is_home(&h)))
        .take(8)
        .flat_map(|a| written_names(&a))
        .chain(logo_names(els))
        .map(|n| collapse(&n))
        .filter(|n| !n.is_empty() && n.split_whitespace().count() <= 6)
        .collect()
}

/// The names a page writes in its logo or masthead that links nowhere, by the classes and
/// ids templates give them (`<div class="logo">Ministère de la Transition écologique</div>`,
/// WordPress's `<p class="site-title">`): the text, or a picture's `alt` there. The first
/// four such elements; a word such as "Logo" names nothing. A logo in or round a link is
/// [`home_link_names`]'s to read: one that links to another site (a parent company's, as
/// `<div class="logo"><a href="https://www.google.com">` on one of its books) names another.
fn logo_names(els: &Elements<'_>) -> Vec<String> {
    const MASTHEADS: &str =
        ".logo, .site-logo, .site-title, .site-name, .sitename, .navbar-brand, #logo, #site-title, #site-name";
    els.all(MASTHEADS)
        .into_iter()
        .filter(|e| !e.has_name("a") && within(e, "a").is_empty() && !e.ancestors_it(None).any(|a| a.has_name("a")))
        .take(4)
        .flat_map(|e| written_names(&e))
        .filter(|n| n.chars().filter(|c| c.is_alphanumeric()).count() >= 3 && !n.trim().eq_ignore_ascii_case("logo"))
        .collect()
}

/// What an element that names the site says: its text, then its pictures' `alt`s.
fn written_names(e: &NodeRef<'_>) -> Vec<String> {
    let alts = within(e, "img[alt]").into_iter().filter_map(|i| attr(&i, "alt"));
    std::iter::once(text(e)).chain(alts).collect()
}

/// Whether a link's `href` goes to the site's front page: `/`, or an address on the site
/// of `base` whose path is `/` or an index page, with no query.
fn links_home(href: &str, base: Option<&Url>) -> bool {
    let href = href.trim();
    if href == "/" {
        return true;
    }
    let Some(base) = base else {
        return false;
    };
    // Most links go deeper: only an address that ends in a folder, an index page or a host
    // alone (or one empty or of dots) is resolved.
    let h = href.split('#').next().unwrap_or_default();
    let scheme_less = ["https:", "http:"].iter().find_map(|s| strip_prefix_ignoring_case(h, s)).unwrap_or(h);
    let host_alone = scheme_less.strip_prefix("//").is_some_and(|rest| !rest.contains(['/', '\\']));
    let may_be_home = !h.contains('?')
        && (h.is_empty()
            || host_alone
            || h.ends_with(['/', '\\', '.'])
            || ["index.html", "index.htm", "index.php"].iter().any(|i| h.ends_with(i)));
    may_be_home && resolves_home(href, base)
}

/// [`links_home`] by resolving the link whatever it looks like.
fn resolves_home(href: &str, base: &Url) -> bool {
    base.join(href).is_ok_and(|u| crate::model::same_site(&u, base) && u.query().is_none() && is_front_page(&u))
}

/// Whether an address's path is a site's front page: `/` or an index page.
fn is_front_page(u: &Url) -> bool {
    matches!(u.path(), "/" | "/index.html" | "/index.htm" | "/index.php")
}

/// Whether markup opens a tag of this (lowercase) name in any case: `<br>`, `<BR/>`,
/// `<Pre class=…>`. A tag of a longer name that starts the same (`<bread>`) counts too;
/// the rules this gates only look for the elements.
fn has_tag(html: &str, name: &str) -> bool {
    let bytes = html.as_bytes();
    memchr::memchr_iter(b'<', bytes)
        .any(|at| bytes.get(at + 1..at + 1 + name.len()).is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes())))
}

/// Extract title, text, images and metadata from a page served at `page_url`. Without a
/// URL, relative image and canonical references are left out.
pub fn extract(html: &str, page_url: Option<&Url>) -> Article {
    let light = without_heavy_parts(html);
    let html: &str = &light;
    // One parse: the metadata is read from this document, then Readability consumes it.
    let doc = Document::from(html);
    flatten_deep_nesting(&doc);
    if has_tag(html, "pre") {
        keep_line_breaks_in_code(&doc);
    }
    drop_permalink_marks(&doc, html);
    if has_tag(html, "font") {
        fonts_as_spans(&doc);
    }
    drop_other_stories(&doc);
    drop_appended_stories(&doc);
    let all_headings = all(&doc, "h1, h2, h3, h4, h5, h6");
    if has_tag(html, "br") {
        spaces_for_line_breaks(&all_headings);
    }
    // The page's subheadings, for the two rules that read them.
    let headings: Vec<NodeRef<'_>> = all_headings.into_iter().filter(|h| !h.has_name("h1")).collect();
    keep_headings_named_header(&headings);
    drop_headed_comments(&headings);
    drop_boxes_headed_as_elsewhere(&doc, &headings);
    // The tree is settled until Readability's pass: its elements are read by name from here.
    let els = Elements::of(&doc);
    drop_cut_meta_contents(&els);
    let first = |css: &str| els.first(css);
    let m = Metas::of(&els);
    let base = super::document_base(first("base[href]").and_then(|b| attr(&b, "href")).as_deref(), page_url);
    // Offline, with no address given: the page's own, as its canonical link or `og:url`
    // names it, reads its relative links (an image's), rather than leaving them out.
    let base = base.or_else(|| {
        let canonical = els.all("link[rel][href]").into_iter().find(|l| {
            attr(l, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical")))
        });
        let own = canonical.and_then(|l| attr(&l, "href")).or_else(|| m.first("og:url"));
        own.and_then(|u| Url::parse(u.trim()).ok()).filter(|u| matches!(u.scheme(), "http" | "https"))
    });
    let base = base.as_ref();
    let host = page_url.and_then(Url::host_str).unwrap_or("");
    let ld = json_ld(&els);
    let (md, md_body) = microdata(&els);
    // Whether any metadata names the story: the title rules and the text pass both ask.
    let has_declared_title = ld.headline.is_some() || META_TITLES.iter().any(|k| m.first(k).is_some());
    let mut out = Article::default();
    let set = |out: &mut Article, field: &str, src: FieldSource| {
        out.sources.insert(field.to_owned(), src);
    };

    // Site name first: title cleaning needs it.
    let site = [
        (m.first("og:site_name"), FieldSource::OpenGraph),
        (ld.publisher.clone(), FieldSource::JsonLd),
        (md.publisher.clone(), FieldSource::Microdata),
        (m.first("application-name"), FieldSource::Html),
    ]
    .into_iter()
    .find_map(|(v, s)| v.map(|v| (v, s)));
    if let Some((name, src)) = site {
        out.site_name = Some(name);
        set(&mut out, "site_name", src);
    }
    let mut names: Vec<String> =
        [m.first("og:site_name"), ld.publisher.clone(), md.publisher.clone()].into_iter().flatten().collect();
    names.extend(home_link_names(&els, base));

    let wp_title = first(".entry-title, .post-title").map(|e| text(&e));
    let html_title = first("head title").or_else(|| first("title")).map(|t| text(&t));
    let title_tag = html_title.as_deref().map(|t| collapse(&html_text(t)));
    // The title as written where it was found, for the spaces a collapsed title loses.
    let mut written_titles: Vec<String> = ["meta[property~='og:title']", "meta[name~='twitter:title']"]
        .into_iter()
        .filter_map(|css| first(css).and_then(|e| attr(&e, "content")))
        .chain(html_title.clone())
        .collect();
    // Each heading's text, read once: the first eight in the page's order, for the site's
    // name, and the first four <h1>s and four <h2>s, for the headline.
    let (mut in_order, mut h1s_written, mut h1s, mut h2s) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut h2_nodes, mut h1_kickers) = (Vec::new(), Vec::new());
    for h in els.all("h1, h2") {
        let is_h1 = h.has_name("h1");
        let of_kind = if is_h1 { h1s.len() } else { h2s.len() };
        if in_order.len() >= 8 && of_kind >= 4 {
            if h1s.len() >= 4 && h2s.len() >= 4 {
                break;
            }
            continue;
        }
        let written = text(&h);
        let collapsed = collapse(&written);
        if in_order.len() < 8 {
            in_order.push(collapsed.clone());
        }
        if of_kind < 4 {
            if is_h1 {
                // A label of a few words set right before the headline (a kicker written
                // with no class that says so: "<p>Lokales</p><h1>…"), to leave the text
                // when this <h1> is the headline.
                if let Some(k) =
                    h.prev_element_sibling().map(|k| collapse(&k.text())).filter(|k| !k.is_empty() && is_kicker_text(k))
                {
                    h1_kickers.push((norm(&collapsed), k));
                }
                h1s.push(collapsed);
                h1s_written.push(written);
            } else {
                h2s.push(collapsed);
                h2_nodes.push(h);
            }
        }
    }
    let titles: Vec<&str> = written_titles.iter().map(String::as_str).collect();
    names.extend(headings_naming_the_site(&titles, &in_order));
    // Each title cleaned of the site's name, beside the title as declared.
    let declared: Vec<(String, FieldSource, String)> = [
        (m.first("og:title"), FieldSource::OpenGraph),
        (ld.headline.clone(), FieldSource::JsonLd),
        (md.headline.clone(), FieldSource::Microdata),
        (wp_title, FieldSource::WordPress),
        (m.first("twitter:title"), FieldSource::TwitterCard),
        (html_title, FieldSource::Html),
    ]
    .into_iter()
    .filter_map(|(v, s)| {
        let raw = collapse(&html_text(&v?));
        Some((clean_title(&raw, &names, host), s, raw)).filter(|(t, ..)| !t.is_empty())
    })
    // A title that is only the site's name ("<title>Valley Herald</title>") names no story.
    .filter(|(t, ..)| !names_only_the_site(t, &names, host))
    .collect();
    // A template's word for no title ("Home", "Untitled Document") is taken last of all.
    let (placeholders, declared): (Vec<_>, Vec<_>) = declared.into_iter().partition(|(t, ..)| is_placeholder_title(t));
    let placeholders: Vec<(String, FieldSource)> = placeholders.into_iter().map(|(t, s, _)| (t, s)).collect();
    let candidates: Vec<(String, FieldSource)> = declared.iter().map(|(t, s, _)| (t.clone(), *s)).collect();
    // The headline the reader sees is the page's <h1>: a metadata title that agrees with
    // one wins over one that does not (sites shorten og:title for sharing and pad
    // <title> for search); with no agreement, the order of trust decides.
    let h1_norms = heading_norms(&h1s);
    // With no title to agree with, the first <h1> that is not the site's name (a logo's),
    // else the first <h2> of three words or more under such an <h1>, else the logo's.
    let headline_in = |headings: &[String], min_words: usize| {
        headings.iter().map(|h| clean_title(h, &names, host)).find(|t| {
            t.split_whitespace().count() >= min_words
                && !names_only_the_site(t, &names, host)
                && !is_placeholder_title(t)
        })
    };
    let h1_title = headline_in(&h1s, 1)
        .or_else(|| headline_in(&h2s, 3))
        .or_else(|| h1s.first().map(|h| clean_title(h, &names, host)).filter(|t| !t.is_empty()));
    // With no <h1> that agrees (a page whose <h1> is its logo, or that has none), its
    // first <h2>s are asked the same: a title is the <h2> over the story with a section's
    // name or the site's before it ("Local - Headline").
    let agreeing = |norms: &[String], headings: &[String]| {
        candidates
            .iter()
            .find(|(t, _)| norms.contains(&norm(t)))
            .cloned()
            .or_else(|| declared.iter().find_map(|(t, s, raw)| cut_into_heading(t, raw, headings).map(|h| (h, *s))))
            .or_else(|| {
                candidates.iter().find_map(|(t, s)| {
                    heading_within(t, headings, &names, host).map(|h| (clean_title(h, &names, host), *s))
                })
            })
            .or_else(|| {
                declared.iter().find_map(|(t, s, raw)| {
                    heading_before_tagline(t, raw, headings, &names, host).map(|h| (clean_title(h, &names, host), *s))
                })
            })
    };
    let title = agreeing(&h1_norms, &h1s)
        .or_else(|| agreeing(&heading_norms(&h2s), &h2s))
        .or_else(|| {
            // As Readability reads a page: a `<title>` under 15 characters, with no title in
            // any metadata, names the site or a section ("Port Daily", "Local news"), and the
            // page's only <h1>, saying more, is the headline.
            let only_h1 = || (h1s.len() == 1).then(|| headline_in(&h1s, 2)).flatten();
            // A title naming a section of the site ("News | Port Times"), or the site and
            // its tagline, gives way to an <h1> of three words or more.
            if let Some(h) = headline_in(&h1s, 3)
                && declared.first().is_some_and(|(_, _, raw)| {
                    names_a_section(raw, &names, host) || names_the_site_and_a_tagline(raw, &names, host, &h)
                })
            {
                return Some((h, FieldSource::Html));
            }
            match candidates.as_slice() {
                [(t, FieldSource::Html)] if t.chars().count() < 15 && !has_declared_title => only_h1()
                    .filter(|h| h.chars().count() > t.chars().count())
                    .map(|h| (h, FieldSource::Html))
                    .or_else(|| candidates.first().cloned()),
                _ => candidates.first().cloned(),
            }
        })
        .or_else(|| h1_title.map(|t| (t, FieldSource::Html)))
        .or_else(|| placeholders.first().cloned());
    // A title cut short with an ellipsis, as a search result's or a card's is ("Harbour
    // wall repair approved after st…"): the <h1> or the other declared title it opens is
    // the whole headline.
    let title = title.map(|(t, src)| whole_title(&t, &h1s, &candidates, &names, host).unwrap_or((t, src)));
    if let Some((t, src)) = title {
        out.title = Some(t);
        set(&mut out, "title", src);
    }

    let in_never = |e: &NodeRef<'_>| e.ancestors_it(None).any(|a| is_never_text(&a));
    // Body images, the article's own first: the most specific container the page marks
    // goes first, each in document order; never from navigation, footers or asides.
    // Nor from the site's own header, or from a box about something else (related
    // stories, promotions, the author, ads): their images are the site's or other stories'.
    // A box hidden by its classes is furniture ([`super::hidden::hides`]). A box that
    // holds the headline, the marked article body or the page's paragraphs is the
    // story's, whatever its class says (`node-promoted author-jane`,
    // `js_img_share_area`), and some such names frame the story's picture
    // ([`box_holds_something_else`]).
    let furniture = matcher("nav, footer, aside, [role=banner]");
    let paragraphs = paragraphs_block_of(els.all("p"));
    let with_ancestors =
        |h: NodeRef<'_>| std::iter::once(h.id).chain(h.ancestors_it(None).map(|a| a.id)).collect::<Vec<_>>();
    let marked_body = els.all("[itemprop~=articleBody]");
    let story: crate::parse::Set<_> =
        els.all("h1").into_iter().chain(marked_body).chain(paragraphs).flat_map(with_ancestors).collect();
    let in_furniture = |e: &NodeRef<'_>| {
        let ancestors: Vec<NodeRef<'_>> = e.ancestors_it(None).collect();
        let in_story = ancestors.iter().any(|a| a.has_name("article") || a.has_name("main"));
        ancestors.iter().any(|a| {
            let class = attr(a, "class").unwrap_or_default();
            (a.is_match(&furniture) && !(in_story && a.has_name("aside") && frames_one_picture(a, base, page_url)))
                || (a.has_name("header") && !in_story)
                || super::hidden::hides(&class)
                || (!story.contains(&a.id)
                    && !a.has_name("article")
                    && !a.has_name("main")
                    && is_box_about_something_else(&class)
                    && box_holds_something_else(a, &class, e))
        })
    };
    // Image candidates in order of trust.
    let mut images = Vec::new();
    let mut offer = |u: &str, source: FieldSource, declared: Option<(u32, u32)>| {
        images.extend(resolve(base, u).map(|url| ImageCandidate { url, source, declared }));
    };
    let og_size = || {
        let n = |k: &str| m.first(k).and_then(|v| v.parse::<u32>().ok());
        match (n("og:image:width"), n("og:image:height")) {
            (Some(w), Some(h)) => Some((w, h)),
            _ => None,
        }
    };
    // `og:image` is the image; `og:image:url` and `og:image:secure_url` are other
    // addresses of it (the same picture over https, usually), so they come after.
    let mut og: Vec<String> = m.all(&["property", "name"], "og:image");
    og.extend(m.all(&["property", "name"], "og:image:url"));
    og.extend(m.all(&["property", "name"], "og:image:secure_url"));
    for (i, u) in og.iter().enumerate() {
        offer(u, FieldSource::OpenGraph, if i == 0 { og_size() } else { None });
    }
    for u in &ld.images {
        offer(u, FieldSource::JsonLd, None);
    }
    for u in &md.images {
        offer(u, FieldSource::Microdata, None);
    }
    for u in &ld.page_images {
        offer(u, FieldSource::JsonLd, None);
    }
    // (Not a teaser's: WordPress marks every post's featured image so, the next story's
    // and the related ones' too.)
    let teaser = |e: &NodeRef<'_>| {
        in_never(e) || in_furniture(e) || says_decorative(e) || link_to_another_page(e, base, page_url).is_some()
    };
    for e in els.all("img.wp-post-image, .post-thumbnail img, .featured-image img").iter().filter(|e| !teaser(e)) {
        if let Some(u) = img_url(e) {
            offer(&u, FieldSource::WordPress, declared_size(e));
        }
    }
    for name in ["twitter:image", "twitter:image:src"] {
        for u in m.all(&["name", "property"], name) {
            offer(&u, FieldSource::TwitterCard, None);
        }
    }
    // The image the page names for link previews (`<link rel="image_src">`, older than
    // Open Graph and still written), then a page's own `itemprop="image"` (outside any
    // item, or of the `WebPage` item a page wraps itself in; an article item's were read
    // above): a `<meta>` or `<link>`, or an `ImageObject` item with its `url`. (A body
    // `<img>` so marked is ranked with the body's images below.)
    let link_rels = els.all("link[rel][href]");
    let image_src = link_rels
        .iter()
        .copied()
        .filter(|l| attr(l, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("image_src"))));
    let page_itemprop = els.all("[itemprop~=image]").into_iter().filter(|e| {
        e.ancestors_it(None).find(|a| a.has_attr("itemscope")).is_none_or(|item| {
            attr(&item, "itemtype").is_some_and(|t| t.split_whitespace().any(|t| t.ends_with("/WebPage")))
        })
    });
    let named = image_src.filter_map(|l| attr(&l, "href")).chain(page_itemprop.filter_map(|e| {
        if e.has_attr("itemscope") {
            let props = item_props(&e);
            props.iter().find(|(n, _)| n == "url" || n == "contentUrl").map(|(_, u)| itemprop_value(u))
        } else {
            e.node_name()
                .is_some_and(|n| matches!(&*n.to_ascii_lowercase(), "meta" | "link"))
                .then(|| itemprop_value(&e))
        }
    }));
    for u in named {
        offer(&u, FieldSource::Html, None);
    }
    let containers =
        ["[itemprop~=articleBody]", ".entry-content", "article", "main", "[role=main]", "#content", "body"];
    // An image inside several containers (`article` within `main` within `body`) is
    // judged once, with the most specific: one walk of the page, each image placed by its
    // ancestors. Where the page marks none but `<body>`, the block of the page's paragraphs
    // comes before the rest of it (a menu's arrow comes first in the page).
    let containers: Vec<Matcher> = containers.iter().map(|c| matcher(c)).collect();
    // A video's poster is the still a reader sees before it plays: a picture of the story
    // where a video leads it. A figure may show its picture as a box's background.
    let backgrounds = els.all("figure").into_iter().flat_map(|f| {
        f.descendants_it().filter(|d| d.is_element() && background_image(d).is_some()).collect::<Vec<_>>()
    });
    // The story's picture often stands above its marked body, under the headline, in the
    // same `<article>` (`<figure class="featured-media">` before `[itemprop=articleBody]`
    // or `.entry-content`): a picture there (in a figure or a `<picture>`, or declared a
    // story's size) goes with the body's, before them.
    let marked = ["[itemprop~=articleBody]:not(meta)", ".entry-content"]
        .iter()
        .enumerate()
        .find_map(|(i, c)| Some((i, els.first(c)?)));
    let lead_zone =
        marked.and_then(|(i, body)| Some((i, body, body.ancestors_it(None).find(|a| a.has_name("article"))?)));
    let leads = |e: &NodeRef<'_>, ancestors: &[NodeRef<'_>]| {
        lead_zone.and_then(|(i, body, article)| {
            let framed = ancestors
                .iter()
                .take_while(|a| a.id != article.id)
                .any(|a| a.has_name("figure") || a.has_name("picture"));
            let story_sized = declared_size(e).is_some_and(|(w, h)| w >= STORY_IMAGE_MIN.0 && h >= STORY_IMAGE_MIN.1);
            (ancestors.iter().any(|a| a.id == article.id)
                && !ancestors.iter().any(|a| a.id == body.id)
                && (framed || story_sized)
                && precedes(e, &body))
            .then_some(i)
        })
    };
    // Each image with its container and whether it lies in the rest of the body, outside
    // the page's paragraphs, ranked by the two.
    let mut placed: Vec<(usize, bool, NodeRef<'_>)> = els
        .all("img, amp-img, video[poster], amp-video[poster]")
        .into_iter()
        .chain(backgrounds)
        .filter_map(|e| {
            let ancestors: Vec<NodeRef<'_>> = e.ancestors_it(None).collect();
            let at = leads(&e, &ancestors)
                .or_else(|| containers.iter().position(|c| ancestors.iter().any(|a| a.is_match(c))))?;
            let among_paragraphs = || paragraphs.is_some_and(|p| ancestors.iter().any(|a| a.id == p.id));
            let rest_of_body = at + 1 == containers.len() && !among_paragraphs();
            Some((at, rest_of_body, e))
        })
        .collect();
    placed.sort_by_key(|(at, rest_of_body, _)| (*at, *rest_of_body));
    // The headline's heading: the <h1>, or on a page with none, an <h2> (of the first four)
    // that gives the title.
    let h1 = first("h1");
    let headline = h1.or_else(|| {
        let title = norm(out.title.as_deref()?);
        h2_nodes.iter().zip(&h2s).find(|(_, t)| norm(t) == title).map(|(h, _)| *h)
    });
    let headline_box = headline.and_then(|h| h.parent());
    // Where the page marks no container, an image outside the page's paragraphs and the
    // box that holds the headline, that links to another page, stands for that page: a
    // column's "picture news" beside the story, not a picture of it.
    let links_away_beside = |e: &NodeRef<'_>| {
        headline_box.is_some_and(|b| !e.ancestors_it(None).any(|a| a.id == b.id))
            && link_to_another_page(e, base, page_url).is_some()
    };
    let body_imgs: Vec<NodeRef<'_>> = placed
        .into_iter()
        .filter(|(_, rest_of_body, e)| !(*rest_of_body && links_away_beside(e)))
        .map(|(_, _, e)| e)
        .filter(|e| {
            !in_never(e)
                && !in_furniture(e)
                && !says_decorative(e)
                && !is_teaser_image(e, base, page_url)
                && !is_author_picture(e)
        })
        .take(40)
        .collect();
    // A headline set over a picture, or under one: a box holding the <h1> (up to four
    // levels) or right before it (or before a box of it, up to two levels) shows it as a
    // background (`style="background-image: url(…)"`, or lazily, `data-bg`): the story's
    // own picture.
    let holders: Vec<NodeRef<'_>> = h1.iter().flat_map(|h| h.ancestors_it(None).take(4)).collect();
    let before = h1.iter().chain(holders.iter().take(2)).filter_map(NodeRef::prev_element_sibling);
    // Or right under it, in a box of its own with nothing else in it.
    let under = h1.iter().filter_map(NodeRef::next_element_sibling).filter(|n| collapse(&n.text()).is_empty());
    let before = before.chain(under);
    let heroes = holders.iter().copied().chain(before).filter(|a| !a.has_name("body") && !a.has_name("html"));
    for u in heroes.filter(|a| !in_furniture(a)).filter_map(|a| background_image(&a)).take(1) {
        offer(&u, FieldSource::Html, None);
    }
    // A GIF in the body is an animation, a badge or a spacer unless the markup or its
    // address declares it as wide as a story's picture: no image is better than those
    // (a GIF the page's metadata names is still its image).
    let story_sized = |(w, h): (u32, u32)| w >= STORY_IMAGE_MIN.0 && (h == 0 || h >= STORY_IMAGE_MIN.1);
    let copies = noscript_copies(&els);
    for e in &body_imgs {
        if let Some(u) = copies.get(&e.id).cloned().or_else(|| img_url(e)).or_else(|| background_image(e)) {
            let declared = declared_size(e);
            // (Resolved only when it may be one: this runs for every image of the body.)
            let gif = || {
                u.to_ascii_lowercase().contains(".gif")
                    && resolve(base, &u).is_some_and(|url| {
                        names_a_gif(&url) && !declared.or_else(|| url_declared_size(&url)).is_some_and(story_sized)
                    })
            };
            if !gif() {
                offer(&u, FieldSource::Html, declared);
            }
        }
    }
    // A page's thumbnail (`<meta name="thumbnail">`) is a smaller copy of its picture, or
    // its only one: taken last.
    for u in m.all(&["name"], "thumbnail") {
        offer(&u, FieldSource::Html, None);
    }
    out.images = rank_images(images, STORY_IMAGE_MIN);
    // A page whose pictures are all thumbnails: the pictures they link to (looked for only
    // then).
    if out.images.is_empty() {
        let linked = body_imgs.iter().filter_map(|e| linked_picture(e, &img_url(e)?, base));
        let linked = linked.filter_map(|u| resolve(base, &u));
        let linked = linked.map(|url| ImageCandidate { url, source: FieldSource::Html, declared: None }).collect();
        out.images = rank_images(linked, STORY_IMAGE_MIN);
    }
    // An image named for the site is its card, shared by every page: after the story's.
    out.images.sort_by_cached_key(|c| names_the_site(&c.url, &names, host));
    if let Some(src) = out.images.first().map(|i| i.source) {
        set(&mut out, "image", src);
    }

    out.description =
        m.first("og:description").or_else(|| m.first("description")).or_else(|| m.first("twitter:description"));
    out.canonical = link_rels
        .iter()
        .find(|l| attr(l, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical"))))
        .and_then(|l| attr(l, "href"))
        .and_then(|h| resolve(base, &h))
        .or_else(|| m.first("og:url").and_then(|h| resolve(base, &h)));
    // The page's own address, where it was read from elsewhere: links to that site are no
    // other site's.
    let site = out.canonical.as_deref().and_then(|c| Url::parse(c).ok());

    // Text: the Readability pass, or the marked-up article container (read now, before
    // Readability rewrites the document).
    // WordPress's container is a hint on a single post, where there is one; several (a
    // listing, or a theme that reuses the class for sidebar boxes) say nothing.
    let single_entry = els.all(".entry-content").len() == 1;
    let hint = md_body.or_else(|| single_entry.then(|| ".entry-content".to_owned()));
    let hinted = hint.as_deref().and_then(|s| container_text(&els, s, page_url, site.as_ref()));
    let hint_source = if first("[itemprop~=articleBody]").is_some() {
        FieldSource::Microdata
    } else if hinted.is_some() {
        FieldSource::WordPress
    } else {
        FieldSource::Html
    };
    // A forum's thread, whose posts Readability would read one of.
    let (hinted, from_thread) = match hinted {
        Some(h) => (Some(h), false),
        None => (thread(&els).and_then(|(t, posts)| thread_text(&t, &posts, page_url, site.as_ref())), true),
    };

    let published = [
        (m.first("article:published_time"), FieldSource::OpenGraph),
        (ld.published.clone(), FieldSource::JsonLd),
        (md.published.clone(), FieldSource::Microdata),
        (
            first("time.entry-date[datetime], time.published[datetime]").and_then(|t| attr(&t, "datetime")),
            FieldSource::WordPress,
        ),
        (
            m.first("date")
                .or_else(|| m.first("dc.date"))
                .or_else(|| m.first("pubdate"))
                .or_else(|| m.first("publishdate")),
            FieldSource::Html,
        ),
    ]
    .into_iter()
    .find_map(|(v, s)| v.map(|v| (v, s)));
    if let Some((p, src)) = published {
        out.published = Some(p);
        set(&mut out, "published", src);
    }

    let og_author = m.first("article:author").filter(|a| !a.starts_with("http"));
    let wp_author = first(".entry-meta .author .fn, .byline .author, a[rel=author]").map(|e| collapse(&text(&e)));
    let author = [
        (og_author, FieldSource::OpenGraph),
        (ld.author.clone(), FieldSource::JsonLd),
        (md.author.clone(), FieldSource::Microdata),
        (wp_author.filter(|a| !a.is_empty()), FieldSource::WordPress),
        (m.first("twitter:creator"), FieldSource::TwitterCard),
        (m.first("author"), FieldSource::Html),
    ]
    .into_iter()
    .find_map(|(v, s)| v.map(|v| (v, s)));
    if let Some((a, src)) = author {
        out.author = Some(a);
        set(&mut out, "author", src);
    }

    let html_lang = first("html").and_then(|h| attr(&h, "lang").or_else(|| attr(&h, "xml:lang")));
    let lang = [
        (html_lang, FieldSource::Html),
        (m.first("og:locale").map(|l| l.replace('_', "-")), FieldSource::OpenGraph),
        (ld.lang.clone(), FieldSource::JsonLd),
        (md.lang.clone(), FieldSource::Microdata),
        (m.all(&["http-equiv"], "content-language").into_iter().next(), FieldSource::Html),
    ]
    .into_iter()
    .find_map(|(v, s)| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).map(|v| (v, s)));
    if let Some((l, src)) = lang {
        out.lang = Some(l);
        set(&mut out, "lang", src);
    }

    for name in ["rating", "rating-label", "rta", "content-rating", "adult", "voluntary content rating"] {
        out.ratings.extend(m.all(&["name", "http-equiv"], name).into_iter().map(|r| r.to_ascii_lowercase()));
    }
    for name in ["robots", crate::config::PRODUCT_TOKEN] {
        for content in m.all(&["name"], name) {
            out.robots.extend(content.split(',').map(|d| d.trim().to_ascii_lowercase()).filter(|d| !d.is_empty()));
        }
    }

    let (readable, declared_title) = readable_text(doc, page_url, site.as_ref(), has_declared_title);
    // The marked-up container wins when the Readability pass missed much of it, or when
    // it holds nearly all of that pass's words (the pass then only added a byline or a
    // date line around the same body). A forum's posts, found by their numbers alone, win
    // when the pass read them too (it read the posters' boxes round them), or read far
    // less (it dropped posts named as comments); not for being read apart from the text: a
    // blog's grid of other posts, numbered alike, is not the story Readability read.
    let prefer_hint = |h: &str| {
        let (rw, hw) = (words(&readable), words(h));
        let shared = rw.intersection(&hw).count();
        h.len() > 2 * readable.len() / 3 + 200
            || (!from_thread && hw.len() > 30 && shared * 2 < hw.len())
            || (h.len() >= 200 && shared * 10 >= rw.len() * 9)
            || (from_thread && hw.len() > 30 && shared * 10 >= hw.len() * 9)
    };
    let (text, src) = match hinted {
        Some(h) if prefer_hint(&h) => (h, hint_source),
        _ if !readable.is_empty() => (readable, FieldSource::Html),
        _ => match ld.body.as_deref().map(|b| tidy_text(&html_text(b))).filter(|b| !b.is_empty()) {
            Some(b) => (b, FieldSource::JsonLd),
            None => (String::new(), FieldSource::Html),
        },
    };
    let text = without_furniture_lines(&text);
    // The writers the metadata names ("Jane Doe and Li Wei"), and the site's names.
    let writers = out.author.iter().flat_map(|a| a.split([',', ';', '&']).flat_map(|a| a.split(" and ")));
    let named: Vec<&str> = writers.chain(names.iter().map(String::as_str)).chain(out.site_name.as_deref()).collect();
    let text = without_named_lines(&text, &named);
    out.text = match &out.title {
        Some(t) => {
            let t_norm = norm(t);
            let kicker = h1_kickers.iter().find(|(h, _)| *h == t_norm).map(|(_, k)| k.as_str());
            without_kicker(&without_title_lines(&text, t), kicker)
        }
        None => text,
    };
    if !out.text.is_empty() {
        set(&mut out, "text", src);
    }
    // A title the page declares in its metadata is read as Readability (Firefox's reader
    // view) reads it: JSON-LD, Dublin Core, Open Graph, Twitter, Parse.ly (Readability
    // picks between a JSON-LD `name` and `headline` by the <title>; its choice is the one
    // taken, and the source is the tag it came from). Its site part goes, as from the
    // <title> ("Headline - BusinessWeek", "TechCrunch | Headline"), unless the page's <h1>
    // says it whole ("Pearl Dress -- STOLEN!!!" is the headline). Otherwise the headline
    // chosen above stands (microdata, WordPress, or the <title> without its site part,
    // checked against the <h1>); it is also what was taken off the top of the text.
    // Readability falls back to the <title> where it cannot read the metadata we read (a
    // JSON-LD `@graph`, an item without `@context`): that is no declared title.
    written_titles.insert(0, declared_title.clone());
    written_titles.extend(h1s_written);
    let declared_title = collapse(&declared_title);
    let declared = |v: &str| collapse(&html_text(v)) == declared_title;
    let fell_back = title_tag.as_ref() == Some(&declared_title)
        && !ld.headline.as_deref().is_some_and(declared)
        && !META_TITLES.iter().any(|k| m.all(&["property", "name", "itemprop"], k).iter().any(|v| declared(v)));
    if !declared_title.is_empty() && !fell_back {
        let src = [
            (m.first("og:title"), FieldSource::OpenGraph),
            (ld.headline.clone(), FieldSource::JsonLd),
            (m.first("twitter:title"), FieldSource::TwitterCard),
        ]
        .into_iter()
        .find(|(v, _)| v.as_deref().is_some_and(|v| collapse(&html_text(v)) == declared_title))
        .map_or(FieldSource::Html, |(_, s)| s);
        let cleaned = clean_title(&declared_title, &names, host);
        let headline = h1_norms.contains(&norm(&declared_title));
        let title = if headline || cleaned.is_empty() {
            Some(declared_title)
        } else if let Some(h1) = heading_within(&declared_title, &h1s, &names, host)
            .or_else(|| heading_before_tagline(&cleaned, &declared_title, &h1s, &names, host))
        {
            Some(clean_title(h1, &names, host))
        } else if names_only_the_site(&cleaned, &names, host)
            || is_placeholder_title(&cleaned)
            || names_a_section(&declared_title, &names, host)
            || out.title.as_deref().is_some_and(|h| names_the_site_and_a_tagline(&declared_title, &names, host, h))
        {
            // "og:title" = the site's name, "Home" or a section's: the headline chosen
            // above, if any.
            out.title.take().or(Some(cleaned))
        } else {
            Some(cleaned)
        };
        out.title = title;
        set(&mut out, "title", src);
    }
    // A title cut short with an ellipsis, as above.
    if let Some((whole, src)) = out.title.as_deref().and_then(|t| whole_title(t, &h1s, &candidates, &names, host)) {
        out.title = Some(whole);
        set(&mut out, "title", src);
    }
    let written: Vec<&str> = written_titles.iter().map(String::as_str).collect();
    out.title = out.title.map(|t| super::without_invisible_marks(with_written_spaces(t, &written)));
    out.text = super::without_invisible_marks(std::mem::take(&mut out.text));
    out
}

#[cfg(test)]
mod tests;
