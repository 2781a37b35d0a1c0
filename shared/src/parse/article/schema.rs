//! What schema.org data says of an article: JSON-LD (`@graph`s and nested nodes included)
//! and Microdata (nested items keep their own properties).

use super::*;

/// What schema.org data (JSON-LD or Microdata) says of the article.
#[derive(Debug, Default)]
pub(super) struct Schema {
    pub(super) headline: Option<String>,
    pub(super) images: Vec<String>,
    /// The picture a `WebPage` node names as its own (`primaryImageOfPage`, `image`), as
    /// Yoast writes it when the article node names none.
    pub(super) page_images: Vec<String>,
    pub(super) body: Option<String>,
    pub(super) published: Option<String>,
    pub(super) author: Option<String>,
    pub(super) publisher: Option<String>,
    pub(super) lang: Option<String>,
}

pub(super) const ARTICLE_TYPES: [&str; 14] = [
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

pub(super) fn is_article_type(t: &str) -> bool {
    let t = t.rsplit(['/', ':']).next().unwrap_or(t).trim().to_ascii_lowercase();
    ARTICLE_TYPES.contains(&t.as_str())
}

pub(super) fn json_types(v: &Value) -> Vec<String> {
    match v.get("@type") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

pub(super) fn json_text(v: Option<&Value>) -> Option<String> {
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
pub(super) fn json_images(v: Option<&Value>, graph: &[&Value], out: &mut Vec<String>) {
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

pub(super) fn json_author(v: Option<&Value>) -> Option<String> {
    let names: Vec<String> = match v? {
        Value::Array(a) => a.iter().filter_map(|x| json_text(Some(x))).collect(),
        other => json_text(Some(other)).into_iter().collect(),
    };
    let names: Vec<String> = names.into_iter().filter(|n| !n.starts_with("http")).collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Every JSON object of a JSON-LD block: top level, arrays, `@graph`, and `mainEntity`.
pub(super) fn json_nodes<'a>(v: &'a Value, out: &mut Vec<&'a Value>, depth: usize) {
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

pub(super) fn json_ld(els: &Elements<'_>) -> Schema {
    let mut schema = Schema::default();
    for script in els.all("script[type]") {
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
            if types.iter().any(|t| t.eq_ignore_ascii_case("WebPage") || t.eq_ignore_ascii_case("ItemPage")) {
                let named = node.get("primaryImageOfPage").or_else(|| node.get("image"));
                json_images(named, &nodes, &mut schema.page_images);
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
pub(super) fn itemprop_value(e: &NodeRef<'_>) -> String {
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
pub(super) fn text_value(e: &NodeRef<'_>) -> String {
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    match name.as_str() {
        "a" | "area" | "link" => attr(e, "content").unwrap_or_else(|| text(e)),
        _ => itemprop_value(e),
    }
}

/// The properties of one Microdata item: `itemprop` elements whose nearest `itemscope`
/// ancestor is this item (nested items keep their own properties).
pub(super) fn item_props<'a>(item: &NodeRef<'a>) -> Vec<(String, NodeRef<'a>)> {
    within(item, "[itemprop]")
        .into_iter()
        .filter(|p| p.ancestors_it(None).find(|a| a.has_attr("itemscope")).is_some_and(|a| a.id == item.id))
        .flat_map(|p| {
            let names = attr(&p, "itemprop").unwrap_or_default();
            names.split_whitespace().map(|n| (n.to_owned(), p)).collect::<Vec<_>>()
        })
        .collect()
}

pub(super) fn microdata(els: &Elements<'_>) -> (Schema, Option<String>) {
    let mut schema = Schema::default();
    let mut body_selector = None;
    for item in els.all("[itemscope][itemtype]") {
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
