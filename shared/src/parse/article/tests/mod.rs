//! The extractor's tests: whole pages in, text, title and image out; the page-wide ones here
//! (metadata, bounds, malformed markup), the others by what they check.

use super::*;

mod blocks;
mod images;
mod lines;
mod titles;

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

/// A forum thread's posts: a question, its answer and the thanks, for the thread tests.
const WEBCAM_POSTS: [&str; 3] = [
    "I have been trying to get the harbour webcam to work with the new router for a week now and it keeps \
     dropping the connection every few minutes. Has anyone else seen this?",
    "Same problem here. It turned out to be the power saving mode on the router, which turns the wireless off \
     when it thinks nothing is using it. Turn that off in the advanced settings and the webcam stays connected.",
    "Thanks, that was it. The webcam has not dropped once since last night, so I am marking this one as \
     solved for anyone who finds it later.",
];

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
    assert_eq!(clean_title("Harbour wall approved - The Port Times", &[], "porttimes.test"), "Harbour wall approved");
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
