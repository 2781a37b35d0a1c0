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

use std::collections::BTreeMap;

use dom_query::{Document, Matcher, NodeRef, Selection};
use serde_json::Value;
use url::Url;

use super::{collapse, markup_text as html_text, resolve_http as resolve};

pub use super::lead_image::{ImageCandidate, rank_images, url_declared_size};
use crate::model::FieldSource;

/// Comment sections and other blocks that are never main text.
pub const NEVER_TEXT: &str = "#comments, .comments, .comment, .comment-list, .commentlist, .comments-area, \
    #respond, .comment-respond, #disqus_thread, .disqus, [id^=disqus], .fb-comments, .sharedaddy, .jp-relatedposts, \
    .related-posts, .yarpp-related, .share, .social-share, .newsletter, .wp-block-comments, [itemprop=comment]";

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

    fn of(doc: &Document) -> Self {
        Self(
            all(doc, "meta[content]")
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

/// What schema.org data (JSON-LD or Microdata) says of the article.
#[derive(Debug, Default)]
struct Schema {
    headline: Option<String>,
    images: Vec<String>,
    body: Option<String>,
    published: Option<String>,
    author: Option<String>,
    publisher: Option<String>,
    lang: Option<String>,
}

const ARTICLE_TYPES: [&str; 14] = [
    "article",
    "newsarticle",
    "blogposting",
    "reportagenewsarticle",
    "analysisnewsarticle",
    "opinionnewsarticle",
    "reviewnewsarticle",
    "backgroundnewsarticle",
    "techarticle",
    "scholarlyarticle",
    "report",
    "liveblogposting",
    "socialmediaposting",
    "posting",
];

fn is_article_type(t: &str) -> bool {
    let t = t.rsplit(['/', ':']).next().unwrap_or(t).trim().to_ascii_lowercase();
    ARTICLE_TYPES.contains(&t.as_str())
}

fn json_types(v: &Value) -> Vec<String> {
    match v.get("@type") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

fn json_text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(collapse(&html_text(s))).filter(|s| !s.is_empty()),
        Value::Array(a) => a.iter().find_map(|x| json_text(Some(x))),
        Value::Object(o) => json_text(o.get("name")).or_else(|| json_text(o.get("@value"))),
        _ => None,
    }
}

/// Image URLs of a JSON-LD `image` value: a URL, an `ImageObject`, a list of them, or a
/// reference to an `ImageObject` elsewhere in the graph (`{"@id": "…#primaryimage"}`, as
/// Yoast writes it), looked up in `graph` once (a reference to a reference is not followed).
fn json_images(v: Option<&Value>, graph: &[&Value], out: &mut Vec<String>) {
    match v {
        Some(Value::String(s)) => out.push(s.trim().to_owned()),
        Some(Value::Array(a)) => a.iter().for_each(|x| json_images(Some(x), graph, out)),
        Some(Value::Object(o)) => match o.get("url").or_else(|| o.get("contentUrl")) {
            Some(url) => json_images(Some(url), &[], out),
            None => {
                let id = o.get("@id").and_then(Value::as_str);
                let target = id.and_then(|id| graph.iter().find(|n| n.get("@id").and_then(Value::as_str) == Some(id)));
                json_images(target.copied(), &[], out);
            }
        },
        _ => {}
    }
}

fn json_author(v: Option<&Value>) -> Option<String> {
    let names: Vec<String> = match v? {
        Value::Array(a) => a.iter().filter_map(|x| json_text(Some(x))).collect(),
        other => json_text(Some(other)).into_iter().collect(),
    };
    let names: Vec<String> = names.into_iter().filter(|n| !n.starts_with("http")).collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Every JSON object of a JSON-LD block: top level, arrays, `@graph`, and `mainEntity`.
fn json_nodes<'a>(v: &'a Value, out: &mut Vec<&'a Value>, depth: usize) {
    if depth > 6 {
        return;
    }
    match v {
        Value::Array(a) => a.iter().for_each(|x| json_nodes(x, out, depth + 1)),
        Value::Object(o) => {
            out.push(v);
            for key in ["@graph", "mainEntity", "mainEntityOfPage"] {
                if let Some(inner) = o.get(key) {
                    json_nodes(inner, out, depth + 1);
                }
            }
        }
        _ => {}
    }
}

fn json_ld(doc: &Document) -> Schema {
    let mut schema = Schema::default();
    for script in all(doc, "script[type]") {
        if !attr(&script, "type").is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json")) {
            continue;
        }
        let raw = text(&script);
        let raw = raw.trim().trim_start_matches("<!--").trim_end_matches("-->").trim();
        // A CDATA wrapper, commented out for old browsers (`//<![CDATA[`) or not.
        let raw = raw.trim_start_matches("//").trim_start_matches("<![CDATA[").trim();
        let raw = raw.trim_end_matches("]]>").trim_end().trim_end_matches("//").trim();
        let Ok(value) = serde_json::from_str::<Value>(raw) else { continue };
        let mut nodes = Vec::new();
        json_nodes(&value, &mut nodes, 0);
        for &node in &nodes {
            let types = json_types(node);
            if types.iter().any(|t| t.eq_ignore_ascii_case("WebSite") || t.eq_ignore_ascii_case("Organization")) {
                schema.publisher = schema.publisher.take().or_else(|| json_text(node.get("name")));
            }
            if !types.iter().any(|t| is_article_type(t)) {
                continue;
            }
            schema.headline = schema
                .headline
                .take()
                .or_else(|| json_text(node.get("headline")).or_else(|| json_text(node.get("name"))));
            json_images(node.get("image").or_else(|| node.get("thumbnailUrl")), &nodes, &mut schema.images);
            if schema.body.is_none() {
                schema.body = node.get("articleBody").and_then(Value::as_str).map(str::to_owned);
            }
            schema.published = schema.published.take().or_else(|| json_text(node.get("datePublished")));
            schema.author = schema.author.take().or_else(|| json_author(node.get("author").or(node.get("creator"))));
            if let Some(p) = node.get("publisher") {
                schema.publisher = json_text(Some(p)).or(schema.publisher.take());
            }
            schema.lang = schema.lang.take().or_else(|| json_text(node.get("inLanguage")));
        }
    }
    schema
}

/// The value of an `itemprop` element, as schema.org Microdata defines it.
fn itemprop_value(e: &NodeRef<'_>) -> String {
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    let value = match name.as_str() {
        "meta" => attr(e, "content"),
        "img" | "audio" | "video" | "source" | "iframe" | "embed" => attr(e, "src"),
        "a" | "link" | "area" => attr(e, "href"),
        "time" => attr(e, "datetime"),
        "data" | "meter" => attr(e, "value"),
        _ => None,
    };
    value.or_else(|| attr(e, "content")).unwrap_or_else(|| text(e))
}

/// The value of an `itemprop` that schema.org defines as text (`headline`, `name`): a link
/// marked with it (`<a itemprop="name" href>`, common on blogs) gives its text, not its URL.
fn text_value(e: &NodeRef<'_>) -> String {
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    match name.as_str() {
        "a" | "area" | "link" => attr(e, "content").unwrap_or_else(|| text(e)),
        _ => itemprop_value(e),
    }
}

/// The properties of one Microdata item: `itemprop` elements whose nearest `itemscope`
/// ancestor is this item (nested items keep their own properties).
fn item_props<'a>(item: &NodeRef<'a>) -> Vec<(String, NodeRef<'a>)> {
    within(item, "[itemprop]")
        .into_iter()
        .filter(|p| p.ancestors_it(None).find(|a| a.has_attr("itemscope")).is_some_and(|a| a.id == item.id))
        .flat_map(|p| {
            let names = attr(&p, "itemprop").unwrap_or_default();
            names.split_whitespace().map(|n| (n.to_owned(), p)).collect::<Vec<_>>()
        })
        .collect()
}

fn microdata(doc: &Document) -> (Schema, Option<String>) {
    let mut schema = Schema::default();
    let mut body_selector = None;
    for item in all(doc, "[itemscope][itemtype]") {
        let types = attr(&item, "itemtype").unwrap_or_default();
        if !types.split_whitespace().any(is_article_type) {
            continue;
        }
        for (name, p) in item_props(&item) {
            let nested = p.has_attr("itemscope");
            match name.as_str() {
                "headline" | "name" if schema.headline.is_none() && !nested => {
                    schema.headline = Some(collapse(&text_value(&p))).filter(|t| !t.is_empty());
                }
                "image" | "thumbnailUrl" => {
                    if nested {
                        let inner = item_props(&p);
                        let url = inner.iter().find(|(n, _)| n == "url" || n == "contentUrl");
                        schema.images.extend(url.map(|(_, e)| itemprop_value(e).trim().to_owned()));
                    } else {
                        schema.images.push(itemprop_value(&p).trim().to_owned());
                    }
                }
                "articleBody" if body_selector.is_none() => {
                    body_selector = Some(true);
                }
                "datePublished" if schema.published.is_none() => schema.published = Some(itemprop_value(&p)),
                "author" | "creator" if schema.author.is_none() => {
                    let name = if nested {
                        item_props(&p).iter().find(|(n, _)| n == "name").map(|(_, e)| itemprop_value(e))
                    } else {
                        Some(itemprop_value(&p))
                    };
                    schema.author = name.map(|n| collapse(&n)).filter(|n| !n.is_empty() && !n.starts_with("http"));
                }
                "publisher" if schema.publisher.is_none() && nested => {
                    schema.publisher =
                        item_props(&p).iter().find(|(n, _)| n == "name").map(|(_, e)| collapse(&itemprop_value(e)));
                }
                "inLanguage" if schema.lang.is_none() => schema.lang = Some(itemprop_value(&p).trim().to_owned()),
                _ => {}
            }
        }
    }
    (schema, body_selector.map(|_| "[itemprop~=articleBody]".to_owned()))
}

/// Letters and digits only, lower case: two titles compare equal through punctuation,
/// spacing and case.
fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase()
}

const TITLE_SEPARATORS: [&str; 17] = [
    " | ", " -- ", " - ", " — ", " – ", " :: ", " · ", " • ", " ~ ", " » ", " › ", " > ", " // ", " / ", " ｜ ", " : ",
    "-",
];

/// Whether a host name abbreviates a site's name: made of a beginning of each of its words
/// in order ("nytimes": The New York Times, "wsj": The Wall Street Journal), leaving out
/// "the", "of" and "and"; two to six words.
fn abbreviates(host_core: &str, name: &str) -> bool {
    fn fits(rest: &[u8], words: &[String]) -> bool {
        match words.split_first() {
            None => rest.is_empty(),
            Some((w, more)) => {
                (1..=w.len().min(rest.len())).any(|n| rest[..n] == w.as_bytes()[..n] && fits(&rest[n..], more))
            }
        }
    }
    let words: Vec<String> = name
        .split_whitespace()
        .map(norm)
        .filter(|w| !w.is_empty() && !matches!(w.as_str(), "the" | "of" | "and"))
        .collect();
    (2..=6).contains(&words.len()) && words.iter().all(|w| w.is_ascii()) && fits(host_core.as_bytes(), &words)
}

/// A title without its site-name prefix or suffix. A part is the site's name when it
/// matches a known name (og:site_name, the publisher, the host) or is short next to a
/// long rest.
pub fn clean_title(title: &str, site_names: &[String], host: &str) -> String {
    let t = collapse(title);
    let host_core = norm(host.trim_start_matches("www.").split('.').next().unwrap_or(""));
    let is_site = |part: &str| {
        let p = norm(part);
        !p.is_empty()
            && (site_names.iter().any(|s| norm(s) == p)
                || (host_core.len() >= 3
                    && (p == host_core || p == norm(host.trim_start_matches("www.")) || abbreviates(&host_core, part))))
    };
    for sep in TITLE_SEPARATORS {
        if let Some((head, tail)) = t.rsplit_once(sep)
            && is_site(tail)
            && head.chars().count() >= 5
        {
            return clean_title(head, site_names, host);
        }
        if let Some((head, tail)) = t.split_once(sep)
            && is_site(head)
            && tail.chars().count() >= 5
        {
            return clean_title(tail, site_names, host);
        }
    }
    // Unknown names: a short last part after a clear separator, next to a long title.
    // CJK sites glue their name on without spaces: "标题-新华网", "見出し｜日経", and
    // put a section before it ("标题_科技_腾讯网"); every such part goes.
    let mut head = t.as_str();
    while let Some(shorter) = ['-', '_', '|', '｜'].iter().find_map(|sep| {
        let (h, tail) = head.rsplit_once(*sep)?;
        let tail = tail.trim();
        let (hc, tc) = (h.chars().count(), tail.chars().count());
        ((1..=8).contains(&tc) && tail.chars().all(|c| !c.is_ascii()) && hc >= 3 * tc).then(|| h.trim())
    }) {
        head = shorter;
    }
    if head.len() < t.len() {
        return head.to_owned();
    }
    // Breadcrumb titles ("Story » Local » News » Site") lose every such part.
    for sep in [" | ", " -- ", " – ", " — ", " - ", " :: ", " • ", " ~ ", " » ", " › ", " > ", " ｜ "] {
        let mut head = t.as_str();
        while let Some((h, tail)) = head.rsplit_once(sep) {
            let (hw, tw) = (h.split_whitespace().count(), tail.split_whitespace().count());
            if tw <= 4 && hw >= 4 && hw >= tw * 2 {
                head = h.trim();
            } else {
                break;
            }
        }
        if head.len() < t.len() {
            return head.to_owned();
        }
    }
    t
}

fn declared_size(e: &NodeRef<'_>) -> Option<(u32, u32)> {
    let num = |a: &str| attr(e, a).and_then(|v| v.trim().trim_end_matches("px").parse::<u32>().ok());
    match (num("width"), num("height")) {
        (None, None) => None,
        (w, h) => Some((w.unwrap_or(0), h.unwrap_or(0))),
    }
}

/// The best URL of an `<img>`: `src`, or a lazy-loading attribute, or the widest `srcset` entry.
fn img_url(e: &NodeRef<'_>) -> Option<String> {
    let srcset = attr(e, "srcset").or_else(|| attr(e, "data-srcset")).and_then(|s| {
        s.split(',')
            .filter_map(|c| {
                let mut parts = c.split_whitespace();
                let url = parts.next()?;
                let w = parts.next().and_then(|d| d.trim_end_matches(['w', 'x']).parse::<f32>().ok()).unwrap_or(1.0);
                Some((w, url))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, u)| u.to_owned())
    });
    ["data-src", "data-lazy-src", "data-original", "src"]
        .iter()
        .filter_map(|a| attr(e, a))
        .find(|s| !s.trim().is_empty() && !s.trim().starts_with("data:"))
        .or(srcset)
}

/// Main text by the Readability port, comment sections removed first. It consumes the
/// document (Readability rewrites it), so it runs after everything else has been read.
/// Also returns the title Readability read from the page's metadata (JSON-LD, Dublin Core,
/// Open Graph, Twitter, Parse.ly) when `has_declared_title` says there is one; Readability
/// otherwise falls back to the <title>, and the title returned is empty.
fn readable_text(doc: Document, url: Option<&Url>, has_declared_title: bool) -> (String, String) {
    doc.select(NEVER_TEXT).remove();
    // Embedded players hold no text; dom_smoothie 0.19 reads their addresses byte by byte
    // and panics on one with a multi-byte character before a video host.
    doc.select("iframe, embed, object").remove();
    // What sits beside the article goes before Readability reads the page: Readability
    // turns a text-only <div> into a new <p> without its class, so afterwards a credit line
    // or a share bar can no longer be told from a paragraph.
    if let Some(body) = all(&doc, "body").into_iter().next() {
        prune_beside_article(&body, url);
    }
    // Classes kept: the pruning of the article reads them. The text is taken from the
    // pruned article, so Readability's own text is the cheapest kind.
    let cfg = dom_smoothie::Config { text_mode: dom_smoothie::TextMode::Raw, keep_classes: true, ..Default::default() };
    let Ok(mut r) = dom_smoothie::Readability::with_document(doc, url.map(Url::as_str), Some(cfg)) else {
        return (String::new(), String::new());
    };
    // A panic inside the Readability pass (a bug of the crate on some input) is a pass that
    // found nothing; the marked-up container or the JSON-LD body may still give the text.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| r.parse())) {
        Ok(Ok(a)) => (article_text(&a.content, url), if has_declared_title { a.title } else { String::new() }),
        Ok(Err(_)) | Err(_) => (String::new(), String::new()),
    }
}

/// The text of the article Readability chose on the page at `page`, without what sits
/// beside an article in the same container ([`is_beside_block`]).
fn article_text(content: &str, page: Option<&Url>) -> String {
    let doc = Document::from(content);
    let Some(root) = all(&doc, "body").into_iter().next() else {
        return String::new();
    };
    prune_beside_article(&root, page);
    tidy_text(&root.formatted_text())
}

/// Remove from `root`, of the page at `page`, every block beside the article
/// ([`is_beside_block`]).
fn prune_beside_article(root: &NodeRef<'_>, page: Option<&Url>) {
    let around = Around::of(root, page);
    // Datelines are found from their <time>; a site's notice may be a <div> of paragraphs
    // with no class; every other kind carries a name or a class.
    let candidates = within(root, "figure, figcaption, nav, ul, ol, p, small, div, [class]")
        .into_iter()
        .chain(within(root, "time").into_iter().filter_map(|t| t.parent()));
    let mut beside: Vec<NodeRef<'_>> = candidates.filter(|e| is_beside_block(e, &around)).collect();
    // A list of links goes with the heading over it ("Related stories", "Lesen Sie auch",
    // "相关阅读"): whatever the language, a heading with nothing under it is no prose.
    let labels: Vec<NodeRef<'_>> = beside
        .iter()
        .filter(|e| is_link_list(e))
        .filter_map(list_label)
        .filter(|l| beside.iter().all(|b| b.id != l.id))
        .collect();
    beside.extend(labels);
    for e in &beside {
        // A block leaves a line break behind: the text on either side of a caption box
        // stays two paragraphs.
        if is_inline(e) {
            e.remove_from_parent();
        } else {
            e.replace_with(&e.tree.new_element("br"));
        }
    }
}

/// The heading right over a list (past empty elements), when it is a label of a few words:
/// `<h3>Related stories</h3><ul>…`, `<p><strong>Read more:</strong></p><ul>…`.
fn list_label<'a>(list: &NodeRef<'a>) -> Option<NodeRef<'a>> {
    let prev = std::iter::successors(list.prev_element_sibling(), NodeRef::prev_element_sibling)
        .find(|n| !collapse(&n.text()).is_empty())?;
    let text = collapse(&prev.text());
    let short = text.split_whitespace().count() <= 5 && text.chars().count() <= 60;
    let sentence = text.ends_with(['.', '!', '?', '。', '！', '？']);
    let styled = prev.element_children().len() <= 1
        && prev.element_children().iter().all(|c| c.has_name("strong") || c.has_name("b") || c.has_name("span"));
    let heading = is_or_holds_heading(&prev) || ((prev.has_name("p") || prev.has_name("div")) && styled);
    (heading && short && !sentence).then_some(prev)
}

/// Whether an element is set in a line of text (`<span>`, `<a>`, `<time>`...), not a block.
fn is_inline(e: &NodeRef<'_>) -> bool {
    const INLINE: [&str; 16] = [
        "a", "abbr", "b", "cite", "em", "font", "i", "img", "label", "small", "span", "strong", "sub", "sup", "time",
        "u",
    ];
    e.node_name().is_some_and(|n| INLINE.contains(&n.to_ascii_lowercase().as_str()))
}

/// What the blocks of an article container are judged against: the length of its text,
/// the page's address, and the blocks next to its images, with what those images say of
/// themselves.
struct Around<'p, 'c> {
    /// Characters of text in the container.
    total: usize,
    /// Characters of text in the container's paragraphs ([`prose`]), counted when first
    /// asked for: most containers hold no block that needs it.
    prose: std::cell::OnceCell<usize>,
    container: NodeRef<'c>,
    page: Option<&'p Url>,
    /// The block next to an image, either side (or next to a box that holds one at most
    /// three levels down), with the image's `alt` and `title`, [`norm`]ed; words of fewer than
    /// six letters or digits say too little to know a caption by.
    next_to_images: std::collections::HashMap<dom_query::NodeId, Vec<String>>,
}

impl<'p, 'c> Around<'p, 'c> {
    fn of(container: &NodeRef<'c>, page: Option<&'p Url>) -> Self {
        let mut next_to_images: std::collections::HashMap<dom_query::NodeId, Vec<String>> = Default::default();
        // Past empty elements (a clearing <div>, an empty description).
        let shows = |n: &NodeRef<'_>| n.has_name("img") || n.first_child().is_some();
        for img in within(container, "img") {
            let words: Vec<String> = [attr(&img, "alt"), attr(&img, "title")]
                .iter()
                .flatten()
                .map(|d| norm(d))
                .filter(|d| d.chars().count() >= 6)
                .collect();
            if words.is_empty() {
                continue;
            }
            let mut holder = img;
            for _ in 0..4 {
                let before =
                    std::iter::successors(holder.prev_element_sibling(), NodeRef::prev_element_sibling).find(shows);
                let after =
                    std::iter::successors(holder.next_element_sibling(), NodeRef::next_element_sibling).find(shows);
                for n in before.into_iter().chain(after) {
                    next_to_images.entry(n.id).or_default().extend(words.iter().cloned());
                }
                match holder.parent() {
                    Some(p) if p.id != container.id => holder = p,
                    _ => break,
                }
            }
        }
        Self {
            total: container.text().chars().count(),
            prose: std::cell::OnceCell::new(),
            container: *container,
            page,
            next_to_images,
        }
    }
}

/// Whether a block sits beside the article in a container ([`Around`]):
/// [`is_beside_article`], [`is_media_figure`] or [`is_image_box`] (a caption),
/// [`repeats_image_words`] (a caption that says what the image's `alt` says),
/// [`is_link_list`], [`is_link_line`], [`is_dateline`], [`is_site_notice`] or hidden from a
/// reader by its classes ([`super::hidden::hides`]), and not the
/// article itself: at most a third of the text, and not most of its paragraphs (a wrapper
/// that happens to carry such a class, `js_img_share_area` round a story on a page whose
/// menus and footer hold more text than the story, stays).
fn is_beside_block(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    // Characters of paragraphs a block may hold, however few the container has: a long
    // caption or an author's bio is still beside the article.
    const SMALL: usize = 400;
    (is_beside_article(e)
        || is_media_figure(e)
        || is_image_box(e)
        || repeats_image_words(e, around)
        || is_link_list(e)
        || is_link_line(e)
        || is_dateline(e)
        || is_site_notice(e, around.page)
        || attr(e, "class").is_some_and(|c| super::hidden::hides(&c)))
        && e.text().chars().count() * 3 <= around.total
        && {
            let held = prose(e);
            held <= SMALL || held * 2 <= *around.prose.get_or_init(|| prose(&around.container))
        }
}

/// Characters of text in the paragraphs (`<p>`) of an element, itself included, each
/// counted as [`paragraph_chars`] counts it.
fn prose(e: &NodeRef<'_>) -> usize {
    let own = if e.has_name("p") { paragraph_chars(e) } else { 0 };
    own + within(e, "p").iter().map(paragraph_chars).sum::<usize>()
}

/// Characters of a paragraph's text with its runs of white space counted as one: the one
/// measure of paragraph text that [`prose`] and [`paragraphs_block`] share.
fn paragraph_chars(p: &NodeRef<'_>) -> usize {
    p.normalized_char_count()
}

/// Whether an element is a heading, or holds one: never a caption, whatever it says.
fn is_or_holds_heading(e: &NodeRef<'_>) -> bool {
    let heading = |n: &NodeRef<'_>| {
        n.node_name().is_some_and(|name| {
            let name = name.to_ascii_lowercase();
            name.len() == 2 && name.starts_with('h') && name[1..].bytes().all(|b| (b'1'..=b'6').contains(&b))
        })
    };
    heading(e) || e.descendants_it().any(|d| heading(&d))
}

/// A caption that says what an image beside it says of itself: a short block next to an
/// image ([`Around`]) whose words are the image's `alt` or `title`, give or take a credit
/// or a trimmed end ("Tapie en 2008. REUTERS/Benoit Tessier" under an image so
/// described), as pages without `<figure>` write captions. Headings are never captions.
fn repeats_image_words(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    // Bytes of normalised text a caption may add to or leave out of an image's words (and
    // at most half as many as they share).
    const SLACK: usize = 40;
    let Some(image_words) = around.next_to_images.get(&e.id) else {
        return false;
    };
    // A caption is a small block.
    if e.descendants_it().nth(60).is_some() {
        return false;
    }
    let text = e.text();
    if text.chars().count() > 400 {
        return false;
    }
    let said = norm(&text);
    let close = |words: &str| {
        let (short, long) = if said.len() <= words.len() { (said.as_str(), words) } else { (words, said.as_str()) };
        short.chars().count() >= 6 && long.starts_with(short) && long.len() - short.len() <= SLACK.min(short.len() / 2)
    };
    image_words.iter().any(|w| close(w)) && !is_or_holds_heading(e)
}

/// A box that holds an image and a few words about it, as a `<figure>` does: its class
/// says image, photo or picture (`article-image`, `foto`, `imgContainer`), it shows an
/// image, and its text is short and holds no heading.
fn is_image_box(e: &NodeRef<'_>) -> bool {
    const WORDS: [&str; 15] = [
        "image",
        "images",
        "img",
        "photo",
        "photos",
        "foto",
        "fotos",
        "picture",
        "pic",
        "figure",
        "bild",
        "imagen",
        "immagine",
        "thumb",
        "thumbnail",
    ];
    const MAX_CHARS: usize = 250;
    attr(e, "class").is_some_and(|c| says_any(&class_words(&c), &[], &WORDS))
        && e.descendants_it().any(|d| d.has_name("img") || d.has_name("picture"))
        && e.text().chars().count() <= MAX_CHARS
        && !is_or_holds_heading(e)
}

/// A notice of the site's, not the story: a short paragraph that points to the site's own
/// privacy, terms-of-use, cookie or community-guidelines page ("Registration on this site
/// constitutes acceptance of our User Agreement and Privacy Policy", a comment policy, a
/// cookie notice), or a short box of paragraphs holding one. A link to another site's
/// policy (a story about it) is not one.
fn is_site_notice(e: &NodeRef<'_>, page: Option<&Url>) -> bool {
    const MAX_CHARS: usize = 500;
    let is_box = e.has_name("div")
        && e.element_children().iter().all(|c| c.has_name("p") || c.has_name("small") || c.has_name("br"));
    if !(e.has_name("p") || e.has_name("small") || is_box) {
        return false;
    }
    let links: Vec<String> = e.descendants_it().filter(|d| d.has_name("a")).filter_map(|a| attr(&a, "href")).collect();
    !links.is_empty()
        && links.iter().any(|href| is_policy_page(href, page))
        && collapse(&e.text()).chars().count() <= MAX_CHARS
}

/// Whether `href`, on the page at `page`, names a page of the same site (as
/// [`crate::model::same_site`] has it, or a subdomain either way: `edition.` stories, the
/// policies on the main domain) that states a policy: its last path segment, of at most
/// four words, starts with `privacy`, `terms`, `cookie`, `datenschutz`, `impressum`,
/// `community-guidelines`, `user-agreement`... or is `tos` or `agb` (`/privacy.html`,
/// `/terms-of-use/`, `/service/privacy-policy-a6184181.html`); a story's slug is longer.
/// With no page, only a relative `href` is on the site.
fn is_policy_page(href: &str, page: Option<&Url>) -> bool {
    const STARTS: [&str; 12] = [
        "privacy",
        "terms",
        "cookie",
        "datenschutz",
        "impressum",
        "communityguidelines",
        "useragreement",
        "nutzungsbedingungen",
        "avisolegal",
        "mentionslegales",
        "politicadeprivacidad",
        "legalnotice",
    ];
    // Too short to be a beginning: the whole name.
    const NAMES: [&str; 2] = ["tos", "agb"];
    let unknown;
    let page = match page {
        Some(page) => page,
        None => match Url::parse("http://page.invalid/") {
            Ok(u) => {
                unknown = u;
                &unknown
            }
            Err(_) => return false,
        },
    };
    let Ok(url) = page.join(href.trim()) else {
        return false;
    };
    let on_site = crate::model::same_site(&url, page) || {
        let host = |u: &Url| u.host_str().map(|h| h.trim_start_matches("www.").to_ascii_lowercase());
        let (Some(a), Some(b)) = (host(&url), host(page)) else { return false };
        a.ends_with(&format!(".{b}")) || b.ends_with(&format!(".{a}"))
    };
    let segment = url.path_segments().and_then(|mut s| s.rfind(|s| !s.is_empty())).unwrap_or("");
    let stem = segment.split_once('.').map_or(segment, |(stem, _)| stem);
    let words = stem.split(['-', '_']).filter(|w| !w.is_empty()).count();
    let squashed = super::squashed(stem);
    on_site
        && (1..=4).contains(&words)
        && (STARTS.iter().any(|s| squashed.starts_with(s)) || NAMES.contains(&squashed.as_str()))
}

/// A block that says little more than the `<time>` it holds: a dateline ("Updated:
/// <time>…</time>"), not a sentence that mentions a date.
fn is_dateline(block: &NodeRef<'_>) -> bool {
    let times: Vec<NodeRef<'_>> = block.element_children().into_iter().filter(|c| c.has_name("time")).collect();
    if times.is_empty() {
        return false;
    }
    let said = collapse(&block.text()).chars().count();
    times.iter().any(|t| said <= collapse(&t.text()).chars().count() + 24)
}

/// A block in an article container that is not the article: a caption or photo credit,
/// a share or follow bar, a toolbar, a field's label (Drupal's `field-label`), a tag list,
/// a newsletter, subscription or promotion box, a "read more", related or most-read list,
/// an author box, bio or byline, a breadcrumb, a player, an advertisement, a navigation, a
/// date or time line, a pop-out panel (`flyout`) or a box inviting readers' own photos and
/// videos (`ugc`, user-generated content). (Not a paywall's class: sites mark the
/// article's own paragraphs behind it so.)
/// Read from the element's name and the words of its class (`share-bar`, `relatedPosts`:
/// a word that starts so; `tags`, `ad`: the word itself); not its id, which documents
/// often derive from their own headings ("sharing-changes"). Never the article itself: an
/// `<article>` or `<main>`, or a block holding the `<h1>`.
fn is_beside_article(e: &NodeRef<'_>) -> bool {
    const STARTS: [&str; 34] = [
        "caption",
        "credit",
        "copyright",
        "share",
        "sharing",
        "social",
        "newsletter",
        "subscribe",
        "subscription",
        "signup",
        "readmore",
        "related",
        "recommend",
        "mostread",
        "mostpopular",
        "breadcrumb",
        "byline",
        "authorbio",
        "authorbox",
        "advert",
        "sponsor",
        "disclaimer",
        "outbrain",
        "taboola",
        "timestamp",
        "dateline",
        "pubdate",
        "submitted",
        "nextpage",
        "toolbar",
        "addthis",
        "addtoany",
        "sharethis",
        "bdshare",
    ];
    const WORDS: [&str; 27] = [
        "bio",
        "promo",
        "promos",
        "tags",
        "tag",
        "ad",
        "ads",
        "player",
        "video",
        "print",
        "meta",
        "follow",
        "date",
        "time",
        "datetime",
        "fecha",
        "datum",
        "tools",
        "author",
        "authors",
        "ugc",
        "flyout",
        "comment",
        "comments",
        "nav",
        "navbar",
        "navigation",
    ];
    const PAIRS: [(&str, &str); 8] = [
        ("read", "more"),
        ("most", "read"),
        ("most", "popular"),
        ("author", "bio"),
        ("author", "box"),
        ("about", "author"),
        ("sign", "up"),
        ("follow", "us"),
    ];
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    if name == "figcaption" || name == "nav" {
        return true;
    }
    let Some(class) = attr(e, "class") else {
        return false;
    };
    let words = class_words(&class);
    // Drupal names the label it prints over a field ("Episode Description:") so.
    let field_label = class.split_whitespace().any(|t| t == "field-label" || t == "field__label");
    let beside = field_label
        || says_any(&words, &STARTS, &WORDS)
        || words.windows(2).any(|p| PAIRS.contains(&(p[0].as_str(), p[1].as_str())));
    let holds_article = || {
        e.descendants_it().any(|d| {
            d.has_name("h1") || attr(&d, "itemprop").is_some_and(|p| p.split_whitespace().any(|t| t == "articleBody"))
        })
    };
    beside && !matches!(name.as_str(), "article" | "main" | "body") && !holds_article()
}

/// A box beside the story about something else, whose images are not the story's: a
/// related, recommended or most-read list, a promotion, newsletter or subscription box, a
/// share bar, an author box or byline, an advertisement, readers' comments (their
/// avatars) (the words of its `class`, as
/// [`is_beside_article`] reads them).
fn is_box_about_something_else(class: &str) -> bool {
    const STARTS: [&str; 17] = [
        "related",
        "recommend",
        "mostread",
        "mostpopular",
        "promo",
        "newsletter",
        "subscri",
        "share",
        "sharing",
        "social",
        "author",
        "byline",
        "advert",
        "sponsor",
        "outbrain",
        "taboola",
        "readmore",
    ];
    says_any(&class_words(class), &STARTS, &["ad", "ads", "bio", "comment", "comments"])
}

/// A body image that stands for another page, as a teaser for another story does: it links
/// to a page that a headline beside it (in the same box, up to three levels above the link)
/// links to as well, or its link holds that headline (`<a href=…><img><div>Headline</div></a>`).
/// An image linked to an image file (its own, larger) or to this page is the story's.
fn is_teaser_image(img: &NodeRef<'_>, base: Option<&Url>, page: Option<&str>) -> bool {
    let Some(link) = img.ancestors_it(Some(3)).find(|a| a.has_name("a")) else {
        return false;
    };
    let target = |a: &NodeRef<'_>| {
        let href = attr(a, "href")?;
        let href = href.trim();
        if href.is_empty() || href.starts_with('#') {
            return None;
        }
        Some(resolve(base, href).unwrap_or_else(|| href.to_owned()))
    };
    let Some(to) = target(&link) else {
        return false;
    };
    let path = to.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    let image_file = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].iter().any(|x| path.ends_with(x));
    if image_file || page.is_some_and(|p| to.split('#').next() == Some(p)) {
        return false;
    }
    // The link that holds the image holds the other story's headline too.
    if collapse(&text(&link)).chars().count() >= 4 {
        return true;
    }
    let Some(teaser_box) = link.ancestors_it(Some(3)).last() else {
        return false;
    };
    // A teaser's box is small; a headline further than this many nodes into a wrapper is
    // not beside the image (and a listing's hundred images do not each walk the page).
    teaser_box.descendants_it().take(80).any(|a| {
        a.has_name("a")
            && a.id != link.id
            && target(&a).as_deref() == Some(to.as_str())
            && collapse(&text(&a)).chars().count() >= 4
    })
}

/// The block that holds the most paragraph text of a page: the parent of its `<p>`s with the
/// most characters between them (the story's body, on a page that marks it no other way).
fn paragraphs_block<'a>(doc: &'a Document) -> Option<NodeRef<'a>> {
    let mut held: std::collections::HashMap<dom_query::NodeId, (NodeRef<'a>, usize)> = Default::default();
    for p in all(doc, "p") {
        if let Some(parent) = p.parent() {
            held.entry(parent.id).or_insert((parent, 0)).1 += paragraph_chars(&p);
        }
    }
    held.into_values().max_by_key(|(_, n)| *n).map(|(block, _)| block)
}

/// An image that says of itself that it is decoration, or that a reader never sees: its
/// class names its role (`avatar`, `site-logo`, `icon`, `wp-smiley`, `qrcode`) or hides it at
/// a desktop's width ([`super::hidden::hides`]), its `alt` is a logo's, an avatar's or a
/// QR code's ("CNN logo", "头像", "二维码"), or its own size or style is nothing (`width="0"`,
/// `style="width:0"`, `display:none`). (A block round it that hides it is furniture.)
fn says_decorative(img: &NodeRef<'_>) -> bool {
    const ROLES: [&str; 10] =
        ["avatar", "logo", "icon", "emoji", "emoticon", "smiley", "qrcode", "sprite", "spacer", "badge"];
    let role =
        attr(img, "class").is_some_and(|c| says_any(&class_words(&c), &ROLES, &["qr"]) || super::hidden::hides(&c));
    // Set to no size, or not shown, by its own attributes: a preloaded or tracking image.
    let style = attr(img, "style").unwrap_or_default().to_ascii_lowercase();
    let unseen = style.split(';').filter_map(|d| d.split_once(':')).any(|(property, value)| {
        let value = value.trim().trim_end_matches("!important").trim();
        match property.trim() {
            "width" | "height" => matches!(value, "0" | "0px"),
            "display" => value == "none",
            "visibility" => value == "hidden",
            _ => false,
        }
    }) || ["width", "height"].iter().any(|a| attr(img, a).is_some_and(|v| v.trim() == "0"));
    let alt = attr(img, "alt").map(|a| collapse(&a).to_lowercase()).unwrap_or_default();
    let alt_words: Vec<&str> = alt.split_whitespace().collect();
    let alt_says = ["二维码", "二維碼", "qr code", "qrcode"].iter().any(|q| alt.contains(q))
        || ["头像", "頭像", "avatar", "icon", "logo"].contains(&alt.as_str())
        || (alt_words.len() <= 3 && alt_words.last() == Some(&"logo"));
    role || alt_says || unseen
}

/// Whether one of a class's words starts with one of `starts` or is one of `whole` (short
/// words such as `ad`, which would otherwise match `address`).
fn says_any(words: &[String], starts: &[&str], whole: &[&str]) -> bool {
    words.iter().any(|w| whole.contains(&w.as_str()) || starts.iter().any(|s| w.starts_with(s)))
}

/// A `<figure>` that shows an image or a video: its words are a caption or a credit, with
/// or without a `<figcaption>`. A figure that holds a table, code or a quotation is read.
fn is_media_figure(e: &NodeRef<'_>) -> bool {
    if !e.has_name("figure") {
        return false;
    }
    let (mut media, mut read) = (false, false);
    for d in e.descendants_it() {
        media |= d.has_name("img") || d.has_name("picture") || d.has_name("video");
        read |= d.has_name("table") || d.has_name("pre") || d.has_name("code") || d.has_name("blockquote");
    }
    media && !read
}

/// The words of a class attribute, lower case: split at every non-alphanumeric character
/// and where camel case starts a word (`cnnArticleGalleryCaption` → cnn, article, gallery,
/// caption).
fn class_words(class: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in class.chars() {
        if (!c.is_ascii_alphanumeric() || (c.is_ascii_uppercase() && prev_lower)) && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A list of links and nothing else (more stories, editions, follow us): two or more
/// items, each of them all link text. A list of addresses (a link whose text is its URL)
/// cites sources and stays.
fn is_link_list(e: &NodeRef<'_>) -> bool {
    let is_list = e.node_name().is_some_and(|n| n.eq_ignore_ascii_case("ul") || n.eq_ignore_ascii_case("ol"));
    if !is_list {
        return false;
    }
    let items: Vec<NodeRef<'_>> = e
        .element_children()
        .into_iter()
        .filter(|c| c.node_name().is_some_and(|n| n.eq_ignore_ascii_case("li")))
        .collect();
    // Separators between links ("Home | About | Contact") are not words of their own.
    items.len() >= 2
        && items.iter().all(|li| {
            let (text, _) = link_text(li);
            let linked: usize = li.descendants_it().filter(|d| d.has_name("a")).map(|a| letters(&a.text())).sum();
            !text.is_empty() && !cites(&text) && linked * 10 >= letters(&text) * 9
        })
}

/// A paragraph that only points elsewhere: links, after at most a short label ("Read
/// more:", "Related:"), and short, as a teaser for another story is.
fn is_link_line(e: &NodeRef<'_>) -> bool {
    if !e.has_name("p") {
        return false;
    }
    let (text, linked) = link_text(e);
    let chars = text.chars().count();
    let label_words =
        e.children_it(false).filter(|c| c.is_text()).map(|c| c.text().split_whitespace().count()).sum::<usize>();
    linked > 0 && chars <= 200 && !cites(&text) && label_words <= 3 && linked * 3 >= chars * 2
}

/// An element's text, collapsed, and how many of its characters are link text.
fn link_text(e: &NodeRef<'_>) -> (String, usize) {
    let linked = e.descendants_it().filter(|d| d.has_name("a")).map(|a| collapse(&a.text()).chars().count()).sum();
    (collapse(&e.text()), linked)
}

/// How many letters a text has (numbers and separators between links are no words of their own).
fn letters(s: &str) -> usize {
    s.chars().filter(|c| c.is_alphabetic()).count()
}

/// Text that is an address (a cited source), not a link's words.
fn cites(text: &str) -> bool {
    text.contains("://") || text.starts_with("www.")
}

/// An ad slot's label, alone on a line.
const AD_LABELS: [&str; 36] = [
    "advertisement",
    "advertisements",
    "advertising",
    "sponsored",
    "sponsored content",
    "anzeige",
    "werbung",
    "publicidad",
    "publicité",
    "pubblicità",
    "advertentie",
    "reklama",
    "реклама",
    "广告",
    "広告",
    "광고",
    "anuncio",
    "publicidade",
    "reclame",
    "annons",
    "annonce",
    "annonse",
    "mainos",
    "reklam",
    "inzerce",
    "hirdetés",
    "διαφήμιση",
    "إعلان",
    "פרסומת",
    "विज्ञापन",
    "quảng cáo",
    "iklan",
    "advertorial",
    "gesponsert",
    "sponsorisé",
    "patrocinado",
];
/// A note that the story goes on past an ad or a box.
const STORY_GOES_ON: [&str; 4] =
    ["story continues below", "article continues below", "continue reading", "read more below"];
/// A share bar's or a media box's buttons, alone on a line.
const BUTTON_LABELS: [&str; 69] = [
    "text size",
    "font size",
    "share",
    "share this",
    "share this article",
    "share this story",
    "share article",
    "tweet",
    "print",
    "email",
    "e-mail",
    "pin",
    "pin it",
    "whatsapp",
    "facebook",
    "twitter",
    "linkedin",
    "reddit",
    "teilen",
    "partager",
    "compartir",
    "condividi",
    "compartilhe",
    "drucken",
    "imprimir",
    "photo",
    "image",
    "foto",
    "comments",
    "comment",
    "kommentare",
    "commentaires",
    "comentarios",
    "commenti",
    "comentários",
    "delen",
    "dela",
    "udostępnij",
    "sdílet",
    "paylaş",
    "поделиться",
    "分享",
    "シェア",
    "공유",
    "مشاركة",
    "imprimer",
    "stampa",
    "afdrukken",
    "drukuj",
    "tisk",
    "печать",
    "skriv ut",
    "reacties",
    "kommentarer",
    "komentarze",
    "komentáře",
    "комментарии",
    "yorumlar",
    "评论",
    "コメント",
    "댓글",
    "copy link",
    "link kopieren",
    "copier le lien",
    "copiar enlace",
    "print this article",
    "print this page",
    "email this article",
    "listen to this article",
];
/// A reading-time or view counter ("5 min read", "Visto 314 veces").
const COUNTER_WORDS: [&str; 16] = [
    "min read",
    "minute read",
    "minutes read",
    "mins read",
    "views",
    "read time",
    "reading time",
    "lesezeit",
    "min de lecture",
    "min di lettura",
    "min de lectura",
    "min de leitura",
    "veces",
    "aufrufe",
    "visualizzazioni",
    "vues",
];
/// A photo credit's opening words.
const CREDIT_OPENINGS: [&str; 20] = [
    "photo by ",
    "photos by ",
    "photograph by ",
    "photography by ",
    "illustration by ",
    "image by ",
    "picture by ",
    "photo: ",
    "photos: ",
    "photograph: ",
    "illustration: ",
    "photo credit",
    "image credit",
    "picture credit",
    "foto: ",
    "fotos: ",
    "foto di ",
    "foto de ",
    "bild: ",
    "crédit photo",
];
/// How a line in Chinese or Japanese opens when it is a caption, a credit or a note of the
/// story's provenance: "图注：…" and "图为…" (a caption), "原标题：…" (the headline the story
/// first ran under), "【责任编辑：…】" (the editor in charge), "来源：…", "写真：…". Such a
/// line is short and is never the story's prose, even when it ends as a sentence does.
const CJK_CREDIT_OPENINGS: [&str; 30] = [
    "图注",
    "圖註",
    "图为",
    "圖為",
    "图片来源",
    "圖片來源",
    "图片：",
    "图：",
    "图/",
    "摄影",
    "攝影",
    "原标题",
    "原標題",
    "责任编辑",
    "責任編輯",
    "编辑：",
    "編輯：",
    "编辑:",
    "校对",
    "本文来源",
    "来源：",
    "來源：",
    "出品︱",
    "作者︱",
    "作者：",
    "记者：",
    "写真：",
    "写真=",
    "撮影：",
    "撮影=",
];
/// The notice a site sets under its stories to keep their copyright, in the languages of
/// the web ("All rights reserved", "版权所有", "무단 전재 및 재배포 금지", "Alle Rechte
/// vorbehalten"), lower case.
const RIGHTS_NOTICES: [&str; 26] = [
    "all rights reserved",
    "alle rechte vorbehalten",
    "tous droits réservés",
    "todos los derechos reservados",
    "tutti i diritti riservati",
    "todos os direitos reservados",
    "alle rechten voorbehouden",
    "wszelkie prawa zastrzeżone",
    "všechna práva vyhrazena",
    "všetky práva vyhradené",
    "minden jog fenntartva",
    "toate drepturile rezervate",
    "tüm hakları saklıdır",
    "alla rättigheter förbehållna",
    "alle rettigheder forbeholdes",
    "alle rettigheter reservert",
    "kaikki oikeudet pidätetään",
    "все права защищены",
    "усі права захищені",
    "版权所有",
    "版權所有",
    "不得转载",
    "禁止转载",
    "無断転載",
    "무단 전재",
    "무단전재",
];
/// Picture agencies as credits name them ("REUTERS/Benoit Tessier", "AP Photo/Evan Vucci").
const PICTURE_AGENCIES: [&str; 14] = [
    "getty images",
    "ap photo",
    "shutterstock",
    "istockphoto",
    "afp/",
    "/afp",
    "reuters/",
    "/reuters",
    "epa/",
    "/epa",
    "dpa/",
    "picture alliance",
    "picture-alliance",
    "imago images",
];
/// The label of a list of links (tags, topics, other stories) left alone on its line
/// once the links are cut. A label that heads the story's own section ("Highlights",
/// "See also" on an encyclopedia page) is not one of these.
const SECTION_LABELS: [&str; 106] = [
    "filed under",
    "filed in",
    "posted in",
    "tags",
    "tagged",
    "tagged with",
    "topics",
    "related topics",
    "categories",
    "story highlights",
    "related",
    "related stories",
    "related articles",
    "related content",
    "more stories",
    "more on this story",
    "you may also like",
    "you might also like",
    "recommended for you",
    "most read",
    "most popular",
    "read next",
    "up next",
    "mehr zum thema",
    "schlagworte",
    "lire aussi",
    "à lire aussi",
    "sur le même sujet",
    "leggi anche",
    "noticias relacionadas",
    "read more",
    "read also",
    "related posts",
    "top stories",
    "editor's picks",
    "editor’s picks",
    "trending",
    "trending now",
    "leave a reply",
    "leave a comment",
    "post a comment",
    "add a comment",
    "write a comment",
    "ähnliche artikel",
    "weitere artikel",
    "verwandte artikel",
    "lesen sie auch",
    "das könnte sie auch interessieren",
    "themen",
    "schreibe einen kommentar",
    "articles similaires",
    "à lire également",
    "dans la même rubrique",
    "mots-clés",
    "mots clés",
    "laisser un commentaire",
    "te puede interesar",
    "también te puede interesar",
    "lee también",
    "etiquetas",
    "artículos relacionados",
    "deja un comentario",
    "articoli correlati",
    "potrebbe interessarti",
    "lascia un commento",
    "leia também",
    "notícias relacionadas",
    "deixe um comentário",
    "lees ook",
    "gerelateerde artikelen",
    "geef een reactie",
    "czytaj także",
    "czytaj też",
    "tagi",
    "powiązane artykuły",
    "dodaj komentarz",
    "читайте также",
    "теги",
    "похожие новости",
    "по теме",
    "другие новости",
    "ilgili haberler",
    "etiketler",
    "läs också",
    "relaterade artiklar",
    "taggar",
    "læs også",
    "les også",
    "čtěte také",
    "související články",
    "相关阅读",
    "相关新闻",
    "相关文章",
    "推荐阅读",
    "热门文章",
    "标签",
    "関連記事",
    "関連ニュース",
    "おすすめ記事",
    "관련기사",
    "관련 기사",
    "많이 본 뉴스",
    "اقرأ أيضا",
    "اقرأ أيضاً",
    "أخبار ذات صلة",
    "مواضيع ذات صلة",
];
/// What a paywall says over the part of the story it hides: the story is for
/// subscribers or members, or goes on after a sign-in. Whole phrases, as notices word
/// them: "subscriber only" alone is also prose ("each subscriber only pays"), and so is
/// 会員限定 ("a members-only event").
const PAYWALL_PHRASES: [&str; 22] = [
    "for subscribers only",
    "subscriber-only content",
    "subscribers-only content",
    "only available to subscribers",
    "exclusive to subscribers",
    "this article is for subscribers",
    "this content is for subscribers",
    "this article is for members",
    "subscribe to continue reading",
    "subscribe to unlock",
    "already a subscriber?",
    "log in to continue reading",
    "sign in to continue reading",
    "register to continue reading",
    "artikel ist nur für abonnenten",
    "lesen sie jetzt weiter mit",
    "article est réservé aux abonnés",
    "article réservé aux abonnés",
    "exclusivo para suscriptores",
    "exclusivo para assinantes",
    "この記事は会員限定",
    "続きをお読みいただけます",
];

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
/// language).
fn is_furniture_line(line: &str) -> bool {
    let chars = line.chars().count();
    let lower = line.to_lowercase();
    let label = lower.trim().trim_matches(|c: char| !c.is_alphanumeric());
    let address = line.trim();
    let words = address.split_whitespace().count();
    // A sentence in a language written without spaces is no credit, whatever it cites.
    let credit = words <= 12
        && chars <= 80
        && !line.contains(['。', '！', '？'])
        && (CREDIT_OPENINGS.iter().any(|c| label.starts_with(c))
            || (PICTURE_AGENCIES.iter().any(|a| lower.contains(a)) && !address.ends_with(['.', '!', '?', ':'])));
    let counter = chars <= 40
        && words <= 5
        && line.contains(|c: char| c.is_ascii_digit())
        && COUNTER_WORDS.iter().any(|c| lower.contains(c));
    (chars <= 12 && !line.chars().any(char::is_alphabetic))
        || (chars <= 200 && (line.contains(['©', 'ⓒ']) || RIGHTS_NOTICES.iter().any(|n| lower.contains(n))))
        || (chars <= 80
            && words <= 6
            && !address.ends_with(['.', '!', '?'])
            && address.split_whitespace().any(is_email))
        || (chars <= 80 && CJK_CREDIT_OPENINGS.iter().any(|c| label.starts_with(c)))
        || AD_LABELS.contains(&label)
        || BUTTON_LABELS.contains(&label)
        || counter
        || credit
        || (chars <= 60 && STORY_GOES_ON.iter().any(|g| label.starts_with(g)))
        || is_date_line(address)
        || is_publication_line(address, &lower)
        || (chars <= 40 && words <= 4 && address.ends_with(['—', '–']))
        || (matches!(label, "end" | "ends") && !line.chars().any(char::is_lowercase))
        || (words <= 6 && gives_social_account(&lower))
        || SECTION_LABELS.contains(&label)
        || (chars <= 120 && words <= 25 && PAYWALL_PHRASES.iter().any(|p| lower.contains(p)))
        || (words <= 14 && is_subscribe_prompt(label))
        || (chars <= 200 && lower.split_whitespace().collect::<String>().contains("ctrl+enter"))
}

/// Whether a word is an e-mail address (`jo@paper.test`, `<jo@paper.test>`).
fn is_email(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    word.split_once('@').is_some_and(|(who, at)| !who.is_empty() && !at.contains('@') && at.contains('.'))
}

/// Whether a (lowercase) line asks the reader to subscribe: "Subscribe", "Subscribe:
/// iTunes / RSS", "Sign up for our daily newsletter". A sentence that starts so and is
/// about something else ("Sign up for an account first") is not one.
fn is_subscribe_prompt(label: &str) -> bool {
    let Some(rest) = ["subscribe", "sign up", "signup"].iter().find_map(|p| label.strip_prefix(p)) else {
        return false;
    };
    // "Subscribe" as a word, not the start of "subscribers" or "subscribed".
    rest.is_empty() || rest.starts_with(':') || (rest.starts_with(' ') && rest.contains("newsletter"))
}

/// Whether a (lowercase) line gives an account on a social network: the address of its
/// page ("Facebook https://fb.me/newsroom") or its handle with the network's name ("LINE
/// ID = @newsroom", "Instagram: @newsroom"), as a "follow us" line does.
fn gives_social_account(lower: &str) -> bool {
    const HOSTS: [&str; 14] = [
        "facebook.com/",
        "fb.me/",
        "twitter.com/",
        "x.com/",
        "instagram.com/",
        "t.me/",
        "line.me/",
        "youtube.com/",
        "tiktok.com/",
        "linkedin.com/",
        "threads.net/",
        "bsky.app/",
        "vk.com/",
        "weibo.com/",
    ];
    const NAMES: [&str; 12] = [
        "twitter",
        "instagram",
        "facebook",
        "telegram",
        "line",
        "tiktok",
        "threads",
        "mastodon",
        "bluesky",
        "youtube",
        "weibo",
        "wechat",
    ];
    let cites_page =
        HOSTS.iter().any(|n| lower.match_indices(n).any(|(at, _)| at == 0 || lower[..at].ends_with(['/', '.', ' '])));
    let handle = lower.split_whitespace().any(|w| {
        w.strip_prefix('@').is_some_and(|n| n.chars().filter(|c| c.is_alphanumeric() || *c == '_').count() >= 2)
    });
    cites_page || (handle && lower.split(|c: char| !c.is_alphanumeric()).any(|w| NAMES.contains(&w)))
}

/// The words a line opens with to say when the story was published or updated.
const PUBLICATION_WORDS: [&str; 44] = [
    "published",
    "first published",
    "updated",
    "last updated",
    "posted",
    "posted on",
    "modified",
    "last modified",
    "publié",
    "publié le",
    "mis à jour",
    "actualisé",
    "veröffentlicht",
    "aktualisiert",
    "zuletzt aktualisiert",
    "stand",
    "publicado",
    "actualizado",
    "pubblicato",
    "aggiornato",
    "gepubliceerd",
    "bijgewerkt",
    "opublikowano",
    "zaktualizowano",
    "aktualizacja",
    "опубликовано",
    "обновлено",
    "publicerad",
    "uppdaterad",
    "publiceret",
    "opdateret",
    "publisert",
    "oppdatert",
    "yayınlanma",
    "güncelleme",
    "发布时间",
    "发布日期",
    "更新时间",
    "发表于",
    "公開日",
    "更新日",
    "投稿日",
    "입력",
    "수정",
];

/// Three-letter openings of month names (English, German, French, Spanish, Italian,
/// Portuguese, Dutch, Scandinavian).
const MONTH_STEMS: [&str; 31] = [
    "jan", "feb", "fév", "fev", "mar", "mär", "apr", "avr", "abr", "may", "mai", "mag", "mei", "jun", "jui", "giu",
    "jul", "lug", "aug", "aoû", "ago", "sep", "set", "oct", "okt", "ott", "out", "nov", "dec", "dez", "déc",
];

/// A line that says when the story was published or updated, with no time of day
/// ([`is_date_line`] reads those): "Published: 5 March 2024", "Publié le 29/10/2012",
/// "Mis à jour le 29/10/2012 à 14h03", "Veröffentlicht am 12. März 2024", "发布时间：2024年3月5日".
/// It opens with a word of [`PUBLICATION_WORDS`], names a whole date (a year with a month,
/// or numbers written as a date), and is no sentence: "Published in 1998, the book sold
/// well." is prose.
fn is_publication_line(line: &str, lower: &str) -> bool {
    let words = line.split_whitespace().count();
    let last = lower.trim_end_matches(" a.m.").trim_end_matches(" p.m.");
    if line.chars().count() > 80 || words > 12 || last.ends_with(['.', '!', '?', '。', '！', '？']) {
        return false;
    }
    let is_month = |w: &str| {
        let stem: String = w.chars().take(3).collect();
        w.chars().count() >= 3 && MONTH_STEMS.contains(&stem.as_str())
    };
    let is_number = |t: &str| t.starts_with(|c: char| c.is_ascii_digit());
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
    let opens = PUBLICATION_WORDS.iter().any(|w| {
        lower
            .strip_prefix(w)
            .is_some_and(|rest| (!w.is_ascii() || !rest.starts_with(char::is_alphabetic)) && dated(rest))
    });
    if !opens {
        return false;
    }
    let numeric_date = line.split_whitespace().any(|w| {
        let parts: Vec<&str> = w.trim_matches(|c: char| !c.is_ascii_digit()).split(['.', '/', '-']).collect();
        parts.len() == 3 && parts.iter().all(|p| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
    });
    let month = lower.split(|c: char| !c.is_alphabetic()).any(is_month) || (line.contains('年') && line.contains('月'));
    numeric_date || (month && names_a_year(&digit_runs(line)))
}

/// The runs of ASCII digits in a line, in order.
fn digit_runs(line: &str) -> Vec<&str> {
    line.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty()).collect()
}

/// Whether one of these digit runs is a year of the last two centuries (`19xx`, `20xx`).
fn names_a_year(runs: &[&str]) -> bool {
    runs.iter().any(|r| r.len() == 4 && (r.starts_with("19") || r.starts_with("20")))
}

/// A line that only dates the story, in any language ("الأربعاء، 28 آب/اغسطس 2013، آخر
/// تحديث 14:00", "2018年6月18日 10:01", "Published 12.03.2023, 14:05"): short, with a time of
/// day and a year (or four numbers), numbers a fifth of its characters or more, and not
/// ending as a sentence does.
fn is_date_line(line: &str) -> bool {
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

/// The title meta tags Readability reads, in its order of preference after JSON-LD
/// (`dc.title` is `dc:title`).
const META_TITLES: [&str; 12] = [
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

/// The text without the headline repeated at its top (alone, or at the end of a
/// breadcrumb line such as "Home › News › Headline"): the title is a field of its own.
fn without_title_lines(text: &str, title: &str) -> String {
    let t = norm(title);
    if t.chars().count() < 8 {
        return text.to_owned();
    }
    let paras: Vec<&str> = text.split("\n\n").collect();
    let is_title_line = |p: &str| {
        let n = norm(p);
        n.ends_with(&t) && n.chars().count() <= t.chars().count() * 3 / 2 + 20
    };
    let skip = paras.iter().take(3).take_while(|p| is_title_line(p)).count();
    paras[skip..].join("\n\n")
}

/// The text without the lines that are not prose ([`is_furniture_line`]), a label a
/// widget repeats ([`without_repeated_labels`]), and a short lead-in left last ("See more
/// photos:", "Follow us at:"), which introduced what was not text; so does a short question
/// left last over lines that were cut ("Found a mistake?" over a typo-report widget's
/// instructions).
fn without_furniture_lines(text: &str) -> String {
    let all: Vec<&str> = text.split("\n\n").collect();
    let lines: Vec<&str> = all.iter().copied().filter(|l| !is_furniture_line(l)).collect();
    let cut_at_end = all.last().is_some_and(|l| is_furniture_line(l));
    let mut lines = without_repeated_labels(&lines);
    let ends = |l: &str, marks: &[char]| l.split_whitespace().count() <= 6 && l.trim_end().ends_with(marks);
    if cut_at_end && lines.last().is_some_and(|l| ends(l, &['?', '？'])) {
        lines.pop();
    }
    while lines.last().is_some_and(|l| ends(l, &[':', '：'])) {
        lines.pop();
    }
    lines.join("\n\n")
}

/// The lines without a label a widget repeats: the same few words (three to ten, not a
/// sentence) three or more times in a row, as a gallery's title over each of its slides.
/// One or two repeats, a sentence, and a word alone (a table's cells) stay.
fn without_repeated_labels<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let is_label = |l: &str| {
        let words = l.split_whitespace().count();
        (3..=10).contains(&words) && !l.trim_end().ends_with(['.', '!', '?', '"', '”', '。', '！', '？'])
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

/// The text of a container the page's markup names as the article, without never-text parts.
fn container_text(doc: &Document, selector: &str, page: Option<&Url>) -> Option<String> {
    let never = matcher(NEVER_TEXT);
    let skip = matcher("script, style, noscript, template, iframe, form, figure figcaption, aside");
    let blocks = matcher("p, h2, h3, h4, h5, li, blockquote, pre, td");
    let el = all(doc, selector).into_iter().max_by_key(|e| e.text().len())?;
    let around = Around::of(&el, page);
    // One walk in document order: a part that is not the article is skipped whole, and a
    // block is read whole (a block inside it is not read again).
    let mut paras: Vec<String> = Vec::new();
    let mut stack: Vec<NodeRef<'_>> = el.children_it(true).filter(NodeRef::is_element).collect();
    while let Some(e) = stack.pop() {
        if e.is_match(&never) || e.is_match(&skip) || is_widget(&e) || is_beside_block(&e, &around) {
            continue;
        }
        if e.is_match(&blocks) {
            let para = collapse(&text(&e));
            if !para.is_empty() {
                paras.push(para);
            }
        } else {
            stack.extend(e.children_it(true).filter(NodeRef::is_element));
        }
    }
    Some(paras.join("\n\n")).filter(|t| !t.is_empty())
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

fn words(s: &str) -> std::collections::HashSet<&str> {
    s.split_whitespace().collect()
}

/// The page without what no field is ever taken from: scripts (JSON-LD kept), styles,
/// inline SVG and HTML comments. Modern pages are mostly inline script; dropping it before
/// the two parses halves the work. The cut follows the tokenizer's own rule (a script ends
/// at the first `</script`).
pub fn without_heavy_parts(html: &str) -> std::borrow::Cow<'_, str> {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len() / 2);
    let mut at = 0;
    let mut changed = false;
    while let Some(i) = lower[at..].find('<').map(|i| i + at) {
        let rest = &lower[i..];
        let (close, keep) = if rest.starts_with("<script") {
            let tag_end = rest.find('>').unwrap_or(rest.len());
            ("</script", rest[..tag_end].contains("ld+json"))
        } else if rest.starts_with("<style") {
            ("</style", false)
        } else if rest.starts_with("<svg") {
            ("</svg", false)
        } else if rest.starts_with("<!--") {
            ("-->", false)
        } else {
            out.push_str(&html[at..=i]);
            at = i + 1;
            continue;
        };
        let end = match rest.get(1..).and_then(|r| r.find(close)) {
            Some(e) => {
                let after = i + 1 + e + close.len();
                lower[after..].find('>').map_or(lower.len(), |g| if close == "-->" { after } else { after + g + 1 })
            }
            None => lower.len(),
        };
        out.push_str(&html[at..i]);
        if keep {
            out.push_str(&html[i..end]);
        } else {
            changed = true;
        }
        at = end;
    }
    if !changed {
        return html.into();
    }
    out.push_str(&html[at..]);
    out.into()
}

/// Extract title, text, images and metadata from a page served at `page_url`. Without a
/// URL, relative image and canonical references are left out.
pub fn extract(html: &str, page_url: Option<&Url>) -> Article {
    let light = without_heavy_parts(html);
    let html: &str = &light;
    // One parse: the metadata is read from this document, then Readability consumes it.
    let doc = Document::from(html);
    let first = |css: &str| all(&doc, css).into_iter().next();
    let base = super::document_base(first("base[href]").and_then(|b| attr(&b, "href")).as_deref(), page_url);
    let base = base.as_ref();
    let host = page_url.and_then(Url::host_str).unwrap_or("");
    let m = Metas::of(&doc);
    let ld = json_ld(&doc);
    let (md, md_body) = microdata(&doc);
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
    let names: Vec<String> =
        [m.first("og:site_name"), ld.publisher.clone(), md.publisher.clone()].into_iter().flatten().collect();

    let wp_title = first(".entry-title, .post-title").map(|e| text(&e));
    let html_title = first("head title").or_else(|| first("title")).map(|t| text(&t));
    let h1s: Vec<String> = all(&doc, "h1").iter().take(4).map(|t| collapse(&text(t))).collect();
    let candidates: Vec<(String, FieldSource)> = [
        (m.first("og:title"), FieldSource::OpenGraph),
        (ld.headline.clone(), FieldSource::JsonLd),
        (md.headline.clone(), FieldSource::Microdata),
        (wp_title, FieldSource::WordPress),
        (m.first("twitter:title"), FieldSource::TwitterCard),
        (html_title, FieldSource::Html),
    ]
    .into_iter()
    .filter_map(|(v, s)| v.map(|t| clean_title(&html_text(&t), &names, host)).filter(|t| !t.is_empty()).map(|t| (t, s)))
    .collect();
    // The headline the reader sees is the page's <h1>: a metadata title that agrees with
    // one wins over one that does not (sites shorten og:title for sharing and pad
    // <title> for search); with no agreement, the order of trust decides.
    let h1_norms: Vec<String> = h1s.iter().map(|h| norm(h)).filter(|h| h.chars().count() >= 8).collect();
    let h1_title = h1s.first().map(|h| clean_title(h, &names, host)).filter(|t| !t.is_empty());
    let title = candidates
        .iter()
        .find(|(t, _)| h1_norms.contains(&norm(t)))
        .or_else(|| candidates.first())
        .cloned()
        .or_else(|| h1_title.map(|t| (t, FieldSource::Html)));
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
    for e in all(&doc, "img.wp-post-image, .post-thumbnail img, .featured-image img") {
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
    // Open Graph and still written), then a page's own `<meta itemprop="image">` (outside
    // any item, or of the `WebPage` item a page wraps itself in; an article item's were
    // read above).
    let image_src = all(&doc, "link[rel][href]")
        .into_iter()
        .filter(|l| attr(l, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("image_src"))));
    let page_itemprop = all(&doc, "meta[itemprop~=image][content]").into_iter().filter(|e| {
        e.ancestors_it(None).find(|a| a.has_attr("itemscope")).is_none_or(|item| {
            attr(&item, "itemtype").is_some_and(|t| t.split_whitespace().any(|t| t.ends_with("/WebPage")))
        })
    });
    for e in image_src.chain(page_itemprop) {
        if let Some(u) = attr(&e, "href").or_else(|| attr(&e, "content")) {
            offer(&u, FieldSource::Html, None);
        }
    }
    let never = matcher(NEVER_TEXT);
    let in_never = |e: &NodeRef<'_>| e.ancestors_it(None).any(|a| a.is_match(&never));
    // Body images, the article's own first: the most specific container the page marks
    // goes first, each in document order; never from navigation, footers or asides.
    // Nor from the site's own header, or from a box about something else (related
    // stories, promotions, the author, ads): their images are the site's or other stories'.
    // A box hidden by its classes is furniture ([`super::hidden::hides`]). A box that
    // holds the headline, the marked article body or the page's paragraphs is the
    // story's, whatever its class says (`node-promoted author-jane`,
    // `js_img_share_area`).
    let furniture = matcher("nav, footer, aside, [role=banner]");
    let story: std::collections::HashSet<_> = all(&doc, "h1, [itemprop~=articleBody]")
        .into_iter()
        .chain(paragraphs_block(&doc))
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
    let page = page_url.map(|u| u.as_str().split('#').next().unwrap_or_default().to_owned());
    let containers =
        ["[itemprop~=articleBody]", ".entry-content", "article", "main", "[role=main]", "#content", "body"];
    // An image inside several containers (`article` within `main` within `body`) is
    // judged once, where it is first found.
    let mut seen = std::collections::HashSet::new();
    let body_imgs: Vec<NodeRef<'_>> = containers
        .iter()
        .flat_map(|c| all(&doc, &format!("{c} img")))
        .filter(|e| seen.insert(e.id))
        .filter(|e| {
            !in_never(e) && !in_furniture(e) && !says_decorative(e) && !is_teaser_image(e, base, page.as_deref())
        })
        .take(40)
        .collect();
    for e in body_imgs {
        if let Some(u) = img_url(&e) {
            offer(&u, FieldSource::Html, declared_size(&e));
        }
    }
    out.images = rank_images(images, (200, 100));
    if let Some(src) = out.images.first().map(|i| i.source) {
        set(&mut out, "image", src);
    }

    // Text: the Readability pass, or the marked-up article container (read now, before
    // Readability rewrites the document).
    // WordPress's container is a hint on a single post, where there is one; several (a
    // listing, or a theme that reuses the class for sidebar boxes) say nothing.
    let single_entry = all(&doc, ".entry-content").len() == 1;
    let hint = md_body.or_else(|| single_entry.then(|| ".entry-content".to_owned()));
    let hinted = hint.as_deref().and_then(|s| container_text(&doc, s, page_url));
    let hint_source =
        if first("[itemprop~=articleBody]").is_some() { FieldSource::Microdata } else { FieldSource::WordPress };
    out.description =
        m.first("og:description").or_else(|| m.first("description")).or_else(|| m.first("twitter:description"));
    out.canonical = all(&doc, "link[rel][href]")
        .into_iter()
        .find(|l| attr(l, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical"))))
        .and_then(|l| attr(&l, "href"))
        .and_then(|h| resolve(base, &h))
        .or_else(|| m.first("og:url").and_then(|h| resolve(base, &h)));

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

    let has_declared_title = ld.headline.is_some() || META_TITLES.iter().any(|k| m.first(k).is_some());
    let (readable, declared_title) = readable_text(doc, page_url, has_declared_title);
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
    out.text = match &out.title {
        Some(t) => without_title_lines(&text, t),
        None => text,
    };
    if !out.text.is_empty() {
        set(&mut out, "text", src);
    }
    // A title the page declares in its metadata, as Readability (Firefox's reader view)
    // reads it, is taken as written (site name included when the publisher put it there):
    // JSON-LD, Dublin Core, Open Graph, Twitter, Parse.ly. Otherwise the headline chosen
    // above stands (microdata, WordPress, or the <title> without its site part, checked
    // against the <h1>); it is also what was taken off the top of the text.
    // (Readability picks between a JSON-LD `name` and `headline` by the <title>; its
    // choice is the one taken, and the source is the tag it came from.)
    let declared_title = collapse(&declared_title);
    if !declared_title.is_empty() {
        let src = [
            (m.first("og:title"), FieldSource::OpenGraph),
            (ld.headline.clone(), FieldSource::JsonLd),
            (m.first("twitter:title"), FieldSource::TwitterCard),
        ]
        .into_iter()
        .find(|(v, _)| v.as_deref().is_some_and(|v| collapse(&html_text(v)) == declared_title))
        .map_or(FieldSource::Html, |(_, s)| s);
        out.title = Some(declared_title);
        set(&mut out, "title", src);
    }
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
    fn a_title_declared_in_metadata_is_taken_as_written() {
        let url = Url::parse("https://news.test/a/1").unwrap();
        // Open Graph, site name and all, over a shorter <h1> and a padded <title>.
        let html = page_with(
            r#"<title>Harbour plans | News</title><meta property="og:title" content="Harbour plans approved | The News">"#,
            "Harbour plans",
        );
        let a = extract(&html, Some(&url));
        assert_eq!(
            (a.title.as_deref(), a.sources.get("title")),
            (Some("Harbour plans approved | The News"), Some(&FieldSource::OpenGraph))
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
        let text = container_text(&Document::from(html.as_str()), "[itemprop~=articleBody]", None).unwrap_or_default();
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
            "Das Angebot gilt nur für Abonnenten der Zeitung.",
            "港では会員限定のイベントが開かれた。",
            "Tagged as a risk in 2019, the wall was repaired twice.",
            "Read more about the wall in the council's report.",
            "Themen der Sitzung waren die Mauer und der Hafen.",
            "Читайте также отчёт совета о стене.",
            "关于相关阅读材料，委员会没有说明。",
            "Loading the ships took three days.",
            "Published in 1998, the book sold well.",
            "Updated guidance for 2024 was published by the port in March",
            "Updated plans for 2024 show a taller wall",
            "Standing on the wall on 5 March 2024",
            "26 September 1907",
            // A line of a text broken by hand, as a plain-text RFC is.
            "like this:",
            "Write to the council at wall@harbour.test before the vote.",
            "The rights to the wall's design are reserved by the port, the council said.",
            "图书馆的编辑们说，港口的新墙将在明年春天完工，费用由港口和县政府各付一半。",
            "编辑部认为这堵墙很有必要。",
        ] {
            assert!(!is_furniture_line(line), "{line} is prose");
        }
    }

    #[test]
    fn class_words_split_at_separators_and_camel_case() {
        assert_eq!(
            class_words("cnnArticleGalleryCaption post-share_bar"),
            ["cnn", "article", "gallery", "caption", "post", "share", "bar"]
        );
        assert_eq!(class_words("  "), Vec::<String>::new());
        // Drupal's "promoted to the front page" is not a promotion box.
        let node = |class: &str| format!(r#"<div class="{class}"><p>x</p></div>"#);
        for (class, beside) in [
            ("node node-promoted", false),
            ("promo", true),
            ("relatedPosts", true),
            ("ad-slot", true),
            ("header", false),
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
        assert!(abbreviates("nytimes", "The New York Times"));
        assert!(abbreviates("wsj", "The Wall Street Journal"));
        assert!(!abbreviates("nytimes", "New Yorker"));
        assert!(!abbreviates("news", "News"));
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
        // A last part that is not the site's name stays.
        assert_eq!(
            clean_title("Harbour wall approved - Council Votes", &[], "nstimes.test"),
            "Harbour wall approved - Council Votes"
        );
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
            (
                "Rain, hail and snow are coming back this week • Weather Desk",
                "Rain, hail and snow are coming back this week",
            ),
            ("Rain falls on the hills > Weather > News", "Rain falls on the hills"),
            ("Prices rise ~ 5 percent", "Prices rise ~ 5 percent"),
            ("Left - Right", "Left - Right"),
            ("学生看两会：出国前后关注点大不同_教育频道_中国青年网", "学生看两会：出国前后关注点大不同"),
            ("宇航员在太空中喝酒会怎么样 _探索者 _光明网", "宇航员在太空中喝酒会怎么样"),
            ("北京-上海", "北京-上海"),
        ] {
            assert_eq!(clean_title(raw, &names, "www.example.test"), want, "{raw}");
        }
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
        // Yoast's graph: the article refers to its image by id.
        let yoast = r##"<script type="application/ld+json">{"@graph": [
            {"@type": "Article", "headline": "Wall", "image": {"@id": "https://news.test/harbour#primaryimage"}},
            {"@type": "ImageObject", "@id": "https://news.test/harbour#primaryimage", "url": "https://news.test/img/wall.jpg"}
        ]}</script>"##;
        assert_eq!(image(yoast).as_deref(), Some("https://news.test/img/wall.jpg"));
        // Open Graph still comes first.
        let both =
            r#"<meta property="og:image" content="/img/wall-og.jpg"><link rel="image_src" href="/img/wall.jpg">"#;
        assert_eq!(image(both).as_deref(), Some("https://news.test/img/wall-og.jpg"));
        // `og:image` is the image; a secure URL is another address of it.
        let secure = r#"<meta property="og:image:secure_url" content="https://cdn.test/wall.jpg">
            <meta property="og:image" content="http://cdn.test/wall.jpg">"#;
        assert_eq!(image(secure).as_deref(), Some("http://cdn.test/wall.jpg"));
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
            {story}<p><img alt="The wall at high tide" src="/2024/03/wall.jpg" style="border-width: 0px; max-width: 100%; display: block"></p>{story}</div>
            <div class="sharebar"><img src="/promo/app.jpg"></div>
            <div class="post_comment"><div class="photo"><img src="/u/reader/0"></div><p>Well done!</p></div></body></html>"#
        );
        // The story's wrapper carries a share script's class; it holds the page's
        // paragraphs, so its image is the story's.
        assert_eq!(image(&html).as_deref(), Some("https://news.test/2024/03/wall.jpg"));
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
    }

    #[test]
    fn heavy_parts_go_but_json_ld_stays() {
        let html = r#"<p>a</p><SCRIPT>x("</p>")</SCRIPT><script type="application/ld+json">{"a":1}</script><!-- c --><style>s</style><svg><path/></svg><p>b</p>"#;
        assert_eq!(without_heavy_parts(html), r#"<p>a</p><script type="application/ld+json">{"a":1}</script><p>b</p>"#);
        assert_eq!(without_heavy_parts("<p>unclosed <script>x"), "<p>unclosed ");
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
