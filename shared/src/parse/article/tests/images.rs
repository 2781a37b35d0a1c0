//! The lead image: metadata, the story's own pictures, and what is no picture of it.

use super::*;

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
    let hero =
        r#"<h1>A weekend in Porto</h1><div><p>x</p></div><div style="background-image:url(/up/texture.png)"></div>"#;
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
    let both = r#"<meta property="og:image" content="/img/wall-og.jpg"><link rel="image_src" href="/img/wall.jpg">"#;
    assert_eq!(image(both).as_deref(), Some("https://news.test/img/wall-og.jpg"));
    // `og:image` is the image; a secure URL is another address of it.
    let secure = r#"<meta property="og:image:secure_url" content="https://cdn.test/wall.jpg">
            <meta property="og:image" content="http://cdn.test/wall.jpg">"#;
    assert_eq!(image(secure).as_deref(), Some("http://cdn.test/wall.jpg"));
    // A page's thumbnail, when it names nothing else and shows no picture.
    let html =
        r#"<html><head><meta name="thumbnail" content="/img/wall-thumb.jpg"></head><body><p>Wall.</p></body></html>"#;
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
        lead(r#"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-caption="wall.jpg by Jo" data-id="wall">"#),
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
    let declared =
        r#"<p><a href="/s1600/wall.png?v=2"><span><img src="/s200/wall.png" width="120" height="90"></span></a></p>"#;
    assert_eq!(image(declared).as_deref(), Some("https://news.test/s1600/wall.png?v=2"));
    // A picture of a story's size stays itself; a small one linked to a page, or to a
    // page about its file, is no picture.
    let large = r#"<p><a href="/uploads/wall-full.jpg"><img src="/uploads/wall-800x600.jpg"></a></p>"#;
    assert_eq!(image(large).as_deref(), Some("https://news.test/uploads/wall-800x600.jpg"));
    assert_eq!(image(r#"<p><a href="/ferry"><img src="/uploads/ferry-150x150.jpg"></a></p>"#), None);
    let wiki =
        r#"<p><a href="/wiki/File:Ferry.png"><img src="/thumb/a/ab/Ferry.png/120px-Ferry.png" width="120"></a></p>"#;
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
fn a_srcsets_addresses_may_hold_commas() {
    // An image service's transformations, a crop's focus: commas inside the address.
    assert_eq!(
        lead(
            r#"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" srcset="/up/c_fill,w_600/wall.jpg 600w,
                /up/c_fill,w_1200/wall.jpg 1200w">"#
        )
        .as_deref(),
        Some("https://harbour.test/up/c_fill,w_1200/wall.jpg")
    );
    assert_eq!(
        lead(r#"<img srcset="/v/wall.jpg?crop=1xw:0.99xh;center,center&amp;resize=1200:* 1200w">"#).as_deref(),
        Some("https://harbour.test/v/wall.jpg?crop=1xw:0.99xh;center,center&resize=1200:*")
    );
    // A placeholder's `data:` URI in a source is one address, payload and all: the lazy
    // loader's attribute names the picture.
    assert_eq!(
        lead(
            r#"<picture><source srcset="data:image/jpeg;base64,/9j/2wBDACgcHiMeGSgj"><img
                src="data:image/jpeg;base64,/9j/2wBDACgcHiMeGSgj" data-dejavu-src="/up/wall-838.jpg"></picture>"#
        )
        .as_deref(),
        Some("https://harbour.test/up/wall-838.jpg")
    );
}

#[test]
fn a_picture_sized_by_its_minimums_or_its_shape_is_seen() {
    // Next.js: no size of its own, the box's by its minimums.
    let responsive = r#"<img src="/up/wall.jpg" style="position:absolute;width:0;height:0;min-width:100%;max-width:100%;min-height:100%">"#;
    assert_eq!(lead(responsive).as_deref(), Some("https://harbour.test/up/wall.jpg"));
    // A height of nothing beside a picture's width: the picture's own shape.
    assert_eq!(
        lead(r#"<img src="/up/wall.jpg" width="570" height="0">"#).as_deref(),
        Some("https://harbour.test/up/wall.jpg")
    );
    // No size and no minimum, or a minimum of nothing: a preload.
    assert_eq!(lead(r#"<img src="/up/wall.jpg" style="width:0;height:0">"#), None);
    assert_eq!(lead(r#"<img src="/up/wall.jpg" style="width:0;min-width:0">"#), None);
    assert_eq!(lead(r#"<img src="/up/wall.jpg" width="0" height="0">"#), None);
    assert_eq!(lead(r#"<img src="/up/wall.jpg" width="0" height="40">"#), None);
}

#[test]
fn the_picture_above_the_marked_body_leads_it() {
    let story = harbour_story();
    let url = Url::parse("https://news.test/harbour").ok();
    let image = |lead: &str, body_attrs: &str| {
        let html = format!(
            r#"<html><body><article><h1>Harbour wall approved at last</h1>{lead}
                <div {body_attrs}><p>Before the vote:</p><figure><img src="/up/2024/old-wall.jpg"></figure>{story}</div>
                </article></body></html>"#
        );
        extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
    };
    for body in [r#"itemprop="articleBody""#, r#"class="entry-content""#] {
        for lead in [
            r#"<figure class="featured-media"><img src="/up/2024/new-wall.jpg"></figure>"#,
            r#"<div class="lede"><picture><img src="/up/2024/new-wall.jpg"></picture></div>"#,
            r#"<div class="top"><img src="/up/2024/new-wall.jpg" width="780" height="430"></div>"#,
        ] {
            assert_eq!(image(lead, body).as_deref(), Some("https://news.test/up/2024/new-wall.jpg"), "{lead} {body}");
        }
        // Not a picture outside a figure that declares no story's size (a section's
        // badge), nor where there is no article round the body.
        let badge = r#"<div class="kicker"><img src="/up/2024/politics.jpg"></div>"#;
        assert_eq!(image(badge, body).as_deref(), Some("https://news.test/up/2024/old-wall.jpg"), "{body}");
    }
    let unwrapped = format!(
        r#"<html><body><figure><img src="/up/2024/promo.jpg"></figure><h1>Harbour wall approved at last</h1>
            <div itemprop="articleBody"><figure><img src="/up/2024/old-wall.jpg"></figure>{story}</div></body></html>"#
    );
    assert_eq!(
        extract(&unwrapped, url.as_ref()).images.first().map(|i| i.url.as_str()),
        Some("https://news.test/up/2024/old-wall.jpg")
    );
}

#[test]
fn boxes_named_for_other_stories_or_sharing_may_frame_the_storys_own_picture() {
    let story = harbour_story();
    let url = Url::parse("https://news.test/harbour").ok();
    let image = |boxed: &str| {
        let html = format!(
            r#"<html><body><article><h1>Harbour wall approved at last</h1><div class="entry-content">{boxed}{story}
                </div></article></body></html>"#
        );
        extract(&html, url.as_ref()).images.first().map(|i| i.url.clone())
    };
    let want = Some("https://news.test/up/2024/wall.jpg".to_owned());
    // A box named for related media that links nowhere holds the story's photo and caption.
    let media = r#"<div class="hmedia related-media"><p class="photo"><img src="/up/2024/wall.jpg"></p>
        <p class="fn">The wall at high tide.</p></div>"#;
    assert_eq!(image(media), want);
    // A share box round a picture declared a story's size frames it with its buttons.
    let framed = r#"<div class="foto_compartir"><img src="/up/2024/wall.jpg" width="560" height="269">
        <a href="https://social.test/share?u=1"><img src="/up/2024/fb-share.jpg"></a></div>"#;
    assert_eq!(image(framed), want);
    // Related stories link to them; a share bar's pictures are small.
    let related = r#"<div class="related-media"><a href="/ferry"><img src="/up/2024/ferry.jpg"></a></div>"#;
    assert_eq!(image(related), None);
    let share = r#"<div class="share-bar"><img src="/up/2024/wall.jpg" width="120" height="80"></div>"#;
    assert_eq!(image(share), None);
    let ad = r#"<div class="advert"><img src="/up/2024/wall.jpg" width="560" height="269"></div>"#;
    assert_eq!(image(ad), None);
}

#[test]
fn wordpress_marks_the_next_storys_picture_too() {
    let story = harbour_story();
    let url = Url::parse("https://news.test/harbour").ok();
    let html = format!(
        r#"<html><body><article><h1>Harbour wall approved at last</h1>
            <div class="featured"><a class="lightBox" href="/up/2024/wall.jpg"><img src="/up/2024/wall.jpg"></a></div>
            {story}<div class="nextArticle"><a class="nextThumb" href="/ferry-timetable"><img
            class="attachment-large wp-post-image" src="/up/2024/ferry.jpg" width="620" height="412"></a></div>
            </article></body></html>"#
    );
    let a = extract(&html, url.as_ref());
    assert_eq!(a.images.first().map(|i| i.url.as_str()), Some("https://news.test/up/2024/wall.jpg"));
    assert!(!a.images.iter().any(|i| i.source == FieldSource::WordPress), "{:?}", a.images);
}

#[test]
fn a_preview_shown_until_a_script_loads_the_picture_gives_the_copy_in_noscript() {
    // A blurred preview in a box, an image the script fills, and the copy for readers
    // without scripts.
    let medium = r#"<figure><div class="id"><div class="hw"><img src="/max/60/wall.png?q=20" width="1894"
        height="970"></div><img class="hw" width="1894" height="970"><noscript><img src="/max/3788/wall.png"
        width="1894" height="970"></noscript></div><figcaption>The wall</figcaption></figure>"#;
    assert_eq!(lead(medium).as_deref(), Some("https://harbour.test/max/3788/wall.png"));
    // A noscript that holds more than one image, or follows no image, pairs with nothing.
    let two = r#"<figure><img src="/up/wall-preview.jpg" width="800" height="400"><noscript><img src="/up/a.jpg">
        <img src="/up/b.jpg"></noscript></figure>"#;
    assert_eq!(lead(two).as_deref(), Some("https://harbour.test/up/wall-preview.jpg"));
}

/// The lead image of a story on harbour.test with `picture` between its headline and its
/// paragraphs.
fn lead(picture: &str) -> Option<String> {
    let story = harbour_story();
    let html = format!("<html><body><article><h1>Harbour wall approved</h1>{picture}{story}</article></body></html>");
    extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref()).images.first().map(|i| i.url.clone())
}

#[test]
fn an_aside_in_the_story_that_frames_one_picture_holds_the_storys_photo() {
    let photo = r#"<aside class="single-photo"><div class="image-wrap"><img src="/up/wall.jpg" width="534"
        height="401" alt="The harbour wall"></div><p class="caption">The wall at high tide. (Photo: Ann Lee)</p>
        </aside>"#;
    assert_eq!(lead(photo).as_deref(), Some("https://harbour.test/up/wall.jpg"));
    // An aside that links to another page, or holds a gallery of others, is beside the story.
    let teaser = r#"<aside class="more"><img src="/up/ferry.jpg" width="534" height="401">
        <p><a href="/news/ferry">New ferry timetable</a></p></aside>"#;
    assert_eq!(lead(teaser), None);
    let gallery = r#"<aside><img src="/up/a.jpg" width="534" height="401"><img src="/up/b.jpg" width="534"
        height="401"></aside>"#;
    assert_eq!(lead(gallery), None);
    // An aside outside the story stays the site's.
    let html = format!(
        "<html><body><article><h1>Harbour wall approved</h1>{}</article>{photo}</body></html>",
        harbour_story()
    );
    let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
    assert!(a.images.is_empty(), "{:?}", a.images);
}
