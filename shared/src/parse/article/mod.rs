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
/// comment and sharing plugins name them: by id (`#comments`, `#respond`, `disqus…`),
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
    const IDS: [&str; 2] = ["comments", "respond"];
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
                    "id" => IDS.contains(&value) || value.starts_with(ID_STARTS),
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

/// Whether an address names an image file by its extension, before any query or
/// fragment: "/img/wall.JPG?v=2".
pub(super) fn names_an_image_file(address: &str) -> bool {
    const EXTENSIONS: [&str; 6] = ["jpg", "jpeg", "png", "gif", "webp", "avif"];
    let path = address.split(['?', '#']).next().unwrap_or(address);
    path.rsplit_once('.').is_some_and(|(_, x)| EXTENSIONS.iter().any(|e| x.eq_ignore_ascii_case(e)))
}

/// The best URL of an `<img>`: `src`, or a lazy-loading attribute, or the widest `srcset` entry.
fn img_url(e: &NodeRef<'_>) -> Option<String> {
    let widest = |e: &NodeRef<'_>| {
        attr(e, "srcset").or_else(|| attr(e, "data-srcset")).or_else(|| attr(e, "data-lazy-srcset")).and_then(|s| {
            s.split(',')
                .filter_map(|c| {
                    let mut parts = c.split_whitespace();
                    let url = parts.next().filter(|u| !u.starts_with("data:"))?;
                    let w =
                        parts.next().and_then(|d| d.trim_end_matches(['w', 'x']).parse::<f32>().ok()).unwrap_or(1.0);
                    Some((w, url))
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
/// news site has already loaded, "Up next"): every `<article>` beside the one that holds
/// the page's `<h1>`, when that one holds the story (paragraphs of some length), that opens
/// with a headline and has paragraphs of its own. Readability would take the longest of them, and
/// its pictures and data would pass for the page's. Nothing goes when the `<h1>` stands
/// outside every `<article>` (a headline over the body, a listing's title), and an
/// article's own parts (a quoted post, a teaser card inside it) are its own.
fn drop_other_stories(doc: &Document) {
    const MIN_STORY_CHARS: usize = 250;
    let articles = all(doc, "article");
    if articles.len() < 2 {
        return;
    }
    let Some(h1) = all(doc, "h1").into_iter().next() else { return };
    let Some(own) = h1.ancestors_it(None).find(|a| a.has_name("article")) else { return };
    let story_chars =
        |a: &NodeRef<'_>| a.descendants_it().filter(|d| d.has_name("p")).map(|p| paragraph_chars(&p)).sum::<usize>();
    if story_chars(&own) < MIN_STORY_CHARS {
        return;
    }
    let related = |a: &NodeRef<'_>| a.id == own.id || a.ancestors_it(None).any(|x| x.id == own.id);
    let holds_own = |a: &NodeRef<'_>| own.ancestors_it(None).any(|x| x.id == a.id);
    let others: Vec<NodeRef<'_>> = articles
        .into_iter()
        .filter(|a| !related(a) && !holds_own(a))
        .filter(|a| {
            // A story opens with its headline: the first heading or paragraph in it is a heading.
            let opening =
                a.descendants_it().find(|d| matches!(d.node_name().as_deref(), Some("h1" | "h2" | "h3" | "p")));
            opening.is_some_and(|d| !d.has_name("p"))
        })
        .filter(|a| story_chars(a) >= MIN_STORY_CHARS)
        .collect();
    for a in others {
        a.remove_from_parent();
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
/// `post_123` in vBulletin, `post-123`, `msg123` in SMF). The one with the most posts. A
/// blog's entries, numbered alike (WordPress's `post-123 type-post hentry`), are stories
/// side by side, not a thread.
fn thread<'a>(els: &Elements<'a>) -> Option<NodeRef<'a>> {
    const PREFIXES: [&str; 7] = ["post_", "post-", "post", "msg_", "msg", "p", "js-post-"];
    let numbered =
        |id: &str| PREFIXES.iter().any(|p| id.strip_prefix(p).is_some_and(|n| n.len() <= 12 && is_digits(n)));
    // Posts counted per parent and element name, in one pass over the numbered elements.
    let mut posts: crate::parse::Map<(dom_query::NodeId, String), (NodeRef<'a>, usize)> = Default::default();
    for e in els.all("[id]") {
        if let (Some(parent), Some(id), Some(name)) = (e.parent(), attr(&e, "id"), e.node_name())
            && name.as_ref() != "p"
            && numbered(&id.to_ascii_lowercase())
            && !attr(&e, "class").is_some_and(|c| c.split_whitespace().any(|c| c == "hentry" || c.starts_with("type-")))
        {
            posts.entry((parent.id, name.to_string())).or_insert((parent, 0)).1 += 1;
        }
    }
    posts.into_values().filter(|(_, n)| *n >= 2).max_by_key(|(_, n)| *n).map(|(thread, _)| thread)
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
        if dropped == MAX_TRAILING_HEADINGS || pictured_after(&h, root, &teaser_link) {
            break;
        }
        h.remove_from_parent();
    }
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
    let blocks = matcher("p, h2, h3, h4, h5, h6, li, blockquote, pre, td, th, dt, dd");
    let heading = matcher("h2, h3, h4, h5, h6");
    drop_links_back_home(el, page);
    let around = Around::of(el, page, site);
    // The heading over a list of links or teasers left out goes with it, as in
    // [`prune_beside_article`].
    let labels: crate::parse::Set<dom_query::NodeId> = el
        .descendants_it()
        .filter(|d| {
            (d.has_name("ul") || d.has_name("ol"))
                && (is_link_list(d) || holds_only_teasers(d, &around))
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
            let written = if broken && !pre { e.formatted_text().to_string() } else { text(&e) };
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
    for e in els.all("img.wp-post-image, .post-thumbnail img, .featured-image img") {
        if let Some(u) = img_url(&e) {
            offer(&u, FieldSource::WordPress, declared_size(&e));
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
    let in_never = |e: &NodeRef<'_>| e.ancestors_it(None).any(|a| is_never_text(&a));
    // Body images, the article's own first: the most specific container the page marks
    // goes first, each in document order; never from navigation, footers or asides.
    // Nor from the site's own header, or from a box about something else (related
    // stories, promotions, the author, ads): their images are the site's or other stories'.
    // A box hidden by its classes is furniture ([`super::hidden::hides`]). A box that
    // holds the headline, the marked article body or the page's paragraphs is the
    // story's, whatever its class says (`node-promoted author-jane`,
    // `js_img_share_area`).
    let furniture = matcher("nav, footer, aside, [role=banner]");
    let paragraphs = paragraphs_block_of(els.all("p"));
    let story: crate::parse::Set<_> = els
        .all("h1, [itemprop~=articleBody]")
        .into_iter()
        .chain(paragraphs)
        .flat_map(|h| std::iter::once(h.id).chain(h.ancestors_it(None).map(|a| a.id)).collect::<Vec<_>>())
        .collect();
    let in_furniture = |e: &NodeRef<'_>| {
        let ancestors: Vec<NodeRef<'_>> = e.ancestors_it(None).collect();
        let in_story = ancestors.iter().any(|a| a.has_name("article") || a.has_name("main"));
        ancestors.iter().any(|a| {
            let class = attr(a, "class").unwrap_or_default();
            a.is_match(&furniture)
                || (a.has_name("header") && !in_story)
                || super::hidden::hides(&class)
                || (!story.contains(&a.id)
                    && !a.has_name("article")
                    && !a.has_name("main")
                    && is_box_about_something_else(&class))
        })
    };
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
    // Each image with its container and whether it lies in the rest of the body, outside
    // the page's paragraphs, ranked by the two.
    let mut placed: Vec<(usize, bool, NodeRef<'_>)> = els
        .all("img, amp-img, video[poster], amp-video[poster]")
        .into_iter()
        .chain(backgrounds)
        .filter_map(|e| {
            let ancestors: Vec<NodeRef<'_>> = e.ancestors_it(None).collect();
            let at = containers.iter().position(|c| ancestors.iter().any(|a| a.is_match(c)))?;
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
    for e in &body_imgs {
        if let Some(u) = img_url(e).or_else(|| background_image(e)) {
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
    let hinted = hinted.or_else(|| thread(&els).and_then(|t| element_text(&t, page_url, site.as_ref())));

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
    // date line around the same body).
    let prefer_hint = |h: &str| {
        let (rw, hw) = (words(&readable), words(h));
        let shared = rw.intersection(&hw).count();
        h.len() > 2 * readable.len() / 3 + 200
            || (hw.len() > 30 && shared * 2 < hw.len())
            || (h.len() >= 200 && shared * 10 >= rw.len() * 9)
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
mod tests {
    use super::*;

    const PAGE: &str = r#"<!doctype html><html lang="en"><head>
        <title>A day at the river | Riverside News</title>
        <meta property="og:site_name" content="Riverside News">
        <meta property="og:image" content="/img/river.jpg">
        <link rel="canonical" href="/posts/river">
        <meta name="robots" content="index, FOLLOW">
        <script>var junk = "<p>not text</p>";</script><style>p { color: red }</style>
        </head><body><nav><p>Home About Contact</p></nav>
        <article><h1>A day at the river</h1><p>The river was calm and the water was clear all morning long.</p>
        <p>We sat by it all day, watching the boats go by and the herons fish in the shallows.</p></article>
        <div id="comments"><p>Great post! I loved the part about the herons, thank you for writing.</p></div>
        <footer><p>(c) 2024</p></footer></body></html>"#;

    /// A story's paragraphs, for the tests that need one of some length.
    const HARBOUR_PARAGRAPHS: [&str; 5] = [
        "The council met on Tuesday to discuss the new harbour wall, which has been delayed for three years \
         by funding disputes and a long planning inquiry that ended last spring.",
        "Residents said they were relieved that work would finally begin, though some worried about the noise \
         from the pile drivers during the summer months when tourists arrive.",
        "The wall will stand a metre higher than the old one and is designed to hold back the kind of storm \
         surge that flooded the fish market nine times since 2010.",
        "Engineers from the port authority told the meeting that the first section, along the northern quay, \
         should be finished before the winter storms begin in November.",
        "Funding comes from a mix of national grants and a local levy on moorings, which boat owners accepted \
         after the council agreed to cap it for five years.",
    ];

    #[test]
    fn a_bare_date_or_a_writer_with_a_role_over_the_story_is_no_text() {
        for date in
            ["March 5, 2019", "Tuesday, 5 March 2019", "05.03.2024", "Mar 5, 2019 at 3:45 pm", "5 de marzo de 2019"]
        {
            assert!(is_bare_date(date), "{date}");
        }
        for date in [
            "Domingo, 5 de mayo de 2024",
            "воскресенье, 5 мая 2024",
            "5 May 2024 | 10:32 IST",
            "Tuesday, March 3rd 2020",
            "the 22nd of March, 2020",
            "5 maart 2024",
            "tisdag 12 mars 2024 kl. 14.35",
            "12.3.2024 klo 14.35",
            "wtorek, 12 marca 2024",
            "tirsdag 12. marts 2024",
            "2024年5月5日 10時32分",
            "2024年5月5日(日) 10:32",
            "2024年5月5日 星期日",
            // Other scripts' months and digits, and the calendars they date by.
            "۱۴۰۳/۰۵/۱۲",
            "سه‌شنبه ۱۲ مرداد ۱۴۰۳",
            "١٢ مايو ٢٠٢٤",
            "الأحد، 5 مايو 2024",
            "12 मई 2024",
            "১২ মে ২০২৪",
            "5 Μαΐου 2024",
            "12 พฤษภาคม 2567",
        ] {
            assert!(is_bare_date(date), "{date}");
        }
        for line in [
            "March 5, 2019 was the day the wall fell.",
            "2019",
            "May",
            "Since March 5, 2019",
            "5 March",
            "March 3rd",
            "On March 3rd, 2020, the council voted.",
            "2024年5月5日，市议会批准了计划。",
            "5 марта в порту",
            "Domingo de Ramos",
            "قال 12 شخصا",
            "توفي 12 شخصا في 2024",
            "مرداد ۱۴۰۳",
        ] {
            assert!(!is_bare_date(line), "{line}");
        }
        let p = HARBOUR_PARAGRAPHS.map(|p| format!("<p>{p}</p>"));
        let html = format!(
            "<html><body><article><h1>Harbour wall approved</h1><p>Jane Doe, Staff Writer</p><p>March 5, 2019</p>\
             {}{}<h2>Timeline</h2><p>June 2, 2016</p>{}{}{}<p>March 5, 2019</p></article></body></html>",
            p[0], p[1], p[2], p[3], p[4]
        );
        let text = extract(&html, None).text;
        assert!(text.starts_with("The council met"), "{text}");
        assert!(text.ends_with("for five years."), "{text}");
        // A date between paragraphs (a timeline's) stays.
        assert!(text.contains("June 2, 2016"), "{text}");
        // A heading of capitalised words over the story is no name.
        let html = html.replace("<p>Jane Doe, Staff Writer</p>", "<p>Monitoring Distributed Systems</p>");
        assert!(extract(&html, None).text.starts_with("Monitoring Distributed Systems"));
        // A byline's boxes run together, with no mark between the writer and the date.
        for line in [
            "Jane Doe Senior reporter March 5, 2024",
            "Jane Doe March 5, 2024 · 4 min read",
            "Jane Doe and John Smith 2 hours ago",
            "Senior reporter",
            // Or the date first, then the byline; a blog's software may sign with its account.
            "March 5, 2024 by Jane Doe",
            "5 mars 2024 par Jean Dupont",
            "05.03.2024 | Von Anna Schmidt",
            "Posted by admin on March 5, 2024",
            "By admin",
        ] {
            let html = html.replace("<p>Monitoring Distributed Systems</p>", &format!("<p>{line}</p>"));
            let text = extract(&html, None).text;
            assert!(text.starts_with("The council met"), "{line}: {text}");
        }
        // A number or a mark after capitalised words is no date.
        for line in ["Test Case 1", "Type FILE *:", "Marie Curie Nobel Prize 1911", "March 5, 2024 by the harbour wall"]
        {
            let html = html.replace("<p>Monitoring Distributed Systems</p>", &format!("<p>{line}</p>"));
            assert!(extract(&html, None).text.starts_with(line), "{line}");
        }
    }

    #[test]
    fn a_subheading_named_header_is_the_storys_when_it_heads_prose() {
        let p = HARBOUR_PARAGRAPHS.map(|p| format!("<p>{p}</p>"));
        let url = Url::parse("https://news.test/wall").ok();
        // As CNN marks its subheadings; and a recipe card's, over a list of steps.
        let html = format!(
            r#"<html><body><article><h1>Harbour wall approved</h1>{}{}
            <h2 class="subheader">Overcoming the funding gap</h2>{}{}
            <h3 class="recipe-header">What happens next</h3><ol><li>Survey the northern quay in spring.</li>
            <li>Drive the first piles in summer.</li></ol>{}
            <h3 class="section-header">More stories</h3><ul><li><a href="/a">Fish market reopens after storm</a></li>
            <li><a href="/b">Ferry timetable changes for winter</a></li></ul></article></body></html>"#,
            p[0], p[1], p[2], p[3], p[4]
        );
        let text = extract(&html, url.as_ref()).text;
        assert!(text.contains("Overcoming the funding gap\n\nThe wall will stand"), "{text}");
        assert!(text.contains("What happens next\n\nSurvey the northern quay"), "{text}");
        assert!(!text.contains("More stories"), "{text}");
        // The same markup in a marked-up article body (read without Readability).
        let html = html
            .replace("<article>", r#"<article><div itemprop="articleBody">"#)
            .replace("</article>", "</div></article>");
        let text = extract(&html, url.as_ref()).text;
        assert!(text.contains("Overcoming the funding gap") && text.contains("What happens next"), "{text}");
    }

    #[test]
    fn the_columns_beside_a_story_in_a_table_laid_out_as_a_page_are_left_out() {
        let story: String = HARBOUR_PARAGRAPHS[..4].iter().map(|p| format!("<p>{p}</p>")).collect();
        let url = Url::parse("https://news.test/wall").ok();
        let menu = "<p><a>Home</a></p><p><a>News</a></p><p>Weather today: sunny with light winds from the west.</p>";
        let advert = "<p><b>Advertise with us</b></p><p>Reach thirty thousand readers every week with an advert.</p>";
        let html = format!(
            "<html><body><table><tr><td>{menu}</td><td><h2>Harbour wall approved</h2>{story}</td><td>{advert}</td></tr>\
             </table></body></html>"
        );
        let text = extract(&html, url.as_ref()).text;
        assert!(text.contains("winter storms begin in November."), "{text}");
        assert!(!text.contains("Weather today") && !text.contains("Advertise"), "{text}");
        // A column of text beside the story is the page's too.
        let reply = "<p>While I am flattered that so many readers wrote to share their views on the wall, you can \
                     all rest assured that I have heard it before, and that the council has heard it too. So please \
                     write to your councillor instead, who can do something about it, unlike me.</p>";
        let html = format!("<html><body><table><tr><td>{story}</td><td>{reply}</td></tr></table></body></html>");
        let text = extract(&html, url.as_ref()).text;
        assert!(text.contains("winter storms") && text.contains("write to your councillor"), "{text}");
    }

    #[test]
    fn every_post_of_a_forum_thread_is_read() {
        let first = "I have been trying to get the harbour webcam to work with the new router for a week now \
                     and it keeps dropping the connection every few minutes.<br><br>Has anyone else seen this? The \
                     old router worked fine with the same settings.";
        let reply = "Same problem here. It turned out to be the power saving mode on the router, which turns the \
                     wireless off when it thinks nothing is using it.<br><br>Turn that off in the advanced settings \
                     and the webcam stays connected.";
        let post = |n: usize, who: &str, body: &str| {
            format!(
                r##"<div id="p{n}" class="post"><div class="postbody"><h3>Re: Webcam drops connection</h3>
                <p class="author">by <a>{who}</a> » Tue Mar 05, 2024 10:02 am</p><div class="content">{body}</div></div>
                <dl class="postprofile"><dt><a>{who}</a></dt><dd>Posts: 123</dd></dl></div><a href="#top">Top</a>"##
            )
        };
        let html = format!(
            r##"<html><head><title>Webcam drops connection - Harbour Forum</title></head><body>
            <div class="navbar"><a>Board index</a> » <a>Hardware</a></div>
            <h2>Webcam drops connection</h2>{}{}</body></html>"##,
            post(11, "harbourfan", first),
            post(12, "quayside", reply)
        );
        let text = extract(&html, Url::parse("https://forum.test/t/12").ok().as_ref()).text;
        assert!(text.contains("Has anyone else seen this?"), "{text}");
        assert!(text.contains("the webcam stays connected."), "{text}");
        assert!(!text.contains("Posts: 123") && !text.contains("Board index"), "{text}");
        // A blog's entries, numbered alike, are stories side by side, not a thread.
        let entries = Document::from(
            r#"<body><div id="post-7" class="post-7 post type-post hentry"><p>One.</p></div>
            <div id="post-8" class="post-8 post type-post hentry"><p>Two.</p></div></body>"#,
        );
        assert!(thread(&Elements::of(&entries)).is_none());
        assert!(thread(&Elements::of(&Document::from(html.as_str()))).is_some_and(|t| t.has_name("body")));
    }

    #[test]
    fn a_sidebar_beside_a_short_post_is_left_out() {
        // Readability reads a page again without its unlikely-block rule when the first
        // reading is short; the sidebar's widgets must not come back with it.
        let about = "The Daily Ledger is an independent newspaper founded in 1887 and owned by its readers \
                     through a cooperative, publishing local news, sport and culture from the harbour towns.";
        for side in [r#"<div class="sidebar">"#, r#"<div id="secondary" class="widget-area">"#] {
            let html = format!(
                r#"<html><body><div class="wrap"><div class="main"><h1>Harbour wall approved</h1>
                <p>The council approved the harbour wall on Tuesday.</p><p>Work starts in spring.</p></div>
                {side}<section class="widget"><h3>About us</h3><p>{about}</p><p>{about}</p></section></div></div>
                </body></html>"#
            );
            let a = extract(&html, Url::parse("https://news.test/wall").ok().as_ref());
            assert!(a.text.contains("Work starts in spring."), "{}", a.text);
            assert!(!a.text.contains("About us") && !a.text.contains("independent newspaper"), "{}", a.text);
        }
    }

    #[test]
    fn the_block_of_paragraphs_stands_for_a_reading_that_misses_it() {
        let paras = HARBOUR_PARAGRAPHS;
        let para = paras[0];
        let block = paras.join("\n\n");
        // A reading of the page's furniture and one lede line misses the transcript.
        let furniture = "Updated\n\nThe council approved the wall.\n\nSite Map\n\nFeedback";
        assert!(misses_block(furniture, &block));
        // A reading that holds the block, or most of its words, does not; nor does one as
        // long as the block, nor a block too short to be an article.
        assert!(!misses_block(&format!("Lede line.\n\n{block}"), &block));
        assert!(!misses_block(&block[..block.len() * 2 / 3], &block));
        let other = "Storm warning for the coast this weekend as winds pick up. ".repeat(30);
        assert!(!misses_block(&other, &block));
        assert!(!misses_block("Site Map", para));
    }

    #[test]
    fn never_text_and_comment_names_are_read_from_the_attributes_as_written() {
        let doc = Document::from(
            r##"<body>
            <div id="comments" data-never></div><div id="respond" data-never></div>
            <div id="disqus_thread" data-never></div><section class="entry sharedaddy sd-block" data-never></section>
            <div class="comment-list" data-never></div><div class="yarpp-related" data-never></div>
            <span itemprop="comment" data-never></span>
            <div id="my-comments"></div><div class="Comments"></div><div class="shares"></div>
            <div itemprop="commentCount"></div><div class="share-bar"></div><p>Comments</p>
            <div id="secondary" class="widget-area" data-never></div><aside class="sidebar left" data-never></aside>
            <div class="content-sidebar-wrap"></div><div class="sidebar"><h1>Headline</h1></div>
            </body>"##,
        );
        for e in all(&doc, "body *") {
            let expected = e.has_attr("data-never");
            assert_eq!(is_never_text(&e), expected, "{}", e.html());
        }
        let names = |html: &str| {
            let doc = Document::from(html);
            all(&doc, "body > *").iter().map(may_be_comment_section).collect::<Vec<_>>()
        };
        assert_eq!(
            names(
                r#"<div class="article-Comments"></div><div id="KOMENTARZE"></div><div class="yorumlar"></div><div class="reacties-lijst"></div><div id="hozzaszolasok"></div>"#
            ),
            [true; 5]
        );
        assert_eq!(names(r#"<div class="story"></div><div data-comments="x"></div><p>comments</p>"#), [false; 3]);
    }

    #[test]
    fn takes_metadata_and_leaves_comments_out() {
        let url = Url::parse("https://news.test/posts/river?x=1").unwrap();
        let a = extract(PAGE, Some(&url));
        assert_eq!(a.title.as_deref(), Some("A day at the river"));
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://news.test/img/river.jpg"));
        assert_eq!(a.canonical.as_deref(), Some("https://news.test/posts/river"));
        assert!(a.text.starts_with("The river was calm"), "{}", a.text);
        assert!(a.text.contains("herons fish"), "{}", a.text);
        assert!(!a.text.contains("Great post"), "comments are never text: {}", a.text);
        assert!(!a.text.contains("not text"), "{}", a.text);
        assert_eq!(a.robots, vec!["index", "follow"]);
        assert_eq!(a.lang.as_deref(), Some("en"));
        assert_eq!(a.site_name.as_deref(), Some("Riverside News"));
        assert_eq!(a.sources.get("title"), Some(&FieldSource::Html));
        assert_eq!(a.sources.get("image"), Some(&FieldSource::OpenGraph));
    }

    /// A page with `head` metadata, an `<h1>` and enough text for Readability.
    fn page_with(head: &str, h1: &str) -> String {
        let para = "<p>The committee met on Tuesday to discuss the new harbour plans in detail, and the \
                    members agreed to publish the full report before the summer recess begins.</p>";
        format!("<html><head>{head}</head><body><article><h1>{h1}</h1>{}</article></body></html>", para.repeat(4))
    }

    #[test]
    fn another_story_loaded_under_the_pages_own_is_left_out() {
        let url = Url::parse("https://news.test/cycle-lanes").ok();
        let own = "<p>The council voted eight to three on Tuesday night to build protected cycle lanes along \
                   Bridge Street, ending two years of argument over the plan.</p><p>The lanes will replace forty \
                   parking spaces on the north side of the street, which shopkeepers had fought to keep.</p>";
        let next = "<p>The central library will open on Sundays from March, for the first time since budget \
                    cuts closed it at weekends in 2012, the city's head of culture announced on Wednesday.</p>";
        let html = format!(
            r#"<html><body><main><article><h1>Council approves cycle lanes</h1>{own}</article>
               <div>Next article</div><article><h2>Library to open on Sundays</h2>{}
               <img src="/img/library.jpg" width="800" height="500"></article></main></body></html>"#,
            next.repeat(3)
        );
        let a = extract(&html, url.as_ref());
        assert!(a.text.contains("eight to three") && !a.text.contains("library"), "{}", a.text);
        assert_eq!(a.images.first().map(|i| i.url.as_str()), None);
        // A headline over the body, outside it: the articles are the page's.
        let html = format!(
            r#"<html><body><h1>Council approves cycle lanes</h1><article><h2>The vote</h2>{own}</article>
               <article><h2>The works</h2>{}</article></body></html>"#,
            next.repeat(3)
        );
        let a = extract(&html, url.as_ref());
        assert!(a.text.contains("library"), "{}", a.text);
        // The story's body set apart from its headline box, opening with a paragraph.
        let html = format!(
            r#"<html><body><article><h1>Council approves cycle lanes</h1>{own}</article>
               <article>{}<h2>What next</h2>{own}</article></body></html>"#,
            next.repeat(3)
        );
        let a = extract(&html, url.as_ref());
        assert!(a.text.contains("library"), "{}", a.text);
    }

    #[test]
    fn a_title_keeps_the_typographic_spaces_it_is_written_with() {
        let url = Url::parse("https://news.test/story").ok();
        let title_of = |head: &str, h1: &str| extract(&page_with(head, h1), url.as_ref()).title;
        // French spacing and an ideographic space stay; a <title> laid out over lines and
        // runs of spaces are one space.
        let french = "<meta property=\"og:title\" content=\"Screenshot&#160;: «6&#160;Days», «Vape Wave»\">";
        assert_eq!(title_of(french, "x").as_deref(), Some("Screenshot\u{a0}: «6\u{a0}Days», «Vape Wave»"));
        let laid_out = "<title>\n    欲張りなイヌ\u{3000}＜福娘童話集＞\n  </title>";
        assert_eq!(
            title_of(laid_out, "欲張りなイヌ　＜福娘童話集＞").as_deref(),
            Some("欲張りなイヌ\u{3000}＜福娘童話集＞")
        );
        let runs = "<title>Harbour plans \u{a0}\u{a0} approved</title>";
        assert_eq!(title_of(runs, "Harbour plans approved").as_deref(), Some("Harbour plans approved"));
        // A template's no-break space before the last word keeps that word off a line of
        // its own; it is no part of the title.
        let widow = "New Year, new laws: Obamacare, pot, guns and&nbsp;drones";
        assert_eq!(title_of("", widow).as_deref(), Some("New Year, new laws: Obamacare, pot, guns and drones"));
    }

    #[test]
    fn a_metadata_title_cut_short_by_a_quote_it_holds_is_not_taken() {
        let url = Url::parse("https://news.test/a/1").unwrap();
        // The headline's own quotation marks end the attribute early: the tag is read as
        // `content="Boy writes "` and stray attributes `help"`, `on`, `a` and `note"`.
        let headline = r#"Boy writes "Help" on a note"#;
        for head in [
            r#"<meta property="og:title" content="Boy writes "Help" on a note">"#,
            r#"<meta property="og:title" content="Boy writes "Help"on a note">"#,
            r#"<meta name="twitter:title" content='Boy writes 'Help' on a note'>"#,
        ] {
            let html = page_with(&format!("<title>{headline} | News</title>{head}"), headline);
            assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some(headline), "{head}");
        }
        // A tag written whole is taken as it stands, a stray quote after it or not.
        for head in [
            r#"<meta property="og:title" content="Boy writes &quot;Help&quot;">"#,
            r#"<meta property="og:title" content="Boy writes &quot;Help&quot;"">"#,
        ] {
            let html = page_with(&format!("<title>Boy writes a note | News</title>{head}"), "Boy writes a note");
            assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some(r#"Boy writes "Help""#), "{head}");
        }
    }

    #[test]
    fn a_title_declared_in_metadata_is_taken_without_its_site_name() {
        let url = Url::parse("https://news.test/a/1").unwrap();
        // Open Graph over a shorter <h1> and a padded <title>, without the site's name.
        let html = page_with(
            r#"<title>Harbour plans | News</title><meta property="og:title" content="Harbour plans approved | The News">
               <meta property="og:site_name" content="The News">"#,
            "Harbour plans",
        );
        let a = extract(&html, Some(&url));
        assert_eq!(
            (a.title.as_deref(), a.sources.get("title")),
            (Some("Harbour plans approved"), Some(&FieldSource::OpenGraph))
        );
        // A name the page does not give, set off after a long headline, or the host's own.
        for (declared, want) in [
            ("Five Social Media Lessons for Business - BusinessWeek", "Five Social Media Lessons for Business"),
            ("News.test | Plans for the new wall approved", "Plans for the new wall approved"),
        ] {
            let html = page_with(&format!(r#"<meta property="og:title" content="{declared}">"#), "x");
            assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some(want), "{declared}");
        }
        // The <h1> says the whole of it: all of it is the headline.
        let whole = "Lupita's $150K Pearl Oscar Dress -- STOLEN!!!";
        let html = page_with(&format!(r#"<meta property="og:title" content="{whole}">"#), whole);
        assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some(whole));
        // A headline in a JSON-LD `@graph` (as Yoast writes it), which Readability does not
        // read: its fallback, the <title>, is no declared title.
        let graph = r#"<title>Harbour Gazette - Home of local news</title><script type="application/ld+json">
            {"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Harbour Gazette"},
            {"@type":"NewsArticle","headline":"Council approves the new harbour wall"}]}</script>"#;
        let a = extract(&page_with(graph, "Harbour Gazette"), Some(&url));
        assert_eq!(
            (a.title.as_deref(), a.sources.get("title")),
            (Some("Council approves the new harbour wall"), Some(&FieldSource::JsonLd))
        );
        // JSON-LD comes before Open Graph, as in Readability; one meta may name several properties.
        let html = page_with(
            r#"<meta property="og:title twitter:title" content="Short title"><script type="application/ld+json">
               {"@context":"https://schema.org","@type":"NewsArticle","headline":"The full headline of the story"}</script>"#,
            "Something else",
        );
        assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some("The full headline of the story"));
        let html = page_with(r#"<meta property="x:title dc:title" content="Dublin Core title"><title>T</title>"#, "H");
        assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some("Dublin Core title"));
        // No title metadata: the <title> without its site part, as before.
        let html = page_with(
            "<title>Harbour plans approved | The News</title><meta property=\"og:site_name\" content=\"The News\">",
            "x",
        );
        assert_eq!(extract(&html, Some(&url)).title.as_deref(), Some("Harbour plans approved"));
    }

    #[test]
    fn several_wordpress_containers_are_no_hint() {
        let list: String = (0..60).map(|i| format!("<li>Campsite number {i} in the hills (2)</li>")).collect();
        let story = "<p>The maples at the camp had turned red by the second week of December, and the owner \
                     had replaced the old sign with a carved one, which visitors photograph first.</p>"
            .repeat(5);
        let html = format!(
            "<html><head><title>Maples</title></head><body><div class=\"box-text entry-content\"><ul>{list}</ul></div>\
             <div class=\"box-text entry-content\"><ul><li>Archive (3)</li></ul></div><div id=\"article\">{story}</div></body></html>"
        );
        let a = extract(&html, Url::parse("https://camp.test/post/1").ok().as_ref());
        assert!(a.text.contains("carved one"), "{}", a.text);
        assert!(!a.text.contains("Campsite number 7"), "{}", a.text);
    }

    #[test]
    fn a_marked_article_body_keeps_its_table_headers_and_definitions() {
        let html = r#"<html><head><title>Bulbs</title></head><body><div itemprop="articleBody">
            <p>Plant the bulbs in autumn, before the ground freezes, at the depth the table gives.</p>
            <table><tr><th>Bulb and variety</th><th>Depth in centimetres</th></tr><tr><td>Tulip</td><td>15</td></tr></table>
            <dl><dt>Naturalising</dt><dd>Letting bulbs spread on their own across a lawn.</dd></dl>
            <h6>A last word on watering</h6><p>Water them once after planting and then leave them be.</p></div></body></html>"#;
        let text = container_text(&Elements::of(&Document::from(html)), "[itemprop~=articleBody]", None, None)
            .unwrap_or_default();
        for kept in
            ["Bulb and variety", "Depth in centimetres", "Tulip", "Naturalising", "spread on their own", "last word"]
        {
            assert!(text.contains(kept), "{kept}: {text}");
        }
    }

    #[test]
    fn a_portals_link_back_to_its_front_page_is_not_the_story() {
        let story = "<p>The council voted on Tuesday to keep the library open on Sundays through the winter, \
            and the mayor said the budget for next year will carry the cost of the extra staff it needs.</p>";
        // In a marked container, and in what Readability reads.
        for (open, close) in [("<article>", "</article>"), (r#"<div class="story">"#, "</div>")] {
            let html = format!(
                r#"<html><head><title>Library</title></head><body>{open}{story}{story}
                <p>Readers can borrow up to twelve books at a time, as before.<a href="https://www.example.com/?pref=article"><img src="/favicon.ico">返回示例网首页&gt;&gt;</a></p>
                <p><a href="//www.example.com/?spm=1.2"><span>返回示例，查看更多</span></a></p>
                <p>Read the <a href="https://www.example.com/">Example Times</a> for more, or go back to <a href="/archive/">the archive</a>.</p>
                {close}</body></html>"#
            );
            let a = extract(&html, Url::parse("https://news.example.com/a/2024/library.html").ok().as_ref());
            assert!(a.text.contains("at a time, as before."), "{}", a.text);
            assert!(!a.text.contains("返回"), "{open}: {}", a.text);
            // Links that do not say "back", or go elsewhere than the front page, are the story's.
            assert!(a.text.contains("Read the Example Times for more, or go back to the archive."), "{}", a.text);
        }
    }

    #[test]
    fn a_marked_article_body_does_not_end_on_a_heading_over_nothing() {
        let story = "<p>The council voted on Tuesday to keep the library open on Sundays through the winter.</p>";
        let read = |rest: &str| {
            let html = format!(
                r#"<html><head><title>Library</title></head><body><div itemprop="articleBody">{story}{rest}</div></body></html>"#
            );
            container_text(&Elements::of(&Document::from(html.as_str())), "[itemprop~=articleBody]", None, None)
                .unwrap_or_default()
        };
        // A box a script fills, and one whose pictures are left out, end nothing.
        let empty = read(r#"<h3>Around the region</h3><div class="js-fill"></div><h4>Our partners</h4>"#);
        assert!(empty.ends_with("winter."), "{empty}");
        let left_out = read(r#"<h3>Around the region</h3><div class="sidebar"><img src="/a.jpg"></div>"#);
        assert!(left_out.ends_with("winter."), "{left_out}");
        // A heading over a picture, or over text, is the story's.
        let gallery = read(r#"<h3>The reading room</h3><div><img src="/room.jpg"></div>"#);
        assert!(gallery.ends_with("The reading room"), "{gallery}");
        let section = read("<h3>What changes</h3><p>Doors open at noon.</p>");
        assert!(section.ends_with("What changes\n\nDoors open at noon."), "{section}");
    }

    #[test]
    fn a_marked_article_body_written_without_paragraphs_is_read_run_by_run() {
        let html = r#"<html><head><title>Bridge</title></head><body><div itemprop="articleBody"><div>By Jane Doe</div>
            EXCLUSIVE<br>The mayor said the
            <b>new bridge</b> will open in summer.<br><br>The cost stays under <a href="/budget">twelve million</a>.
            <br><span class="share-bar">Share this</span><div class="inline-ad">Advertisement</div>Residents want a shuttle bus.
            <div>A meeting is set for March.<br>It is open to all.</div><p>The last paragraph.</p>
            <div>More about the town</div><div><a href="/ferry"><div>The ferry will stop running in winter.</div>
            <time>July 30</time></a></div><div>Read more:</div><div>Here is what the plan looks like, step by step:</div>
            </div></body></html>"#;
        let text = container_text(&Elements::of(&Document::from(html)), "[itemprop~=articleBody]", None, None)
            .unwrap_or_default();
        assert_eq!(
            text.split("\n\n").collect::<Vec<_>>(),
            [
                "The mayor said the new bridge will open in summer.",
                "The cost stays under twelve million.",
                "Residents want a shuttle bus.",
                "A meeting is set for March.",
                "It is open to all.",
                "The last paragraph.",
                "Here is what the plan looks like, step by step:"
            ]
        );
        // A sentence ends with its script's mark: the danda, Urdu's full stop, Burmese's.
        for sentence in ["पुल गर्मियों में खुलेगा।", "پل گرمیوں میں کھلے گا۔", "တံတားကို နွေရာသီတွင် ဖွင့်မည်။"]
        {
            let html = format!(
                r#"<html><body><div itemprop="articleBody">{sentence}<br>{sentence}<br>Share</div></body></html>"#
            );
            let text =
                container_text(&Elements::of(&Document::from(html.as_str())), "[itemprop~=articleBody]", None, None);
            assert_eq!(text.unwrap_or_default(), format!("{sentence}\n\n{sentence}"), "{sentence}");
        }
    }

    #[test]
    fn a_bold_line_over_a_paragraph_is_a_subheading_of_an_article_written_without_headings() {
        let html = r#"<html><head><title>Tomate</title></head><body><div class="entry-content">
            Olá a todos,<br><br>
            O tomate cereja precisa de bastante sol, pelo menos seis horas por dia.<br><br>
            <b>Semeadura</b><br>As sementes germinam em cerca de uma semana.<br><br>
            <strong>Tutoramento</strong><br>Amarre o caule a uma estaca de bambu com barbante.<br><br>
            <b>Leia também:</b><br><a href="/manjericao">Manjericão: poda e colheita</a><br><br>
            <b>Marcadores</b><br><a href="/horta">horta</a>, <a href="/tomate">tomate</a><br><br>
            <b>Nota</b><div class="box"><a href="/x">Outra coisa</a></div>
            Abraço,<br><a href="/y">Mais uma coisa</a><br>
            <b>Bom</b> cultivo a todos, e até a próxima semana!</div></body></html>"#;
        let text =
            container_text(&Elements::of(&Document::from(html)), ".entry-content", None, None).unwrap_or_default();
        assert_eq!(
            text.split("\n\n").collect::<Vec<_>>(),
            [
                "Olá a todos,",
                "O tomate cereja precisa de bastante sol, pelo menos seis horas por dia.",
                "Semeadura",
                "As sementes germinam em cerca de uma semana.",
                "Tutoramento",
                "Amarre o caule a uma estaca de bambu com barbante.",
                "Bom cultivo a todos, e até a próxima semana!"
            ]
        );
    }

    #[test]
    fn widgets_inside_a_marked_article_body_are_left_out() {
        let story = "<p>Hotel owners told the thread which towels are washed daily and which ones are not, \
                     and why the wooden luggage rack is the worst place for a suitcase.</p>"
            .repeat(3);
        let html = format!(
            r#"<html><head><title>Hotel secrets</title></head><body><article itemscope itemtype="https://schema.org/NewsArticle">
            <div itemprop="articleBody">{story}
            <div class="video-js vjs-paused"><ul><li class="vjs-menu-title">Chapters</li></ul><p class="vjs-modal-dialog-description">This is a modal window.</p></div>
            <div class="inline-block inline-block-related-list"><ul><li>Man rents out flatmate's room</li></ul></div>
            <div class="full-gallery"><ul><li>1/50 United goin down</li></ul></div>
            <div role="dialog"><p>Sign in to continue</p></div>
            <p>The last paragraph of the story stays in the text.</p></div></article></body></html>"#
        );
        let text = container_text(&Elements::of(&Document::from(html.as_str())), "[itemprop~=articleBody]", None, None)
            .unwrap_or_default();
        assert!(text.contains("wooden luggage rack") && text.contains("last paragraph"), "{text}");
        for widget in ["Chapters", "modal window", "flatmate", "United goin", "Sign in"] {
            assert!(!text.contains(widget), "{widget}: {text}");
        }
    }

    /// Four paragraphs of a story, the article text around which the tests put other blocks.
    /// Asserts that `text` holds each of `kept` and none of `beside`.
    fn assert_text(text: &str, kept: &[&str], beside: &[&str]) {
        for k in kept {
            assert!(text.contains(k), "{k} is article text: {text}");
        }
        for b in beside {
            assert!(!text.contains(b), "{b} is not article text: {text}");
        }
    }

    #[test]
    fn boxes_beside_the_article_are_known_by_their_class_in_other_languages_too() {
        let story = "<p>La municipalité a présenté mardi son plan pour rénover les écoles primaires de la \
                     ville, avec un budget de vingt millions d'euros sur cinq ans.</p>"
            .repeat(5);
        let html = format!(
            r##"<html><head><title>Écoles</title></head><body><div class="article"><h1>Écoles</h1>{story}
            <div class="auteur-box"><h3>À propos de l'auteur</h3><p>Jean Dupont est journaliste au service
            politique depuis 2010, après dix ans à l'étranger comme correspondant.</p></div>
            <div class="abonnement"><p>Abonnez-vous dès maintenant pour lire la suite et soutenir une information
            indépendante et de qualité, sans engagement.</p></div>
            <div class="lire-aussi"><p>Un autre article sur la grève des conducteurs de bus de la semaine dernière.</p></div>
            <div class="boutons-partager"><span>Partager sur les réseaux</span></div>
            <div class="bloc-publicite"><p>Une offre exceptionnelle sur les voitures neuves, seulement ce mois-ci.</p></div>
            <ul class="star-rating"><li>Note actuelle : 4 sur 5</li><li><a href="#">1 étoile</a></li></ul>
            </div></body></html>"##
        );
        let a = extract(&html, Url::parse("https://journal.test/ville/ecoles").ok().as_ref());
        assert_text(
            &a.text,
            &["vingt millions"],
            &["Jean Dupont", "Abonnez-vous", "conducteurs de bus", "Partager", "voitures neuves", "Note actuelle"],
        );
    }

    #[test]
    fn german_spanish_and_polish_boxes_beside_the_article_are_known_by_their_class() {
        let story = "<p>Der Stadtrat hat am Dienstag den Bau der neuen Hafenmauer beschlossen, nach einer \
                     langen Debatte über die Kosten und den Zeitplan der Arbeiten.</p>"
            .repeat(5);
        let html = format!(
            r##"<html><head><title>Hafenmauer</title></head><body><div class="artikel"><h1>Hafenmauer</h1>{story}
            <div class="autorbox"><p>Jana Schmidt schreibt seit zwanzig Jahren über die Küste und den Hafen.</p></div>
            <div class="lesetipps"><p>Die Fähre fährt ab Montag wieder nach dem Fahrplan des Sommers</p></div>
            <div class="redaktion-empfehlungen"><p>Neue Brücke im Norden der Stadt für den Verkehr freigegeben</p></div>
            <div class="abo-box"><p>Lesen Sie alle Artikel der Zeitung für einen Euro im ersten Monat.</p></div>
            <div class="weitere-artikel"><p>Der Markt am Hafen öffnet im Frühjahr mit neuen Ständen</p></div>
            <div class="mas-noticias"><p>El puerto abre el lunes con nuevos horarios de verano</p></div>
            <div class="artykuly-powiazane"><p>Port otwarty w poniedziałek po długim remoncie nabrzeża</p></div>
            </div></body></html>"##
        );
        let a = extract(&html, Url::parse("https://zeitung.test/hafen/mauer").ok().as_ref());
        assert_text(
            &a.text,
            &["neuen Hafenmauer"],
            &["Jana Schmidt", "Fähre", "Neue Brücke", "einen Euro", "Markt am Hafen", "El puerto", "Port otwarty"],
        );
    }

    #[test]
    fn boxes_named_by_a_component_attribute_are_known_as_by_a_class() {
        let story = "<p data-testid=\"paragraph\">The council voted on Monday to build protected bike lanes \
                     along two miles of Main Street, ending a year of debate over the corridor.</p>"
            .repeat(5);
        let html = format!(
            r##"<html><head><title>Bike lanes</title></head><body><div class="col"><h1>Bike lanes</h1>
            <div data-testid="byline">Priya Nair and Lucas Meyer · Jan 9, 2024</div>{story}
            <div data-component="tag-list"><span>Cycling</span> <span>City hall</span></div>
            <div data-qa="share-tools"><span>Copy the link to this story</span></div>
            <div data-component="text-block"><p>The first lanes open in the spring, the city said.</p></div>
            </div></body></html>"##
        );
        let a = extract(&html, Url::parse("https://ledger.test/2024/bike-lanes").ok().as_ref());
        assert_text(
            &a.text,
            &["protected bike lanes", "open in the spring"],
            &["Priya Nair", "City hall", "Copy the link"],
        );
    }

    #[test]
    fn the_label_over_a_headline_is_known_by_its_class() {
        let story = "<p>Die Deutsche Bahn will die Fahrzeit zwischen Hamburg und Berlin bis 2035 auf unter \
                     eineinhalb Stunden senken, teilte ein Sprecher am Donnerstag mit.</p>"
            .repeat(4);
        for label in [
            r#"<p class="dachzeile">Verkehr</p>"#,
            r#"<span class="article__kicker">Verkehr</span>"#,
            r#"<div class="eyebrow-label"><a href="/verkehr">Verkehr</a></div>"#,
        ] {
            let html = format!(
                r#"<html><head><title>Bahn plant Schnellstrecke</title></head><body><div class="artikel">{label}
                <h1>Neue Schnellstrecke zwischen Hamburg und Berlin</h1>{story}</div></body></html>"#
            );
            let a = extract(&html, Url::parse("https://zeitung.test/verkehr/bahn").ok().as_ref());
            assert_text(&a.text, &["Fahrzeit zwischen Hamburg"], &["Verkehr"]);
        }
    }

    #[test]
    fn a_pull_quote_that_repeats_the_story_is_left_out_but_one_of_its_own_words_stays() {
        let story = "<p>The council met on Tuesday to discuss the new harbour wall, which has been delayed for \
                     three years by funding disputes and a long planning inquiry.</p><p>Residents said they were \
                     relieved that work would finally begin, though some worried about the noise from the pile \
                     drivers during the summer.</p>";
        for quote in [
            r#"<blockquote class="pullquote"><p>Some worried about the noise from the pile drivers</p></blockquote>"#,
            r#"<figure class="wp-block-pullquote"><blockquote><p>“Work would finally begin”</p><cite>A resident</cite></blockquote></figure>"#,
        ] {
            let html =
                format!("<html><body><article><h1>Harbour wall</h1>{story}{quote}{story}</article></body></html>");
            let text = extract(&html, None).text;
            assert!(!text.contains("\n\nSome worried") && !text.contains("“Work"), "{quote}: {text}");
        }
        let own = r#"<blockquote class="graf--pullquote pullquote">The harbour has waited long enough for a wall like this one.</blockquote>"#;
        let html = format!("<html><body><article><h1>Harbour wall</h1>{story}{own}{story}</article></body></html>");
        assert!(extract(&html, None).text.contains("The harbour has waited long enough"));
    }

    #[test]
    fn a_sign_up_box_or_a_poll_is_left_out_whatever_its_class_but_a_paragraph_beside_a_field_stays() {
        let story = harbour_story();
        let field = r#"<form><input type="email" placeholder="Your email address"><button>Sign up</button></form>"#;
        for (name, input) in [
            ("css-n4m5b6", field),
            ("x9", r#"<form><input type="text" name="subscriber_email"><button>Go</button></form>"#),
        ] {
            let signup = format!(
                r#"<div class="{name}"><h3>Get the Harbour Times morning briefing</h3><p>The day's top stories, every weekday morning.</p>{input}</div>"#
            );
            let html =
                format!("<html><body><article><h1>Harbour wall</h1>{story}{signup}{story}</article></body></html>");
            let text = extract(&html, None).text;
            assert!(!text.contains("morning briefing") && !text.contains("top stories"), "{name}: {text}");
            assert_eq!(text.matches("The council approved").count(), 8, "{name}: {text}");
        }
        // A paragraph of the story's own in the box: the box is no sign-up box.
        let long = "The trust asks readers who saw the storm damage to write to it, and will print the best \
                    accounts in its autumn report on the wall, beside the engineers' findings and the photographs \
                    that the harbour master took on the night.";
        let html = format!(
            r#"<html><body><article><h1>Harbour wall</h1>{story}<div class="css-q1"><p>{long}</p>{field}</div>{story}</article></body></html>"#
        );
        assert!(extract(&html, None).text.contains("The trust asks readers"));
        // A poll: a question over choices, each in its label; a list of tasks with boxes stays.
        let poll = r#"<div class="css-p7"><p>Do you back the new harbour wall?</p><label><input type="radio" name="v">Yes</label><label><input type="radio" name="v">No</label><button>Vote</button></div>"#;
        let tasks = r#"<ul><li><input type="checkbox" disabled> Survey the old wall first</li><li><input type="checkbox" disabled> Ask the harbour master</li></ul>"#;
        let html =
            format!("<html><body><article><h1>Harbour wall</h1>{story}{poll}{tasks}{story}</article></body></html>");
        let text = extract(&html, None).text;
        assert!(!text.contains("Do you back"), "{text}");
        assert!(text.contains("Survey the old wall first"), "{text}");
    }

    #[test]
    fn a_storys_particulars_over_it_are_left_out() {
        let story = "The storm knocked out power to eighty thousand homes overnight, and crews from three \
                     states worked through the night to restore it."
            .repeat(2);
        for top in [
            "Analysis",
            "Live",
            "Harbour Times Staff",
            "Jane Doe, The Associated Press",
            "Jane Doe, ANP",
            "Jane Doe - Reporter",
            "Mar 5, 2024 · 4 min read",
            "Jane Doe · Follow",
            "Jane Doe | March 5, 2024",
            "Jane Doe · Reporter · Published March 5, 2024",
            "Premium",
            "Abonnés",
            "Jane Doe and John Smith",
            "Jane Doe, John Smith & Sam Carter",
            "Tue 3 Mar 2020 17.42 GMT",
            "Harbour Affairs Correspondent",
            "Jane Doe @janedoe",
            "Politics > Local",
            "News › World › Europe",
            "Di 05.03.2024 | 10:32 Uhr",
            "Le 5 mars 2024 à 10h32",
        ] {
            let text = format!("{top}\n\n{story}\n\n{story}");
            assert_eq!(without_furniture_lines(&text), format!("{story}\n\n{story}"), "{top}");
        }
        // And under it, the page's dates with their labels set apart.
        let text = format!("{story}\n\n{story}\n\nPublished\n\n12 May 2024\n\nLast updated\n\n3 June 2024");
        assert_eq!(without_furniture_lines(&text), format!("{story}\n\n{story}"));
        for (line, kind) in
            [("Staff Report", "desk credit"), ("The Associated Press", "desk credit"), ("La Redacción", "desk credit")]
        {
            assert_eq!(furniture_kind(line), Some(kind), "{line}");
        }
        // A heading between paragraphs, and one over the story that names its part and its
        // book, stay.
        for kept in [
            format!("{story}\n\nAnalysis\n\n{story}"),
            format!("Monitoring Distributed Systems | Google SRE\n\n{story}\n\n{story}"),
            format!("Live Music - Harbour Nights\n\n{story}\n\n{story}"),
            format!("Salt and Pepper\n\n{story}\n\n{story}"),
            format!("{story}\n\nPolitics > Local\n\n{story}"),
        ] {
            assert_eq!(without_furniture_lines(&kept), kept);
        }
    }

    #[test]
    fn a_line_that_only_names_the_writer_or_the_site_is_left_out() {
        let story = "The storm knocked out power to eighty thousand homes overnight, and crews from three \
                     states worked through the night to restore it."
            .repeat(2);
        let names = ["Jane Doe", "Li Wei", "Harbour Times"];
        for line in [
            "Jane Doe",
            "Jane Doe | Harbour Times",
            "JANE DOE, HARBOUR TIMES",
            "Harbour Times · 12 March 2024",
            "Jane Doe, Li Wei",
            "Li Wei – Harbour Times – 2024-03-12",
        ] {
            let top = format!("{line}\n\n{story}\n\n{story}");
            assert_eq!(without_named_lines(&top, &names), format!("{story}\n\n{story}"), "{line}");
            let end = format!("{story}\n\n{story}\n\n{line}");
            assert_eq!(without_named_lines(&end, &names), format!("{story}\n\n{story}"), "{line}");
        }
        // A name among other words, a line between paragraphs, a date alone, and a page
        // whose metadata names no one.
        for kept in [
            format!("Jane Doe wins the harbour race\n\n{story}"),
            format!("Harbour Times Live | Tuesday's storm\n\n{story}"),
            format!("{story}\n\n{story}\n\nJane Doe\n\n{story}\n\n{story}\n\n{story}"),
            format!("12 March 2024\n\n{story}"),
        ] {
            assert_eq!(without_named_lines(&kept, &names), kept);
        }
        // Anywhere, a picture's credit to the site: a name, a slash and the site's name.
        for credit in ["Sam Carter/Harbour Times", "Sam Carter / Harbour Times", "SAM CARTER/HARBOUR TIMES"] {
            let middle = format!("{story}\n\n{credit}\n\n{story}");
            assert_eq!(without_named_lines(&middle, &names), format!("{story}\n\n{story}"), "{credit}");
        }
        let told = format!("{story}\n\nSam Carter/Harbour Times reported it first.\n\n{story}");
        assert_eq!(without_named_lines(&told, &names), told);
        // Through the page: the names are its metadata's.
        let html = format!(
            r#"<html><head><meta property="og:site_name" content="Harbour Times">
            <meta name="author" content="Jane Doe and Li Wei"><title>Storm</title></head>
            <body><article><p>Li Wei | Harbour Times</p><p>{story}</p><p>{story}</p></article></body></html>"#
        );
        assert_eq!(extract(&html, None).text, format!("{story}\n\n{story}"));
        let top = format!("Jane Doe\n\n{story}");
        assert_eq!(without_named_lines(&top, &[]), top);
        assert_eq!(without_named_lines(&top, &["Doe"]), top, "a name of fewer than four letters");
    }

    #[test]
    fn a_feedback_prompt_goes_with_its_answers() {
        let story = "The storm knocked out power to eighty thousand homes overnight, and crews from three \
                     states worked through the night to restore it.";
        for prompt in ["Was this article helpful?\n\nYes\n\nNo", "Cet article vous a été utile ?\n\n👍 Oui\n\n👎 Non"]
        {
            let text = format!("{story}\n\n{prompt}\n\n{story}");
            assert_eq!(without_furniture_lines(&text), format!("{story}\n\n{story}"), "{prompt}");
        }
        // An answer that follows no such prompt stays ("Will the road reopen?", "No.").
        let kept = format!("{story}\n\nWill the road reopen this week?\n\nNo\n\n{story}");
        assert_eq!(without_furniture_lines(&kept), kept);
    }

    #[test]
    fn a_line_about_the_writer_under_the_story_is_left_out() {
        let story = "The storm knocked out power to eighty thousand homes overnight, and crews from three \
                     states worked through the night to restore it."
            .repeat(2);
        let bio = "Jane Doe is a staff writer at The Gazette covering city hall.";
        let text = format!("{story}\n\n{story}\n\n{bio}");
        assert_eq!(without_furniture_lines(&text), format!("{story}\n\n{story}"));
        // Not in the story, and not a sentence about someone's past.
        for kept in [
            format!("{story}\n\n{bio}\n\n{story}\n\n{story}"),
            format!("{story}\n\n{story}\n\nMr Smith is a former journalist who now runs the harbour bakery."),
            format!("{story}\n\n{story}\n\nThe mayor is a reporter's daughter."),
        ] {
            assert_eq!(without_furniture_lines(&kept), kept);
        }
        // An author's box with no class: the name alone, then a few sentences about them.
        for (name, about) in [
            (
                "Ana Ruiz",
                "Ana Ruiz es periodista especializada en infraestructuras y urbanismo. Ha trabajado en varios \
                 diarios regionales antes de llegar al Diario del Puerto en 2015.",
            ),
            ("Jane Doe", "Jane Doe is a staff writer covering transport. Reach her at jane@paper.test."),
        ] {
            let boxed = format!("{story}\n\n{story}\n\n{name}\n\n{about}");
            assert_eq!(without_furniture_lines(&boxed), format!("{story}\n\n{story}"), "{about}");
            let followed = format!("{boxed}\n\nFollow us on Twitter");
            assert_eq!(without_furniture_lines(&followed), format!("{story}\n\n{story}"), "{about}");
        }
        for kept in [
            format!("{story}\n\nAna Ruiz\n\nAna Ruiz es periodista de formación. Hoy dirige el puerto.\n\n{story}"),
            format!("{story}\n\nAna Ruiz\n\nAna Ruiz es la nueva directora del puerto. Llegó en 2015."),
            format!("{story}\n\nAna Ruiz\n\nLuis Gil es periodista del diario. Llegó en 2015."),
            // Two sentences without the name over them may be the story's.
            format!("{story}\n\n{story}\n\nAna Ruiz es periodista del diario. Llegó en 2015."),
        ] {
            assert_eq!(without_furniture_lines(&kept), kept);
        }
        assert!(is_writer_bio("John Roe is the paper's health correspondent."));
        // With where to find the writer after it.
        for bio in [
            "Jane Doe is a reporter covering the harbour for the Port Daily. Follow her on X.",
            "John Roe is the paper's health correspondent. Email him at jroe@paper.test.",
            "Jane Doe is a staff writer. Follow her on Bluesky @jane.test. Contact her at jane@paper.test.",
            "Jana Müller ist Redakteurin im Lokalressort. Folgen Sie ihr auf X.",
            "Jean Dupont est journaliste au service politique. Suivez-le sur X.",
            "Ana Ruiz es periodista del diario. Síguela en X: @anaruiz.",
            // Or more of the writer's career.
            "Jane Doe is a reporter at the Port Daily. She previously worked at the Coast Herald.",
            "John Roe is a staff writer covering transport. He has covered the harbour since 2015 and lives in Portsea.",
        ] {
            assert!(is_writer_bio(bio), "{bio}");
        }
        for bio in [
            "Ana Ruiz es periodista especializada en infraestructuras y urbanismo.",
            "Jana Müller ist Redakteurin im Lokalressort der Hafenzeitung.",
            "Jean Dupont est journaliste au service politique.",
            "Giulia Rossi è una giornalista della redazione di Genova.",
            "João Silva é repórter de cidades.",
            "Jan Bakker is een verslaggever van de Havenkrant.",
        ] {
            assert!(is_writer_bio(bio), "{bio}");
        }
        for kept in [
            "El alcalde es periodista de formación.",
            "Ana Ruiz es una antigua periodista del diario.",
            "Jane Doe is reporter turned mayor.",
            "Ana Ruiz es la nueva directora del puerto.",
            // A second sentence that is the story's.
            "Jane Doe is a reporter at the Port Daily. She followed the harbour vote on X.",
            "Jane Doe is a reporter at the Port Daily. Follow the council's vote live.",
            "Jane Doe is a reporter at the Port Daily. She previously lived by the harbour wall that fell.",
        ] {
            assert!(!is_writer_bio(kept), "{kept}");
        }
        // The writer's name alone after the last sentence; not a table's last cells, nor a
        // closing line that says something.
        for name in
            ["Minh Anh", "Nguyễn Văn An", "Jean-Luc Martin", "J. R. Smith", "— Jane Doe", "-- Jane Doe", "By Jane Doe"]
        {
            assert_eq!(
                without_furniture_lines(&format!("{story}\n\n{story}\n\n{name}")),
                format!("{story}\n\n{story}")
            );
        }
        for kept in [
            format!("{story}\n\nTeam\n\nLos Angeles Lakers"),
            format!("{story}\n\n{story}\n\nSee you next week"),
            format!("{story}\n\n{story}\n\nMinh Anh, Hanoi"),
            format!("{story}\n\n{story}\n\nAn Evening Stroll"),
        ] {
            assert_eq!(without_furniture_lines(&kept), kept);
        }
        // A section headed as the writer's, ending the text: in any language, in any words.
        let about = "Sam has covered the coast for twenty years and lives in the old town with two dogs.";
        for label in [
            "About the author",
            "Über den Autor:",
            "この記事を書いた人",
            "Об авторе",
            "Om författaren",
            "Kirjoittajasta",
        ] {
            // Or the heading alone, left last once its box's lines were cut.
            for section in [
                format!("{label}\n\n{about}"),
                format!("{label}\n\nSam Carter\n\n{about}\n\nAll posts"),
                label.to_owned(),
            ] {
                assert_eq!(
                    without_furniture_lines(&format!("{story}\n\n{story}\n\n{section}")),
                    format!("{story}\n\n{story}"),
                    "{section}"
                );
            }
        }
        // The same heading over more of the story, or over a long text, is the story's.
        for kept in [
            format!("{story}\n\nAbout the author\n\n{story}\n\n{story}\n\n{story}\n\n{story}"),
            format!("{story}\n\nAbout the author\n\n{}", about.repeat(6)),
        ] {
            assert_eq!(without_furniture_lines(&kept), kept);
        }
    }

    #[test]
    fn a_byline_over_the_story_is_left_out() {
        for line in [
            "By Priya Nair and Lucas Meyer · Jan 9, 2024",
            "BY JANE DOE",
            "By Sam Carter, Staff Writer",
            "Par Marie Dupont, le 12 mars 2024 à 14h03",
            "Von Anna Schmidt und Jörg Weber",
            "Por Ana García de la Fuente",
            "Door Jan de Vries",
            "Written by J. R. Hartley",
        ] {
            assert!(is_byline(line), "{line}");
        }
        for line in [
            "By the numbers",
            "By then the water had reached the second floor of the old mill.",
            "Por fin llegó la lluvia.",
            "By Monday, what would they do?",
            "Von der Leyen said the talks would go on for a further week at least.",
        ] {
            assert!(!is_byline(line), "{line}");
        }
        let story = "<p>The storm knocked out power to eighty thousand homes overnight, and crews from three \
                     states worked through the night to restore it.</p>"
            .repeat(4);
        // Over the story it goes; a line of a story that opens so stays.
        let html = format!(
            r#"<html><body><div class="story"><h1>Storm</h1><p>By Sam Carter, Staff Writer</p>{story}
            <p>By Land And Sea</p></div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://daily.test/storm").ok().as_ref());
        assert_text(&a.text, &["eighty thousand", "By Land And Sea"], &["Sam Carter"]);
    }

    #[test]
    fn a_forum_threads_posts_are_its_text_without_their_author_boxes() {
        let post = |n: u32, body: &str| {
            format!(
                r##"<div id="p{n}" class="post has-profile"><dl class="postprofile"><dt><a href="/u/{n}">Klaus_M</a></dt>
                <dd class="profile-rank">Neuling</dd><dd><strong>Beiträge:</strong> 3</dd></dl><div class="postbody">
                <h3><a href="#p{n}">Re: Heizung macht Klopfgeräusche</a></h3><div class="content">{body}</div>
                <div class="signature">Gruß Tom, Meisterbetrieb seit 1998</div></div></div>"##
            )
        };
        let html = format!(
            r#"<html><head><title>Heizung macht Klopfgeräusche</title></head><body><div id="page-body">
            <h2>Heizung macht Klopfgeräusche</h2>{}{}
            <div id="jumpbox"><label for="f">Gehe zu</label><select id="f"><option>Heizung</option></select></div>
            </div></body></html>"#,
            post(
                1,
                "Seit ein paar Tagen macht unsere Gasheizung beim Aufheizen laute Klopfgeräusche, die nach \
                     etwa zehn Minuten wieder aufhören. Hat jemand eine Idee, woran das liegen könnte?"
            ),
            post(
                2,
                "Klingt nach Luft im System oder nach Kalk im Wärmetauscher. Entlüfte zuerst alle \
                     Heizkörper und prüfe danach den Druck, der sollte zwischen 1,5 und 2 bar liegen."
            )
        );
        let a = extract(&html, Url::parse("https://forum.test/viewtopic.php?t=1").ok().as_ref());
        assert_text(
            &a.text,
            &["laute Klopfgeräusche", "Kalk im Wärmetauscher"],
            &["Klaus_M", "Neuling", "Beiträge", "Re: Heizung", "Meisterbetrieb", "Gehe zu"],
        );
    }

    #[test]
    fn a_signature_under_each_post_is_no_part_of_the_thread_however_the_forum_prints_it() {
        let first = "Our harbour webcam drops its connection every few minutes since the new router came. The \
                     old one worked fine with the same settings. Has anyone seen this before?";
        let reply = "Same here. It was the power saving mode, which turns the wireless off when it thinks \
                     nothing uses it. Turn it off in the advanced settings and the webcam stays connected.";
        let sig = "Greetings from the quay, Tom. Running two cameras on the pier since 2011";
        // vBulletin 3 prints the signature under a rule of underscores, in a box with no class.
        let vb3 = |n: u32, body: &str| {
            format!(
                r#"<div id="edit{n}"><table id="post{n}" class="tborder"><tr><td class="alt2">quayside<br>Member</td>
                <td class="alt1" id="td_post_{n}"><div id="post_message_{n}">{body}</div>
                <div>__________________<br>{sig}</div></td></tr></table></div>"#
            )
        };
        let html = format!(
            r#"<html><head><title>Webcam drops connection - Harbour Forum</title></head><body>
            <div id="posts">{}{}</div></body></html>"#,
            vb3(101, first),
            vb3(102, reply)
        );
        let a = extract(&html, Url::parse("https://forum.test/showthread.php?t=9").ok().as_ref());
        assert_text(&a.text, &["Has anyone seen this before?", "the webcam stays connected."], &["Greetings", "____"]);
        // Others name its box: vBulletin 4 `signaturecontainer`, FluxBB `postsignature`,
        // XenForo `message-signature`, and `sig` alone.
        for class in ["signaturecontainer", "postsignature postmsg", "message-signature", "sig"] {
            let post = |n: u32, body: &str| {
                format!(
                    r#"<div id="p{n}" class="post"><div class="content">{body}</div><div class="{class}">{sig}</div></div>"#
                )
            };
            let html = format!(
                r#"<html><head><title>Webcam drops connection</title></head><body><div id="page-body">
                <h2>Webcam drops connection</h2>{}{}</div></body></html>"#,
                post(1, first),
                post(2, reply)
            );
            let a = extract(&html, Url::parse("https://forum.test/viewtopic.php?t=9").ok().as_ref());
            assert_text(&a.text, &["Has anyone seen this before?", "the webcam stays connected."], &["Greetings"]);
        }
        // A rule of underscores over notes in an article's own text is no signature.
        let story = "<p>The council approved the new harbour wall on Tuesday after two years of debate, and \
                     building starts in the spring.</p>"
            .repeat(4);
        let html = format!(
            "<html><body><article><h1>Harbour wall approved</h1>{story}<div>__________________<br>\
             The vote was seven to two, with one councillor away.<br>Building will close the quay path \
             for a year.</div>{story}</article></body></html>"
        );
        let a = extract(&html, Url::parse("https://news.test/wall").ok().as_ref());
        assert!(a.text.contains("The vote was seven to two"), "{}", a.text);
    }

    #[test]
    fn a_cell_or_item_that_holds_boxes_or_line_breaks_never_runs_their_words_together() {
        // A forum laid out in a table, each post a numbered row: the poster's cell breaks
        // its lines with <br>, the post's cell holds its date and its text in boxes.
        let post = |n: u32, who: &str, body: &str| {
            format!(
                r#"<tr id="post{n}"><td class="poster"><b>{who}</b><br>Mitglied seit 2019<br>Beiträge: 4{n}</td>
                <td class="msg"><div class="when">1{n}.11.2026, 21:14</div><div class="body">{body}</div>
                <div class="sig">Gruß aus dem Sauerland</div></td></tr>"#
            )
        };
        let html = format!(
            r#"<html><head><title>Heizung macht nachts Geräusche - Haustechnik-Forum</title></head><body>
            <h1>Heizung macht nachts Geräusche</h1><table class="thread">{}{}{}</table></body></html>"#,
            post(
                1,
                "heizfreund77",
                "Hallo zusammen, seit ein paar Tagen macht unsere Gastherme nachts ein lautes Klopfen, etwa alle \
                 zehn Minuten. Tagsüber ist nichts zu hören. Die Anlage ist acht Jahre alt und wurde im Frühjahr \
                 gewartet. Hat jemand eine Idee, woran das liegen könnte?"
            ),
            post(
                2,
                "Installateur_Mike",
                "Klingt nach Luft im System oder nach einem zu hoch eingestellten Pumpendruck. Nachts läuft die \
                 Anlage im Absenkbetrieb, da fallen solche Geräusche eher auf. Entlüfte mal alle Heizkörper."
            ),
            post(
                3,
                "heizfreund77",
                "Danke! Der Druck lag bei 2,6 bar. Ich habe etwas Wasser abgelassen und die Heizkörper entlüftet, \
                 heute Nacht war es ruhig."
            ),
        );
        let a = extract(&html, Url::parse("https://forum.test/t/heizung-123").ok().as_ref());
        let words: Vec<&str> = a.text.split_whitespace().collect();
        for glued in ["heizfreund77Mitglied", "2019Beiträge", "21:14Hallo", "21:14Klingt", "?Gruß"] {
            assert!(!words.iter().any(|w| w.contains(glued)), "{glued} in {}", a.text);
        }
        // Each post's text a paragraph of its own; the poster's line is no part of it.
        assert!(a.text.starts_with("Hallo zusammen") && a.text.contains("\n\nKlingt nach Luft"), "{}", a.text);
        assert!(!a.text.contains("Mitglied seit") && !a.text.contains("Beiträge"), "{}", a.text);
        // A definition whose description holds paragraphs keeps them as paragraphs.
        let entry = "<dd><p>Properties for thread context objects.</p><p>Members:</p><p>cpu-affinity ([int], \
                     optional) -- the list of host CPU numbers used as CPU affinity for all threads created in \
                     the thread context</p></dd>";
        let html = format!(
            "<html><body><div class=\"entry-content\"><p>Thread contexts let a management layer pin the threads \
             of an object to host CPUs before the object is created, so that memory is allocated close to \
             them.</p><dl><dt>ThreadContextProperties</dt>{entry}</dl></div></body></html>"
        );
        let a = extract(&html, None);
        assert!(a.text.contains("thread context objects.\n\nMembers:\n\ncpu-affinity"), "{}", a.text);
    }

    #[test]
    fn a_line_of_links_after_a_label_that_says_so_is_left_out() {
        let story = "<p>Radni miasta zdecydowali, że w przyszłym roku powstaną trzy nowe ścieżki rowerowe \
                     łączące centrum z osiedlami na obrzeżach.</p>"
            .repeat(4);
        let html = format!(
            r##"<html><head><title>Ścieżki</title></head><body><div class="tresc"><h1>Ścieżki</h1>{story}
            <p><strong>Zobacz także:</strong> <a href="/a/1">Remont dworca potrwa dłużej</a></p>
            <p>Udostępnij: <a href="#">Facebook</a> <a href="#">Twitter</a></p>
            <p>Więcej o planach miasta w <a href="/a/2">raporcie rady</a>, który ukazał się w marcu.</p>
            </div></body></html>"##
        );
        let a = extract(&html, Url::parse("https://gazeta.test/a/3").ok().as_ref());
        assert_text(&a.text, &["ścieżki rowerowe", "raporcie rady"], &["Remont dworca", "Udostępnij", "Facebook"]);
        // The same line as a box of inline elements.
        let story =
            "<p class=\"article__paragraph\">On peut désormais traverser la Loire à pied à plusieurs endroits, \
                     après un été quasiment sans pluie, selon les relevés publiés mardi.</p>"
                .repeat(4);
        let html = format!(
            r#"<html><body><main><section class="article__wrapper"><h1>La Loire à sec</h1>
            <section class="article__content">{story}
            <section class="catcher"><span>Lire aussi :</span> <a href="/secheresse">Cent communes privées d'eau</a></section>
            {story}</section></section></main></body></html>"#
        );
        let a = extract(&html, Url::parse("https://courrier.test/planete/loire").ok().as_ref());
        assert_text(&a.text, &["traverser la Loire"], &["Lire aussi", "Cent communes"]);
    }

    #[test]
    fn the_headline_repeated_over_the_text_goes_with_its_kicker() {
        let title = "Why the ocean is getting louder";
        let body = "Sound travels four times faster in water than in air.\n\nBut the network is getting noisy.";
        for (text, want) in [
            (format!("{title}\n\n{body}"), body.to_owned()),
            (format!("Home › Earth › {title}\n\n{body}"), body.to_owned()),
            (format!("Oceans\n\n{title}\n\n{body}"), body.to_owned()),
            (
                format!("Earth Oceans\n\n{title}\n\nShips and sonar fill the sea with noise.\n\n{body}"),
                format!("Ships and sonar fill the sea with noise.\n\n{body}"),
            ),
            // A short line that heads no headline is the text's own.
            (format!("Oceans\n\n{body}"), format!("Oceans\n\n{body}")),
            (format!("It is loud.\n\n{title}\n\n{body}"), format!("It is loud.\n\n{title}\n\n{body}")),
        ] {
            assert_eq!(without_title_lines(&text, title), want, "{text}");
        }
    }

    #[test]
    fn a_label_set_right_before_the_headline_leaves_the_text() {
        let story = "<p>Der Stadtrat hat am Dienstagabend mit großer Mehrheit eine zweite Fährlinie beschlossen. \
            Sie soll im Halbstundentakt zwischen dem Altstadtanleger und dem Nordufer pendeln.</p>\
            <p>Die Kosten von rund 2,4 Millionen Euro trägt zu zwei Dritteln das Land. Kritik kam von der \
            Opposition, die lieber in Radwege investiert hätte.</p>\
            <p>Der Betrieb soll im Juni beginnen. Fahrkarten des Nahverkehrs gelten auch auf der Fähre.</p>";
        let page = |before: &str| {
            format!(
                r#"<html><head><title>Stadtrat beschließt neue Fährverbindung – Hafenkurier</title></head>
                <body><div id="a1"><div id="a2">{before}<h1>Stadtrat beschließt neue Fährverbindung</h1>{story}</div></div></body></html>"#
            )
        };
        let url = Url::parse("https://hafenkurier.test/lokales/faehre").ok();
        let a = extract(&page("<p>Lokales</p>"), url.as_ref());
        assert!(a.text.starts_with("Der Stadtrat hat"), "{}", a.text);
        // A sentence before the headline is no label over it.
        let a = extract(&page("<p>Die Entscheidung fiel nach langer Debatte.</p>"), url.as_ref());
        assert!(!a.text.starts_with("Der Stadtrat hat"), "{}", a.text);
        assert!(!is_kicker_text("Die Entscheidung fiel nach langer Debatte."));
        assert!(!is_kicker_text("Mehr zum Thema:"));
        assert_eq!(without_kicker("Lokales\n\nDer Rat tagte.", Some("Lokales")), "Der Rat tagte.");
        // Only where it opens the text.
        assert_eq!(without_kicker("Der Rat tagte.\n\nLokales", Some("Lokales")), "Der Rat tagte.\n\nLokales");
        assert_eq!(without_kicker("Lokales\n\nDer Rat tagte.", None), "Lokales\n\nDer Rat tagte.");
    }

    #[test]
    fn an_old_blog_cell_keeps_its_lines_apart_and_ends_before_its_comments() {
        let story = "For three years my starter never let me down. Then in January every loaf came out flat \
            and dense, and I changed the flour, the water and the jar's place in the kitchen.<br><br>\
            It turned out the problem was simpler: the new window let cold air in all night, and the \
            starter sat at sixteen degrees, far too cold for the yeast.<br><br>\
            A cheap seedling mat keeps the jar at 24 degrees now, and the loaves are back to normal.<br><br>";
        let comments = "<hr><b>2 comments:</b><br><i>Margaret said...</i><br>Same thing happened to me! \
            Thanks for the tip about the mat.<br>March 3, 2024 at 9:14 AM<br><br><i>Tom said...</i><br>\
            Great post, Dave, and a line long enough to be read as a paragraph of its own.<br>\
            March 4, 2024 at 6:02 PM<br><br>";
        let page = format!(
            "<html><head><title>Why my sourdough stopped rising</title></head><body><table><tr>\
             <td width=150><a href=/>Home</a><br><a href=/recipes>Recipes</a></td>\
             <td><font size=2>{story}{comments}</font></td></tr></table></body></html>"
        );
        let url = Url::parse("https://kitchen.test/2024/03/sourdough.html").ok();
        let a = extract(&page, url.as_ref());
        assert!(a.text.starts_with("For three years"), "{}", a.text);
        assert!(a.text.ends_with("the loaves are back to normal."), "{}", a.text);
        // The comments' lines, read apart (a <br> before text stays a line break where a
        // paragraph follows), never ran together either.
        let with_comments = format!("{story}{}", comments.replace("<b>2 comments:</b>", ""));
        let a = extract(&page.replace(&format!("{story}{comments}"), &with_comments), url.as_ref());
        assert!(a.text.contains("the mat."), "{}", a.text);
        assert!(!a.text.contains("mat.March"), "{}", a.text);

        // A count over a commenter's line ends the text too; a count alone in a post's
        // footer, or one over the story, ends nothing.
        let start = |text: &str| comment_section_start(&text.split("\n\n").collect::<Vec<_>>());
        assert_eq!(start("One.\n\nTwo.\n\nThree.\n\n12 Kommentare\n\nJana schrieb:\n\nToll!"), 3);
        assert_eq!(start("One.\n\nTwo.\n\nThree.\n\n12 comments\n\nThe council will meet again in May."), 5);
        assert_eq!(start("3 comments:\n\nOne.\n\nTwo.\n\nThree."), 4);
    }

    #[test]
    fn a_name_signed_under_a_long_standfirst_is_a_byline() {
        let lead = "Die Lokführergewerkschaft hat zu einem 48-stündigen Streik aufgerufen. Welche Verbindungen \
            fahren, wer erstattet Tickets – die wichtigsten Antworten.";
        let body = "Im Fernverkehr fährt nach Angaben der Bahn nur etwa jeder fünfte Zug. Im Regionalverkehr gibt \
            es große regionale Unterschiede; private Anbieter sind nicht betroffen.";
        for byline in ["Von Thomas Berger", "By Jane Doe and John Smith"] {
            let text = format!("{lead}\n\n{byline}\n\n{body}");
            assert_eq!(without_furniture_lines(&text), format!("{lead}\n\n{body}"), "{byline}");
        }
        // What only opens as a byline does stays.
        let text = format!("{lead}\n\nBy Land And Sea\n\n{body}");
        assert_eq!(without_furniture_lines(&text), text);
    }

    #[test]
    fn a_date_with_its_time_set_off_by_a_dash_is_a_line_of_particulars() {
        let body = "El primer crucero propulsado únicamente por baterías atracó este jueves en el muelle sur.";
        for line in ["Redacción | 4 abr 2024 - 10:15 CEST", "Jane Doe | 5 March 2024 - 18:30"] {
            assert_eq!(without_furniture_lines(&format!("{line}\n\n{body}")), body, "{line}");
        }
        // A time beside a word that is no writer, date or furniture is not one.
        let kept = format!("Meeting | 10:15 am\n\n{body}");
        assert_eq!(without_furniture_lines(&kept), kept);
    }

    #[test]
    fn blocks_the_text_formatter_does_not_know_do_not_run_into_their_neighbours() {
        let text = article_text(
            &Document::from(
                "<body><div id=\"readability-page-1\"><p>Seit ein paar Tagen macht unsere Gasheizung beim Aufheizen laute Geräusche.</p>\
             <dl><dt>Druck</dt><dd>1,2 bar</dd></dl><address>Klaus aus Köln</address><details><summary>Mehr</summary>\
             Fünfzehn Jahre alt</details><center>Danke</center></div></body>",
            ),
            None,
            None,
        );
        assert_eq!(
            text.split("\n\n").collect::<Vec<_>>(),
            [
                "Seit ein paar Tagen macht unsere Gasheizung beim Aufheizen laute Geräusche.",
                "Druck",
                "1,2 bar",
                "Klaus aus Köln",
                "Mehr",
                "Fünfzehn Jahre alt",
                "Danke"
            ]
        );
    }

    #[test]
    fn a_layout_tables_menu_column_and_masthead_are_not_the_story() {
        let story = "Dopo due anni di lavori, domenica prossima la chiesa riaprirà ai fedeli. Il restauro ha \
                     interessato il tetto, la facciata e gli affreschi dell'abside.<br><br>I lavori sono stati \
                     finanziati dalla Fondazione e dalle offerte dei parrocchiani, con oltre trentamila euro.<br><br>\
                     <img src=\"/foto/abside.jpg\" width=\"400\" height=\"300\">La cerimonia di riapertura sarà \
                     presieduta dal vescovo alle ore 10.30, con un rinfresco nel cortile dell'oratorio.";
        let html = format!(
            "<html><head><title>Il restauro</title></head><body><table><tr><td colspan=\"2\">\
             <img src=\"/img/testata.jpg\" width=\"900\" height=\"120\"></td></tr><tr><td class=\"menu\">\
             <a href=\"/\">Home</a><br><a href=\"/orari.htm\">Orari delle messe</a><br><a href=\"/storia.htm\">\
             La nostra storia</a><br><br><b>Link utili</b><br><a href=\"/caritas\">Caritas</a></td><td>{story}</td>\
             </tr></table></body></html>"
        );
        let page = Url::parse("https://parrocchia.test/notizie/restauro.htm").ok();
        let a = extract(&html, page.as_ref());
        assert_text(&a.text, &["riaprirà ai fedeli", "trentamila euro", "rinfresco"], &["Orari", "storia", "Caritas"]);
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://parrocchia.test/foto/abside.jpg"));
        // A column of a few links under a heading, over an ad and its label: most of its
        // letters are not linked, and it is still no story.
        let html = format!(
            "<html><head><title>Il restauro</title></head><body><table><tr><td>{story}</td><td><b>Più letti</b>\
             <br><a href=\"/parroco\">Nuovo parroco</a><br><a href=\"/festa\">Festa</a><br><a href=\"/gita\">\
             Gita</a><br><img src=\"/ads/banner.gif\" width=\"160\" height=\"600\"><br><font size=\"1\">\
             Pubblicità</font></td></tr></table></body></html>"
        );
        let a = extract(&html, page.as_ref());
        assert_text(&a.text, &["riaprirà ai fedeli", "rinfresco"], &["Più letti", "parroco", "Festa", "Gita"]);
        // A data table's cell of links has no story beside it: it is no menu.
        let table = Document::from(
            "<table><tr><td>Orari delle messe</td><td><a href=\"/a\">Lunedì</a>, <a href=\"/b\">Martedì</a>, \
             <a href=\"/c\">Mercoledì</a></td></tr></table>",
        );
        let cells = all(&table, "td");
        assert!(!cells.iter().any(blocks::is_link_column));
    }

    #[test]
    fn an_older_pages_font_blocks_its_menu_column_and_its_clubs_name_are_not_the_story() {
        // A page set as older sites set theirs: a table for the layout, a menu's column of
        // links and dates beside the story, each block of text in a <font> after a blank line.
        let paragraph = |n: usize| {
            format!(
                "Im Jahr {} kamen neue Abteilungen hinzu, und die Mitglieder bauten mit viel Eigenleistung \
                 eine neue Halle am Waldrand, die bis heute genutzt wird.",
                1900 + n * 20
            )
        };
        let html = format!(
            "<html><head><title>Vereinsgeschichte - TSV Grünwald 1898 e.V.</title></head><body><table>\
             <tr><td colspan=\"2\"><img src=\"/img/banner.gif\" width=\"760\" height=\"90\"></td></tr>\
             <tr><td width=\"160\"><a href=\"/\">Startseite</a><br><a href=\"/aktuelles.html\">Aktuelles</a><br>\
             <a href=\"/kontakt.html\">Kontakt</a><br><br><b>Termine</b><br>12.11. Jahreshauptversammlung<br>\
             03.12. Weihnachtsfeier</td><td><font size=\"4\"><b>Die Anfänge</b></font><br><br>\
             <font size=\"2\">{}<br><br>{}<br><br>{}<br><br>{}</font><br><br><font size=\"1\">Letzte Änderung: \
             04.03.2019 | <a href=\"#top\">nach oben</a></font></td></tr></table></body></html>",
            paragraph(1),
            paragraph(2),
            paragraph(3),
            paragraph(4)
        );
        let page = Url::parse("http://www.tsv-gruenwald.test/geschichte.html").ok();
        let a = extract(&html, page.as_ref());
        // The heading over the first block is no part of its first sentence.
        assert!(a.text.starts_with("Die Anfänge\n\nIm Jahr 1920"), "{}", a.text);
        assert_text(
            &a.text,
            &["Im Jahr 1940", "Im Jahr 1980 kamen"],
            &["Startseite", "Kontakt", "Termine", "Jahreshauptversammlung", "Letzte Änderung", "nach oben"],
        );
        // The club's name, its year of founding and its legal form after it, is the site's.
        assert_eq!(a.title.as_deref(), Some("Vereinsgeschichte"));
        for (title, host, headline) in [
            ("Vereinsgeschichte - TSV Grünwald 1898 e.V.", "tsv-gruenwald.test", "Vereinsgeschichte"),
            ("Unsere Leistungen | Hafenbau GmbH & Co. KG", "hafenbau.test", "Unsere Leistungen"),
            ("Our history - Harbour Rowing Club (1898)", "harbourrowingclub.test", "Our history"),
        ] {
            assert_eq!(clean_title(title, &[], host), headline);
        }
        // Words of a headline after the host's name are no legal form.
        assert!(!title::names_only_the_site("Hafenbau startet 2025", &[], "hafenbau.test"));
        // A line that says when the page was last changed is no text, in other languages too.
        for line in [
            "Zuletzt geändert am 4. März 2019",
            "Dernière modification : 12/05/2021",
            "Page last updated: 5 March 2024",
        ] {
            assert!(is_furniture_line(line), "{line}");
        }
        assert!(!is_furniture_line("Page published by the harbour trust in 2024 shows the wall."));
    }

    #[test]
    fn teasers_for_other_stories_do_not_outweigh_a_short_story() {
        let story = "<p>Der Gemeinderat hat am Dienstag beschlossen, das Freibad im Sommer wieder zu öffnen.</p>\
                     <p>Die Sanierung kostet rund zwei Millionen Euro, teilte die Verwaltung mit.</p>";
        let teasers: String = (0..6)
            .map(|i| {
                format!(
                    "<div class=\"box\"><h3><a href=\"/region/{i}\">Meldung {i}</a></h3><p>Eine weitere Meldung aus \
                     der Region mit einem längeren Vorspann, der mehrere Sätze umfasst. Hier steht noch mehr.</p></div>"
                )
            })
            .collect();
        let page = Url::parse("https://lokal.test/freibad").ok();
        let html = format!(
            "<html><head><title>Freibad</title></head><body><div id=\"main\"><div><h1>Freibad öffnet wieder</h1>\
             {story}</div><div>{teasers}</div></div></body></html>"
        );
        assert_text(
            &extract(&html, page.as_ref()).text,
            &["Freibad im Sommer", "zwei Millionen"],
            &["Meldung", "Vorspann"],
        );
        // A story's subheadings are no links: its sections stay.
        let sections: String = (0..3)
            .map(|i| {
                format!("<div><h3>Abschnitt {i}</h3><p>Die Verwaltung erklärte im Abschnitt {i} die Kosten.</p></div>")
            })
            .collect();
        let html = format!(
            "<html><head><title>Freibad</title></head><body><div><h1>Freibad öffnet wieder</h1>{story}{sections}\
             </div></body></html>"
        );
        assert_text(&extract(&html, page.as_ref()).text, &["Abschnitt 0", "Abschnitt 2", "zwei Millionen"], &[]);
        // A buying guide's products link to shops, not to the site's stories: they stay.
        let products: String = (0..4)
            .map(|i| {
                format!(
                    "<div><h3><a href=\"https://shop.test/p/{i}\">Kopfhörer {i}</a></h3><p>Warum uns das Modell {i} \
                     gefällt: guter Klang und lange Laufzeit.</p></div>"
                )
            })
            .collect();
        let html = format!(
            "<html><head><title>Kopfhörer</title></head><body><div><h1>Die besten Kopfhörer</h1>{story}{products}\
             </div></body></html>"
        );
        assert_text(&extract(&html, page.as_ref()).text, &["Kopfhörer 1", "Modell 3 gefällt"], &[]);
        // A section's front page (no <h1>) is teasers all through: they are its text.
        let html = format!("<html><head><title>Region</title></head><body><div>{teasers}</div></body></html>");
        assert_text(&extract(&html, page.as_ref()).text, &["Meldung 1", "Vorspann"], &[]);
    }

    #[test]
    fn dated_picture_cards_for_other_stories_go_with_their_heading() {
        let story = "<p>The harbour wall reopened on Tuesday after two years of repairs, and the first ferries \
                     tied up beside it within the hour.</p>"
            .repeat(4);
        // Cards whose titles are no links (an app opens them): a picture, a title, a date.
        let cards: String = (1..=3)
            .map(|i| {
                format!(
                    "<li><img src=\"/t/{i}.jpg\"><h5>Other story number {i}</h5><p><time>2019-09-0{i}</time>\
                     <span>{i}</span></p><a data-href=\"app://story/{i}\"></a></li>"
                )
            })
            .collect();
        let page = Url::parse("https://harbour.test/wall").ok();
        let html = format!(
            "<html><head><title>Wall</title></head><body><div class=\"main\"><section><h1>The wall reopens</h1>\
             <article>{story}</article></section><section><h4><span>More stories</span></h4><ul>{cards}</ul>\
             </section><section><h4><span>Also read</span></h4><ul>{cards}</ul></section></div></body></html>"
        );
        // Read as a container the page names (the pass Readability's choice also goes through).
        let read = |html: &str| {
            container_text(&Elements::of(&Document::from(html)), ".main", page.as_ref(), None).unwrap_or_default()
        };
        assert_text(&read(&html), &["harbour wall reopened"], &["Other story", "More stories", "Also read"]);
        // And on a page whose headline is no <h1>: a card is a picture, a title and a date
        // whatever the headline is marked up as.
        let html = format!(
            "<html><head><title>Wall</title></head><body><div class=\"main\"><div class=\"title\">The wall reopens\
             </div>{story}<div><h4>Members</h4><ul>{cards}</ul></div></div></body></html>"
        );
        assert_text(&read(&html), &["harbour wall reopened"], &["Other story"]);
        // The story's own dated photos, with captions, and a timeline without pictures stay.
        let photos: String = (1..=3)
            .map(|i| {
                format!(
                    "<div><img src=\"/p/{i}.jpg\"><p>Workers lift stone block {i} into place on the northern \
                     quay, where the old wall gave way in the storm.</p><span>2019-09-0{i}</span></div>"
                )
            })
            .collect();
        let timeline: String =
            (1..=3).map(|i| format!("<li><b>Step {i}</b> begins <span>2019-09-0{i}</span></li>")).collect();
        let html = format!(
            "<html><head><title>Wall</title></head><body><div class=\"main\"><h1>The wall reopens</h1>{story}\
             {photos}<ul>{timeline}</ul></div></body></html>"
        );
        assert_text(&read(&html), &["stone block 3", "Step 2 begins"], &[]);
    }

    #[test]
    fn readers_comments_are_left_out_in_any_language_however_long_the_thread() {
        let story = "<p>Die Stadtwerke wollen die Preise für Fernwärme im kommenden Jahr anheben, und die \
                     Mieter des Viertels haben schon gestern dagegen protestiert.</p>"
            .repeat(4);
        let thread = "<div class=\"kommentar\"><div>Leser schrieb am 3.5.2024:</div><p>Das ist doch eine \
                      Frechheit, die Preise steigen jedes Jahr und niemand kontrolliert die Stadtwerke.</p></div>"
            .repeat(8);
        for (id, name) in
            [("kommentare", "Kommentare"), ("commentaires", "Commentaires"), ("article-comments", "Comments")]
        {
            let html = format!(
                r#"<html><head><title>Fernwärme wird teurer</title></head><body><div id="inhalt">
                <h1>Fernwärme wird teurer</h1>{story}</div><div id="{id}"><h2>{name} (8)</h2>{thread}</div></body></html>"#
            );
            let a = extract(&html, Url::parse("https://stadt.test/lokales/fernwaerme").ok().as_ref());
            assert_text(&a.text, &["Mieter des Viertels"], &["Frechheit", "Leser schrieb"]);
        }
        // A wrapper flagged as taking comments holds the story, not them.
        let html = format!(
            r#"<html><head><title>Fernwärme</title></head><body><h1>Fernwärme wird teurer</h1>
            <div class="story has-comments comments-open">{story}</div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://stadt.test/lokales/fernwaerme").ok().as_ref());
        assert_text(&a.text, &["Mieter des Viertels"], &[]);
        // An opinion piece is a Kommentar: one that holds the headline is the article.
        let html = format!(
            r#"<html><head><title>Zu teuer</title></head><body><div class="kommentare-rubrik">
            <h1>Zu teuer</h1>{story}</div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://stadt.test/meinung/zu-teuer").ok().as_ref());
        assert_text(&a.text, &["Mieter des Viertels"], &[]);
    }

    #[test]
    fn readers_comments_under_a_heading_that_names_them_are_left_out() {
        let story = harbour_story();
        let entry = "<div class=\"r\"><b>Reader</b> says: <p>This wall is a waste of money and the council \
                     should have asked the people who live by the harbour before spending a penny on it.</p></div>";
        let thread = entry.repeat(6);
        for heading in
            ["Responses", "6 Comments", "Comments (6)", "6 thoughts on “Harbour wall approved”", "Kommentare"]
        {
            // Unnamed boxes: the thread's own block, opened by its heading...
            let html = format!(
                r#"<html><head><title>Harbour wall approved</title></head><body><div class="w"><div class="m">
                <h1>Harbour wall approved</h1>{story}</div><div class="c"><h3>{heading}</h3>{thread}</div></div></body></html>"#
            );
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_text(&a.text, &["fishing boats"], &["waste of money", heading]);
            // ...or the heading and the entries after it, in the story's block.
            let html = format!(
                r#"<html><head><title>Harbour wall approved</title></head><body><div class="m">
                <h1>Harbour wall approved</h1>{story}<h3>{heading}</h3><ol><li>{entry}</li><li>{entry}</li></ol></div></body></html>"#
            );
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_text(&a.text, &["fishing boats"], &["waste of money"]);
        }
        // A section of the story headed so, in paragraphs, is the story's.
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><div class="m">
            <h1>Harbour wall approved</h1>{story}<h2>Responses</h2><p>The fishermen's union welcomed the vote, saying the \
            wall would keep boats safe.</p><p>The ferry company said it would study the plans before it said more.</p></div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats", "fishermen's union", "ferry company"], &[]);
    }

    #[test]
    fn a_box_where_the_site_or_the_blogger_speaks_of_themselves_is_left_out() {
        let story = harbour_story();
        let about = "Der Hafenbote ist die unabhängige Zeitung für die Küste und erscheint seit 1952 jeden \
                     Mittwoch und Samstag mit Nachrichten aus Politik, Wirtschaft, Kultur und Sport.";
        for heading in ["Über uns", "About us", "About me", "Qui sommes-nous ?", "Chi siamo", "O nas"] {
            let html = format!(
                r#"<html><head><title>Harbour wall approved</title></head><body><div class="w"><div class="m">
                <h1>Harbour wall approved</h1>{story}</div><div class="b"><h3>{heading}</h3><p>{about}</p></div>
                </div></body></html>"#
            );
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_text(&a.text, &["fishing boats"], &["unabhängige Zeitung", heading]);
        }
        // The site's own page about itself is the story.
        let html = format!(
            r#"<html><head><title>Über uns</title></head><body><div class="w"><div class="m">
            <h2>Über uns</h2><p>{about}</p>{story}</div></div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/ueber-uns").ok().as_ref());
        assert_text(&a.text, &["unabhängige Zeitung", "fishing boats"], &[]);
    }

    #[test]
    fn a_box_opened_by_a_heading_that_names_other_stories_is_left_out() {
        let story = harbour_story();
        let teaser = |title: &str, more: &str| {
            format!(
                "<div class=\"t\"><p><img src=\"/img/{title}.png\"><strong>{title}</strong> The ferry company has \
                 announced new summer timetables for the island routes, with two more sailings every day from June \
                 and a later last boat at weekends. <a href=\"/news/{title}\">{more}</a></p></div>"
            )
        };
        for (heading, more) in [("推荐阅读", "【详细】"), ("Related stories", "More"), ("Lire aussi", "Lire la suite")]
        {
            let cards = format!("{}{}", teaser("Ferries", more), teaser("Timetables", more));
            // Its heading alone in a box of its own, or the box's first element.
            for head in [format!("<div class=\"hd\"><h2>{heading}</h2></div>"), format!("<h3>{heading}</h3>")] {
                let html = format!(
                    r#"<html><head><title>Harbour wall approved</title></head><body><div class="w"><div class="m">
                    <h1>Harbour wall approved</h1>{story}</div><div class="b">{head}{cards}</div></div></body></html>"#
                );
                let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
                assert_text(&a.text, &["fishing boats"], &["summer timetables", heading]);
            }
        }
        // A box that holds the story is the story's, whatever heading opens it.
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><div class="w"><div class="m">
            <h3>Related stories</h3><h1>Harbour wall approved</h1>{story}</div></div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats"], &[]);
        // So is a box whose heading names the story's own section.
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><h1>Harbour wall approved</h1><div class="m">
            <div><h3>Story highlights</h3><ul><li>The council approved the harbour wall on Tuesday night</li>
            <li>The new wall will cost four million pounds</li></ul></div>{story}</div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats", "four million pounds"], &[]);
        // Set in the story's own box, the heading goes with the list of headlines under it,
        // linked or not; not with a paragraph, nor with a list of the story's own points.
        let page = |after: &str| {
            format!(
                r#"<html><head><title>Harbour wall approved</title></head><body><article>
                <h1>Harbour wall approved</h1>{story}{after}</article></body></html>"#
            )
        };
        let url = Url::parse("https://harbour.test/news/wall").ok();
        for list in [
            "<h3>Meistgelesen</h3><ol><li>Sturm legt Fähre lahm</li><li>Neue Bäckerei am Kai</li></ol>",
            r#"<h3>Most read</h3><ul><li><a href="/a">Storm closes ferry</a></li><li><a href="/b">Bakery opens</a></li></ul>"#,
            // A list of one headline, a link.
            r#"<h3>Ti potrebbe interessare anche</h3><ul><li><a href="/a">Storm closes ferry</a></li></ul>"#,
            // Under a list's label ("More from …"), linked headlines.
            r#"<h2>More from Harbour News</h2><ul><li><a href="/a">Storm closes ferry</a></li></ul>"#,
        ] {
            let a = extract(&page(list), url.as_ref());
            assert_text(&a.text, &["fishing boats"], &["Fähre", "ferry", "Bakery", "Bäckerei"]);
        }
        let points = "<h3>Related</h3><ul><li>The council approved the harbour wall on Tuesday night after the vote was \
            delayed twice by the storms that hit the coast</li><li>The new wall will cost four million pounds</li></ul>";
        let a = extract(&page(points), url.as_ref());
        assert_text(&a.text, &["fishing boats", "four million pounds"], &[]);
        let point = "<h3>Related</h3><ul><li>The new wall will cost four million pounds</li></ul>";
        let a = extract(&page(point), url.as_ref());
        assert_text(&a.text, &["fishing boats", "four million pounds"], &[]);
        // A list's label over the story's own points, not linked, leaves them.
        let points = "<h2>More on the wall</h2><ul><li>The new wall will cost four million pounds</li>\
            <li>Work starts in the spring</li></ul>";
        let a = extract(&page(points), url.as_ref());
        assert_text(&a.text, &["fishing boats", "four million pounds", "Work starts in the spring"], &[]);
    }

    #[test]
    fn a_heading_with_nothing_after_it_does_not_end_the_text() {
        let story = harbour_story();
        // A box a script fills, emptied: its heading is left last, alone.
        for end in [
            r#"<h3>Gallery</h3><div class="slides"></div>"#,
            r#"<section class="rel-list"><h4><span>APP精彩推荐</span></h4></section>"#,
            r#"<h2>Lineup</h2><div><h3>Main stage</h3></div>"#,
        ] {
            let html = format!(
                r#"<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>
                <h2>The vote</h2>{story}{end}</article></body></html>"#
            );
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_text(&a.text, &["The vote", "fishing boats"], &["APP精彩推荐", "Gallery", "Lineup", "Main stage"]);
            assert!(a.text.ends_with("must shelter."), "{}", a.text);
        }
        // Headings over pictures are the story's.
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>
            {story}<h3>The old wall</h3><img src="/img/1.jpg"><h3>The new wall</h3><img src="/img/2.jpg"></article></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats", "The old wall", "The new wall"], &[]);
    }

    #[test]
    fn code_broken_into_lines_by_br_keeps_its_lines() {
        let story = harbour_story();
        let html = format!(
            "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
             {story}<p>The script reads the tide table:</p><pre><code><span>import</span> json<br><span>import</span> \
             tides<br><br>table = tides.load()<br></code></pre>{story}</article></body></html>"
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["import json\n", "import tides\n", "table = tides.load()"], &["jsonimport"]);
    }

    #[test]
    fn documentation_pages_lose_their_permalinks_and_keep_their_code_lines() {
        // As Sphinx prints a page: a permalink mark in each heading, code in <pre> set in
        // lines by newlines; read both through the marked-up body and without it.
        let story = harbour_story();
        for body in
            [r#"<div itemscope itemtype="http://schema.org/Article"><div itemprop="articleBody">"#, "<div><div>"]
        {
            let html = format!(
                "<html><head><title>Configuring the scheduler &mdash; Quayctl 2.4 documentation</title></head><body>{body}\
                 <h1>Configuring the scheduler<a class=\"headerlink\" href=\"#configuring\">¶</a></h1>{story}\
                 <h2>Berths<a class=\"headerlink\" href=\"#berths\">#</a></h2><p>Each berth is a table:</p>\
                 <div class=\"highlight\"><pre><span>[[berth]]</span>\n<span>name</span> = \"north\"\nlength = 240\n</pre></div>\
                 {story}</div></div></body></html>"
            );
            let a = extract(&html, Url::parse("https://quayctl.test/en/latest/config.html").ok().as_ref());
            assert_eq!(a.title.as_deref(), Some("Configuring the scheduler"), "{body}");
            assert_text(
                &a.text,
                &["Berths\n", "[[berth]]\n", "name = \"north\"\n", "length = 240"],
                &["¶", "#", "240 "],
            );
        }
        // A mark that is a link's own words, or a link elsewhere, stays.
        let html = format!(
            "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
             {story}<p>See <a href=\"#notes\">the notes</a> and the <a href=\"/tags/c\">#</a> tag.</p>{story}</article></body></html>"
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["See the notes and the # tag."], &[]);
    }

    #[test]
    fn captions_set_without_figure_markup_are_left_out() {
        let story = harbour_story();
        for caption in [
            r#"<p><img src="/img/wall.jpg"><br><em>Council members listen to residents at the hearing.</em></p>"#,
            r#"<p><a href="/img/wall-big.jpg"><img src="/img/wall.jpg"></a><br><br><i>Council members listen to residents at the hearing.</i></p>"#,
            r#"<div class="img-desc">Council members listen to residents at the hearing.</div>"#,
            r#"<p class="photo-description">Council members listen to residents at the hearing.</p>"#,
        ] {
            let html = format!(
                "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
                 {story}{caption}{story}</article></body></html>"
            );
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_text(&a.text, &["fishing boats"], &["listen to residents"]);
        }
        // A paragraph that opens with a small picture and goes on is the story's.
        let html = format!(
            "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
             {story}<p><img src=\"/icons/quote.png\"> Council members listened to residents at the hearing, \
             and <em>then</em> voted.</p>{story}</article></body></html>"
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats", "listened to residents"], &[]);
    }

    #[test]
    fn a_table_of_contents_is_left_out_but_a_heading_linking_back_to_it_stays() {
        let story = harbour_story();
        let html = format!(
            r##"<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>
            <div id="ez-toc-container"><p class="ez-toc-title">Table of Contents</p><ul><li><a href="#vote">The vote</a></li>
            <li><a href="#cost">The cost of the new wall</a></li></ul></div>
            <h2 id="vote"><a class="toc-backref" href="#top">The vote</a></h2>{story}
            <h2 id="cost"><a class="toc-backref" href="#top">The cost of the new wall</a></h2>{story}</article></body></html>"##
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_text(&a.text, &["fishing boats", "The vote", "The cost of the new wall"], &["Table of Contents"]);
        assert_eq!(a.text.matches("The cost of the new wall").count(), 1, "{}", a.text);
    }

    fn harbour_story() -> String {
        "<p>The council approved the new harbour wall on Tuesday after three years of \
         debate about its height, its cost and the fishing boats it must shelter.</p>"
            .repeat(4)
    }

    #[test]
    fn what_sits_beside_an_article_is_left_out_of_its_text() {
        let story = harbour_story();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><main><div class="story">
            <nav><ul><li><a href="/a">Editions:</a></li><li><a href="/b">North coast</a></li></ul></nav>
            <figure><img src="/wall.jpg"><figcaption>The old wall in winter. Photo: Jo Bloggs</figcaption></figure>
            <p>Updated: <time datetime="2024-03-05T10:21">Tuesday 5 March 2024, 10:21</time></p>
            <div class="post-date">Tue, 2024-03-05 09:00</div>
            {story}
            <p>The vote was taken on <time datetime="2024-03-05">5 March</time> by nine councillors to two.</p>
            <div class="image-credit">Harbour Agency/Getty Images</div>
            <div class="share-bar">Share on Facebook Share on X</div>
            <ul class="article-tags"><li>Harbours</li><li>Council</li></ul>
            <div class="newsletter-signup">Get the morning briefing in your inbox</div>
            <div class="util-bar-module-ugc"><span>Add Videos or Photos</span><p>Be first to contribute</p></div>
            <ul><li><a href="/one">Ferry timetable changes for winter</a></li><li><a href="/two">Lifeboat crew honoured</a></li></ul>
            <p>Read more: <a href="/three">Storm closes the coast road</a></p>
            <p><strong>Related</strong> <a href="/four">Harbour master retires after forty years</a></p>
            <p>The plans are <a href="/plans">on the council's website</a> for anyone to read.</p>
            <h2 id="sharing-the-cost">Sharing the cost</h2>
            <p>The wall will be paid for by the port and the county together, half each.</p>
            <ul><li><a href="https://port.test/plan.pdf">https://port.test/plan.pdf</a></li><li><a href="https://county.test/vote">https://county.test/vote</a></li></ul>
            <p>ADVERTISEMENT</p><p>Story continues below advertisement</p>
            <p>الأربعاء، 6 آذار 2024، آخر تحديث 11:40 (GMT+0400)</p><p>Share</p><p>Visto 314 veces</p><p>4 min read</p><p>Harbourtown News —</p><p>(END)</p>
            <p>Twitter: https://twitter.com/harbournews</p><p>Our wall plans were shared on facebook.com/harbourtown by the council.</p>
            <p>Instagram: @harbournews</p><p>The mayor, @mayor_jo on Instagram, wrote that the wall is the town's best investment in a century.</p>
            <figure><img src="/dawn.jpg"><p>The harbour at dawn. Photo: Ann Lee</p></figure>
            <figure><table><tr><td>Cost per metre of wall</td></tr></table></figure>
            <p>The harbour master said:</p>
            <p>The first ferry will use the new berth at 06:15 on 2 April 2025.</p>
            <pre>2024-03-05 10:25:00 | vote | 9 to 2</pre>
            <p>12</p><p>© 2024 Harbour News. All rights reserved.</p><p>desk@harbournews.test</p><p>See more photos:</p>
            </div></main></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(
            &a.text,
            &[
                "three years of debate",
                "Sharing the cost",
                "half each",
                "https://port.test/plan.pdf",
                "taken on 5 March by nine",
                "on the council's website",
                "Cost per metre",
                "at 06:15 on 2 April 2025.",
                "2024-03-05 10:25:00 | vote",
                "shared on facebook.com/harbourtown by",
                "@mayor_jo on Instagram",
                "The harbour master said:",
            ],
            &[
                "North coast",
                "Jo Bloggs",
                "Getty Images",
                "Share on",
                "Harbours",
                "morning briefing",
                "first to contribute",
                "Ferry timetable",
                "All rights reserved",
                "Updated:",
                "10:21",
                "09:00",
                "desk@harbournews.test",
                "Storm closes",
                "forty years",
                "ADVERTISEMENT",
                "continues below",
                "11:40",
                "Harbourtown News",
                "(END)",
                "twitter.com/harbournews",
                "@harbournews",
                "See more photos",
                "Share",
                "314",
                "min read",
                "Ann Lee",
            ],
        );
        assert!(!a.text.split("\n\n").any(|l| l == "12"), "{}", a.text);
    }

    #[test]
    fn a_list_of_links_goes_with_the_heading_over_it() {
        let story = harbour_story();
        let links = r#"<ul><li><a href="/one">Ferry timetable changes for winter</a></li><li><a href="/two">Lifeboat crew honoured</a></li></ul>"#;
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><article>
            {story}
            <h3>Lue myös</h3>{links}
            <p>The wall will be paid for by the port and the county together, half each.</p>
            <p><strong>Dalším čtení</strong></p><div></div>{links}
            <h2>Sharing the cost</h2>
            <p>The port pays for the stone and the county for the labour, the council said.</p>
            <h3>What the council decided</h3>
            <ul><li>Nine votes to two for the wall</li><li>Work starts in the spring</li></ul>
            <p>The vote was close in the end.</p>{links}
            <h3 class="related-title">Mehr zum Hafen</h3>{links}
            </article></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(
            &a.text,
            &[
                "half each",
                "Sharing the cost",
                "the county for the labour",
                "What the council decided",
                "Nine votes to two",
                "The vote was close in the end.",
            ],
            &["Lue myös", "Dalším čtení", "Ferry timetable", "Lifeboat crew", "Mehr zum Hafen"],
        );
    }

    #[test]
    fn a_table_of_links_a_row_each_is_a_list_but_a_data_table_of_links_stays() {
        let story = "<p>国家统计局30日发布数据显示，今年上半年全国规模以上工业增加值同比增长6.2%，比一季度加快0.4个百分点。</p>\
                     <p>分行业看，41个大类行业中有35个行业增加值保持同比增长，其中电子设备制造业增长11.3%。</p>\
                     <p>国家统计局新闻发言人表示，当前经济运行总体平稳，但外部环境依然复杂严峻，国内需求仍显不足。</p>\
                     <p>专家认为，下半年随着各项政策措施落地见效，工业生产有望继续保持稳定增长态势。</p>";
        let tables = r#"<table><tr><th>行业</th><th>数据</th></tr>
            <tr><td>电子设备</td><td><a href="/e">增长11.3%</a></td></tr>
            <tr><td>汽车制造</td><td><a href="/c">增长8.7%</a></td></tr></table>
            <table><tr><td><b>相关新闻</b></td></tr>
            <tr><td>·<a href="/a">统计局：6月份CPI同比上涨0.2%</a></td><td>2024-07-10</td></tr>
            <tr><td>·<a href="/b">上半年国内生产总值同比增长5.0%</a> 2024-07-15</td></tr>
            <tr><td>·<a href="/r">6月份社会消费品零售总额增长2.0%</a> 2024-07-15</td></tr></table>"#;
        let html = format!(
            r#"<html><head><meta charset="utf-8"><title>上半年规模以上工业增加值同比增长6.2%</title></head><body>
            <table><tr><td><a href="/">首页</a> | <a href="/fortune">财经</a></td></tr></table>
            <table><tr><td><h1>上半年规模以上工业增加值同比增长6.2%</h1>{story}{tables}</td></tr></table>
            </body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/fortune/2024-07/30/c_1.htm").ok().as_ref());
        assert_text(
            &a.text,
            &["加快0.4个百分点", "稳定增长态势", "电子设备", "增长8.7%"],
            &["相关新闻", "CPI", "国内生产总值"],
        );
    }

    #[test]
    fn a_list_citing_other_sites_is_the_storys() {
        let story = harbour_story();
        let cited = r#"<ul><li><a href="https://bugs.example/1677080">Bug 1677080 – Fullscreen window is affected by switching video source</a></li>
            <li><a href="https://bugs.example/1677107">Bug 1677107 – Add telemetry for tracking window usage</a></li></ul>"#;
        let own = r#"<ul><li><a href="https://www.news.test/one">Ferry timetable changes for the winter months</a></li>
            <li><a href="https://sport.news.test/two">Lifeboat crew honoured at the harbour gala</a></li></ul>"#;
        let social = r#"<ul><li><a href="https://social.example/harbour">Facebook</a></li><li><a href="https://video.example/harbour">YouTube</a></li></ul>"#;
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title><link rel="canonical" href="https://www.news.test/harbour"></head>
            <body><article>{story}<p>In progress:</p>{cited}<p>The wall will be paid for by the port and the county together.</p>
            {own}<p>The vote was close in the end, the council said on Tuesday.</p>{social}</article></body></html>"#
        );
        // Read from a copy kept elsewhere: the page's canonical link names its site.
        let a = extract(&html, Url::parse("https://copy.example/page.html").ok().as_ref());
        assert_text(
            &a.text,
            &["Bug 1677080 – Fullscreen window", "Bug 1677107 – Add telemetry", "The vote was close"],
            &["Ferry timetable changes", "Lifeboat crew honoured", "Facebook", "YouTube"],
        );
    }

    #[test]
    fn a_wrapper_holding_the_story_stays_whatever_its_class_says() {
        // The story is less than a third of the page's text (long menus and a footer), and
        // its wrapper's class names a share script's hook: it is still the story.
        let story = harbour_story().repeat(3);
        let menu: String =
            (0..60).map(|i| format!(r#"<li><a href="/s{i}">Section number {i} of the site</a></li>"#)).collect();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body>
            <div class="top"><ul>{menu}</ul></div>
            <div id="real" class="js_img_share_area"><div class="share-box">Share</div>{story}</div>
            <div class="bottom"><p>About us, jobs, advertising, privacy and the terms of use of this site, all of them linked from here.</p><ul>{menu}</ul></div>
            </body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(&a.text, &["fishing boats it must shelter"], &["Section number"]);
    }

    #[test]
    fn comments_navigation_and_hidden_blocks_are_left_out() {
        let story = harbour_story();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><div class="post">
            <div class="info-item authors"><strong>Authors:</strong> <a href="/a/jo">Jo Bloggs</a></div>
            {story}
            <div class="d-none d-md-block"><p>Wall tables for the desktop view.</p></div>
            <p class="d-md-none">Swipe the table for more rows.</p>
            <span class="sr-only">Opens in a new window</span>
            <div class="nav-link-box"><ul><li><a href="/about">About us</a> | <a href="/ads">Advertising</a></li>
            <li><a href="/jobs">Jobs</a> | <a href="/help">Help</a></li></ul></div>
            <div class="post_comment"><p>Great news for the town, at long last!</p><p>What about the car park?</p></div>
            </div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(
            &a.text,
            &["fishing boats it must shelter", "Wall tables for the desktop view."],
            &["Jo Bloggs", "Swipe the table", "Opens in a new window", "About us", "Jobs", "Great news", "car park"],
        );
    }

    #[test]
    fn a_typo_report_widget_is_left_out() {
        let story = harbour_story();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><article>
            {story}
            <div class="article__report"><strong>Kļūda rakstā?</strong>
            <p>Iezīmējiet tekstu un spiediet <span>Ctrl+Enter</span>, lai nosūtītu labojamo teksta fragmentu redaktoram!</p></div>
            </article></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(&a.text, &["fishing boats it must shelter"], &["Kļūda", "Ctrl+Enter"]);
        // A story that ends on a question keeps it; so does a line on the shortcut in prose.
        let ends_asking =
            format!("{story}<p>Press Ctrl + Enter to send the form, the manual says, and wait.</p><p>Who pays?</p>");
        let a = extract(&format!("<html><body><article>{ends_asking}</article></body></html>"), None);
        assert_text(&a.text, &["Who pays?"], &[]);
    }

    #[test]
    fn captions_written_without_a_figure_are_left_out() {
        let story = harbour_story();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><div class="story">
            <div class="article-image"><img src="/wall.jpg" alt="The old wall"><p>The old wall in winter</p></div>
            <p>The harbour master walked the length of the old wall before the vote.
            <div class="image-large"><img src="/crane.jpg"><span>Cranes at the quay</span></div>The new wall will stand a metre higher.</p>
            {story}
            <img src="/boats.jpg" alt="Fishing boats sheltering behind the wall"><div class="clear"></div>
            <div>Fishing boats sheltering behind the wall. Harbour Agency</div>
            <ul><li>Fishing boats in 2020: three of them were lost in storms that year.</li></ul>
            <figure><img src="/storm.jpg" alt="Fishing boats in 2020"></figure>
            <img src="/plan.jpg" alt="Sharing the cost of the wall"><h2 class="subhead">Sharing the cost of the wall</h2>
            <div class="photo-essay"><img src="/quay.jpg"><p>The quay has flooded nine times since 2010, and each time the
            fish market closed for a week while the water was pumped out and the stalls were rebuilt by the traders
            themselves, at a cost the council has never repaid to any of them.</p></div>
            <p>Illustration by Sam Drew</p><p>REUTERS/Jo Bloggs</p>
            <p>Reuters reported that the port will pay half of the cost of the wall.</p>
            <p>政府は新しい防波堤の建設を承認し、港の漁船を守るために三年間の議論を経て高さと費用を決定したと発表した。(c)AFP/Harbour Agency</p>
            <div class="field field-label-above"><div class="field-label">Episode Description:</div><div class="field-items">The mayor on the vote.</div></div>
            <div class="entry-toolbar">Add to Timeline</div><div class="tool_textsize">Text Size</div>
            <div class="tool_datetime">Published: Tuesday, 5 Mar 2024 | 4:35 PM ET</div>
            <div class="author">Jo Bloggs writes about the coast for Harbour News.</div>
            </div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(
            &a.text,
            &[
                "walked the length of the old wall before the vote.",
                "The new wall will stand a metre higher.",
                "three of them were lost",
                "Sharing the cost of the wall",
                "flooded nine times",
                "Reuters reported",
                "(c)AFP/Harbour Agency",
                "The mayor on the vote.",
            ],
            &[
                "in winter",
                "Cranes at the quay",
                "wall. Harbour Agency",
                "sheltering behind",
                "Sam Drew",
                "REUTERS/Jo Bloggs",
                "Episode Description",
                "Add to Timeline",
                "Text Size",
                "4:35 PM",
                "writes about the coast",
            ],
        );
        // A caption box between two sentences leaves them two paragraphs.
        assert!(a.text.contains("before the vote.\n\nThe new wall"), "{}", a.text);
    }

    #[test]
    fn a_notice_pointing_to_the_sites_policies_is_left_out() {
        let story = harbour_story();
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body><div id="story">
            <h1>Harbour wall approved</h1>{story}
            <p>The port's operator changed <a href="https://port.test/privacy">its privacy policy</a> to cover the new cameras.</p>
            <p>Earlier: <a href="/2024/03/privacy-fears-over-harbour-cameras-grow-among-fishermen">fishermen fear the cameras</a>, the harbour master said, and so do the ferry crews who berth there.</p>
            <div style="padding:10px 0"><p>We welcome debate. Please read our <a href="/community_guidelines.html">guidelines</a> and
            our <a href="https://www.news.test/privacy.html">privacy policy</a> before you comment.</p>
            <p>The views below are the commenters' own.</p></div>
            <p>Registration on or use of this site constitutes acceptance of our
            <a href="https://news.test/user-agreement/">User Agreement</a>.</p>
            </div></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        assert_text(
            &a.text,
            &["three years of debate", "its privacy policy", "fishermen fear the cameras"],
            &["We welcome debate", "views below", "User Agreement"],
        );
        assert!(is_policy_page("/service/privacy-policy-a6184181.html", None));
        let page = Url::parse("https://news.test/harbour").ok();
        assert!(is_policy_page("https://edition.news.test/terms-of-use#site", page.as_ref()));
        assert!(!is_policy_page("https://other.test/terms-of-use", page.as_ref()));
        assert!(!is_policy_page("/tech-policy/", None));
    }

    #[test]
    fn a_label_repeated_by_a_widget_is_left_out() {
        let lines = [
            "Storm closes the coast road",
            "Weather threatens holiday plans",
            "Weather threatens holiday plans",
            "Weather threatens holiday plans",
            "The road reopened at noon.",
            "I would prefer not to.",
            "I would prefer not to.",
            "I would prefer not to.",
            "new",
            "new",
            "new",
            "Two times over",
            "Two times over",
        ];
        let kept = without_repeated_labels(&lines);
        assert!(!kept.contains(&"Weather threatens holiday plans"), "{kept:?}");
        assert_eq!(kept.iter().filter(|l| **l == "I would prefer not to.").count(), 3, "a sentence stays");
        assert_eq!(kept.iter().filter(|l| **l == "new").count(), 3, "a word alone stays");
        assert_eq!(kept.iter().filter(|l| **l == "Two times over").count(), 2, "two repeats stay");
        assert_eq!(kept.len(), lines.len() - 3);
    }

    #[test]
    fn a_run_of_a_sentence_stays_in_it_whatever_its_class_says() {
        let page = r#"<html><head><title>Sanctions lifted</title></head><body><article><h1>Sanctions lifted</h1>
            <p><span class="dateline">LONDON —</span> The government plans to reverse its position on <a class="meta-loc" href="/topics/sudan">Sudan</a> and lift trade sanctions, officials said late on Thursday.</p>
            <p>In return, Sudan will stop supporting rebels in <a class="related-link" href="/topics/south-sudan">South Sudan</a>, as <span class="byline">the envoy</span> told reporters on Friday.</p>
            <p><a class="related-link" href="/2016/12/other-story">Related: Envoy visits the border</a></p>
            <p>The talks are expected to resume in the spring, after a review of the first months.</p></article></body></html>"#;
        let text = extract(page, None).text;
        assert!(text.starts_with("LONDON — The government plans to reverse its position on Sudan and lift"), "{text}");
        assert!(text.contains("stop supporting rebels in South Sudan, as the envoy told reporters"), "{text}");
        assert!(!text.contains("Envoy visits the border"), "a link alone in its paragraph is a teaser: {text}");
    }

    #[test]
    fn marks_that_only_break_or_join_lines_leave_words_whole() {
        let page = "<html><head><title>Bundes&shy;regierung beschließt Haus&shy;halt</title></head><body><article>\
            <h1>Bundes&shy;regierung beschließt Haus&shy;halt</h1><p>Die Bundes&shy;regierung hat am Dienstag einen \
            neuen Haus&shy;halt beschlossen, der mehr Geld für Schulen und Stra&#8203;ßen vorsieht, und das Par&#8288;lament \
            stimmt im April ab.</p><p>می\u{200c}خواهم and 👩\u{200d}🔬 keep their joiners.</p></article></body></html>";
        let a = extract(page, None);
        assert_eq!(a.title.as_deref(), Some("Bundesregierung beschließt Haushalt"));
        assert!(
            a.text.starts_with("Die Bundesregierung hat am Dienstag einen neuen Haushalt beschlossen"),
            "{}",
            a.text
        );
        assert!(a.text.contains("Straßen") && a.text.contains("Parlament"), "{}", a.text);
        assert!(a.text.contains("می\u{200c}خواهم") && a.text.contains("👩\u{200d}🔬"), "{}", a.text);
        assert_eq!(crate::parse::without_invisible_marks("a \u{ad} b  c".to_owned()), "a b  c");
    }

    #[test]
    fn joomlas_box_of_particulars_is_no_part_of_the_text() {
        let story = "The garden opened its new greenhouse on Saturday, after two years of fundraising by the families who tend its forty beds.";
        let page = format!(
            r#"<html><body><div class="item-page"><h2 itemprop="headline">Garden opens greenhouse</h2>
            <dl class="article-info muted"><dt class="article-info-term">Details</dt><dd class="createdby">Written by Admin</dd>
            <dd class="category-name">Category: News</dd><dd class="hits">Hits: 1234</dd></dl>
            <div itemprop="articleBody"><p>{story}</p><p>{story}</p></div></div>
            <div class="article-info"><p>{story} It holds the story.</p></div></body></html>"#
        );
        let text = extract(&page, None).text;
        assert!(text.starts_with("The garden opened"), "{text}");
        for furniture in ["Details", "Hits", "Written by", "Category"] {
            assert!(!text.contains(furniture), "{furniture}: {text}");
        }
        // A box of another element so named is not Joomla's.
        let other = format!(
            r#"<html><body><h1>Garden</h1><div class="article-info"><p>{story}</p><p>{story}</p></div></body></html>"#
        );
        assert!(extract(&other, None).text.contains("forty beds"));
    }

    #[test]
    fn offline_a_page_reads_its_relative_links_against_its_own_canonical_address() {
        let page = |head: &str| {
            format!(
                r#"<html><head><title>Harbour wall approved</title>{head}<meta property="og:image" content="/img/wall.jpg"></head>
                <body><h1>Harbour wall approved</h1><p>The council approved the harbour wall on Tuesday after a long debate about its cost and its height.</p></body></html>"#
            )
        };
        let image = |head: &str| extract(&page(head), None).images.first().map(|i| i.url.clone());
        assert_eq!(
            image(r#"<link rel="canonical" href="https://port.test/news/wall">"#).as_deref(),
            Some("https://port.test/img/wall.jpg")
        );
        assert_eq!(
            image(r#"<meta property="og:url" content="https://port.test/news/wall">"#).as_deref(),
            Some("https://port.test/img/wall.jpg")
        );
        assert_eq!(image(""), None, "no address to read it against");
        // The address given wins over the page's own.
        let given = Url::parse("https://mirror.test/a").unwrap();
        let a = extract(&page(r#"<link rel="canonical" href="https://port.test/news/wall">"#), Some(&given));
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://mirror.test/img/wall.jpg"));
    }

    #[test]
    fn a_furniture_line_is_named_by_the_rule_that_took_it() {
        assert_eq!(furniture_kind("Kommentare (12)"), Some("comment count"));
        // A site's rules for its commenters, its note on the sites it links to, where the
        // writer filed from, and a pointer whose link was its last words.
        for (line, kind) in [
            (
                "Keep it Clean. Please avoid obscene, vulgar, lewd, racist or sexually-oriented language. \
                 PLEASE TURN OFF YOUR CAPS LOCK. Don't Threaten. Threats of harming another person will not be tolerated.",
                "comment rules",
            ),
            ("Comments are moderated. Abusive, defamatory or off-topic comments will be removed.", "comment rules"),
            ("Welcome to the discussion.", "comment call"),
            ("Discuss", "section label"),
            ("Réagissez ou consultez l’ensemble des contributions", "comment call"),
            ("The BBC is not responsible for the content of external sites.", "external links note"),
            ("Reporting from Philadelphia", "reporting from"),
            ("For the top stories in metals and other news, click here.", "click prompt"),
            ("To read the full report, click here", "click prompt"),
            ("Posted: Thursday, October 10, 2024 5:14 pm | Updated: 9:02 am, Fri Oct 11, 2024.", "publication"),
            // Lines of British, American and Australian news sites' widgets and forms.
            ("Share or comment on this article:", "button"),
            ("Sign up to FREE email alerts from Daily Express - Politics", "newsletter"),
            (
                "We will use your email address only for sending you newsletters. Please see our Privacy Notice \
                 for details of your data protection rights.",
                "newsletter",
            ),
            ("Please be respectful when making a comment and adhere to our Community Guidelines", "comment call"),
            ("Follow me on Twitter or LinkedIn. Check out my website.", "follow prompt"),
            ("View this photo on Instagram", "embed placeholder"),
            ("View Entire Post ›", "embed placeholder"),
            (
                "This content is imported from Twitter. You may be able to find the same content in another \
                 format, or you may be able to find more information, at their web site.",
                "embed placeholder",
            ),
            (
                "Don't miss out on the headlines from Politics. Followed categories will be added to My News.",
                "embed placeholder",
            ),
            ("NOW WATCH: Why the Boeing 747 is still flying", "media teaser"),
            ("Contributing: Jane Doe, USA TODAY", "contributors"),
            ("This story has been shared 12,345 times.", "counter"),
            ("Jane Doe/NPR", "credit"),
            ("AP Photo/Jane Doe", "credit"),
            // And of European ones.
            ("Icon: Der Spiegel", "icon label"),
            ("Sie haben bereits ein Konto? Hier anmelden", "sign-in prompt"),
            ("Über dieses Thema berichtete NDR Info am 05. März 2024 um 10:00 Uhr.", "broadcast note"),
            ("Article réservé à nos abonnés", "paywall"),
            ("Abonnez-vous à partir de 1 €", "subscribe prompt"),
            ("Subscribe for $1 a week", "subscribe prompt"),
            ("À voir également : le nouveau pont de Nantes", "teaser"),
            ("À voir également", "section label"),
            ("Tous les commentaires (12)", "comment count"),
            ("Découvrir plus de vidéos", "button"),
            ("Se adhiere a los criterios de The Trust Project", "standards"),
            ("Meer over", "section label"),
            ("Dit artikel is gratis te lezen", "paywall"),
            ("Reportar error", "button"),
            // And of blogs, recipes, public bodies' pages, reviews, shops and forums.
            ("Pin Recipe", "button"),
            ("5 from 12 votes", "votes"),
            ("Did you make this recipe?", "feedback"),
            ("Last reviewed: March 5, 2024", "publication"),
            ("On this page", "section label"),
            ("Is this page useful?", "feedback"),
            ("Report a problem with this page", "button"),
            ("Download PDF (245 KB)", "download"),
            ("Read the full story at The Verge", "full story at"),
            ("Via: Engadget", "source"),
            ("Buy now on Amazon", "shop link"),
            ("$299 at Best Buy", "shop link"),
            ("Check price", "button"),
            ("Share on other sites", "button"),
            ("comments powered by Disqus", "button"),
            ("Hits: 1234", "hits"),
            ("Zugriffe: 12.345", "hits"),
            ("S M T W T F S", "calendar"),
            ("Mo Di Mi Do Fr Sa So", "calendar"),
            ("Recent comments on our stories..", "section label"),
            ("Connect", "section label"),
        ] {
            assert_eq!(furniture_kind(line), Some(kind), "{line}");
        }
        for line in [
            "The board banned obscene and racist posts on its page after a vote on Tuesday.",
            "Comments were moderated by two volunteers, who removed abusive and racist posts.",
            "Police said threats against the mayor will not be tolerated.",
            "Reporting from the front line was dangerous, she said.",
            "The council is not responsible for the content of the plan, the minister said.",
            "He said he would not click here or anywhere else.",
            "Updated figures show 2,400 homes were flooded in 2024.",
            "Israel/Gaza",
            "We will use your feedback to improve the service, the company said.",
            "Contributing to the debate, she said the plan was flawed.",
            "patches, contributing: Reporting bugs",
            "The post has been shared widely since Tuesday.",
            "Follow me, she said, and walked into the water.",
            "Icons of the old town were restored in 2019.",
            "Already a member of the council, she ran for mayor in 2020.",
            "Über dieses Thema wurde im Rat lange gestritten.",
            "Subscribers pay $10 a month for the service.",
            "Meer over de plannen volgt later deze week.",
            "Buy now, pay later schemes have grown fast, regulators said.",
            "$299 at launch, the phone was the cheapest of the three.",
            "Download speeds reached 245 MB a second in the test.",
            "Reviewed by the council in 2023, the plan was dropped.",
            "Read more at your own risk.",
            "Hits: the ten songs of the summer",
            "Greatest hits 2024",
            "I am a big fan of it",
            "Connect the two wires first.",
        ] {
            assert_eq!(furniture_kind(line), None, "{line}");
        }
        // An agency's dateline alone over the story, whichever dash it is written with.
        for line in ["Hamburg (dpa) -", "BERLIN (Reuters) -", "Madrid (EFE).-", "Paris (AFP) —"] {
            assert_eq!(furniture_kind(line), Some("dateline"), "{line}");
        }
        assert_eq!(furniture_kind("Hamburg (dpa) - Der Senat hat am Dienstag den Bau der Mauer beschlossen."), None);
        assert_eq!(furniture_kind("Zh -"), None);
        // What a reader's copy leaves for a player or a post it could not show.
        for line in ["[Embedded content]", " [embed] ", "[Embedded media]"] {
            assert_eq!(furniture_kind(line), Some("placeholder"), "{line}");
        }
        assert_eq!(furniture_kind("[Update: the council has since confirmed the vote.]"), None);
        for line in ["[Gambas:Video 20detik]", "[Audio: Interview]", "[video player]"] {
            assert_eq!(furniture_kind(line), Some("placeholder"), "{line}");
        }
        assert_eq!(furniture_kind("[Video shows the wall collapsing on Tuesday night]"), None);
        // A page's visitor counter, and the actions and the way back to the top of a page.
        for line in [
            "Besucher: 12345",
            "Besucher seit 2003: 12.345",
            "Просмотров: 1234",
            "Sie sind Besucher Nr. 12345",
            "Vous êtes le 12345e visiteur depuis le 1er janvier 2003",
            "You are visitor number 12,345",
            "Diese Seite wurde 12345 mal aufgerufen.",
        ] {
            assert_eq!(furniture_kind(line), Some("visitor counter"), "{line}");
        }
        for line in [
            "Mehr als 5000 Besucher kamen zum Hafenfest.",
            "You are one of 5000 visitors who signed the petition.",
            "Visitors to the harbour can park at the old quay for 2 euros.",
        ] {
            assert!(!is_furniture_line(line), "{line}");
        }
        // A forum's line on a poster, in the languages forums are written in; a sentence
        // that says as much is no such line.
        for line in [
            "heizfreund77 Mitglied seit 2019 Beiträge: 42",
            "Posts: 1,234",
            "Joined: Mar 2019 Posts: 87",
            "Inscrit le 03/05/2019 Messages : 1 234",
            "Mensajes: 512",
            "Сообщений: 1 024",
        ] {
            assert_eq!(furniture_kind(line), Some("poster's stats"), "{line}");
        }
        for line in [
            "She has been a member since 2019.",
            "Er ist Mitglied seit 2019 und leitet den Verein.",
            "Key messages: what the council decided on the 3 proposals, and why it matters for the town's harbour",
        ] {
            assert!(!is_furniture_line(line), "{line}");
        }
        for line in ["Seitenanfang", "Drucken | Weiterempfehlen", "Imprimer cet article", "Artikel versenden"] {
            assert!(is_furniture_line(line), "{line}");
        }
        assert_eq!(furniture_kind("— Safe Streets Now (@safestreets) March 5, 2024"), Some("embed signature"));
        assert_eq!(furniture_kind("Eingestellt von Jana um 10:32"), Some("posted by"));
        assert_eq!(furniture_kind("共享充电宝。视觉中国 资料"), Some("CJK caption"));
        assert_eq!(furniture_kind("The council met on Tuesday to vote on the harbour wall."), None);
        assert_eq!(furniture_kind("📲 Receba as notícias do Jornal do Porto no WhatsApp"), Some("follow prompt"));
        assert_eq!(furniture_kind("👉 Follow us on Instagram"), Some("follow prompt"));
        assert_eq!(furniture_kind("Ακολουθήστε το Λιμάνι News στο Google News"), Some("follow prompt"));
        for prompt in [
            "Follow us on Google News.",
            "Ikuti kami di Google News.",
            "Join our Telegram channel for breaking news.",
            "Simak berita pilihan kami langsung di ponselmu. Pilih saluran andalanmu akses berita Harian Pelabuhan \
             WhatsApp Channel : https://www.whatsapp.com/channel/0029VaFPbedBPzjZ.",
            // The site's news offered on a network, in sentences.
            "Receba as notícias do Jornal da Serra no seu WhatsApp. Clique aqui e entre no nosso canal.",
            "Recibe las noticias de Diario del Sur en tu WhatsApp.",
            "Ricevi le ultime notizie della Gazzetta su Telegram.",
            "Entre no nosso canal do WhatsApp e receba as principais notícias do dia.",
            "Receba as principais notícias do dia no seu WhatsApp. Clique aqui e participe do nosso canal.",
            "Get the latest news from the Harbour Herald on your phone: join our WhatsApp channel.",
            "Erhalten Sie die wichtigsten Nachrichten aus der Region auf Telegram.",
        ] {
            assert_eq!(furniture_kind(prompt), Some("follow prompt"), "{prompt}");
        }
        assert_eq!(furniture_kind("Siga a Maria no Twitter, disse o ministro."), None);
        // The same verbs telling of someone.
        assert_eq!(furniture_kind("Recibe las noticias de su despido por WhatsApp, a las dos de la madrugada."), None);
        assert_eq!(furniture_kind("Get the news out fast, the mayor told staff in a Telegram group."), None);
        assert_eq!(furniture_kind("Una publicación compartida por miles de usuarios criticó al alcalde."), None);
        assert_eq!(furniture_kind("Cet article a été publié dans Le Monde le 5 mars 2024."), None);
        assert_eq!(furniture_kind("Betrüger schicken gefälschte Nachrichten in Ihr Postfach."), None);
        for related in
            ["March 5, 2024 In \"News\"", "5 mars 2024 Dans « Actualités »", "5 de marzo de 2024 En «Noticias»"]
        {
            assert_eq!(furniture_kind(related), Some("related entry"), "{related}");
        }
        assert_eq!(furniture_kind("She said it in \"News\""), None);
        for teaser in [
            "Lee también: El puerto cambia de cara",
            "קראו גם: הנמל בונה חומה חדשה",
            "Se også: Havnen bygger ny mur",
            // However the label is set off.
            "LEA TAMBIÉN | Nuevo carril bici en la costa",
            "ALSO READ | Port extends summer ferry hours",
            "Baca Juga : Jalur sepeda baru di tepi pantai dibuka",
            "ये भी पढ़ें- बंदरगाह ने गर्मियों के घंटे बढ़ाए",
            "Xem thêm: Cảng kéo dài giờ hoạt động mùa hè",
            "Читайте также Порт продлил летнее расписание паромов",
            // A list's label over headlines set in one line.
            "Other stories: Council tax to rise | New school opens",
            "More news: Council delays vote on harbour wall",
            "You may also like: Ten walks along the harbour",
        ] {
            assert_eq!(furniture_kind(teaser), Some("teaser"), "{teaser}");
        }
        for prose in [
            "More people moved to the coast last year",
            "Other stories of the flood reached the paper by letter",
            "Latest news from the harbour came late on Tuesday",
            "More-than-expected rain closed the harbour road",
            "Baca juga laporan dewan kota tentang tembok itu",
            "See also the plans the council published",
            "Image caption contests drew hundreds of entries, the organisers said.",
            "For Ms Smith, following the team on Twitter became a full-time job.",
            "Comments have been disabled on the channel's videos since March, the company said.",
            "Le ministre n'était pas disponible pour commenter.",
            "Subscribers to our newsletter doubled last year, she said.",
            "Nuestra newsletter llegó a un millón de lectores, dijo la directora.",
            "Les lecteurs ont réagi à cet article par centaines.",
            "Der Minister lehnte es ab, die Pläne zu kommentieren.",
            "Wer den Newsletter abonnieren will, muss zustimmen: so das Gericht.",
            "You can unsubscribe at any time, the regulator reminded customers.",
            "Most read the report as a warning to the industry.",
            "Sent home early, the players waited for news.",
            "The next slide showed the harbour wall in 1920.",
            "Catch all the fish you can, the old skipper told his crew.",
            "Stay updated with the weather before you sail, the coastguard advised.",
            "The views expressed in this article are not new, the minister said of the report.",
            "The opinions expressed at the meeting were those of the fishermen.",
            "Der Minister sagte, das Urteil gebe die Meinung des Gerichts wieder.",
            "(Reporting on the harbour wall began in 2014.)",
            "View all posts is what the button says, but it shows only ten, the report found.",
            "Join 40 other followers of the team on the march to the harbour, the club asked.",
            "Sign up to receive the vaccine, the clinic urged, and the queues grew by noon.",
            "Related stories from the same village were told for generations afterwards.",
            "Get the facts right before you print, the editor told the new reporters.",
            "Jaa, sanoi ministeri, ja lisäsi että päätös tehdään ensi viikolla.",
            "Sursa de finanțare a proiectului rămâne neclară, potrivit raportului.",
        ] {
            assert_eq!(furniture_kind(prose), None, "{prose}");
        }
        for (prompt, kind) in [
            ("Больше новостей в нашем Telegram-канале", "follow prompt"),
            ("Tritt unserem WhatsApp-Kanal bei", "follow prompt"),
            ("हमारे व्हाट्सएप चैनल से जुड़ें", "follow prompt"),
            ("Entre no canal do Diário no WhatsApp", "follow prompt"),
            ("記者：王小明", "CJK credit"),
        ] {
            assert_eq!(furniture_kind(prompt), Some(kind), "{prompt}");
        }
        assert_eq!(furniture_kind("Больше новостей о порте появится весной"), None);
        for ago in [
            "Hace 3 horas",
            "vor 3 Stunden",
            "il y a 3 heures",
            "3 часа назад",
            "3 saat önce",
            "3 jam yang lalu",
            "3 giờ trước",
            "3 ore fa",
            "منذ 3 ساعات",
            "3 घंटे पहले",
            "3小时前",
            "3時間前",
            "3시간 전",
        ] {
            assert_eq!(furniture_kind(ago), Some("relative time"), "{ago}");
        }
        // A line of wrapped preformatted text is no label.
        for prose in
            ["Hace 3 años", "3 saat sürdü", "3 ore di fila", "3 часа ночи", "like this:", "Page 2", "Pages 1 to 3"]
        {
            assert_eq!(furniture_kind(prose), None, "{prose}");
        }
        for (line, kind) in [
            ("¿Has visto un error? Notifícalo", "reader prompt"),
            ("Нашли ошибку? Сообщите нам", "reader prompt"),
            ("Descarga la app de Diario del Puerto", "reader prompt"),
            ("Скачайте наше приложение", "reader prompt"),
            ("Загрузка...", "button"),
            ("Оставьте комментарий", "button"),
            ("Signaler une erreur", "button"),
            ("Ouça este artigo", "button"),
            ("Follow topic", "button"),
            ("Thema folgen", "button"),
            ("Partager l’article", "button"),
            ("Guardar artículo", "button"),
            ("Link kopiëren", "button"),
            ("Skopiuj link", "button"),
            ("With reporting from Reuters", "wire credit"),
            ("Volg ons op Google Nieuws", "follow prompt"),
            ("Die wichtigsten Nachrichten direkt in Ihr Postfach", "newsletter"),
            ("Recibe las noticias en tu correo", "newsletter"),
            ("Receba as notícias no seu e-mail", "newsletter"),
            ("Unisciti al nostro canale WhatsApp", "follow prompt"),
            ("Entre no nosso canal do WhatsApp", "follow prompt"),
            ("По материалам ТАСС", "wire credit"),
            ("Скопировать ссылку", "button"),
            ("Linki kopyala", "button"),
            ("Aller aux commentaires", "button"),
            ("Mi piace Caricamento...", "button"),
            ("Vind ik leuk Laden...", "button"),
            (
                "Dieser Eintrag wurde veröffentlicht in Allgemein und verschlagwortet mit Hafen. Setze ein Lesezeichen auf den Permalink.",
                "filed",
            ),
            (
                "Cet article a été publié dans Actualités et marqué avec port. Ajoutez ce permalien à vos favoris.",
                "filed",
            ),
            ("Esta entrada fue publicada en Noticias y etiquetada puerto. Guarda el enlace permanente.", "filed"),
            ("Publicidad - sigue leyendo debajo", "story goes on"),
            ("Реклама. Продолжение ниже", "story goes on"),
            ("La noticia continúa tras la publicidad", "story goes on"),
            ("Была ли статья полезна?", "feedback"),
            ("Hai trovato utile questo articolo?", "feedback"),
            ("Поддержите независимую журналистику", "donation appeal"),
            ("Фото 1 из 12", "page counter"),
            ("Новости партнеров", "sponsor"),
            ("Archivado en: Puerto, Obras", "tags"),
            ("Рубрика: Общество", "tags"),
            ("アクセスランキング", "button"),
            ("기사제보", "button"),
            ("返回顶部", "button"),
            ("Yorum yap", "button"),
            ("この記事は有料会員限定です", "paywall"),
            ("Recommended", "section label"),
            ("Around the Web", "section label"),
            ("Manage consent", "button"),
            ("Halaman: 1 2 3", "pager"),
            ("Pages: 1 2 3 4", "pager"),
        ] {
            assert_eq!(furniture_kind(line), Some(kind), "{line}");
        }
        for prose in [
            "Fehler gefunden: Die Stadt korrigiert die Zahlen",
            "Нашли ошибку в расчётах, сказал инженер",
            "La noticia continúa siendo un misterio.",
            "El artículo continúa vigente",
            "Il testo continua a dividere i partiti",
            "Поддержите нас, призвал мэр жителей",
            "Cargando la mercancía, los estibadores trabajaron toda la noche",
            "Fotos del muelle 1 de 12 barcos",
            "Tag days on Facebook drew record sales, the board said.",
        ] {
            assert_eq!(furniture_kind(prose), None, "{prose}");
        }
        assert_eq!(furniture_kind("The group shared its link, t.me/harbourgroup, with members."), None);
        for (line, kind) in [
            ("View 12 comments", "comment count"),
            ("Bình luận (5)", "comment count"),
            ("댓글 12", "comment count"),
            ("Kommentarer (3)", "comment count"),
            ("σχόλια: 4", "comment count"),
            ("By signing up, you agree to our Terms of Use and Privacy Policy.", "consent"),
            ("Our Standards: The Thomson Reuters Trust Principles.", "standards"),
            ("Photo gallery: 12 images", "counter"),
            ("Already have an account? Sign in", "paywall"),
            ("Thanks for signing up!", "button"),
            ("Paid Content by Harbour Bank", "sponsor"),
            ("แชร์", "button"),
            ("In partnership with Harbour Bank", "sponsor"),
            ("Image caption, The harbour wall at dawn", "labelled caption"),
            ("Reuse this content", "button"),
            ("Weitere Artikel zum Thema finden Sie hier.", "more here"),
            ("Get our free daily newsletter", "subscribe prompt"),
            ("Getting your Trinity Audio player ready...", "audio note"),
            ("Voiced by Amazon Polly", "audio note"),
            ("Audio is generated by AI and may contain errors.", "audio note"),
            ("Dieser Artikel wurde mit künstlicher Intelligenz vertont.", "audio note"),
            ("Published 5 March", "publication"),
            ("Updated March 5", "publication"),
            ("Atualizado em 05/03/2024 às 10h32", "publication"),
            ("تاريخ النشر: 05 مارس 2024", "publication"),
            ("تاریخ انتشار: ۱۲ مرداد ۱۴۰۳", "publication"),
            ("۱۲ مرداد ۱۴۰۳ - ۱۰:۳۰", "date"),
            ("Обновлено 5 марта 2024", "publication"),
            ("Articolo pubblicato il 12 marzo 2024", "publication"),
            ("Article published: 5 March 2024", "publication"),
            ("เผยแพร่: 5 มี.ค. 2567 10:32 น.", "publication"),
            ("Subscribe now for unlimited access", "paywall"),
            ("To continue reading, please subscribe.", "paywall"),
            ("Questo articolo è riservato agli abbonati", "paywall"),
            ("Conteúdo exclusivo para assinantes", "paywall"),
            ("Cet article vous a été offert par un abonné.", "paywall"),
            ("This article was gifted to you by a subscriber.", "paywall"),
            ("Dit artikel is alleen voor abonnees", "paywall"),
            ("Want more stories like this? Sign up for our newsletter.", "subscribe prompt"),
            (
                "Sign up for our free newsletter and get the best stories delivered to you each week.",
                "subscribe prompt",
            ),
            ("Click to enlarge", "button"),
            ("원문 보기", "button"),
            ("Email this story", "button"),
            ("Send us a tip", "reader prompt"),
            ("Heb je een tip? Mail naar tips@port.test", "reader prompt"),
            ("Vous avez une info ? Écrivez-nous à infos@port.test", "reader prompt"),
            ("¿Tienes una noticia? Cuéntanosla.", "reader prompt"),
            ("Baca berita lainnya di Google News.", "follow prompt"),
            ("Bądź na bieżąco! Obserwuj nas w Google News", "follow prompt"),
            ("Stay in the loop! Follow us on Instagram", "follow prompt"),
            ("Ti potrebbe interessare anche", "section label"),
            ("Vedi anche", "section label"),
            ("Bunu da okuyun", "section label"),
            ("קראו עוד", "section label"),
            ("Related story", "section label"),
            ("Lesetipps", "section label"),
            ("Últimas noticias", "section label"),
            ("Notre sélection", "section label"),
            ("VÍDEOS: veja as notícias mais assistidas da região", "media teaser"),
            ("Support local journalism", "donation appeal"),
            ("If you value our reporting, please donate.", "donation appeal"),
            ("Unterstützen Sie unabhängigen Journalismus", "donation appeal"),
            ("Our journalism depends on readers like you. Support local news today.", "donation appeal"),
            ("Independent reporting needs readers like you: become a member.", "donation appeal"),
            ("Donate now", "button"),
            ("Comments are closed.", "button"),
            ("You must be logged in to post a comment.", "comment call"),
            ("Melden Sie sich an, um zu kommentieren.", "comment call"),
            ("Réagissez à cet article", "comment call"),
            ("Para comentar debes estar registrado.", "comment call"),
            ("Retrouvez-nous sur Facebook et Instagram.", "follow prompt"),
            ("Recibe nuestra newsletter con las noticias más importantes del día.", "own newsletter"),
            ("Vous souhaitez recevoir nos newsletters ? Inscrivez-vous gratuitement.", "own newsletter"),
            ("Erhalten Sie unseren kostenlosen Newsletter mit den wichtigsten Nachrichten.", "own newsletter"),
            ("Bültenimize abone olun, en önemli haberler her sabah e-postanızda olsun", "own newsletter"),
            ("Prenumerera på vårt nyhetsbrev och få dagens viktigaste nyheter varje morgon", "own newsletter"),
            ("Connectez-vous pour commenter cet article.", "comment call"),
            ("Inicia sesión para comentar.", "comment call"),
            (
                "Newsletter abonnieren: Jeden Morgen die wichtigsten Nachrichten aus dem Hafen in Ihr Postfach.",
                "subscribe prompt",
            ),
            ("Did you find this article useful?", "feedback"),
            ("Text: Jana Müller", "source"),
            ("Tekst: Jan Kowalski", "source"),
            ("Penulis: Budi Santoso", "source"),
            ("Editor: Siti Aminah", "source"),
            ("Nguồn: TTXVN", "source"),
            ("Users browsing this forum: No registered users and 3 guests", "forum statistics"),
            ("All times are GMT -5. The time now is 04:31 PM.", "forum statistics"),
            ("Mitglieder in diesem Forum: 0 Mitglieder und 2 Gäste", "forum statistics"),
            ("Alle Zeiten sind UTC+01:00", "forum statistics"),
            ("Wer ist online?", "section label"),
            ("Last updated:", "publication"),
            ("Veröffentlicht", "publication"),
            ("Did you make this recipe? Tag @saltandthyme on Instagram!", "follow on a network"),
            ("Markiere uns auf Instagram!", "follow on a network"),
            ("For the latest news and updates, follow us on Twitter", "follow on a network"),
            ("Image caption The summit was held in Osaka", "labelled caption"),
            ("Media playback is unsupported on your device", "embed placeholder"),
            ("Comments have been disabled for this article.", "comment call"),
            ("Sponsored Stories", "section label"),
            ("Close share panel", "button"),
            ("Pinterest", "button"),
            ("Please enter a valid email address", "button"),
            ("A link has been sent to your friend's email address.", "button"),
            ("Last SlideNext Slide", "button"),
            ("Most Read Politics", "list label"),
            ("Be the first to like this.", "button"),
            ("Email ThisBlogThis!Share to TwitterShare to FacebookShare to Pinterest", "button"),
            ("Email (Required)", "button"),
            ("Join 1,234 other followers", "counter"),
            ("View all posts by Jane Doe", "list label"),
            ("This advertisement has not loaded yet, but your article continues below.", "button"),
            ("Read more here:", "button"),
            ("Promoted content", "ad label"),
            ("Related stories from The Valley Herald", "list label"),
            ("Benzer Haberler", "section label"),
            ("Sonraki Haber", "button"),
            ("Google News'te Takip Et", "follow prompt"),
            ("הצטרפו לערוץ הטלגרם שלנו", "follow prompt"),
            ("Sursa: Agerpres", "source"),
            ("Related Video", "section label"),
            ("Chat with us in Facebook Messenger. Find out what's happening in the world as it unfolds.", "button"),
            ("Sign up to receive daily headline news from the Valley Herald.", "newsletter"),
            ("The next issue of Valley Herald Headline News will soon be in your inbox.", "newsletter"),
            ("Stay up to date with the latest news by signing up for our newsletter.", "newsletter"),
            ("Get the Valley Herald's Breaking News newsletter", "newsletter call"),
            (
                "We hope you appreciated this article. Before you move on, please consider supporting us.",
                "donation appeal",
            ),
            (
                "To find out more about Facebook commenting please read the Conversation Guidelines and FAQs",
                "comment call",
            ),
            ("As a subscriber, you have 10 gift articles to give each month.", "paywall"),
            ("Download the NBC News app for breaking news and politics", "reader prompt"),
            ("Mehr Artikel aus diesem Ressort", "list label"),
            (
                "Catch all the Business News, Market News, Breaking News Events and Latest News Updates on Live Mint.",
                "reader prompt",
            ),
            ("For all the latest India News, download Indian Express App.", "reader prompt"),
            ("Disclaimer: The views expressed above are the author's own.", "views disclaimer"),
            ("Opinions expressed by contributors are their own.", "views disclaimer"),
            ("The opinions expressed in this commentary are solely those of the author.", "views disclaimer"),
            ("Les opinions exprimées dans cet article n’engagent que leur auteur.", "views disclaimer"),
            ("Dieser Artikel gibt die Meinung des Autors wieder.", "views disclaimer"),
            ("Las opiniones expresadas son responsabilidad exclusiva del autor.", "views disclaimer"),
            ("Мнение автора может не совпадать с позицией редакции.", "views disclaimer"),
            ("Story first published: Monday, June 3, 2019, 14:32 [IST]", "publication"),
            ("この記事を印刷する", "button"),
            ("关注我们", "button"),
            ("You can unsubscribe at any time.", "button"),
            (
                "We use your sign-up to provide content in ways you've consented to and to improve our \
                 understanding of you. This may include adverts from us and 3rd parties based on our \
                 understanding. You can unsubscribe at any time. More info",
                "consent",
            ),
            ("Qui est en ligne ?", "section label"),
            ("Ich bin damit einverstanden, dass mir externe Inhalte angezeigt werden.", "embed placeholder"),
            ("Wir benötigen Ihre Zustimmung, um den Inhalt anzuzeigen.", "embed placeholder"),
            ("Ein Beitrag geteilt von Hafen Kiel (@hafenkiel)", "embed placeholder"),
            ("Une publication partagée par Port de Brest (@portbrest)", "embed placeholder"),
            ("Una publicación compartida de Puerto (@puerto)", "embed placeholder"),
            (
                "Dieser Inhalt ist nicht verfügbar, da Sie der Verwendung von Cookies nicht zugestimmt haben.",
                "embed placeholder",
            ),
            ("Externen Inhalt anzeigen", "embed placeholder"),
            ("Mostrar contenido externo", "embed placeholder"),
            ("Für Sie empfohlen", "section label"),
            ("Les plus lus", "section label"),
            ("Jetzt kommentieren", "button"),
            ("शेयर करें", "button"),
            ("Bình luận", "button"),
            ("تعليقات", "button"),
            ("Anhören", "button"),
            ("Inscrivez-vous à notre newsletter", "newsletter call"),
            ("Bültenimize abone olun", "newsletter call"),
            ("뉴스레터 구독하기", "newsletter call"),
            ("اشترك في النشرة البريدية", "newsletter call"),
            ("Zapisz się do newslettera", "subscribe prompt"),
            ("Terms of Service | Privacy Policy", "link row"),
            ("Impressum · Datenschutz · AGB", "link row"),
            ("Print this story | Email to a friend", "link row"),
            ("Print this post · Send to a friend", "link row"),
            ("Mentions légales - Politique de confidentialité", "link row"),
            ("Share this: Facebook Twitter Email", "share control"),
            ("Artikel teilen: Facebook WhatsApp E-Mail", "share control"),
            ("Sie haben einen Fehler gefunden? Schreiben Sie uns.", "reader prompt"),
            ("ランキングに参加しています。クリックで応援お願いします。", "reader prompt"),
            ("この記事が参考になったら、ブックマークしていただけると励みになります！", "reader prompt"),
            ("Temas: Puerto · Turismo · Energía", "tags"),
            ("Argomenti: porto, turismo", "tags"),
            ("Share on Facebook Share on Twitter Share via Email", "share control"),
            ("Listen to this article · 5:32 min", "link row"),
            ("We use cookies to improve your experience on our site.", "cookie notice"),
            ("Diese Website verwendet Cookies.", "cookie notice"),
            ("Want more? Follow us on Instagram", "follow on a network"),
            ("Related Coverage", "section label"),
            ("Become a member", "button"),
            ("Jetzt Mitglied werden", "button"),
            ("Tag:", "tags"),
            ("Follow us for the latest news", "follow prompt"),
            ("Síguenos", "follow prompt"),
            ("लेटेस्ट न्यूज़ के लिए हमें फॉलो करें", "follow prompt"),
            ("Disclaimer: This content is sponsored.", "sponsor note"),
            ("На правах рекламы", "sponsor note"),
            ("Слушать статью · 3 мин", "link row"),
            ("3 мин", "duration"),
            ("İlginizi çekebilir", "section label"),
            ("猜你喜欢", "section label"),
            ("Click here to read more stories from the coast.", "click prompt"),
            ("Cliquez ici pour en savoir plus", "click prompt"),
            ("Devamını okumak için tıklayın", "click prompt"),
            ("Assine o jornal para continuar lendo", "paywall"),
            ("Abbonati per continuare a leggere", "paywall"),
            ("Оформите подписку, чтобы читать дальше", "paywall"),
            ("Bảo lưu mọi quyền", "rights notice"),
            ("Écouter cet article", "button"),
            ("Sie haben bereits ein Abo? Hier anmelden", "paywall"),
            ("Déjà abonné ? Se connecter", "paywall"),
            ("Now Playing", "button"),
            ("Required fields are marked *", "button"),
            ("Save my name, email, and website in this browser for the next time I comment.", "button"),
            ("Advertisement - Continue Reading Below", "story goes on"),
            ("Contenido patrocinado", "ad label"),
            ("Popular on Harbour Times", "list label"),
            ("Got a story? Contact our newsroom", "reader prompt"),
            ("A version of this story appeared in print on March 5, 2024.", "republished"),
            ("This material may not be published, broadcast, rewritten or redistributed.", "rights notice"),
            // A portal's reprint notice in English, as its Chinese one says "声明：本网转载…".
            (
                "Statement: the copyright of reprinted content belongs to its author; contact us and we remove it.",
                "rights notice",
            ),
            ("Disclaimer: this article is reprinted for the purpose of conveying more information.", "rights notice"),
            ("Sorry, your browser doesn't support embedded videos.", "embed placeholder"),
            ("Cet article vous est offert", "paywall"),
            ("写真を拡大", "button"),
            ("URL복사", "button"),
            ("打开APP阅读", "button"),
            ("あわせて読みたい", "section label"),
            ("Artikel merken", "button"),
            ("Voir les commentaires", "button"),
            ("Ver galería", "button"),
            ("Guarda il video", "button"),
            ("Zobacz galerię", "button"),
            ("Weitere Nachrichten", "section label"),
            ("[What you need to know to start the day: Get New York Today in your inbox.]", "newsletter"),
            ("CNN’s Christine Romans and Emily Jane Fox contributed to this report", "contributors"),
            ("Jane Doe contributed reporting from Cairo.", "contributors"),
            // Each note is read, not only the first.
            ("Jane Doe contributed reporting. John Roe contributed reporting from Cairo.", "contributors"),
            ("Jane Doe und John Roe trugen zu diesem Bericht bei.", "contributors"),
            ("Mit Material von dpa", "wire credit"),
            ("Con información de EFE", "wire credit"),
            ("With files from The Canadian Press", "wire credit"),
            ("— Reuters", "agency"),
            ("Copyright 2024 NPR. To see more, visit https://www.npr.org.", "rights notice"),
            ("Have feedback on this story? Let us know.", "reader prompt"),
            ("Thank you for reading the Harbour Times.", "thanks for reading"),
            ("Thanks for reading!", "thanks for reading"),
            (
                "Thanks for reading Harbour Notes! Subscribe for free to receive new posts and support my work.",
                "thanks for reading",
            ),
            ("This story was produced by The Harbour Report, a nonprofit newsroom.", "republished"),
            ("1/3ページ", "page counter"),
            ("Foto 1/12", "page counter"),
            ("新京报记者 陆一夫", "CJK credit"),
            ("澎湃新闻记者 段彦超 廖艳", "CJK credit"),
            ("责编：Demi Xia", "CJK credit"),
            ("文章关键词： 苹果新品新iPhone", "tags"),
            ("关键词：港口", "tags"),
            ("更多猛料！欢迎扫描左方二维码关注港口新闻官方微信（gangkou-news）", "QR code prompt"),
            ("港口新闻公众号", "QR code prompt"),
            ("看都看完了，点【在看】试试", "WeChat prompt"),
            ("相关资讯请关注:逆水寒专区", "more-at prompt"),
            ("更多精彩内容请访问港口体育", "more-at prompt"),
            ("（资料来源：参考消息、海外网等）", "CJK credit"),
            ("(综合整理自澎湃新闻、智东西等)", "CJK credit"),
            ("【文/港口网专栏作者 王文】", "CJK credit"),
            ("（实习生王金茹对此文亦有贡献）", "CJK credit"),
            ("原创： 路闻卓立编译 港口研究", "CJK credit"),
            ("医技药剂党支部供稿 摄影/张艳 编辑/苏芳", "CJK caption"),
            ("图集", "button"),
            ("Teilen auf Facebook", "share control"),
            ("Nächste Seite", "button"),
            ("Potrebbe interessarti anche", "section label"),
            ("Похожие статьи", "section label"),
            ("Ce contenu est bloqué car vous n'avez pas accepté les cookies.", "embed placeholder"),
            ("Empfohlener redaktioneller Inhalt", "embed placeholder"),
            ("By", "byline opening"),
            ("Por", "byline opening"),
            ("Written by:", "byline opening"),
            (
                "Simak breaking news dan berita pilihan kami langsung di ponselmu. Pilih saluran andalanmu akses \
                 berita Harian Pelabuhan WhatsApp Channel.",
                "follow prompt",
            ),
            ("Megosztás a Facebookon", "share control"),
            ("Dela på Facebook", "share control"),
            ("Jaa Facebookissa", "share control"),
            ("Поділитися у Facebook", "share control"),
            ("שתפו בפייסבוק", "share control"),
            ("แชร์บทความนี้", "button"),
            ("Chia sẻ bài viết", "button"),
            ("קראו עוד: העירייה אישרה את תיקון הנמל", "teaser"),
            ("Новини за темою", "section label"),
            ("Kapcsolódó cikkek", "section label"),
            ("【関連記事】市議会が防波堤の改修を承認", "teaser"),
            ("[Related] Council approves the harbour wall", "teaser"),
            ("Editör: Ayşe Yılmaz", "source"),
            ("Mitarbeit: Anna Schmidt", "source"),
            ("Edição: João Silva", "source"),
            ("Toimittaja: Matti Virtanen", "source"),
            ("Ảnh: Báo Cảng", "credit"),
            ("Dapatkan berita terbaru di aplikasi kami", "reader prompt"),
            ("この記事の写真をすべて見る", "button"),
            ("新华网 > 财经 > 正文", "breadcrumb"),
            ("当前位置：首页 > 财经 > 宏观", "breadcrumb"),
            ("您的位置：港口新闻网 > 本地", "breadcrumb"),
            ("【纠错】 【责任编辑:王华】", "CJK credit"),
            ("Join the conversation on our full site.", "comment call"),
            ("Previous image", "button"),
            ("Show key events only", "button"),
            ("Thank you for your feedback!", "feedback"),
            ("You need to enable JavaScript to run this app.", "embed placeholder"),
            (
                "To view this video please enable JavaScript, and consider upgrading to a web browser that supports \
                 HTML5 video",
                "embed placeholder",
            ),
            ("This embed is blocked due to your cookie settings.", "embed placeholder"),
            ("Press play to listen to this story", "embed placeholder"),
            ("Photo courtesy of the Harbour Museum", "credit"),
            ("Courtesy of the Port Council", "credit"),
            (
                "FILE PHOTO: The harbour wall is seen in Portsmouth, Britain, March 3, 2020. REUTERS/Jane Doe/File Photo",
                "captioned credit",
            ),
            ("Workers repair the harbour wall on Tuesday. (Jane Doe / The Harbour News)", "captioned credit"),
            ("The harbour wall in 1890. (Courtesy of the Harbour Museum)", "captioned credit"),
            (
                "A version of this article appeared in print on March 4, 2020, Section A, Page 1 of the New York \
                 edition with the headline: Harbour Wall Approved.",
                "republished",
            ),
            ("Order Reprints", "button"),
            ("Listen to article", "button"),
            ("Ouvir artigo", "button"),
            ("Lukuaika 3 min", "counter"),
            ("Doba čtení: 3 min", "counter"),
            ("Ascolta l’articolo", "button"),
            ("Today’s Paper", "button"),
            ("Photographs by Jane Doe", "credit"),
            ("Photo illustration: Jane Doe", "credit"),
            ("Reporting by Jane Doe; Editing by John Smith", "newsroom credits"),
            (
                "Reporting by Jane Doe in London; additional reporting by Li Wei in Beijing; Writing by Sam Carter; \
                 Editing by John Smith",
                "newsroom credits",
            ),
            ("(Reporting by Jane Doe; Editing by John Smith)", "newsroom credits"),
            ("Edited by John Smith", "newsroom credits"),
            ("Pictured: The harbour wall in 1880", "credit"),
            ("Jane Doe/Staff Photographer", "credit"),
            ("Supplied", "credit"),
            ("File photo", "credit"),
            ("(Jane Doe/Port Times)", "captioned credit"),
            ("The harbour wall in 1880. Jane Doe/Staff", "captioned credit"),
            ("More stories by Jane Doe", "list label"),
            ("Next post: Storm closes the coast road", "teaser"),
            ("Published in the print edition of March 4, 2020", "republished"),
            ("Share your thoughts below.", "comment call"),
            ("Jane Doe is on Twitter at @janedoe.", "contact"),
            ("Sign in or subscribe to read more.", "paywall"),
            ("This article is available to subscribers only.", "paywall"),
            ("Sort by Newest", "button"),
            ("Réservé aux abonnés", "button"),
            ("Przeczytaj również", "section label"),
            ("Katso myös: Kaupunki hyväksyi satamamuurin", "teaser"),
            ("【写真】港の防波堤", "teaser"),
            ("関連リンク", "section label"),
            ("次の記事", "button"),
            ("写真はイメージです", "CJK credit"),
            ("（海岸新聞 山田太郎）", "CJK credit"),
            ("（完）", "CJK credit"),
        ] {
            assert_eq!(furniture_kind(line), Some(kind), "{line}");
        }
        for prose in [
            "（市議会は火曜日、計画を承認した。）",
            "Research by Oxford University found the wall would fail",
            "Editing by hand took the council a week.",
            "produced by GCC 11.",
            "Information for students/staff",
            "They pay for unlimited access to the gym, the manager said.",
            "Published in March, the report found that the wall had cracked.",
            "Updated 5 times since the storm, the plan now runs to 300 pages.",
            "Want to know more? The council's minutes are public.",
            "Del Facebook a la calle: la protesta llegó al puerto.",
            "Jaa kakku Facebookin ryhmässä, hän sanoi.",
            "Dela på ansvaret, sa borgmästaren till fullmäktige.",
            "Selanjutnya, dewan kota akan memilih rencana itu pada bulan Mei.",
            "Editör olarak çalıştığı gazetede otuz yıl geçirdi.",
            "[Related] work on the quay will start next year, the engineers told the meeting.",
            "He sent us a tip about the council last spring.",
            "The foundation gave $5m to support local journalism, it said.",
            "Comments are closed on Sundays, the shop owner said.",
            "Readers who support local journalism pay for it, she said.",
            "Readers like you wrote in to support the wall, the editor said.",
            "The painting was gifted to the town in 1920, the curator said.",
            "Courtesy of the council, the museum opens free on Sundays",
            "Share the load, share the cost and share the blame, the mayor told the harbour board",
            "What a storm! Follow the harbour path on Facebook's map to see the damage, she said.",
            "Story published 5 March 2024 in the Gazette led to the inquiry.",
            "By and by.",
            "Copyright law changed in 1976, the lawyer said.",
            "With files from the archive, the historian rebuilt the quay's story.",
            "Dozens of officers contributed to this report, the commission said.",
            "The letter was waiting in your inbox, she told him.",
            "The next image showed the wall after the storm.",
            "Ferries leave every hour (Old Portsmouth/Gosport)",
            "写真家の田中さんは、港の変化を三十年にわたって記録してきた。",
            "The next story he told was about the storm of 1953.",
            "More stories by local writers appear in the anthology.",
            "The mayor is on Twitter at @harbourmayor, where she posts the council's votes.",
            "The band played the harbour festival. (AC/DC)",
            "The wall was finished in March (see the council's report).",
            "Das Wichtigste in Kürze",
            "Popular on weekends, the market draws crowds from across the county.",
            "The ferry is now playing a recorded safety message before each crossing.",
            "The paper published the report in full, and updated it twice.",
            "Von oben.",
            "1/3 cup of flour",
            "记者 昨天在港口看到，渔船已经全部回港。",
            "关键词是港口。",
            "当前位置不明，他说。",
            "Join the conversation about the harbour's future at the town hall on Monday, the council said.",
            "【独家】港口明天开放，记者在现场看到大批游客。",
            "第一章 > 正文之前的序言",
            "相关部门请关注港口的安全，他说。",
            "Teilen auf dem Markt war damals üblich, sagte sie.",
            "Weiter ging es am Dienstag mit der Sitzung des Rates.",
            "他用手机扫描了二维码，才发现这是一个骗局，警方提醒市民提高警惕，不要随意扫描来历不明的二维码，以免造成财产损失。\
             警方还表示，遇到可疑情况应及时报警，并关注官方发布的信息，切勿轻信陌生来电。",
            "Thanks for reading the letter aloud, she told the councillor, the residents of the quay finally \
             understood what the port had planned for their street.",
        ] {
            assert_eq!(furniture_kind(prose), None, "{prose}");
        }
        assert_eq!(furniture_kind("By signing up for the course, she met her future business partner."), None);
        assert_eq!(furniture_kind("Sponsored by the port, the festival drew crowds."), None);
        assert_eq!(furniture_kind("Presented by the mayor."), None);
        assert_eq!(furniture_kind("The station's new voice was generated by artificial intelligence, it said."), None);
        for notice in [
            "Bu haberin tüm hakları Liman Gazetesi'ne aittir. Kaynak gösterilmeden kullanılamaz.",
            "جميع الحقوق محفوظة لصحيفة الميناء",
            "При использовании материалов гиперссылка на сайт обязательна.",
        ] {
            assert_eq!(furniture_kind(notice), Some("rights notice"), "{notice}");
        }
        for caption in [
            "Ciclistas na rua Principal — Foto: João Lima/Jornal do Porto",
            "Firefighters at the scene on Tuesday evening. (Photo: Jane Doe/Harbour News)",
            "Le port en hiver | Photo : Jean Martin",
            "Rettungskräfte am Dienstag am Hafen. Foto: dpa",
        ] {
            assert_eq!(furniture_kind(caption), Some("captioned credit"), "{caption}");
        }
        for prose in [
            "We looked at the photo by the window for a long time before anyone spoke.",
            "She took one last photo: the harbour at dawn, empty and still.",
            "The exhibition closes on Sunday. Photo: the best of the year, chosen by readers, hangs in the hall.",
        ] {
            assert_eq!(furniture_kind(prose), None, "{prose}");
        }
    }

    #[test]
    fn labels_paywall_notices_and_subscribe_prompts_are_not_prose() {
        for line in [
            "Filed under",
            "RELATED TOPICS",
            "Tags:",
            "STORY HIGHLIGHTS",
            "À lire aussi",
            "This article is for subscribers only.",
            "Already a subscriber? Log in",
            "Subscribe to continue reading this story",
            "［有料会員限定］ この記事は会員限定です。電子版に登録すると続きをお読みいただけます。",
            "Dieser Artikel ist nur für Abonnenten.",
            "Cet article est réservé aux abonnés.",
            "Subscribe",
            "Subscribe:",
            "Subscribe: iTunes / RSS",
            "Subscribe to the Harbour News newsletter!",
            "Sign up for our daily newsletter",
            "Leave a Reply",
            "Ähnliche Artikel",
            "Tin liên quan",
            "Temas relacionados",
            "Verwandte Themen",
            "โฆษณา",
            "อ่านข่าวที่เกี่ยวข้อง",
            "Berita Terkait",
            "আরও পড়ুন:",
            "Berita terkait: Dua kapal nelayan tenggelam di pelabuhan",
            "Re: Heizung macht Klopfgeräusche",
            "AW: Frage zum Druck",
            "Haberin devamı için tıklayınız",
            "Read more »",
            "Lire la suite…",
            "Follow us on Twitter and Facebook",
            "Suivez-nous sur Instagram !",
            "Sigue toda la información de Economía y Negocios en Facebook y X, o en nuestra newsletter semanal",
            "Page 1 of 3",
            "Seite 2 von 5",
            "Photo 3 of 12",
            "1 / 12",
            "Was this article helpful? Yes No",
            "Lesen Sie auch:",
            "Читайте также:",
            "Czytaj także",
            "【相关阅读】",
            "関連記事",
            "관련기사",
            "اقرأ أيضا",
            "Поделиться",
            "Udostępnij",
            "コメント",
            "Publicidade",
            "Reclame",
            "Published: 5 March 2024",
            "Publié le 29/10/2012",
            "Mis à jour le 29/10/2012 à 14h03",
            "Veröffentlicht am 12. März 2024",
            "Updated March 5, 2024 at 10:21 a.m.",
            "Posted on 2024-03-05 by Jo Bloggs",
            "Posted on Tuesday, 5 March 2024",
            "发布时间：2024年3月5日",
            "Stand: 05.03.2024",
            "© 2024 Harbour News",
            "<저작권자 ⓒ 연합뉴스, 무단 전재-재배포 금지>",
            "Copyright 2011 World Publishing Co. All rights reserved.",
            "Alle Rechte vorbehalten.",
            "Все права защищены.",
            "【美国The Next Web作品的中文相关权益归腾讯公司独家所有。未经授权，不得转载、摘编等。】",
            "jo.bloggs@harbour.test",
            "최윤호 기자 uknow@donga.com",
            "Jo Bloggs, <jo@harbour.test>",
            "图注：测试表明，有关人在高空中喝酒更容易醉的传言是不正确的",
            "图为马素湘在澳大利亚悉尼游玩时的近影。",
            "原标题：他晚于阿姆斯特朗登月 却是首个敢在月球喝酒的人",
            "【责任编辑：严玉洁】",
            "[责任编辑:肖春芳]",
            "本文来源：新京报 责任编辑：姚立伟_NT6056",
            "（写真：ロイター）",
            "Story continues after advertisement",
            "Weiterlesen nach der Anzeige",
            "La suite après cette publicité",
            "Continúa después de la publicidad",
            "L'articolo continua sotto",
            "Фото: пресс-служба мэрии",
            "Photo : AFP",
            "Fot. Jan Kowalski",
            "Credito foto: Ansa",
            "Beeld: ANP",
            "Bildnachweis: Hafen Kiel",
            "Подписывайтесь на наш канал в Telegram, чтобы первыми узнавать главные новости.",
            "Abonnez-vous à notre newsletter",
            "Suscríbete a nuestro boletín",
            "Quelle: dpa",
            "Źródło: PAP",
            "Auteur : Jean Dupont",
            "İlgili Haberler",
            "Zobacz także:",
            "We may earn a commission when you buy through links on our site. Here's how we test.",
            "This post may contain affiliate links. As an Amazon Associate I earn from qualifying purchases.",
            "Dieser Beitrag enthält Affiliate-Links.",
            "تابعوا آخر الأخبار عبر قناتنا على واتساب",
            "Следите за нашими новостями в Telegram",
            "Follow us on X",
            "Obserwuj nas w Google News",
            "Siga o Jornal no Instagram",
            "Sledujte nás na Facebooku",
            "Kövessen minket a Facebookon",
            "Bizi Twitter'dan takip edin",
            "ما را در اینستاگرام دنبال کنید",
            "हमें फेसबुक पर फॉलो करें",
            "देश-दुनिया की ताज़ा ख़बरों के लिए हमें फेसबुक पर लाइक करें और ट्विटर पर फॉलो करें।",
            "네이버에서 구독하세요",
            "עקבו אחרינו בטוויטר",
            "Theo dõi chúng tôi trên Facebook",
            "Підписуйтесь на наш Telegram-канал",
            "Have a news tip? Email us at tips@harbour.test",
            "CLICK HERE TO GET THE NEWS APP",
            "Download our app for the latest news.",
            "Get the latest news delivered to your inbox",
            "Gift this article",
            "toggle caption",
            "SKIP ADVERTISEMENT",
            "Link copied!",
            "Show more",
            "Updated 2 minutes ago",
            "3 hours ago",
            "Published an hour ago",
            "Jane Doe/AP",
            "You have reached your article limit",
            "Please enable JavaScript to view the comments powered by Disqus.",
            "Most Viewed",
            "5 min",
            "Listen · 5:32",
            "Reading time: 4 minutes",
            "Contact Jane Doe at jdoe@harbour.test or follow her on Twitter @janedoe.",
            "Jane Doe is a reporter for the Harbour News. Email her at jdoe@harbour.test.",
            "Have a story idea? Send it to tips@harbour.test.",
            "Were you there? Share your photos with us: photos@harbour.test",
            "Haben Sie die Flut erlebt? Schreiben Sie uns an leser@hafen.test",
            "Mehr Nachrichten aus dem Hafen lesen Sie hier.",
            "Dismiss",
            "Recommended Videos",
            "CLICK TO GET THE FOX NEWS APP",
            "Get the latest news delivered daily!",
            "This content is not available due to your privacy preferences. Update your settings here to see it.",
            "Cover photo by Jane Doe",
            "Disclosure: Some links in this post are affiliate links.",
            "Already have a WordPress.com account? Log in now.",
            "Discover more from The Harbour Letter",
            "This site uses Akismet to reduce spam. Learn how your comment data is processed.",
            "Listen to this article · 5:32 min Learn more",
            "Schließen",
            "Atualizado há 2 horas",
            "Zuletzt aktualisiert vor 2 Stunden",
            "Sign up for the Morning Rundown",
            "Get the latest from TODAY",
            "AP’s climate and environmental coverage receives financial support from multiple private foundations. AP is solely responsible for all content.",
            "Privacy Notice: Newsletters may contain info about charities, online ads, and content funded by outside parties.",
            "skip past newsletter promotion",
            "What we covered here",
            "Artikel verschenken",
            "Haben Sie einen Fehler entdeckt? Schreiben Sie uns.",
            "Cet article est paru dans notre édition du 5 mars.",
            "Retrouvez-nous sur Facebook",
            "Conforme a los criterios de The Trust Project",
            "発行日：2024年3月5日",
            "Escuchar artículo",
            "Empfehlungen der Redaktion",
            "Ce contenu n'est pas accessible en raison de vos préférences en matière de cookies.",
            "More local news can be found here.",
            "Retrouvez toutes nos infos locales ici.",
            "Śledź nas na Twitterze",
            "Suivez Le Port Quotidien sur Facebook",
            "（記者 山田太郎）",
            "Jane Doe can be reached at jdoe@harbour.test.",
            "She can be reached at jdoe@harbour.test or on Twitter at @janedoe.",
            "Follow @porttimes",
            "Table of Contents",
            "Inhaltsverzeichnis",
            "Zur Startseite",
            "Artikel teilen",
            "Partager sur Facebook",
            "Comparte esta noticia",
            "Deel dit artikel",
            "Newsletter abonnieren",
            "Suscríbete para seguir leyendo",
            "Vous pouvez lire Le Monde sur un seul appareil à la fois",
            "Le Monde avec AFP",
            "(dpa)",
            "(UPI)",
            "Bloomberg",
            "(Quelle: dpa)",
            "Publié le 05 mars 2024 à 10h32, modifié le 05 mars 2024 à 12h00",
            "Temps de lecture : 3 min.",
            "Archivado en:",
            "Ricevi le notizie su WhatsApp",
            "Home > News > Local",
            "Startseite » Politik » Rat",
            "« Previous 1 2 3 Next »",
            "View this post on Instagram",
            "A post shared by Jane Doe (@janedoe)",
            "Jump to Recipe",
            "Watch: Council votes on harbour wall",
            "Back to top",
            "Breaking News",
            "Like Loading...",
            "Posted by Jane Doe at 10:32 AM",
            "Labels: harbour, council",
            "Newer Post Older Post Home",
            "Subscribe to: Post Comments (Atom)",
            "Previous Post",
            "Your email address will not be published. Required fields are marked *",
            "This entry was posted in News and tagged harbour, wall. Bookmark the permalink.",
            "Click to share on Twitter (Opens in new window)",
            "Proudly powered by WordPress",
            "Recent Posts",
            "この記事をシェア",
            "（共同）",
            "責任編集：王明",
            "【纠错】",
            "分享到：",
            "شارك",
            "Updated at 3:45 p.m. ET",
            "Originally published January 2, 2024",
            "Related: Council delays vote on harbour wall",
            "READ MORE: Council delays vote on harbour wall",
            "Lesen Sie auch: Hafenmauer wird gebaut",
            "Noticia relacionada: El alcalde anuncia las obras",
            "Kuva: Lehtikuva",
            "Gesponsord",
            "Sponsorizzato",
            "Contenu partenaire",
            "Mit * gekennzeichnete Links sind Affiliate-Links",
            "Delen op Facebook",
            "Alle Artikel von Jane Doe",
            "Le port de nuit. (Photo AFP)",
            "De haven bij nacht. Foto ANP",
            "El puerto de noche. EFE/Juan Pérez",
            "Tous les articles de Jean Dupont",
            "Más artículos de Juan Pérez",
            "Meer artikelen van Jan Jansen",
            "Kontakt zur Redaktion",
            "Contatta la redazione",
            "Schrijf je in voor onze nieuwsbrief",
            "Diesen Artikel drucken",
            "Taille du texte",
            "Tamaño de letra",
            "(Lusa)",
            "(ТАСС)",
            "Relacionado: El alcalde anuncia las obras",
            "Notícia relacionada: Prefeito anuncia obras",
            "Articolo correlato: Il sindaco annuncia i lavori",
            "Vedi anche: Il sindaco annuncia i lavori",
            "Recommended: Council delays vote on harbour wall",
            "Bekijk ook: Burgemeester kondigt werken aan",
            "Lisez aussi : Le maire annonce les travaux",
            "Keep reading",
            "Verder lezen",
            "Okumaya devam et",
            "More from The Gazette:",
            "Have your say",
            "Loading comments...",
            "What do you think? Leave a comment below.",
            "Our journalism needs your support",
            "Follow Jane Doe on Twitter",
            "This article originally appeared on The Conversation.",
            "A version of this article appears in print on Jan. 2, 2024, Section A, Page 12 of the New York edition",
            "This article is more than 5 years old",
            "This content is created and maintained by a third party, and imported onto this page",
            "Reuters",
            "Featured image: Harbour at dusk",
            "Credit: Jane Doe for The Gazette",
            "Story by Jane Doe",
            "Share full article",
            "Читайте также: Мэр объявил о строительстве стены",
            "À lire aussi : Le maire annonce les travaux",
            "Baca juga: Wali kota membangun tembok",
            "延伸阅读：市长宣布建墙",
            "Vous aimerez aussi",
            "— Safe Streets Now (@safestreets) March 5, 2024",
            "– Jane Doe (@janedoe_news) 5 March 2024",
            "Lue myös:",
            "Đọc thêm:",
            "Vous avez lu 3 articles gratuits ce mois-ci.",
            "Dieser Artikel erschien zuerst auf Zeit Online.",
            "Schlagwörter: Radverkehr, Stadtrat",
            "टैग्स: बंदरगाह, नगर परिषद",
            "الكلمات المفتاحية: الميناء، المجلس البلدي",
            "Từ khóa: cảng, hội đồng thành phố",
            "태그: 항구, 시의회",
            "Lecture 3 min.",
            "Ajouter à vos sélections",
            "Jaa artikkeli",
            "اشتراک گذاری",
            "Meer over: haven, gemeenteraad",
            "Il vous reste 68% de cet article à lire. La suite est réservée aux abonnés.",
            "You have 70% of this article left to read.",
            "Eingestellt von Jana um 10:32",
            "Publicado por Juan en 10:32",
            "Keine Kommentare:",
            "Neuerer Post Älterer Post Startseite",
            "Entrada más reciente Entrada antigua Página Principal",
            "Abonnieren Kommentare zum Post (Atom)",
            "Kommentare (12)",
            "12 comments",
            "Zum Seitenanfang",
            "Printer-friendly version",
            "Mehr Nachrichten aus der Region",
            "编辑 刘晓阳 校对 李铭",
            "(本文来自澎湃新闻，更多原创资讯请下载“澎湃新闻”APP)",
            "免责声明：本文来自腾讯新闻客户端自媒体，不代表腾讯网的观点和立场。",
            "违法和不良信息举报电话：010-62675637",
            "采写：南都见习记者 林子沛",
            "知道了",
            "“救命啊SOS”纸团。沙坪坝区公安分局供图 华龙网",
            "共享充电宝。视觉中国 资料",
            "市民在公园晨练。记者 王明 摄",
            "Ähnliche Beiträge",
            "Teilen mit:",
            "Gefällt mir Wird geladen …",
            "Vorheriger Beitrag",
            "Articolo successivo",
            "Kategorien",
            "Post navigation",
            "Entradas relacionadas",
            "编辑|禤志杰",
            "来源|广州参考、广州南沙发布、羊城晚报",
            "扫描下方二维码解锁更多技能",
            "1、回复【公租房】查看最新消息",
            "后台回复“福利”领取资料",
            "姚明场边支招周琦。视频截图",
            "资料图",
            "▲图片来自视频截图。",
            "▲广州日报全媒体图片记者黎旭阳、李妍摄",
            // A player's and a widget's words.
            "Audio is not supported in your browser.",
            "Video Player is loading.",
            "This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.",
            "Bookmark",
            "Listen",
            "A A A",
            "Open this photo in gallery:",
            "Send any friend a story",
            "Contact the author",
            "Got a confidential news tip? We want to hear from you.",
            "Get our free app",
            "Want to read more? Subscribe now",
            "Theo VnExpress",
            "(Theo Tuổi Trẻ)",
            "Theo TTXVN",
            "（完）",
            "字号：大 中 小",
            "会員登録（無料）",
            "（編集部）",
            "Simak video berikut ini:",
            "Publicado en: Noticias, Puerto",
            "Artikel ini telah tayang di Kompas.com dengan judul \"Tembok Pelabuhan Dibangun Ulang\".",
            "Dapatkan update berita pilihan dan breaking news setiap hari dari Kompas.com. Mari bergabung di Grup \
             Telegram \"Kompas.com News Update\", caranya klik link ini.",
            "Ikuti berita terkini dari Harian Pelabuhan di Google News, klik di sini.",
            "Baca berita selengkapnya di sini",
            "(ant/ara)",
            "(red)",
            "Gửi bình luận",
            "इस खबर को शेयर करें",
            "Published By: Ana Ruiz",
            "(With inputs from agencies)",
            "(This story has not been edited by NDTV staff and is auto-generated from a syndicated feed.)",
            "Trending Topics",
            "منبع: ایرنا",
            "کد خبر: 12345",
            "انتهای پیام/",
            "Zur Merkliste hinzufügen",
            "Dieser Artikel wurde automatisch übersetzt.",
            "Lesedauer: 3 Min.",
            "À découvrir",
            "Ultimo aggiornamento: 5 marzo 2024",
            "Escucha la noticia",
            "Esta funcionalidad es sólo para suscriptores",
            "Já é assinante? Faça login",
            "Najczęściej czytane",
            "Dalsza część artykułu pod materiałem wideo",
            "Материалы по теме",
            "Что думаете?",
            "[연합뉴스 자료사진]",
            "기사 공유",
            "ツイートする",
            "写真拡大",
            "関連キーワード",
            "前へ 1 2 次へ",
            "【字体：大 中 小】",
            "点击排行",
            "上一篇：港口扩建工程启动",
            "审核：张伟",
            "版权声明：本文为港口日报原创，转载请注明出处。",
            "我要评论",
            "شارك هذا المقال",
            "الأكثر قراءة",
            "المصدر: وكالات",
            "En Çok Okunanlar",
            "ที่มา: ไทยรัฐ",
            "הכי נקראים",
            "Πηγή: ΑΠΕ-ΜΠΕ",
            "Новини партнерів",
            "Mest läst",
            "Legolvasottabb",
            "Nejčtenější",
        ] {
            assert!(is_furniture_line(line), "{line} is furniture");
        }
        for line in [
            "Highlights",
            "See also",
            "Related rights were sold to the port in 1998.",
            "Not everyone subscribes to a New Year's resolution, but everyone must follow the new laws.",
            "Subscribers will pay two dollars more from April, the company said.",
            "Sign up for an account on the council's website before the vote.",
            "Subscribe to the idea that the wall will last a century and the numbers still do not add up, the engineers said in a long report to the council.",
            "The club is open to members only on Sundays.",
            "Subscribers to the newsletter rose by a tenth last year.",
            "Each subscriber only pays five dollars a month.",
            "Subscribe to Reader's Digest, the letter said.",
            "Reporter: Are you leaving the harbour?",
            "Editor: We corrected the figures on March 5.",
            "Stand 2024: 5 neue Häuser am Hafen",
            "How the newsletter boom made its subscribers rich",
            "The newsletter's founders signed up a second writer.",
            "Thousands signed up for the council's newsletter about the wall.",
            "Clicking here and there, she found the old harbour maps.",
            "Ele parou para continuar lendo o livro.",
            "Si fermò per continuare a leggere la lettera del sindaco.",
            "Опубликовано в 2024 году: 5 новых домов у порта. Их построил город.",
            "Das Angebot gilt nur für Abonnenten der Zeitung.",
            "港では会員限定のイベントが開かれた。",
            "Tagged as a risk in 2019, the wall was repaired twice.",
            "Read more about the wall in the council's report.",
            "Themen der Sitzung waren die Mauer und der Hafen.",
            "Читайте также отчёт совета о стене.",
            "关于相关阅读材料，委员会没有说明。",
            "他用手机拍摄了视频截图。",
            "市民扫描二维码即可查询公租房的最新消息和申请条件，政府部门表示将继续完善服务。",
            "回复记者提问时，他说项目将在年底完工。",
            "Der vorherige Beitrag des Ministers war kürzer.",
            "Die Kategorien der Preise wurden neu geordnet.",
            "这张资料图是记者在现场拍摄的，后来被多家媒体转载。",
            "Loading the ships took three days.",
            "Published in 1998, the book sold well.",
            "Updated guidance for 2024 was published by the port in March",
            "Updated plans for 2024 show a taller wall",
            "Standing on the wall on 5 March 2024",
            "26 September 1907",
            // A line of a text broken by hand, as a plain-text RFC is.
            "like this:",
            "Write to the council at wall@harbour.test before the vote.",
            "Email the port at wall@harbour.test to book a tour of the wall.",
            "Thousands follow the harbour's @wallwatch account.",
            "The council can be reached at wall@harbour.test before the vote.",
            "Residents who want to share their views can write to the council at wall@harbour.test.",
            "More than 200 people live here.",
            "More fishermen moved here in the 1950s.",
            "The museum receives financial support from the council.",
            "Retrouvez le port en hiver sur nos photos.",
            "Sign up for the harbour walk opens on Monday.",
            "More information about the wall can be found here:",
            "The walk along the wall takes 45 minutes.",
            "45 minutes of rain",
            "Share the load",
            "（共同通信の取材に対し、市長はこう述べた。）",
            "Powered by the tide, the new mill turns all day",
            "Posted in 1998, the letter reached the council in March.",
            "Next to the harbour, a new wall",
            "Home is where the harbour is",
            "Next year the council will vote again.",
            "Watch: the tide comes in twice a day.",
            "Opinion polls show support for the wall",
            "Close to the harbour",
            "Er sprach mit dpa.",
            "Teilen Sie Ihre Meinung mit dem Rat",
            "Partager les coûts entre le port et la ville",
            "Follow us as we walk the wall from end to end.",
            "Follow us on the harbour path",
            "Sigue a la ministra en su visita al puerto, que empezó el lunes",
            "2 of 3 keepers stayed",
            "Page 3 of the report",
            "Read more than a hundred letters to the council",
            "The rights to the wall's design are reserved by the port, the council said.",
            "图书馆的编辑们说，港口的新墙将在明年春天完工，费用由港口和县政府各付一半。",
            "编辑部认为这堵墙很有必要。",
            "The story continues to grow as the port adds a second wall, the council said.",
            "Sigue leyendo el informe del consejo sobre el muro del puerto, que se publicó en marzo.",
            "Source: the council's report on the wall.",
            "Quelle der Daten war das Hafenamt",
            "Подпишитесь на петицию, сказал мэр.",
            "Abonnez-vous, a dit le maire en riant, et vous verrez bien.",
            // The end of a block of code.
            "}",
            "});",
            "Bloggers who use affiliate links must say so, the regulator ruled on Tuesday.",
            "The council may earn a share of the fees when ships dock at the new wall.",
            "تابعوا العمل في الميناء حتى المساء، قال الوزير.",
            "Why Facebook is losing its young users",
            "Siga leyendo el informe del puerto",
            "Sledujte, jak se most staví",
            "Facebookon és Instagramon is vitatkoztak a hídról, majd a tanács szavazott.",
            "Have a tipple at the harbour bar before the ferry leaves, the guide suggests, because the crossing takes four hours.",
            "The parcels were delivered to your inbox by mistake, the council wrote to residents in a letter on Monday about the new post rules.",
            "Three hours ago the bridge was still closed.",
            "The plans are at harbour.test/api and harbour.test/apps",
            "Expand the harbour or lose the ferries",
            "Supported by the council, the plan went ahead.",
            "Updated at 3:45 p.m. on Tuesday, the council's figures show a rise in every ward of the town.",
            "Related rights were sold to the port in 1998.",
            "More from the harbour fund will go to the ferries.",
            "Follow the money, the auditor told the council, and you find the harbour.",
            "Residents can leave a comment on the council website until May.",
            "This article is about the harbour wall.",
            "Credit unions in the town lent more than ever last year.",
            "Reuters reported the vote first.",
            "Baca juga laporan dewan kota tentang tembok itu sebelum pemungutan suara.",
            "— and the 12 wards that voted for it, the council said.",
            "Lue myös kaupungin raportti ennen äänestystä.",
            "Lecture halls stood empty for 3 min.",
            "L'accès au bassin est réservée aux abonnés le matin.",
            "Publicado por la editorial en 1998: 300 páginas.",
            "Comments closed.",
            "12 comments were deleted by the moderators on Tuesday.",
            "Más antigua que la ciudad, la entrada del puerto sigue en pie.",
            "编辑部的记者们在会上提出了三个问题。",
            "公司发表声明，称将配合调查。",
            "电影 正在拍摄",
            "iPhone 15 发布会将于下周举行，苹果公司提供了资料",
            "Listen to the harbour at night and you hear the wall.",
            "The player is loading the ferry at the quay.",
            "Readers who want to read more about the wall can visit the library.",
            "Contact the author of the report, the council said.",
            "Theo ông Nam, cảng sẽ mở cửa vào tháng Năm.",
            "Theo Walcott",
            "Privacy policy - the council's new rules on data - takes effect in May",
            "Terms of the deal | Council papers",
            "Share this: the harbour's history",
            "Artikel teilen: was Leser über den Hafen wissen wollen",
            "Temas: la vivienda y el empleo dominaron el debate de anoche en el pleno municipal.",
            "We use cookies, the baker said, only at Christmas.",
            "The regulator fined the firm for its use of cookies.",
            "Listen to this article's sources · the council's minutes",
            "Want more? Follow the money, the auditor said.",
            "Вам может быть интересно, что порт откроют весной.",
            "3 минуты до отплытия",
            "The festival, sponsored by the port, drew thousands.",
            "Follow us on this journey as we sail north.",
            "Síguenos, dijo el capitán, y no mires atrás.",
            "Simak video ini bersama keluarga di rumah setiap hari Minggu.",
            "会員登録の手続きが増えたと港の担当者は話した。",
            "Publicado en 1998, el libro se vendió bien.",
            "完成した防波堤",
            "(laughs)",
            "[HTTP]",
            "(IRI)",
            "(Applause)",
            "Ikuti berita ini dan laporan dewan kota tentang tembok pelabuhan yang baru dibangun kembali tahun ini.",
            "Published by the council in 1998, the report ran to 300 pages.",
            "Das Ultimo aggiornamento-Team kam 2024 nach Berlin.",
            "Ultimo aggiornamento del piano: il consiglio vota a marzo.",
            "Dalsza część prac zacznie się wiosną, mówi burmistrz.",
            "Что думаете о новой набережной, спросили мы жителей порта.",
            "上一篇报道中，我们介绍了港口扩建工程的背景。",
            "연합뉴스 자료사진을 보면 방파제가 무너진 모습이 보인다.",
            "审核工作将在下月完成，港口负责人说。",
            "المصدر: الميناء قال إن الجدار سيكتمل في الربيع بعد ثلاث سنوات من النقاش.",
            "Mest läst av alla var rapporten om hamnen.",
        ] {
            assert!(!is_furniture_line(line), "{line} is prose");
        }
    }

    #[test]
    fn class_words_are_told_whole_or_by_their_opening() {
        static SAYS: ClassWords = ClassWords::new(&["related", "share"], &["ad", "tags"]);
        let says = |class: &str| SAYS.any_in(&class_words(class));
        for yes in ["relatedPosts", "post related-stories", "share_bar", "top-ad", "post-tags"] {
            assert!(says(yes), "{yes}");
        }
        // A whole word is not an opening, an opening not a word inside another.
        for no in ["address", "adverb", "tagsy", "unrelated", "", "ÉtéBox", "x--y"] {
            assert!(!says(no), "{no}");
        }
    }

    #[test]
    fn phrases_are_found_anywhere_in_a_line() {
        static FOUND: Phrases = Phrases::new("all rights reserved\n版权所有");
        assert!(FOUND.are_in("© 2024 harbour times. all rights reserved."));
        assert!(FOUND.are_in("本网站版权所有，未经许可不得转载"));
        assert!(!FOUND.are_in("the rights of all were reserved"));
        assert!(!FOUND.are_in(""));
    }

    #[test]
    fn class_words_split_at_separators_and_camel_case() {
        let words = |class: &str| class_words(class).iter().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            words("cnnArticleGalleryCaption post-share_bar"),
            ["cnn", "article", "gallery", "caption", "post", "share", "bar"]
        );
        assert_eq!(words("  "), Vec::<String>::new());
        assert_eq!(words("ÉtéBox h2Title x--y"), ["t", "box", "h2", "title", "x", "y"]);
        assert_eq!(words("ABC aB9Cd"), ["abc", "a", "b9", "cd"]);
        assert_eq!(class_words("x-y").pairs().collect::<Vec<_>>(), [("x", "y")]);
        // Drupal's "promoted to the front page" is not a promotion box.
        let node = |class: &str| format!(r#"<div class="{class}"><p>x</p></div>"#);
        for (class, beside) in [
            ("node node-promoted", false),
            ("promo", true),
            ("relatedPosts", true),
            ("ad-slot", true),
            ("header", false),
            ("affiliate-disclosure", true),
            ("wprm-call-to-action", true),
            ("article-cta", true),
            ("navbox", true),
            ("mw-editsection", true),
            ("actions", false),
        ] {
            let doc = Document::from(node(class).as_str());
            let div = all(&doc, "div").into_iter().next().unwrap();
            assert_eq!(is_beside_article(&div), beside, "{class}");
        }
    }

    #[test]
    fn json_ld_in_a_cdata_section_is_read() {
        for wrapped in ["<![CDATA[ {} ]]>", "{}"] {
            let ld = r#"{"@context":"https://schema.org","@type":"Article","name":"New Zealand"}"#;
            let html = page_with(
                &format!(
                    r#"<title>New Zealand - Wikipedia</title><script type="application/ld+json">{}</script>"#,
                    wrapped.replace("{}", ld)
                ),
                "New Zealand",
            );
            assert_eq!(extract(&html, None).title.as_deref(), Some("New Zealand"), "{wrapped}");
        }
    }

    #[test]
    fn a_microdata_name_on_a_link_is_its_text() {
        let html = r#"<html><head><title>Covered | Code | Nick</title></head><body>
            <article itemscope itemtype="https://schema.org/BlogPosting">
            <h2><a itemprop="name" href="/code/2013/covered/">Get your code covered</a></h2>
            <p>Some words of the post that are long enough to be the article text in this test page.</p></article></body></html>"#;
        let a = extract(html, Url::parse("https://blog.test/code/2013/covered/").ok().as_ref());
        assert_eq!(a.title.as_deref(), Some("Get your code covered"));
    }

    #[test]
    fn a_host_that_abbreviates_the_site_name_names_the_site() {
        // Cyrillic and Greek names as they are romanized; a particle given or left out.
        for (host, name, abbreviated) in [
            ("nytimes", "The New York Times", true),
            ("wsj", "The Wall Street Journal", true),
            ("nzz", "Neue Zürcher Zeitung", true),
            ("jnp", "Jornal de Notícias do Porto", true),
            ("kp", "Комсомольская правда", true),
            ("rg", "Российская газета", true),
            ("aif", "Аргументы и факты", true),
            ("efsyn", "Η Εφημερίδα των Συντακτών", true),
            ("thetimesofport", "The Times of Port", true),
            ("nytimes", "New Yorker", false),
            ("news", "News", false),
            ("kp", "Комсомольская", false),
            ("rg", "Российская правда", false),
        ] {
            assert_eq!(abbreviates(host, name), abbreviated, "{host} {name}");
        }
        assert_eq!(clean_title("Сенат одобрил реформу - Аргументы и факты", &[], "aif.test"), "Сенат одобрил реформу");
        assert_eq!(
            clean_title("Η Βουλή ενέκρινε - Η Εφημερίδα των Συντακτών", &[], "www.efsyn.test"),
            "Η Βουλή ενέκρινε"
        );
        assert_eq!(
            clean_title(
                "Harbour wall approved after years of debate - The Coastal Gazette",
                &[],
                "www.coastalgazette.test"
            ),
            "Harbour wall approved after years of debate"
        );
        assert_eq!(
            clean_title("Harbour wall approved | The North Shore Times", &[], "nstimes.test"),
            "Harbour wall approved"
        );
        // Or its letters with "online" after them.
        assert_eq!(
            clean_title("Kiel: Hafenmauer genehmigt | KN - Kieler Nachrichten", &[], "www.kn-online.test"),
            "Kiel: Hafenmauer genehmigt"
        );
        // A bar glued between the words sets the name off all the same; a hyphen joins them.
        assert_eq!(
            clean_title("Harbour wall approved at last|North Shore Times", &[], "nstimes.test"),
            "Harbour wall approved at last"
        );
        assert_eq!(
            clean_title("Harbour wall approved at last-North Shore Times", &[], "nstimes.test"),
            "Harbour wall approved at last-North Shore Times"
        );
        // A last part that is not the site's name stays.
        assert_eq!(
            clean_title("Harbour wall approved - Council Votes", &[], "nstimes.test"),
            "Harbour wall approved - Council Votes"
        );
        // The site's name in brackets goes; other words in brackets stay.
        assert_eq!(
            clean_title("The harbour wall, chapter two [North Shore Times]", &[], "northshoretimes.test"),
            "The harbour wall, chapter two"
        );
        assert_eq!(
            clean_title("Weekly edition for March 26 [NSTimes.test]", &[], "www.nstimes.test"),
            "Weekly edition for March 26"
        );
        assert_eq!(
            clean_title("Harbour wall approved [Updated]", &[], "nstimes.test"),
            "Harbour wall approved [Updated]"
        );
        // And in round brackets.
        assert_eq!(
            clean_title("Harbour wall approved (North Shore Times)", &[], "nstimes.test"),
            "Harbour wall approved"
        );
        assert_eq!(
            clean_title("Harbour wall approved (Updated)", &[], "nstimes.test"),
            "Harbour wall approved (Updated)"
        );
        // An unknown name of three or four words, written as a name, after a shorter head;
        // a middle dot; a Chinese bar drawn as the character 丨.
        for (title, want) in [
            (
                "Il consiglio approva il restauro del molo - Il Giornale del Porto",
                "Il consiglio approva il restauro del molo",
            ),
            (
                "Harbour wall repair approved after three years · Port Daily",
                "Harbour wall repair approved after three years",
            ),
            ("市议会批准旧防波堤修复计划丨港口日报", "市议会批准旧防波堤修复计划"),
            // A section's label before the headline, and the site's name after it.
            (
                "Opinion | Why the harbour wall matters to all of us - The Port Times",
                "Why the harbour wall matters to all of us",
            ),
        ] {
            assert_eq!(clean_title(title, &[], "news.test"), want, "{title}");
        }
        // The headline's own last words are no name.
        let own = "Council approves harbour wall rebuild - and traders are furious";
        assert_eq!(clean_title(own, &[], "news.test"), own);
        // A slash written twice sets a name off; one joins a headline's own parts.
        assert_eq!(
            clean_title("Harbour wall repair approved after three years // Port Daily", &[], "news.test"),
            "Harbour wall repair approved after three years"
        );
        // A colon after the site's declared name; after another name it stays.
        let names = ["Port Daily".to_string()];
        let colon = "Port Daily: Council approves the harbour wall repair plan";
        assert_eq!(clean_title(colon, &names, "news.test"), "Council approves the harbour wall repair plan");
        let other = "Valley Herald: Council approves the harbour wall repair plan";
        assert_eq!(clean_title(other, &names, "news.test"), other);
        // The host's name written out in two words or more is the site's, and one word stays.
        assert_eq!(clean_title(other, &[], "www.valleyherald.test"), "Council approves the harbour wall repair plan");
        let place = "Boston: Council approves the harbour wall repair plan";
        assert_eq!(clean_title(place, &[], "www.boston.test"), place);
    }

    #[test]
    fn a_declared_title_escaped_twice_is_unescaped_as_readability_js_does() {
        // The five XML entities, then numeric references; another named entity stays as
        // written (Readability.js's `_unescapeHtmlEntities`).
        let url = Url::parse("https://port.test/news/wall").ok();
        let head = r#"<meta property="og:title" content="Don&amp;#39;t stop &amp;amp; caf&amp;eacute; &amp;#x1F600; &amp;#0;">"#;
        let page = page_with(head, "Harbour wall approved");
        assert_eq!(extract(&page, url.as_ref()).title.as_deref(), Some("Don't stop & caf&eacute; 😀 \u{FFFD}"));
    }

    #[test]
    fn the_headline_is_read_from_the_h1_where_the_title_only_adds_to_it() {
        let url = Url::parse("https://valleyherald.test/news/bridge").ok();
        let title = |head: &str, h1: &str| extract(&page_with(head, h1), url.as_ref()).title;
        let h1 = "Bridge opens after two years of delays";
        // A site's name set off by a bare colon, in the <title> or in Open Graph.
        for head in [
            "<title>Valley Herald: Bridge opens after two years of delays</title>",
            r#"<meta property="og:title" content="Valley Herald: Bridge opens after two years of delays">"#,
        ] {
            assert_eq!(title(head, h1).as_deref(), Some(h1), "{head}");
        }
        // A name of three words after a bar: the bar is no word.
        let barred = "<title>Council approves harbour wall plan | Coast News Network</title>";
        assert_eq!(
            title(barred, "Council approves harbour wall plan").as_deref(),
            Some("Council approves harbour wall plan")
        );
        // A title that is only the site's name names no story.
        assert_eq!(title("<title>Valley Herald</title>", h1).as_deref(), Some(h1));
        assert_eq!(title(r#"<meta property="og:title" content="valleyherald.test">"#, h1).as_deref(), Some(h1));
        // A title that says more than a short <h1>, or something else, stays.
        let longer = "<title>Valley Herald: Bridge opens</title>";
        assert_eq!(title(longer, "Bridge opens").as_deref(), Some("Valley Herald: Bridge opens"));
        // A headline of its own round the site's name in the <h1>.
        let docs = "<title>Evolve: Shared Mutable History — evolve extension for Mercurial</title>";
        assert_eq!(
            title(docs, "evolve extension for Mercurial").as_deref(),
            Some("Evolve: Shared Mutable History — evolve extension for Mercurial")
        );
        let other = r#"<meta property="og:title" content="Council votes on the bridge budget">"#;
        assert_eq!(title(other, h1).as_deref(), Some("Council votes on the bridge budget"));
        // Sections and a name glued on with no spaces, none of them known: the <h1> says
        // where the headline ends.
        for (head, h1) in [
            (
                "<title>外媒眼中的武汉长假：蓬勃发展_首页武汉_新闻中心_长江网_cjn.cn</title>",
                "外媒眼中的武汉长假：蓬勃发展",
            ),
            ("<title>新年伊始，重要文章谈了啥？_中南海_澎湃新闻-The Paper</title>", "新年伊始，重要文章谈了啥？"),
            ("<title>Bridge opens after delays-HARBOUR.NET</title>", "Bridge opens after delays"),
            // A short <h1> and a name not known as the site's, set off by a dash or a bar.
            ("<title>إصلاح حاجز الميناء - صحيفة الساحل</title>", "إصلاح حاجز الميناء"),
            ("<title>Bridge opens | Kāpiti Post</title>", "Bridge opens"),
            // Or before it.
            ("<title>Kāpiti Post | Bridge opens</title>", "Bridge opens"),
            ("<title>Salt and Thyme – Harbour Fish Stew</title>", "Harbour Fish Stew"),
        ] {
            assert_eq!(title(head, h1).as_deref(), Some(h1), "{head}");
        }
        // Each title, the names the page gives, its host, and the title cleaned.
        let declared = ["Salt Journal".to_owned(), "The Harbour Times".to_owned()];
        let hafen = ["Hafen".to_owned()];
        let coast = ["Coast Courier".to_owned()];
        let guardian = ["The Guardian".to_owned()];
        let cases: &[(&str, &[String], &str, &str)] = &[
            // The name the site declares goes with "The" before it, or without.
            ("Fish Stew | The Salt Journal", &declared, "salt.test", "Fish Stew"),
            ("Fish Stew | Harbour Times", &declared, "ht.test", "Fish Stew"),
            // So does the host's, with the article its address leaves out, in any language.
            ("Bridge opens | Der Hafenbote", &[], "www.hafenbote.test", "Bridge opens"),
            ("Bridge opens – L’Escale du Port", &[], "escaleduport.test", "Bridge opens"),
            ("Bridge opens | Der Hafen", &hafen, "h.test", "Bridge opens"),
            // The host written whole, however short.
            ("Hafenmauer wird genehmigt - Politik - SZ.test", &[], "sz.test", "Hafenmauer wird genehmigt"),
            // Another address, and the section's name before it (not the headline's own
            // part, nor a part of a series).
            (
                "Hafenmauer wird genehmigt - Stadt Kiel - SZ.de",
                &[],
                "www.sueddeutsche.test",
                "Hafenmauer wird genehmigt",
            ),
            ("Bridge opens at last - Local News - PortTimes.com", &[], "news.test", "Bridge opens at last"),
            ("Brexit - The Facts - Harbour.com", &[], "news.test", "Brexit - The Facts"),
            (
                "Harbour wall repair approved - Part 2 - Harbour.com",
                &[],
                "news.test",
                "Harbour wall repair approved - Part 2",
            ),
            // A name that opens with the host's, a word or two after it.
            ("Hafen öffnet | Süddeutsche Zeitung", &[], "www.sueddeutsche.test", "Hafen öffnet"),
            ("Hafen öffnet | FOCUS online", &[], "www.focus.test", "Hafen öffnet"),
            ("Bridge opens | Port Times Online", &[], "porttimes.test", "Bridge opens"),
            // A short name of the site, then a tagline that writes its address out.
            (
                "Senaat stemt in met hervorming | NU - Het laatste nieuws het eerst op NU.test",
                &[],
                "www.nu.test",
                "Senaat stemt in met hervorming",
            ),
            // The address after a colon, and the site's sections before it when there are
            // two or more, or one after a headline of three words or more; one part before
            // it may be the headline's own.
            ("Сенат одобрил реформу: Политика: Россия: Lenta.test", &[], "lenta.test", "Сенат одобрил реформу"),
            ("Сенат одобрил реформу: Lenta.test", &[], "lenta.test", "Сенат одобрил реформу"),
            ("Сенат одобрил реформу: Политика: Lenta.test", &[], "lenta.test", "Сенат одобрил реформу"),
            ("Интервью: Иван Петров: Lenta.test", &[], "lenta.test", "Интервью: Иван Петров"),
            // Its name after a colon, as the host spells it or the page declares it, after a
            // headline of three words or more; beside a label, or another name, it stays.
            ("Harbour wall repair approved: Port Times", &[], "www.porttimes.test", "Harbour wall repair approved"),
            (
                "Harbour wall repair approved: The Quay",
                &["The Quay".to_owned()],
                "q.test",
                "Harbour wall repair approved",
            ),
            ("Interview: Port Times", &[], "porttimes.test", "Interview: Port Times"),
            (
                "Notes on repairing an old clock :: Workshop Diary",
                &[],
                "workshop.test",
                "Notes on repairing an old clock",
            ),
            // A declared name with one word after it.
            (
                "Harbour wall repair approved - Coast Courier Online",
                &coast,
                "news.test",
                "Harbour wall repair approved",
            ),
            ("Bridge opens | Guardian Australia", &guardian, "news.test", "Bridge opens"),
            (
                "Harbour wall repair approved | Coast Courier readers react",
                &coast,
                "news.test",
                "Harbour wall repair approved | Coast Courier readers react",
            ),
            (
                "Harbour wall repair approved: Port Times",
                &[],
                "harbour.test",
                "Harbour wall repair approved: Port Times",
            ),
            // Its address under another ending; another site's name stays.
            ("Bridge opens – Port-Times.com", &[], "porttimes.test", "Bridge opens"),
            ("Bridge opens – Harbour.com", &[], "porttimes.test", "Bridge opens – Harbour.com"),
            ("Hafen öffnet | Focus Group Report", &[], "www.focus.test", "Hafen öffnet | Focus Group Report"),
            // Accents as the host spells them.
            ("Bridge opens | L'Écho du Port", &[], "echoduport.test", "Bridge opens"),
            ("Bridge opens | Süddeutsche Hafenzeitung", &[], "sueddeutschehafenzeitung.test", "Bridge opens"),
            ("Bridge opens | Café Olé", &[], "cafeole.test", "Bridge opens"),
            ("Bridge opens | Café Olé", &[], "cafeoles.test", "Bridge opens | Café Olé"),
            // A name in Cyrillic or Greek letters as the host romanizes it, after a short
            // headline too; the host written whole in its own script.
            ("Сенат одобрил реформу — Коммерсантъ", &[], "www.kommersant.test", "Сенат одобрил реформу"),
            ("Сенат одобрил реформу - Ведомости", &[], "www.vedomosti.test", "Сенат одобрил реформу"),
            ("Η Βουλή ενέκρινε - Καθημερινή", &[], "www.kathimerini.test", "Η Βουλή ενέκρινε"),
            ("Сенат одобрил реформу — Лента.тест", &[], "lenta.test", "Сенат одобрил реформу"),
            ("Сенат одобрил реформу - Ведомости", &[], "www.novosti.test", "Сенат одобрил реформу - Ведомости"),
            // A blog's name after each post's title, however it is written; a headline's
            // own words about a blog stay.
            ("Mein erster Beitrag « Annas Blog", &[], "anna.blogs.test", "Mein erster Beitrag"),
            ("Ein langer Tag am Meer | Annas kleiner Blog", &[], "mueller.test", "Ein langer Tag am Meer"),
            ("Winter im Garten – Gartenblog", &[], "gruen.test", "Winter im Garten"),
            ("Ma recette de tarte – Le blog de Claire", &[], "claire.test", "Ma recette de tarte"),
            ("Lessons learned - Why I quit my blog", &[], "me.test", "Lessons learned - Why I quit my blog"),
            ("Bridge opens - live blog", &[], "news.test", "Bridge opens - live blog"),
            ("The Film Gang » Blog Archive » Stand Up Guys", &[], "blogs.kusp.test", "Stand Up Guys"),
            // An article is a word of its own: "Design" is not "sign" after "de".
            ("Bridge opens | Design", &[], "sign.test", "Bridge opens | Design"),
        ];
        for (raw, names, host, want) in cases {
            assert_eq!(clean_title(raw, names, host), *want, "{raw} on {host}");
        }
        // A name and a word names the site; a name and a page's name after a colon does not.
        assert!(title::names_only_the_site("Coast Courier Online", &coast, "news.test"));
        assert!(!title::names_only_the_site("Coast Courier: Colophon", &coast, "news.test"));
        assert!(!title::names_only_the_site("Coast Courier 2026", &coast, "news.test"));
        // More than three words after it are more of the headline.
        let more = "<title>Bridge opens - what drivers need to know</title>";
        assert_eq!(title(more, "Bridge opens").as_deref(), Some("Bridge opens - what drivers need to know"));
        // A hyphen inside a word, a long part after it, or a short <h1>, and it stays.
        for (head, h1) in [
            ("<title>Haustechnik-Forum_Heizung</title>", "Haustechnik"),
            ("<title>港口新墙今天开工_工程将持续到明年年底并且需要大量工人参与建设</title>", "港口新墙今天开工"),
            ("<title>新墙开工_港口</title>", "新墙开工"),
        ] {
            assert_ne!(title(head, h1).as_deref(), Some(h1), "{head}");
        }
    }

    #[test]
    fn a_heading_over_the_top_bar_that_the_title_ends_with_names_the_site() {
        let url = Url::parse("https://docs.test/handbook/berths.html").ok();
        let para = "<p>A berth is the place along the quay where a ship lies while it loads and unloads, \
                    and each one is measured and named before the harbour opens it to traffic.</p>";
        let page = |title: &str, headings: &str| {
            let body = para.repeat(3);
            format!("<html><head><title>{title}</title></head><body>{headings}{body}</body></html>")
        };
        for (title, headings, want) in [
            // A book's name over its chapters, then the chapter's heading.
            (
                "What is a Berth? - The Harbour Handbook",
                r#"<div class="menu-bar"><h1 class="menu-title">The Harbour Handbook</h1></div><main><h2>What Is a Berth?</h2>"#,
                "What is a Berth?",
            ),
            // Documentation's name and version, then a module's name, however short.
            (
                "DNS | Quay.js v2.1 Documentation",
                r##"<header><h1>Quay.js v2.1 documentation</h1></header><h2>DNS<a class="mark" href="#dns">#</a></h2>"##,
                "DNS",
            ),
            // A manual page's heading says a little more.
            (
                "quayctl - The Harbour Handbook",
                r#"<h1 class="menu-title">The Harbour Handbook</h1><main><h1>quayctl(1)</h1>"#,
                "quayctl",
            ),
        ] {
            let got = extract(&page(title, headings), url.as_ref());
            assert_eq!(got.title.as_deref(), Some(want), "{title}");
            assert!(!got.text.contains("Handbook") && !got.text.contains("documentation"), "{title}: {}", got.text);
        }
        // The site's name in a footer's heading, after the headline: the headline stays.
        let footer = page(
            "Valley Herald | Bridge opens after two years of delays",
            "<h1>Valley Herald</h1><article><h1>Bridge opens after two years of delays</h1></article><h2>Valley Herald</h2>",
        );
        let got = extract(&footer, url.as_ref()).title;
        assert_eq!(got.as_deref(), Some("Bridge opens after two years of delays"));
    }

    #[test]
    fn a_card_named_for_the_site_gives_way_to_the_storys_picture() {
        let html = r#"<html><head><meta property="og:image" content="/static/social/valley-herald.png"></head>
            <body><article><h1>Bridge opens</h1><figure><img src="/2024/03/05/bridge-crowd.jpg"></figure>
            <p>The new bridge opened on Tuesday.</p></article></body></html>"#;
        let url = Url::parse("https://valleyherald.test/news/bridge").ok();
        let images: Vec<String> = extract(html, url.as_ref()).images.into_iter().map(|i| i.url).collect();
        assert_eq!(
            images,
            [
                "https://valleyherald.test/2024/03/05/bridge-crowd.jpg",
                "https://valleyherald.test/static/social/valley-herald.png"
            ]
        );
    }

    #[test]
    fn a_marked_containers_link_list_goes_with_its_heading() {
        let para = "The council voted on Tuesday to approve the long-debated plan to rebuild the harbour front.";
        let html = format!(
            r#"<div class="entry-content"><p>{para}</p><h3>Key events</h3><ul><li><a href="/a">Ferries cancelled
            for the day</a></li><li><a href="/b">Schools closed across the region</a></li></ul><p>{para}</p></div>"#
        );
        let text = container_text(&Elements::of(&Document::from(html.as_str())), ".entry-content", None, None)
            .unwrap_or_default();
        assert!(!text.contains("Key events") && !text.contains("Ferries"), "{text}");
        assert_eq!(text.matches("harbour front").count(), 2, "{text}");
        // A heading over prose stays.
        let html = format!(r#"<div class="entry-content"><p>{para}</p><h3>Key events</h3><p>{para}</p></div>"#);
        let text = container_text(&Elements::of(&Document::from(html.as_str())), ".entry-content", None, None)
            .unwrap_or_default();
        assert!(text.contains("Key events"), "{text}");
    }

    #[test]
    fn a_copys_container_counts_its_sites_links_as_its_own() {
        // Read from a copy on another host, a story whose canonical address is on
        // news.test: a list of news.test's other stories is the site's list, beside the story,
        // not a list of sources elsewhere.
        let para = "The council voted on Tuesday to approve the long-debated plan to rebuild the harbour front.";
        let html = format!(
            r#"<div class="entry-content"><p>{para}</p><ul>
            <li><a href="https://news.test/ferries">Ferries cancelled across the bay today</a></li>
            <li><a href="https://news.test/schools">Schools closed across the whole region</a></li></ul>
            <p>{para}</p><p>{para}</p></div>"#
        );
        let doc = Document::from(html.as_str());
        let els = Elements::of(&doc);
        let copy = Url::parse("https://mirror.test/2024/harbour.html").ok();
        let own = Url::parse("https://news.test/2024/harbour.html").ok();
        let read = |site: Option<&Url>| container_text(&els, ".entry-content", copy.as_ref(), site).unwrap_or_default();
        assert!(read(None).contains("Ferries cancelled"), "{}", read(None));
        assert!(!read(own.as_ref()).contains("Ferries cancelled"), "{}", read(own.as_ref()));
        assert_eq!(read(own.as_ref()).matches("harbour front").count(), 3);
    }

    #[test]
    fn elements_read_by_name_are_those_a_selector_finds() {
        let page = r#"<html lang="en"><head><title>T</title><base href="/x/">
            <meta property="og:title" content="A"><meta name="x" content="B">
            <link rel="image_src" href="/i.jpg"><script type="application/ld+json">{}</script></head>
            <body><div class="post-thumbnail"><img src="/a.jpg"></div><h2>Sub</h2><h1>Head</h1>
            <p>One <a href="/">home</a></p><div><p>Two</p><img class="wp-post-image" src="/b.jpg"></div>
            <amp-img src="/c.jpg"></amp-img><time class="published" datetime="2024-03-05">x</time>
            <svg><a href="/s">svg</a></svg><section id="s1"><p>Three</p></section>
            <h2 class="post_title Entry-Title café">Four</h2><p class="x post-thumbnail">Five</p></body></html>"#;
        let doc = Document::from(page);
        let els = Elements::of(&doc);
        for css in [
            "h1, h2",
            "h2, h1",
            "p",
            "a[href]",
            "img, amp-img",
            "link[rel][href]",
            "meta[content]",
            "script[type]",
            "img.wp-post-image, .post-thumbnail img, .featured-image img",
            "head title",
            "title",
            "base[href]",
            "html",
            "time.entry-date[datetime], time.published[datetime]",
            "meta[itemprop~=image][content]",
            "section > p",
            "div>img",
            "h1 + p",
            "[id]",
            ".post-thumbnail",
            "h1, [id]",
            "table",
            "p, p",
            "#s1",
            "#s1 p",
            "[itemprop]",
            ".entry-title, .post-title",
            ".post-thumbnail img, [class]",
            "[itemscope][itemtype]",
            "[title]",
            ".wp-post-image, h1",
            "[ID=s1]",
            ".post_title",
            ".café",
            ".entry-title",
            ".Entry-Title",
            "#S1",
            "div.post-thumbnail",
            ".x.post-thumbnail, .post-thumbnail",
            "#s1 p, .post-thumbnail img",
            ".nothing",
        ] {
            let ids = |v: Vec<NodeRef<'_>>| v.iter().map(|e| e.id).collect::<Vec<_>>();
            assert_eq!(ids(els.all(css)), ids(all(&doc, css)), "{css}");
            assert_eq!(els.first(css).map(|e| e.id), all(&doc, css).first().map(|e| e.id), "{css}");
        }
        let keys: Vec<String> = INDEXED_ATTRIBUTES.iter().map(|a| format!("[{a}]")).collect();
        assert_eq!(keys, INDEXED_KEYS);
        let names = |v: &[&str]| Some(v.iter().map(|n| n.to_string()).collect::<Vec<_>>());
        assert_eq!(subject_names(".post-thumbnail img, h1"), names(&["h1", "img"]));
        assert_eq!(subject_names("meta[itemprop~=image]"), names(&["meta"]));
        assert_eq!(subject_names("h1, [itemprop~=articleBody]"), names(&["[itemprop]", "h1"]));
        assert_eq!(subject_names(".a .B_c, #d-e"), names(&["#d-e", ".b_c"]));
        assert_eq!(subject_names(".entry-title, .entry-title.post"), names(&[".entry-title"]));
        assert_eq!(subject_names("[title], h1"), None);
        assert_eq!(subject_names("*"), None);
        assert_eq!(subject_names("meta[content='a b']"), None);
    }

    #[test]
    fn a_link_home_is_told_without_resolving_every_link() {
        let bases = ["https://news.test/world/2024/story.html", "https://news.test/", "http://news.test/a/b/"];
        let hrefs = [
            "/",
            "",
            ".",
            "..",
            "./",
            "../",
            "../../",
            "#top",
            "/#top",
            "index.html",
            "/index.php",
            "../index.htm",
            "https://news.test",
            "HTTPS://news.test",
            "https://news.test/",
            "//news.test",
            "//news.test/",
            "http://news.test:80",
            "https://www.news.test/",
            "https://other.test/",
            "/?ref=nav",
            "?",
            "/world/",
            "/world",
            "story.html",
            "https://news.test/index.html#x",
            "\\",
            "https:/",
            "http:",
            "javascript:void(0)",
            "mailto:a@news.test",
            " / ",
            "/index.html?x=1",
            "/a/../",
            "/a/..",
            "https://news.test/a/..",
        ];
        for base in bases {
            let base = Url::parse(base).unwrap();
            for href in hrefs {
                let slow = href.trim() == "/" || resolves_home(href.trim(), &base);
                assert_eq!(links_home(href, Some(&base)), slow, "{href:?} from {base}");
            }
        }
        assert!(links_home("/", None));
        assert!(!links_home("/news/", None));
    }

    #[test]
    fn a_headline_whose_last_part_reads_like_a_site_name_is_kept_whole() {
        let url = Url::parse("https://coastnews.test/live/storm").ok();
        let title = |head: &str, h1: &str| extract(&page_with(head, h1), url.as_ref()).title;
        let h1 = "Live: Storm hits coast – latest updates";
        let head = "<title>Live: Storm hits coast – latest updates | Coast News</title>";
        assert_eq!(title(head, h1).as_deref(), Some(h1));
        // The site's name before the headline, too.
        let head = "<title>Coast News - Ferry strike: what you need to know</title>";
        let h1 = "Ferry strike: what you need to know";
        assert_eq!(title(head, h1).as_deref(), Some(h1));
        // A heading that is not the title's does not stop the cut.
        let head = "<title>Storm hits the coast – latest updates | Coast News</title>";
        assert_eq!(title(head, "Weather").as_deref(), Some("Storm hits the coast"));
    }

    #[test]
    fn a_placeholder_title_gives_way_to_the_headline() {
        let story = harbour_story();
        for head in [
            r#"<title>Harbour wall approved</title><meta property="og:title" content="Home">"#,
            r#"<title>Untitled Document</title><meta name="twitter:title" content="Harbour wall approved">"#,
            r#"<title>Index</title>"#,
            // The home page's name beside the site's.
            r#"<title>Home - Port Daily</title>"#,
            r#"<title>Port Daily | Startseite</title>"#,
        ] {
            let html = format!("<html><head>{head}</head><body><h1>Harbour wall approved</h1>{story}</body></html>");
            let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
            assert_eq!(a.title.as_deref(), Some("Harbour wall approved"), "{head}");
        }
        // A headline that opens with the word is no placeholder.
        let html = format!(
            "<html><head><title>Home Office cuts visas - Port Daily</title></head><body><h1>Harbour wall approved</h1>{story}</body></html>"
        );
        assert_eq!(extract(&html, None).title.as_deref(), Some("Home Office cuts visas"));
        // With nothing else, the page's word stands.
        let html = format!("<html><head><title>Untitled Document</title></head><body>{story}</body></html>");
        assert_eq!(extract(&html, None).title.as_deref(), Some("Untitled Document"));
        // A short <title> names the site or a section, and the page's only <h1> is the
        // headline; beside another <h1>, or one saying less, the <title> stands.
        for (title, body, want) in [
            (
                "Port Daily",
                "<h1>Harbour wall approved after a long debate</h1>",
                "Harbour wall approved after a long debate",
            ),
            ("Port Daily", "<h1>Harbour wall approved</h1><h1>Ferries return</h1>", "Port Daily"),
            ("Harbour wall", "<h1>Wall</h1>", "Harbour wall"),
        ] {
            let html = format!("<html><head><title>{title}</title></head><body>{body}{story}</body></html>");
            assert_eq!(extract(&html, None).title.as_deref(), Some(want), "{title} {body}");
        }
        // Where the metadata declares a title, it is the title, and the <h1> stays in the text.
        let html = format!(
            r#"<html><head><title>Port Daily</title><meta property="dc:title" content="Wall vote"></head><body><h1>Harbour wall approved after a long debate</h1>{story}</body></html>"#
        );
        let a = extract(&html, None);
        assert_eq!(a.title.as_deref(), Some("Wall vote"));
        assert!(a.text.starts_with("Harbour wall approved after a long debate"), "{}", a.text);
        // A headline that says more is a headline.
        let html = format!("<html><head><title>Home at last</title></head><body>{story}</body></html>");
        assert_eq!(extract(&html, None).title.as_deref(), Some("Home at last"));
    }

    #[test]
    fn under_a_logo_or_with_no_h1_the_h2_over_the_story_is_the_headline() {
        let story = harbour_story();
        let page = Url::parse("https://www.gazette.test/news/wall").ok();
        for (head, body) in [
            // The site's name as the only title, the <h1> its logo's.
            (
                "<title>Gazette</title>",
                r#"<header><h1><a href="/">Gazette</a></h1></header><h2>Harbour wall approved by council</h2>"#,
            ),
            // A section's name between the site's and the headline.
            (
                "<title>Gazette - Local - Harbour wall approved by council</title>",
                "<article><h2>Harbour wall approved by council</h2>",
            ),
            // One page of several.
            ("<title>Harbour wall approved by council | Gazette | Page 2</title>", ""),
            ("<title>Harbour wall approved by council - Seite 3</title>", ""),
        ] {
            let html = format!("<html><head>{head}</head><body>{body}{story}</body></html>");
            assert_eq!(
                extract(&html, page.as_ref()).title.as_deref(),
                Some("Harbour wall approved by council"),
                "{head}"
            );
        }
        // An <h2> agrees with a title only as a whole heading: a section's heading that
        // opens the title is no headline.
        let html = format!(
            "<html><head><title>Local - Harbour wall approved by council</title></head><body><h2>Harbour wall</h2>{story}</body></html>"
        );
        assert_eq!(extract(&html, None).title.as_deref(), Some("Local - Harbour wall approved by council"));
        // A page number is a part of its own, not a headline's words.
        let html =
            format!("<html><head><title>Page 2 of the council minutes</title></head><body>{story}</body></html>");
        assert_eq!(extract(&html, None).title.as_deref(), Some("Page 2 of the council minutes"));
    }

    #[test]
    fn a_title_cut_short_with_an_ellipsis_gives_way_to_the_headline_it_opens() {
        let page = |head: &str, h1: &str| {
            format!("<html><head>{head}</head><body><article><h1>{h1}</h1>{}</article></body></html>", harbour_story())
        };
        let url = Url::parse("https://news.test/harbour").ok();
        let title = |html: &str| extract(html, url.as_ref()).title;
        let whole = "Harbour wall repair approved after storm, council says";
        for head in [
            "<title>Harbour wall repair approved after st...</title>",
            "<title>Harbour wall repair approved after storm… | Port Times</title>",
            r#"<meta property="og:title" content="Harbour wall repair approved after…"><title>Port Times</title>"#,
        ] {
            let a = extract(&page(head, whole), url.as_ref());
            assert_eq!(a.title.as_deref(), Some(whole), "{head}");
            // The headline, the title, leaves the text.
            assert!(!a.text.contains("council says"), "{head}: {}", a.text);
        }
        // A headline that ends with an ellipsis of its own, or one too short to tell.
        for (head, h1, want) in [
            (
                "<title>And then the tide came in...</title>",
                "Harbour wall repair approved",
                "And then the tide came in...",
            ),
            ("<title>Wall rep…</title>", whole, whole),
        ] {
            assert_eq!(title(&page(head, h1)).as_deref(), Some(want), "{head}");
        }
    }

    #[test]
    fn titles_lose_their_site_names() {
        let names = vec!["The Daily Example".to_owned()];
        for (raw, want) in [
            ("Rain is coming back | The Daily Example", "Rain is coming back"),
            ("The Daily Example - Rain is coming back", "Rain is coming back"),
            ("Rain is coming back -- Example", "Rain is coming back"),
            ("Rain is coming back – example.test", "Rain is coming back"),
            (
                "Rain, hail and snow are coming back this week - Weather Desk",
                "Rain, hail and snow are coming back this week",
            ),
            ("Rain is coming back • The Daily Example", "Rain is coming back"),
            ("Rain is coming back ~ The Daily Example", "Rain is coming back"),
            ("The Daily Example › Rain is coming back", "Rain is coming back"),
            ("Rain is coming back ｜ The Daily Example", "Rain is coming back"),
            ("Rain is coming back « The Daily Example", "Rain is coming back"),
            ("Rain is coming back ‹ The Daily Example", "Rain is coming back"),
            ("[The Daily Example] Rain is coming back", "Rain is coming back"),
            ("【The Daily Example】Rain is coming back", "Rain is coming back"),
            ("Weather: Rain is coming back", "Weather: Rain is coming back"),
            ("[Updated] Rain is coming back", "[Updated] Rain is coming back"),
            (
                "Rain, hail and snow are coming back this week • Weather Desk",
                "Rain, hail and snow are coming back this week",
            ),
            ("Rain falls on the hills > Weather > News", "Rain falls on the hills"),
            // The site's name with the day's date after it, as RIA Novosti writes it.
            ("Совет одобрил новую стену гавани - РИА Новости, 02.12.2026", "Совет одобрил новую стену гавани"),
            ("Rain is coming back - The Daily Example, 2 December 2026", "Rain is coming back"),
            // A date after a headline's own last words stays.
            (
                "Council votes on the wall - live updates from the town hall, 02.12.2026",
                "Council votes on the wall - live updates from the town hall, 02.12.2026",
            ),
            ("Prices rise ~ 5 percent", "Prices rise ~ 5 percent"),
            ("Left - Right", "Left - Right"),
            ("学生看两会：出国前后关注点大不同_教育频道_中国青年网", "学生看两会：出国前后关注点大不同"),
            ("宇航员在太空中喝酒会怎么样 _探索者 _光明网", "宇航员在太空中喝酒会怎么样"),
            ("北京-上海", "北京-上海"),
            // A news outlet's name in CJK, its Latin letters too ("NHKニュース", "新浪新闻",
            // "毎日新聞"), or a name in Latin letters after a headline written without
            // spaces; a full-width colon sets a site's name off as a bar does.
            ("港の防波堤、市議会が承認 | NHKニュース", "港の防波堤、市議会が承認"),
            ("港口防波堤获批_新浪新闻", "港口防波堤获批"),
            ("항만 방파제 승인 | 연합뉴스", "항만 방파제 승인"),
            ("港の防波堤、市議会が承認 - ITmedia NEWS", "港の防波堤、市議会が承認"),
            ("港の防波堤、市議会が承認：朝日新聞デジタル", "港の防波堤、市議会が承認"),
            ("港の防波堤、市議会が承認（写真＝共同）：日本経済新聞", "港の防波堤、市議会が承認（写真＝共同）"),
            // A headline's own colon, and its own last part, stay.
            ("首相：「改革を進める」", "首相：「改革を進める」"),
            ("外務省報道官：会談は予定通り", "外務省報道官：会談は予定通り"),
            (
                "アップルが新型を発表、来月発売へ - iPhone 16の価格",
                "アップルが新型を発表、来月発売へ - iPhone 16の価格",
            ),
            ("港の防波堤、市議会が承認 - 工事は来春から", "港の防波堤、市議会が承認 - 工事は来春から"),
            ("女儿出嫁，郑板桥画了几笔兰花当嫁妆--文化--人民网", "女儿出嫁，郑板桥画了几笔兰花当嫁妆"),
            ("金融知识普及月活动走进社区广场--当代商报", "金融知识普及月活动走进社区广场"),
            (
                "Anticorrupción decidirá en Madrid si recurre la imputación de la Infanta » Local » Noticias » Ultima Hora Mallorca",
                "Anticorrupción decidirá en Madrid si recurre la imputación de la Infanta",
            ),
            ("News » Local » Rain falls on the hills", "Rain falls on the hills"),
            // A news site's name or label after a headline of two words; after one it may
            // be the headline's own.
            ("Deprem korkuttu - Son Dakika Haberleri", "Deprem korkuttu"),
            ("Storm hits | Sky News", "Storm hits"),
            ("Hafen gesperrt – Aktuelle Nachrichten", "Hafen gesperrt"),
            ("Lockdown - News", "Lockdown - News"),
            ("Good news - the bridge reopens", "Good news - the bridge reopens"),
            // One word after a bar goes beside a headline of three; after a dash it may be
            // the headline's own.
            ("항만 방파제 승인 | 머니투데이", "항만 방파제 승인"),
            ("Harbour wall approved | Gazette", "Harbour wall approved"),
            ("Harbour wall approved - unanimously", "Harbour wall approved - unanimously"),
            ("Harbour wall | Gazette", "Harbour wall | Gazette"),
            ("Local | Rain falls on the hills | The Daily Example", "Rain falls on the hills"),
            ("The Daily Example - Local - Rain falls on the hills", "Rain falls on the hills"),
            ("Dune - Part Two - review: a stunning epic of sand", "Dune - Part Two - review: a stunning epic of sand"),
            // A section's name of a word or two between a short headline and the site's.
            ("Fish stew - Recipes - The Daily Example", "Fish stew"),
            ("Harbour fish stew | Home Cooking | The Daily Example", "Harbour fish stew"),
            ("Harbour fish stew | Kiel | Home Cooking | The Daily Example", "Harbour fish stew"),
            ("Harbour fish stew » Coast » Recipes » The Daily Example", "Harbour fish stew"),
            ("Bayern München - Borussia Dortmund - Live - The Daily Example", "Bayern München - Borussia Dortmund"),
            ("Dune - Part Two - The Daily Example", "Dune - Part Two"),
            // The part of a series is the headline's, after any headline.
            ("Harbour saga - Part 2 - The Daily Example", "Harbour saga - Part 2"),
            ("Harbour saga | Teil 3 | The Daily Example", "Harbour saga | Teil 3"),
            (
                "The long fight for the harbour wall - Part 2 - The Daily Example",
                "The long fight for the harbour wall - Part 2",
            ),
            (
                "Local | The long fight for the harbour wall | Episode 4 | The Daily Example",
                "The long fight for the harbour wall | Episode 4",
            ),
            // A tagline after the site's name.
            ("Rain is coming back – The Daily Example – Local news for the coast", "Rain is coming back"),
            ("Rain returns – The Daily Example – Local", "Rain returns"),
            ("Harbour wall approved | The Daily Example | Your local news source", "Harbour wall approved"),
            (
                "Harbour wall approved | News | The Daily Example | Serving the coast since 1901",
                "Harbour wall approved",
            ),
            ("Harbour wall approved | Kiel | News | The Daily Example | Local news", "Harbour wall approved"),
            ("Harbour saga | Teil 3 | The Daily Example | Local news", "Harbour saga | Teil 3"),
            ("Harbour wall approved - The Daily Example - Local News, Weather, Sports", "Harbour wall approved"),
            ("Local | The Daily Example | Rain falls on the hills", "Rain falls on the hills"),
            ("Rain is coming back | The Daily Example - Local news for the coast", "Rain is coming back"),
            ("Opinion | The Daily Example - Why the harbour wall is a mistake", "Why the harbour wall is a mistake"),
            // The site's name after its short form or a section's name, however short the
            // headline; the part of a series stays.
            ("Rain is coming back | TDE - The Daily Example", "Rain is coming back"),
            ("Rain returns | Weather - The Daily Example", "Rain returns"),
            ("Rain returns | Kiel | TDE - The Daily Example", "Rain returns"),
            ("Harbour saga | Teil 3 - The Daily Example", "Harbour saga | Teil 3"),
        ] {
            assert_eq!(clean_title(raw, &names, "www.example.test"), want, "{raw}");
        }
        // A name that is not known: short after a slash, or before a bar.
        for (raw, want) in [
            ("Rain, hail and snow are coming back / Weather Desk", "Rain, hail and snow are coming back"),
            ("Weather Desk | Rain, hail and snow are coming back", "Rain, hail and snow are coming back"),
            ("Opinion | Rain, hail and snow are coming back", "Rain, hail and snow are coming back"),
            ("Ukraine - Russia talks resume in Geneva", "Ukraine - Russia talks resume in Geneva"),
            ("AC / DC play the harbour", "AC / DC play the harbour"),
            ("Rain | Hail", "Rain | Hail"),
        ] {
            assert_eq!(clean_title(raw, &[], "www.example.test"), want, "{raw}");
        }
        // The site's name before its sections, after a short headline.
        assert_eq!(
            clean_title("Harbour wall approved | PortTimes.test - News - Coast", &[], "porttimes.test"),
            "Harbour wall approved"
        );
        // A hyphen inside a word sets nothing off, whatever the word's end names.
        let raw = "Heizung macht Klopfgeräusche - Haustechnik-Forum";
        assert_eq!(clean_title(raw, &[], "forum.test"), raw);
        assert_eq!(
            clean_title("新型ロケット打ち上げ成功-サンプル新聞", &["サンプル新聞".to_owned()], "s.test"),
            "新型ロケット打ち上げ成功"
        );
        // The site's address, or its name as a CJK site's name reads ("…网", "…网站").
        for (raw, host) in [
            ("外媒眼中的武汉长假：蓬勃发展，欢声笑语_首页武汉_新闻中心_长江网_cjn.cn", "news.cjn.cn"),
            ("外媒眼中的武汉长假：蓬勃发展，欢声笑语-CJN.CN", "www.cjn.cn"),
            ("外媒眼中的武汉长假：蓬勃发展，欢声笑语_中国载人航天官方网站", "s.test"),
            ("外媒眼中的武汉长假：蓬勃发展，欢声笑语 - 山西省人民政府门户网站", "s.test"),
        ] {
            assert_eq!(clean_title(raw, &[], host), "外媒眼中的武汉长假：蓬勃发展，欢声笑语", "{raw}");
        }
        // A headline that ends on a network is no site's name.
        let raw = "华为：建成全球最大5G网";
        assert_eq!(clean_title(raw, &[], "s.test"), raw);
        for raw in ["金融知识普及月活动走进社区广场--当代商报", "当代商报--金融知识普及月活动走进社区广场"]
        {
            assert_eq!(clean_title(raw, &["当代商报".to_owned()], "s.test"), "金融知识普及月活动走进社区广场", "{raw}");
        }
    }

    #[test]
    fn a_site_names_itself_where_it_links_to_its_front_page() {
        let story = "<p>Last year I moved my tomatoes to pots on the balcony, and it was the best decision \
                     I made all season, as the shady corner never gave much.</p>"
            .repeat(4);
        let page = |title: &str, masthead: &str| {
            format!(
                r#"<html><head><title>{title}</title></head><body><div id="header">{masthead}</div>
                <div class="post"><h2>Growing tomatoes in containers</h2>{story}</div></body></html>"#
            )
        };
        let url = Url::parse("https://gardennotes.test/2012/05/tomatoes/").ok();
        for (title, masthead) in [
            (
                "Notes from the Garden - Growing tomatoes in containers",
                r#"<h1><a href="/">Notes from the Garden</a></h1>"#,
            ),
            (
                "Growing tomatoes in containers | Notes from the Garden",
                r#"<a href="https://www.gardennotes.test/"><img src="/logo.png" alt="Notes from the Garden"></a>"#,
            ),
            ("Heizung macht Klopfgeräusche - Haustechnik-Forum", r#"<a href="/index.php">Haustechnik-Forum</a>"#),
            // Or in its logo or masthead, linked nowhere: a name of more than three words
            // is the site's only so.
            (
                "Le plan vélo 2025 entre en vigueur - Ministère de la Transition écologique",
                r#"<div class="logo">Ministère de la Transition écologique</div>"#,
            ),
            (
                "Growing tomatoes in containers – Notes from the Small Urban Garden",
                r#"<p class="site-title">Notes from the Small Urban Garden</p>"#,
            ),
        ] {
            let want = title.contains("tomatoes").then_some("Growing tomatoes in containers");
            let want = want.or(title.contains("vélo").then_some("Le plan vélo 2025 entre en vigueur"));
            let want = want.unwrap_or("Heizung macht Klopfgeräusche");
            assert_eq!(extract(&page(title, masthead), url.as_ref()).title.as_deref(), Some(want), "{title}");
        }
        // A link to another page, or to another site's front page, names nothing.
        for masthead in [
            r#"<a href="/about">Notes from the Garden</a>"#,
            r#"<a href="https://other.test/">Notes from the Garden</a>"#,
            r#"<div class="sponsor-logo">Notes from the Garden</div>"#,
            r#"<div class="logo"><a href="https://other.test/"><img src="/l.png" alt="Notes from the Garden"></a></div>"#,
        ] {
            let title = "Notes from the Garden - Growing tomatoes in containers";
            assert_eq!(extract(&page(title, masthead), url.as_ref()).title.as_deref(), Some(title), "{masthead}");
        }
    }

    #[test]
    fn an_amp_pages_pictures_are_its_images() {
        let story = "<p>More than 300 volunteers spent Saturday planting trees along a three-mile stretch \
                     of the river, part of a plan to cool the water for fish.</p>"
            .repeat(4);
        let html = format!(
            r#"<html amp><body><header><a href="/"><amp-img src="/logo.png" width="120" height="40" alt="Example News">
            </amp-img></a></header><article><h1>Volunteers plant trees</h1>
            <amp-img src="/photos/trees-1200.jpg" width="1200" height="675" layout="responsive"></amp-img>{story}
            </article></body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/amp/trees").ok().as_ref());
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://news.test/photos/trees-1200.jpg"));
    }

    #[test]
    fn a_headline_set_over_a_picture_takes_it_as_the_lead_image() {
        let story = "<p>Porto rewards slow travellers: its steep streets, tiled churches and riverside cafés \
                     are best taken at walking pace, with long stops for coffee.</p>"
            .repeat(4);
        let url = Url::parse("https://wander.test/porto").ok();
        let image = |hero: &str| {
            let html = format!(
                r#"<html><body><header><a href="/"><img src="/logo.png" alt="Wander"></a></header>{hero}
                <article><div class="author"><img src="/avatars/maria-96x96.jpg" alt="Maria"></div>{story}</article>
                </body></html>"#
            );
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        let want = Some("https://wander.test/up/porto-ribeira.jpg".to_owned());
        for hero in [
            r#"<div class="hero" style="background-image: url('/up/porto-ribeira.jpg')"><h1>A weekend in Porto</h1></div>"#,
            r#"<div class="hero" style="background:#222 url(&quot;/up/porto-ribeira.jpg&quot;) center"><div><h1>A weekend in Porto</h1></div></div>"#,
            r#"<div class="hero-image lazyload" data-bg="/up/porto-ribeira.jpg"></div><h1>A weekend in Porto</h1>"#,
            r#"<h1>A weekend in Porto</h1><div class="hero" style="background-image: url('/up/porto-ribeira.jpg')"></div>"#,
        ] {
            assert_eq!(image(hero), want, "{hero}");
        }
        // A page's own background, or a box's away from the headline, is no picture of the story.
        let hero = r#"<h1>A weekend in Porto</h1><div><p>x</p></div><div style="background-image:url(/up/texture.png)"></div>"#;
        assert_eq!(image(hero), None);
        let html = format!(
            r#"<html><body style="background:url(/up/paper.jpg)"><h1>A weekend in Porto</h1><article>{story}</article></body></html>"#
        );
        assert_eq!(extract(&html, url.as_ref()).images.first().map(|i| i.url.clone()), None);
        // A figure in the story shows its picture as a background too, where the story has
        // no <img>; a figure beside the story does not.
        let figure = r#"<figure><div class="media" style="background-image:url('/up/porto-ribeira.jpg')"></div>
            <figcaption>The Ribeira at dusk</figcaption></figure>"#;
        let html = format!("<html><body><h1>A weekend in Porto</h1><article>{figure}{story}</article></body></html>");
        assert_eq!(extract(&html, url.as_ref()).images.first().map(|i| i.url.clone()), want);
        let html = format!(
            r#"<html><body><h1>A weekend in Porto</h1><article>{story}</article><aside class="related">{figure}</aside></body></html>"#
        );
        assert_eq!(extract(&html, url.as_ref()).images.first().map(|i| i.url.clone()), None);
    }

    #[test]
    fn images_a_page_names_without_open_graph_are_read() {
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |head: &str| {
            let html = format!("<html><head>{head}</head><body><p><img src=/masthead-strip.jpg></p></body></html>");
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        assert_eq!(
            image(r#"<link rel="image_src" href="/img/wall.jpg">"#).as_deref(),
            Some("https://news.test/img/wall.jpg")
        );
        assert_eq!(
            image(r#"<meta itemprop="image" content="/img/wall.jpg">"#).as_deref(),
            Some("https://news.test/img/wall.jpg")
        );
        // An image item of the page's own, by its `url`, or a link marked as the image.
        let item = r#"<span itemprop="image" itemscope itemtype="https://schema.org/ImageObject">
            <meta itemprop="url" content="/img/wall.jpg"><meta itemprop="width" content="1200"></span>"#;
        assert_eq!(image(item).as_deref(), Some("https://news.test/img/wall.jpg"));
        assert_eq!(
            image(r#"<link itemprop="image" href="/img/wall.jpg">"#).as_deref(),
            Some("https://news.test/img/wall.jpg")
        );
        // Text marked as the image names none.
        assert_eq!(
            image(r#"<span itemprop="image">The wall at dusk</span>"#).as_deref(),
            Some("https://news.test/masthead-strip.jpg")
        );
        // Yoast's graph: the article refers to its image by id.
        let yoast = r##"<script type="application/ld+json">{"@graph": [
            {"@type": "Article", "headline": "Wall", "image": {"@id": "https://news.test/harbour#primaryimage"}},
            {"@type": "ImageObject", "@id": "https://news.test/harbour#primaryimage", "url": "https://news.test/img/wall.jpg"}
        ]}</script>"##;
        assert_eq!(image(yoast).as_deref(), Some("https://news.test/img/wall.jpg"));
        // ... or names none, and the page names its own.
        let page = r##"<script type="application/ld+json">{"@graph": [
            {"@type": "WebPage", "@id": "https://news.test/harbour", "primaryImageOfPage": {"@id": "https://news.test/harbour#primaryimage"}},
            {"@type": "ImageObject", "@id": "https://news.test/harbour#primaryimage", "contentUrl": "https://news.test/img/wall.jpg"},
            {"@type": "Article", "headline": "Wall", "isPartOf": {"@id": "https://news.test/harbour"}}
        ]}</script>"##;
        assert_eq!(image(page).as_deref(), Some("https://news.test/img/wall.jpg"));
        // A picture named by its crop's shape is no smaller for it.
        let crop = r#"<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Wall",
            "image": {"@type": "ImageObject", "url": "https://news.test/img/wall-16x9.jpg"}}</script>"#;
        assert_eq!(image(crop).as_deref(), Some("https://news.test/img/wall-16x9.jpg"));
        // Open Graph still comes first.
        let both =
            r#"<meta property="og:image" content="/img/wall-og.jpg"><link rel="image_src" href="/img/wall.jpg">"#;
        assert_eq!(image(both).as_deref(), Some("https://news.test/img/wall-og.jpg"));
        // `og:image` is the image; a secure URL is another address of it.
        let secure = r#"<meta property="og:image:secure_url" content="https://cdn.test/wall.jpg">
            <meta property="og:image" content="http://cdn.test/wall.jpg">"#;
        assert_eq!(image(secure).as_deref(), Some("http://cdn.test/wall.jpg"));
        // A page's thumbnail, when it names nothing else and shows no picture.
        let html = r#"<html><head><meta name="thumbnail" content="/img/wall-thumb.jpg"></head><body><p>Wall.</p></body></html>"#;
        assert_eq!(
            extract(html, url.as_ref()).images.first().map(|i| i.url.as_str()),
            Some("https://news.test/img/wall-thumb.jpg")
        );
    }

    #[test]
    fn a_video_leading_the_story_gives_its_poster_as_the_lead_image() {
        let story = harbour_story();
        let url = Url::parse("https://harbour.test/news/wall").ok();
        let page = |media: &str| {
            format!(
                r#"<html><body><header><video poster="/site-reel.jpg" autoplay muted></video></header>
                <article><h1>Harbour wall approved</h1>{media}{story}</article></body></html>"#
            )
        };
        let lead = |media: &str| extract(&page(media), url.as_ref()).images.first().map(|i| i.url.clone());
        assert_eq!(
            lead(r#"<video controls poster="/img/wall-still.jpg" width="1280" height="720"><source src="/v/wall.mp4"></video>"#)
                .as_deref(),
            Some("https://harbour.test/img/wall-still.jpg")
        );
        // Where a picture comes first, it leads; a video with no poster shows nothing.
        assert_eq!(
            lead(r#"<img src="/img/wall.jpg"><video poster="/img/wall-still.jpg"></video>"#).as_deref(),
            Some("https://harbour.test/img/wall.jpg")
        );
        assert_eq!(lead(r#"<video src="/v/wall.mp4"></video>"#), None);
    }

    #[test]
    fn a_placeholder_in_src_gives_way_to_the_sources_a_lazy_loader_reads() {
        let story = harbour_story();
        let url = Url::parse("https://harbour.test/news/wall").ok();
        let lead = |img: &str| {
            let html =
                format!("<html><body><article><h1>Harbour wall approved</h1>{img}{story}</article></body></html>");
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        let want = Some("https://harbour.test/img/wall-1200.jpg".to_owned());
        assert_eq!(
            lead(r#"<img src="/img/blank.gif" data-lazy-srcset="/img/wall-600.jpg 600w, /img/wall-1200.jpg 1200w">"#),
            want
        );
        assert_eq!(lead(r#"<img src="/img/placeholder.png" srcset="/img/wall-1200.jpg 1200w">"#), want);
        // Or another loader's attribute, whatever its name, that holds an image file's address.
        for loader in ["data-lazy", "data-hi-res-src", "data-echo", "data-actualsrc", "data-ll-src"] {
            let placeholder =
                format!(r#"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" {loader}="/img/wall-1200.jpg">"#);
            assert_eq!(lead(&placeholder), want, "{loader}");
            assert_eq!(
                lead(&format!(r#"<img class="lazy" data-id="7" {loader}="/img/wall-1200.jpg?v=3">"#)),
                want.as_ref().map(|w| format!("{w}?v=3")),
                "{loader}"
            );
        }
        // Not an attribute that names no image file.
        assert_eq!(
            lead(
                r#"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-caption="wall.jpg by Jo" data-id="wall">"#
            ),
            None
        );
        // A picture's own `src` is kept before its sources.
        assert_eq!(
            lead(r#"<img src="/img/wall-1200.jpg" srcset="/img/wall-small.jpg 400w">"#),
            Some("https://harbour.test/img/wall-1200.jpg".to_owned())
        );
    }

    #[test]
    fn a_picture_element_is_read_from_its_sources_when_its_img_holds_a_placeholder() {
        let story = harbour_story();
        let html = format!(
            r#"<html><body><article><h1>Harbour wall approved</h1>{story}<picture>
            <source srcset="/img/wall-800.webp 800w, /img/wall-1600.webp 1600w" type="image/webp">
            <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="The wall"></picture>{story}</article></body></html>"#
        );
        let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://harbour.test/img/wall-1600.webp"));
    }

    #[test]
    fn body_images_come_from_the_story_not_from_boxes_about_something_else() {
        let story = harbour_story();
        let page = |article_class: &str, own: &str| {
            format!(
                r#"<html><body><header><img src="/masthead.jpg"></header>
                <article class="{article_class}"><h1>Harbour wall approved at last</h1>{own}{story}
                <div class="related-stories"><a href="/ferry"><img src="/ferry.jpg">Ferry timetable</a></div>
                <div class="author-box"><img src="/jo.jpg">Jo writes about the coast.</div>
                <div class="AsidePromo"><img src="/watch-us.jpg"></div></article></body></html>"#
            )
        };
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |html: &str| extract(html, url.as_ref()).images.first().map(|i| i.url.clone());
        assert_eq!(image(&page("story", "")), None, "no image of the story's own: none");
        // A class word on the story's own container does not make it a box.
        assert_eq!(
            image(&page("node node-promoted author-jo", r#"<p><img src="/wall.jpg"></p>"#)).as_deref(),
            Some("https://news.test/wall.jpg")
        );
    }

    #[test]
    fn a_headline_before_the_sites_name_and_tagline_agrees_with_the_h1() {
        let story = harbour_story();
        let url = Url::parse("https://porttimes.test/news/rain").ok();
        let title = |declared: &str, h1: &str| {
            let html = format!(
                r#"<html><head><title>{declared}</title><meta property="og:title" content="{declared}"></head>
                <body><article><h1>{h1}</h1>{story}</article></body></html>"#
            );
            extract(&html, url.as_ref()).title
        };
        let declared = "Rain returns | Port Times | Your local news source";
        assert_eq!(title(declared, "Rain returns").as_deref(), Some("Rain returns"));
        // So with the <title> alone.
        let html =
            format!("<html><head><title>{declared}</title></head><body><h1>Rain returns</h1>{story}</body></html>");
        assert_eq!(extract(&html, url.as_ref()).title.as_deref(), Some("Rain returns"));
        // A logo's <h1> says nothing of where the headline is: a short first part before the
        // site's name is read as a section's. So is an <h1> of the section's name.
        let after_section = "Local | Port Times | Rain falls on the hills";
        assert_eq!(title(after_section, "Port Times").as_deref(), Some("Rain falls on the hills"));
        let section = "Opinion pieces | Why the harbour wall is a mistake | Port Times";
        assert_eq!(title(section, "Opinion pieces").as_deref(), Some("Why the harbour wall is a mistake"));
    }

    #[test]
    fn a_tables_row_of_figures_is_text_where_a_pagers_numbers_are_not() {
        for row in ["2019 3", "2020 5 7", "12,5 7,3 %", "3 1"] {
            assert!(!is_furniture_line(row), "{row}: {:?}", furniture_kind(row));
        }
        for pager in ["1 2 3", "1 2 3 4 5", "1 / 12", "42", "2:34"] {
            assert!(is_furniture_line(pager), "{pager}");
        }
        let story = harbour_story();
        let html = format!(
            "<html><body><article><h1>Floods</h1>{story}<table><tr><th>Year</th><th>Floods</th></tr>\
             <tr><td>2019</td><td>3</td></tr><tr><td>2020</td><td>5</td></tr></table>{story}</article></body></html>"
        );
        let text = extract(&html, None).text;
        assert!(text.contains("2019 3") && text.contains("2020 5"), "{text}");
    }

    #[test]
    fn a_line_break_in_the_headline_is_a_space() {
        let story = harbour_story();
        let url = Url::parse("https://porttimes.test/news/wall").ok();
        let html = format!(
            "<html><head><title>Port Times</title></head><body><article><h1>Harbour wall<br>approved \
             <br/>at last</h1>{story}</article></body></html>"
        );
        assert_eq!(extract(&html, url.as_ref()).title.as_deref(), Some("Harbour wall approved at last"));
        // Written in any case.
        let html = html.replace("<br>", "<Br>").replace("<br/>", "<bR/>");
        assert_eq!(extract(&html, url.as_ref()).title.as_deref(), Some("Harbour wall approved at last"));
        // So in a heading in the story: its words stay one line, none read as a button.
        let paragraphs = |ps: &[&str]| ps.iter().map(|p| format!("<p>{p}</p>")).collect::<String>();
        let (before, after) = (paragraphs(&HARBOUR_PARAGRAPHS[..2]), paragraphs(&HARBOUR_PARAGRAPHS[2..]));
        let html = format!(
            "<html><body><article><h1>Harbour wall approved</h1>{before}<h2>What happens<br>next</h2>{after}</article></body></html>"
        );
        let text = extract(&html, url.as_ref()).text;
        assert!(text.contains("\n\nWhat happens next\n\n"), "{text}");
    }

    #[test]
    fn a_title_naming_only_a_section_of_the_site_gives_way_to_the_h1() {
        let story = harbour_story();
        let url = Url::parse("https://porttimes.test/news/wall").ok();
        let page = |head: &str, h1: &str| {
            let html = format!("<html><head>{head}</head><body><article><h1>{h1}</h1>{story}</article></body></html>");
            extract(&html, url.as_ref()).title
        };
        let h1 = "Harbour wall approved at last";
        for section in ["News | Port Times", "Local Politics | Port Times", "Port Times › Sport"] {
            let tag = format!("<title>{section}</title>");
            let og = format!(r#"<meta property="og:title" content="{section}">"#);
            assert_eq!(page(&tag, h1).as_deref(), Some(h1), "{section}");
            assert_eq!(page(&format!("{tag}{og}"), h1).as_deref(), Some(h1), "{section}");
        }
        // A headline of a word or two stays where the <h1> says no more.
        assert_eq!(page("<title>Storm | Port Times</title>", "Storm").as_deref(), Some("Storm"));
        assert_eq!(page("<title>News | Port Times</title>", "Port Times").as_deref(), Some("News | Port Times"));
        // So does the site's name and its tagline, or its greeting; not a headline after the
        // site's name that words the story as the <h1> does.
        for template in
            ["Port Times - Your local news", "Port Times | Serving the coast since 1880", "Welcome to Port Times"]
        {
            let tag = format!("<title>{template}</title>");
            let og = format!(r#"<meta property="og:title" content="{template}">"#);
            assert_eq!(page(&tag, h1).as_deref(), Some(h1), "{template}");
            assert_eq!(page(&format!("{tag}{og}"), h1).as_deref(), Some(h1), "{template}");
        }
        assert_eq!(
            page("<title>Port Times - Harbour wall finally approved</title>", h1).as_deref(),
            Some("Harbour wall finally approved")
        );
    }

    #[test]
    fn a_thumbnail_linked_to_its_picture_gives_the_picture() {
        let story = harbour_story();
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |own: &str| {
            let html = format!(
                r#"<html><body><article><h1>Harbour wall approved at last</h1>{own}{story}</article></body></html>"#
            );
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        // A gallery of thumbnails, each linked to its picture.
        let gallery = r#"<div class="gallery"><a href="/uploads/wall.jpg"><img src="/uploads/wall-150x150.jpg"></a>
            <a href="/uploads/crowd.jpg"><img src="/uploads/crowd-150x150.jpg"></a></div>"#;
        assert_eq!(image(gallery).as_deref(), Some("https://news.test/uploads/wall.jpg"));
        let declared = r#"<p><a href="/s1600/wall.png?v=2"><span><img src="/s200/wall.png" width="120" height="90"></span></a></p>"#;
        assert_eq!(image(declared).as_deref(), Some("https://news.test/s1600/wall.png?v=2"));
        // A picture of a story's size stays itself; a small one linked to a page, or to a
        // page about its file, is no picture.
        let large = r#"<p><a href="/uploads/wall-full.jpg"><img src="/uploads/wall-800x600.jpg"></a></p>"#;
        assert_eq!(image(large).as_deref(), Some("https://news.test/uploads/wall-800x600.jpg"));
        assert_eq!(image(r#"<p><a href="/ferry"><img src="/uploads/ferry-150x150.jpg"></a></p>"#), None);
        let wiki = r#"<p><a href="/wiki/File:Ferry.png"><img src="/thumb/a/ab/Ferry.png/120px-Ferry.png" width="120"></a></p>"#;
        assert_eq!(image(wiki), None);
        // The thumbnails' pictures come only where no other picture is the story's.
        let with_own = format!(r#"<p><img src="/uploads/harbour-1200x800.jpg"></p>{gallery}"#);
        assert_eq!(image(&with_own).as_deref(), Some("https://news.test/uploads/harbour-1200x800.jpg"));
    }

    #[test]
    fn a_writers_picture_by_the_byline_is_not_the_lead_image_whatever_its_class() {
        let story = harbour_story();
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |byline: &str| {
            let html = format!(
                r#"<html><body><article><h1>Harbour wall approved at last</h1>{byline}
                <p><img src="/wall.jpg"></p>{story}</article></body></html>"#
            );
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        let wall = Some("https://news.test/wall.jpg");
        for byline in [
            r#"<div class="css-au"><img src="/jo-bloggs.jpg"><div><a href="/authors/jo-bloggs">Jo Bloggs</a><span>Reporter</span></div></div>"#,
            r#"<div class="x1"><a href="https://news.test/by/jo-bloggs"><img src="/jo-bloggs.jpg"></a> Jo Bloggs</div>"#,
            r#"<div class="x1"><img src="/jo-bloggs.jpg"> <a rel="author" href="/jo">Jo Bloggs</a></div>"#,
            r#"<div class="x4"><img src="/jo-bloggs.jpg"><a href="/team/jo-bloggs/">Jo Bloggs</a>, Engineer</div>"#,
            r#"<div class="x4"><a href="/people/jo-bloggs"><img src="/jo-bloggs.jpg"></a><span>Jo Bloggs</span></div>"#,
        ] {
            assert_eq!(image(byline).as_deref(), wall, "{byline}");
        }
        // A picture whose caption links to the photographer's page is the story's, and so
        // is one under the headline beside the byline, or one of a story's width.
        for own in [
            r#"<div class="top"><h2>Harbour wall</h2>By <a href="/authors/jo-bloggs">Jo Bloggs</a><img src="/pier.jpg"></div>"#,
            r#"<div class="x3">By <a href="/authors/jo-bloggs">Jo Bloggs</a><img src="/pier.jpg" width="800"></div>"#,
            r#"<figure><img src="/pier.jpg"><figcaption>The pier. <a href="/staff/jo-bloggs">Jo Bloggs</a></figcaption></figure>"#,
            r#"<div class="x2"><img src="/pier.jpg"><p>The pier. Photo: <a href="/staff/jo-bloggs">Jo Bloggs</a></p></div>"#,
        ] {
            assert_eq!(image(own).as_deref(), Some("https://news.test/pier.jpg"), "{own}");
        }
    }

    #[test]
    fn images_that_say_they_are_decoration_are_not_the_lead_image() {
        let story = harbour_story();
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |html: &str| extract(html, url.as_ref()).images.first().map(|i| i.url.clone());
        let html = format!(
            r#"<html><body><div class="js_img_share_area">
            <img class="avatar" src="/u/8123.jpg"><img alt="二维码" src="/app/9d1e.jpg">
            <img alt="Harbour News logo" src="/brand/main.jpg"><div class="d-none"><img src="/paper/today.jpg"></div>
            <div class="lightbox d-md-none"><img src="/mobile/wall.jpg"></div>
            <img src="/preload/wall.jpg" style="width:0; height:0; display: block;"><img src="/b/wall.jpg" width="0">
            <img src="/promo/wall.jpg" style="display: none !important">
            <img alt="Advertisement" src="/2024/03/bank-offer.jpg"><img alt="Anzeige" src="/2024/03/ferry-deal.jpg">
            {story}<p><img alt="The wall at high tide" src="/2024/03/wall.jpg" style="border-width: 0px; max-width: 100%; display: block"></p>{story}</div>
            <div class="sharebar"><img src="/promo/app.jpg"></div>
            <div class="post_comment"><div class="photo"><img src="/u/reader/0"></div><p>Well done!</p></div></body></html>"#
        );
        // The story's wrapper carries a share script's class; it holds the page's
        // paragraphs, so its image is the story's.
        assert_eq!(image(&html).as_deref(), Some("https://news.test/2024/03/wall.jpg"));
    }

    #[test]
    fn a_gif_in_the_story_is_its_picture_only_where_it_is_declared_a_pictures_size() {
        let story = harbour_story();
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |head: &str, img: &str| {
            let html =
                format!("<html><head>{head}</head><body><article>{story}<p>{img}</p>{story}</article></body></html>");
            extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
        };
        for decoration in [
            r#"<img src="/img/wave.gif">"#,
            r#"<img src="/img/wave.GIF?v=2" width="120" height="90">"#,
            r#"<img src="/img/wave-88x31.gif">"#,
        ] {
            assert_eq!(image("", decoration), None, "{decoration}");
        }
        for (picture, want) in [
            (r#"<img src="/img/tide.gif" width="600" height="400">"#, "https://news.test/img/tide.gif"),
            (r#"<img src="/img/tide.gif" width="640">"#, "https://news.test/img/tide.gif"),
            (r#"<img src="/img/tide-640x480.gif">"#, "https://news.test/img/tide-640x480.gif"),
        ] {
            assert_eq!(image("", picture).as_deref(), Some(want), "{picture}");
        }
        // The page's metadata names its picture, whatever its kind.
        let og = r#"<meta property="og:image" content="https://news.test/img/tide.gif">"#;
        assert_eq!(image(og, r#"<img src="/img/wave.gif">"#).as_deref(), Some("https://news.test/img/tide.gif"));
    }

    #[test]
    fn with_no_container_marked_the_images_among_the_storys_paragraphs_come_first() {
        let story = harbour_story();
        // No <article>, <main> or <nav>: a menu's arrow comes first in the page.
        let html = format!(
            r#"<html><body><div class="menu"><ul><li><div>About us<p class="sub"><i><img src="/static/images/arow.png"></i>
            <a href="/history">History</a></p></div></li></ul></div>
            <div class="news"><h5>Harbour wall approved at last</h5><div class="detail">{story}
            <p><img src="/upload/day_20190518.jpg"></p>{story}</div></div></body></html>"#
        );
        let url = Url::parse("https://news.test/harbour").ok();
        let images: Vec<String> = extract(&html, url.as_ref()).images.into_iter().map(|i| i.url).collect();
        assert_eq!(images.first().map(String::as_str), Some("https://news.test/upload/day_20190518.jpg"), "{images:?}");
    }

    #[test]
    fn a_teaser_for_another_story_is_not_the_lead_image() {
        let story = harbour_story();
        // No <article> or <main>: body images are read from the whole page, in order.
        let page = |own: &str| {
            format!(
                r#"<html><body><div class="col"><ul>
                <li><div class="img"><a href="/ferry-timetable"><img src="/ferry.jpg"></a></div>
                <div class="tit"><a href="/ferry-timetable">Ferry timetable changes for winter</a></div></li>
                <li><a href="/lifeboat"><img src="/lifeboat.jpg"><div>Lifeboat crew honoured</div></a></li>
                </ul></div><div class="story"><h1>Harbour wall approved at last</h1>{own}{story}</div></body></html>"#
            )
        };
        let url = Url::parse("https://news.test/harbour").ok();
        let image = |html: &str| extract(html, url.as_ref()).images.first().map(|i| i.url.clone());
        assert_eq!(image(&page("")), None, "only a teaser: no image");
        for own in [
            r#"<p><img src="/wall.jpg"></p>"#,
            // Linked to its larger file, or to this page, an image is still the story's.
            r#"<p><a href="/wall-large.jpg"><img src="/wall.jpg"></a> <a href="/wall-large.jpg">Enlarge</a></p>"#,
            r#"<p><a href="/harbour#top"><img src="/wall.jpg"></a> <a href="/harbour">Harbour wall</a></p>"#,
        ] {
            assert_eq!(image(&page(own)).as_deref(), Some("https://news.test/wall.jpg"), "{own}");
        }
        // A linked image with no headline beside it that links to the same page is kept.
        let linked = r#"<ul><li><a href="/gallery"><img src="/gallery.jpg"></a></li></ul>"#;
        assert_eq!(image(&page(linked)).as_deref(), Some("https://news.test/gallery.jpg"));
        // A layout table's side column, its teaser's headline right under the picture: the
        // row round it also holds the story's cell, far larger than a teaser's box.
        let long_story: String = (0..20)
            .map(|i| format!("<p>The <b>wall</b>, part {i}, shelters the <a href=\"/boats\">fishing boats</a>.</p>"))
            .collect();
        let laid_out = format!(
            r#"<html><body><table><tr><td><h1>Harbour wall approved at last</h1>{story}{long_story}</td>
            <td><b>In pictures</b><br><a href="/regatta"><img src="/regatta.jpg" width="300" height="200"></a><br>
            <a href="/regatta">Regatta day on the harbour</a></td></tr></table></body></html>"#
        );
        assert_eq!(image(&laid_out), None);
        // A column beside the story's, its heading over a picture that links to another
        // page ("picture news"): that page's picture, and the heading is no part of the
        // story's text, which older portals write with line breaks.
        let lines = "The council approved the new harbour wall on Tuesday after three years of debate \
                     about its height, its cost and the fishing boats it must shelter.<br><br>"
            .repeat(4);
        let beside = format!(
            r#"<html><body><div class="main"><div class="left"><h1>Harbour wall approved at last</h1>
            <div id="text">{lines}</div><div class="note">Statement: the copyright of reprinted content belongs to
            its author, and we remove it on request.</div></div><div class="right"><h3>Hot list</h3><ul><li><a href="/a">Rain
            returns</a></li><li><a href="/b">Ferry late</a></li></ul><h3>In pictures</h3><a href="/regatta"><img
            src="/regatta.jpg"></a></div></div></body></html>"#
        );
        let a = extract(&beside, url.as_ref());
        assert_eq!(a.images.first().map(|i| i.url.as_str()), None);
        assert!(a.text.contains("shelter.") && !a.text.contains("In pictures"), "{}", a.text);
        assert!(!a.text.contains("reprinted"), "the portal's reprint notice goes: {}", a.text);
        // A page with no <h1>: the heading that gives the title places the story's box.
        let no_h1 = |heading: &str| {
            let b = beside.replace("<h1>Harbour wall approved at last</h1>", heading);
            format!("<title>Harbour wall approved at last - Port Times</title>{b}")
        };
        let a = extract(&no_h1(r#"<h2 class="title">Harbour wall approved at last</h2>"#), url.as_ref());
        assert_eq!(a.images.first().map(|i| i.url.as_str()), None);
        // Where no heading gives it, nothing places the column: its picture stays.
        let a = extract(&no_h1("<h2>Council news</h2>"), url.as_ref());
        assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://news.test/regatta.jpg"));
    }

    #[test]
    fn heavy_parts_go_but_json_ld_stays() {
        let html = r#"<p>a</p><SCRIPT>x("</p>")</SCRIPT><script type="application/ld+json">{"a":1}</script><!-- c --><style>s</style><svg><path/></svg><p>b</p>"#;
        assert_eq!(without_heavy_parts(html), r#"<p>a</p><script type="application/ld+json">{"a":1}</script><p>b</p>"#);
        assert_eq!(without_heavy_parts("<p>unclosed <script>x"), "<p>unclosed ");
        // Any case, and a script's `<` or `-` that closes nothing.
        let mixed = "<p>é</p><Script TYPE='Application/LD+JSON'>{}</SCRIPT><sCrIpT>a<b--c</ScRiPt ><!--x-y--><P>ü</P>";
        assert_eq!(without_heavy_parts(mixed), "<p>é</p><Script TYPE='Application/LD+JSON'>{}</SCRIPT><P>ü</P>");
        assert_eq!(without_heavy_parts("<p>no parts</p>"), "<p>no parts</p>");
        // A tag keeps its first attributes, a JSON-LD script's too.
        let attrs = |n: usize| (0..n).map(|i| format!(" a{i}=\"{i}\"")).collect::<String>();
        let max = crate::parse::html::MAX_ATTRIBUTES;
        let (script, many) = ("<script type=\"application/ld+json\"", attrs(3 * max));
        let page = format!("{script}{many}>{{}}</script><div{many}><p>x</p></div>");
        // (`type` is the script's first.)
        let bounded = format!("{script}{} >{{}}</script><div{} ><p>x</p></div>", attrs(max - 1), attrs(max));
        assert_eq!(without_heavy_parts(&page), bounded);
    }

    #[test]
    fn headings_and_title_parts_by_the_thousand_stay_past_the_bounds() {
        // Empty headings after the story go, up to the bound; those before them stay.
        let story = "<p>The council approved the new harbour wall on Tuesday after two years of debate.</p>";
        let headings: String = (0..MAX_TRAILING_HEADINGS + 6).map(|i| format!("<h3>Box {i}</h3>")).collect();
        let html = format!("<html><body><article>{}{headings}</article></body></html>", story.repeat(4));
        let text = extract(&html, None).text;
        assert!(text.contains("two years of debate.\n\nBox 0") && text.ends_with("Box 5"), "{text}");
        // So from the text of a container the markup names as the article.
        let html = format!("<div itemprop='articleBody'>{}{headings}</div>", story.repeat(4));
        let text = container_text(&Elements::of(&Document::from(html.as_str())), "[itemprop~=articleBody]", None, None)
            .unwrap_or_default();
        assert!(text.contains("two years of debate.\n\nBox 0") && text.ends_with("Box 5"), "{text}");
        // A title longer than any headline is read as it is, the site's name and all.
        let parts: String = (0..400).map(|i| format!("part{i}")).collect::<Vec<_>>().join(" - ");
        let title = format!("{parts} - The Port Times");
        assert_eq!(clean_title(&title, &[], "porttimes.test"), title);
        assert_eq!(
            clean_title("Harbour wall approved - The Port Times", &[], "porttimes.test"),
            "Harbour wall approved"
        );
    }

    #[test]
    fn blocks_nested_beyond_the_bound_lose_their_tags_not_their_text() {
        let bound = crate::parse::html::Nesting::MAX_OPEN;
        let deep = |n: usize, inner: &str| format!("{}{inner}{}", "<div>".repeat(n), "</div>".repeat(n));
        // Up to the bound, the page is as written.
        let html = deep(bound, "<p>x</p>");
        assert_eq!(without_heavy_parts(&html), html);
        // Beyond it, the blocks' start tags go, and as many end tags; a tag in any case, with
        // attributes.
        let html = format!(
            "{}<SECTION class='s'>a<Div>b<p>c</p></DIV>d</section >e{}",
            "<div>".repeat(bound),
            "</div>".repeat(bound)
        );
        let expected = format!("{}ab<p>c</p>de{}", "<div>".repeat(bound), "</div>".repeat(bound));
        assert_eq!(without_heavy_parts(&html), expected);
        // Other tags are not counted: a page of many closed blocks, or of open paragraphs.
        let html = format!("{}{}", "<div>a</div>".repeat(bound * 2), "<p>b".repeat(bound * 2));
        assert_eq!(without_heavy_parts(&html), html);
        // A hundred thousand nested blocks: the story is read.
        let html = deep(
            100_000,
            "<h1>Deep</h1><p>The harbour wall was finished on Tuesday, after three years of work on the old stones.</p>",
        );
        assert!(extract(&html, None).text.contains("after three years of work"));
    }

    #[test]
    fn elements_nested_beyond_the_bound_are_set_side_by_side_in_order() {
        let deep = |n: usize| format!("{}<p>a</p><b>b</b>{}", "<span>".repeat(n), "</span>".repeat(n));
        let depth = |doc: &Document| {
            // Of the elements: the document's root is at depth 0.
            doc.root().descendants_it().filter(NodeRef::is_element).map(|d| d.ancestors_it(None).count()).max()
        };
        let doc = Document::from(deep(MAX_DEPTH + 50).as_str());
        assert!(depth(&doc) > Some(MAX_DEPTH + 50));
        flatten_deep_nesting(&doc);
        assert_eq!(depth(&doc), Some(MAX_DEPTH + 1));
        assert_eq!(doc.select("body").text().as_ref(), "ab");
        // A page within the bound is left as it is.
        let doc = Document::from(deep(MAX_DEPTH - 10).as_str());
        let before = doc.html();
        flatten_deep_nesting(&doc);
        assert_eq!(doc.html(), before);
    }

    #[test]
    fn malformed_html_never_panics() {
        for junk in [
            "",
            "<",
            "<<<>>>",
            "<html><body><p>unclosed",
            "\0\0\0",
            "<meta charset=\"x\"><title></title>",
            "<script type=application/ld+json>{\"@graph\": [1, \"x\", null, {\"@type\": 5}]}</script>",
            "<div itemscope itemtype=Article><div itemscope itemprop=image></div></div>",
        ] {
            let _ = extract(junk, Url::parse("https://x.test/").ok().as_ref());
        }
    }
}
