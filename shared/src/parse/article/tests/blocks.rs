//! Which blocks of a page are the story's: containers, boxes beside it, comments, forum
//! threads, tables, lists and captions.

use super::*;

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
    let html =
        html.replace("<article>", r#"<article><div itemprop="articleBody">"#).replace("</article>", "</div></article>");
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
    assert!(
        thread(&Elements::of(&Document::from(html.as_str())))
            .is_some_and(|(t, posts)| t.has_name("body") && posts.len() == 2)
    );
}

#[test]
fn a_thread_whose_posts_are_named_as_comments_is_read_whole() {
    // Invision names each post `elComment_…` and its parts `ipsComment_…`, `comment-…_wrap`:
    // words that mark readers' comments beside a story, and that Readability drops.
    let bodies = WEBCAM_POSTS;
    let post = |n: usize, who: &str, body: &str| {
        format!(
            r##"<a id="comment-{n}"></a><article id="elComment_{n}" class="cPost ipsBox ipsComment ipsComment_parent">
                <aside class="ipsComment_author cAuthorPane"><h3><strong><a href="/profile/{who}">{who}</a></strong></h3>
                <ul class="cAuthorPane_info"><li>Members</li><li>123 posts</li></ul></aside>
                <div id="comment-{n}_wrap" class="ipsComment_content ipsType_medium">
                <div class="ipsComment_meta"><a href="/t/1/#comment-{n}">Posted <time>March 5, 2024</time></a></div>
                <div data-role="commentContent" class="ipsType_richText"><p>{body}</p></div>
                <ul class="ipsComment_controls"><li><a href="#">Quote</a></li></ul></div></article>"##
        )
    };
    let html = format!(
        r#"<html><head><title>Webcam drops connection - Hardware - Harbour Forum</title></head><body>
            <nav class="ipsBreadcrumb"><ul><li><a href="/">Home</a></li><li><a href="/f/2">Hardware</a></li></ul></nav>
            <h1 class="ipsType_pageTitle">Webcam drops connection</h1>
            <div data-role="commentFeed"><form action="/t/1/" method="post">{}{}{}</form></div>
            <footer><p>Powered by Invision Community</p></footer></body></html>"#,
        post(101, "harbourfan", bodies[0]),
        post(102, "quayside", bodies[1]),
        post(103, "harbourfan", bodies[2])
    );
    let text = extract(&html, Url::parse("https://forum.test/t/1").ok().as_ref()).text;
    let want: Vec<String> = bodies.iter().map(|b| collapse(b)).collect();
    assert_eq!(text, want.join("\n\n"));
    // Comments under a story, named alike, still go.
    let story = harbour_story();
    let html = format!(
        r#"<html><body><article><h1>Harbour wall approved</h1>{story}</article>
            <div class="comments"><article id="elComment_1" class="ipsComment"><p>{}</p></article>
            <article id="elComment_2" class="ipsComment"><p>{}</p></article></div></body></html>"#,
        bodies[1], bodies[2]
    );
    let text = extract(&html, None).text;
    assert!(text.starts_with("The council approved") && !text.contains("power saving"), "{text}");
}

#[test]
fn a_threads_posts_are_read_from_the_part_of_each_that_holds_their_words() {
    // Each post built alike, its poster's box, date and buttons named in words nothing here
    // knows: the part every post has in the same place that holds most of their words is
    // the post's body, whatever it is called.
    let bodies = [WEBCAM_POSTS[0], "Power saving mode. Turn it off.", WEBCAM_POSTS[1]];
    let post = |n: usize, who: &str, body: &str| {
        format!(
            r#"<li id="post-{n}" class="msg{n}"><div class="ux-a"><h3><a href="/u/{who}">{who}</a><em>Member</em></h3>
                <span>Joined Jan 2020</span></div><div class="ux-b"><div class="ux-c"><blockquote class="ux-d">{body}</blockquote>
                </div><div class="ux-e"><a href="/u/{who}">{who}</a>, <a href="/t/1/#post-{n}">Mar 5, 2024</a>
                <a href="/reply?p={n}">Reply</a></div></div></li>"#
        )
    };
    let html = format!(
        r#"<html><head><title>Webcam drops connection | Harbour Forum</title></head><body>
            <h1>Webcam drops connection</h1><ol class="ux-list">{}{}{}</ol></body></html>"#,
        post(101, "harbourfan", bodies[0]),
        post(102, "quayside", bodies[1]),
        post(103, "tidewatcher", bodies[2])
    );
    let text = extract(&html, Url::parse("https://forum.test/t/1").ok().as_ref()).text;
    let want: Vec<String> = bodies.iter().map(|b| collapse(b)).collect();
    assert_eq!(text, want.join("\n\n"));
    // Posts built each its own way have no such part: the thread is read whole.
    let doc = Document::from(
        r#"<body><div id="p1"><p>One post, written in a paragraph of its own.</p></div>
            <div id="p2"><blockquote>Another, quoted.</blockquote><span>And a line.</span></div></body>"#,
    );
    let (_, posts) = thread(&Elements::of(&doc)).expect("a thread");
    assert!(post_bodies(&posts).is_none());
}

#[test]
fn a_live_blogs_entries_numbered_as_posts_keep_their_headlines() {
    let updates = [
        (
            "Power back in the northern districts",
            "Crews restored power to most homes in the north by noon, the utility said.",
        ),
        (
            "Ferries cancelled until Thursday",
            "The harbour authority cancelled every crossing until the winds drop below gale force.",
        ),
        (
            "Schools to reopen on Monday",
            "The council said all schools would reopen on Monday once the roads are cleared.",
        ),
    ];
    let entry = |n: usize, title: &str, body: &str| {
        format!(
            r#"<div id="post-{n}" class="live-entry"><div class="meta"><time>10:{n}0</time></div>
               <h3 class="entry-title">{title}</h3><div class="entry-body"><p>{body} {body}</p></div>
               <div class="tools"><a href="\#post-{n}">Copy link</a></div></div>"#
        )
    };
    let page = |titles: [&str; 3]| {
        let entries: String =
            updates.iter().zip(titles).enumerate().map(|(n, ((_, b), t))| entry(n + 1, t, b)).collect();
        format!(
            r#"<html><head><title>Storm live: winds reach 90mph | Harbour Times</title></head><body>
               <h1>Storm live: winds reach 90mph</h1><div class="live-blog">{entries}</div></body></html>"#
        )
    };
    let text = extract(&page(updates.map(|(t, _)| t)), Url::parse("https://news.test/storm-live").ok().as_ref()).text;
    let want: Vec<String> = updates.iter().map(|(t, b)| format!("{t}\n\n{b} {b}")).collect();
    assert_eq!(text, want.join("\n\n"));
    // A forum's titles over its posts are no headlines: the same subject over each reply.
    let subject = "Storm damage on the quay";
    let replies = [subject, &format!("Re: {subject}"), &format!("Re: {subject}")];
    let text = extract(&page(replies), Url::parse("https://forum.test/t/1").ok().as_ref()).text;
    assert_text(&text, &["Crews restored power", "all schools would reopen"], &["Re:", subject]);
}

#[test]
fn a_thread_whose_numbered_posts_each_sit_in_a_box_of_their_own_is_read_as_posts() {
    // Laid out as older forum software lays it out: each numbered post a table in a box of
    // its own, the poster in one cell, the post in another after its title, then the
    // signature, then a row of buttons; the cells told apart by their order only.
    let bodies = [WEBCAM_POSTS[0], WEBCAM_POSTS[1]];
    let post = |n: usize, who: &str, body: &str| {
        format!(
            r#"<div id="edit{n}"><table id="post{n}" class="tborder"><tr><td class="thead">03-05-2024, 10:02 AM</td>
                <td class="thead">#{n}</td></tr><tr><td class="alt2"><a>{who}</a><div>Junior Member</div>
                <div>Join Date: Jan 2020</div></td><td class="alt1"><div><b>Re: Webcam drops connection</b></div>
                <div>{body}</div><div>__________________<br>Greetings from the coast</div></td></tr>
                <tr><td class="alt2"></td><td class="alt1"><a href="/reply?p={n}">Reply With Quote</a></td></tr></table></div>"#
        )
    };
    let html = format!(
        r#"<html><head><title>Webcam drops connection - Harbour Forum</title></head><body>
            <div class="navbar"><a href="/">Harbour Forum</a></div><div id="posts">{}{}</div></body></html>"#,
        post(101, "harbourfan", bodies[0]),
        post(102, "quayside", bodies[1])
    );
    let text = extract(&html, Url::parse("https://forum.test/t/1").ok().as_ref()).text;
    let want: Vec<String> = bodies.iter().map(|b| collapse(b)).collect();
    assert_eq!(text, want.join("\n\n"));
    let doc = Document::from(html.as_str());
    let (t, posts) = thread(&Elements::of(&doc)).expect("a thread");
    assert!(attr(&t, "id").as_deref() == Some("posts") && posts.iter().all(|p| p.has_name("div")), "{}", t.html());
    // Numbered elements scattered over a page, at other depths, are no thread.
    let doc = Document::from(
        r#"<body><div><section id="post1"><p>One.</p></section></div>
            <div><div><section id="post2"><p>Two.</p></section></div></div></body>"#,
    );
    assert!(thread(&Elements::of(&doc)).is_none());
}

#[test]
fn a_blogs_grid_of_other_posts_numbered_as_posts_is_not_the_story() {
    // WordPress themes number the boxes of a "recent posts" grid as they number posts
    // (`div#post-123`), each in a column of its own and headed by an `<h1>` of its own: a
    // thread to [`thread`], but the story is the one Readability read.
    let teaser = |n: usize, summary: &str| {
        format!(
            r#"<div class="columns"><div id="post-{n}" class="blog_entry_li"><a href="/post-{n}/"><h1>Other story {n}</h1></a>
                <p>{summary}</p></div></div>"#
        )
    };
    let story = "<p>The harbour wall was approved by the council on Tuesday night after two years of argument \
                 about its height, its cost and who should pay for the repairs to the old quay beside it.</p>"
        .repeat(6);
    let html = format!(
        r#"<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>{story}</article>
            <div class="recent">{}{}{}</div></body></html>"#,
        teaser(7, "The ferry timetable changes again in the spring, when the summer boats return."),
        teaser(8, "Anglers caught a record number of mackerel off the point during the festival week."),
        teaser(9, "Volunteers repainted the lifeboat station and planted wild flowers along its path.")
    );
    let text = extract(&html, Url::parse("https://blog.test/harbour-wall/").ok().as_ref()).text;
    assert!(text.starts_with("The harbour wall was approved") && !text.contains("ferry"), "{text}");
    // Boxes whose headlines link to other pages are no thread at all (a thread much longer
    // than what Readability read would win).
    let doc = Document::from(html.as_str());
    assert!(thread(&Elements::of(&doc)).is_none());
}

#[test]
fn sections_named_for_the_ads_among_them_are_the_story() {
    // A test report's sections, each named for the ad slots it holds
    // (`Report__Section--Ads`), each short enough to pass for a box beside the story; an
    // advertisement among them is still one.
    let section = |title: &str, body: &str| {
        format!(
            r#"<section class="Report__Section Report__Section--Ads"><h2>{title}</h2><p>{body}</p>
               <div class="ad-slot"><p>Advertisement: buy the best barbecue tongs today at half price.</p></div></section>"#
        )
    };
    let html = format!(
        r#"<html><head><title>Grill tested</title></head><body><article class="Report"><h1>Grill tested</h1>{}{}{}</article>
            <footer><p>Imprint and privacy of the test magazine.</p></footer></body></html>"#,
        section(
            "Verdict",
            "The grill heats up in four minutes and browns a steak evenly in the middle, though the edges of the \
             grate stay much cooler than the centre, which makes it hard to cook more than two pieces at once."
        ),
        section(
            "In the box",
            "Besides the grill itself the box holds a grate, a drip tray that goes in the dishwasher and a pizza \
             stone, which other makers sell separately, along with a booklet of recipes from the importer."
        ),
        section(
            "Cleaning",
            "The drip tray and the grate come out for washing, but the burner housing has to be wiped by hand \
             once it has cooled, which took us ten minutes after each of the three test evenings."
        ),
    );
    let text = extract(&html, Url::parse("https://magazine.test/grill-test").ok().as_ref()).text;
    for words in ["browns a steak", "pizza stone", "burner housing"] {
        assert!(text.contains(words), "{words}: {text}");
    }
    assert!(!text.contains("barbecue tongs"), "{text}");
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
            <div id="related_posts" data-never></div><div id="related-articles" data-never></div>
            <section id="related-work"></section><div id="related"></div>
            <div id="mvp-author-box-wrap" data-never></div><div id="authorBio" data-never></div>
            <div id="about-author" data-never></div><div id="author"></div><div id="authors-note"></div>
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

/// The page's own story in the tests of stories loaded under it: two paragraphs.
const CYCLE_LANES: &str = "<p>The council voted eight to three on Tuesday night to build protected cycle lanes \
    along Bridge Street, ending two years of argument over the plan.</p><p>The lanes will replace forty parking \
    spaces on the north side of the street, which shopkeepers had fought to keep.</p>";

#[test]
fn another_story_loaded_under_the_pages_own_is_left_out() {
    let url = Url::parse("https://news.test/cycle-lanes").ok();
    let own = CYCLE_LANES;
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
fn of_stories_each_under_an_h2_the_one_the_page_declares_is_read() {
    let url = Url::parse("https://news.test/cycle-lanes").ok();
    let own = CYCLE_LANES;
    let next = "<p>The central library will open on Sundays from March, for the first time since budget \
                    cuts closed it at weekends in 2012, the city's head of culture announced on Wednesday.</p>";
    let page = |title: &str| {
        format!(
            r#"<html><head><title>{title}</title></head><body><h1>Latest stories</h1>
               <article><h2>Council approves cycle lanes</h2>{own}</article>
               <article><h2>Library to open on Sundays</h2>{}</article></body></html>"#,
            next.repeat(4)
        )
    };
    // The longer story below is another page's, loaded under this one.
    for title in ["Council approves cycle lanes", "Council approves cycle lanes | The Valley Herald"] {
        let a = extract(&page(title), url.as_ref());
        assert!(a.text.contains("eight to three") && !a.text.contains("library"), "{title}: {}", a.text);
    }
    // A title that heads none of them, or only the site's name: the page is the listing.
    for title in ["Latest stories", "The Valley Herald"] {
        let a = extract(&page(title), url.as_ref());
        assert!(a.text.contains("library"), "{title}: {}", a.text);
    }
}

#[test]
fn stories_loaded_under_the_pages_own_inside_its_article_are_left_out() {
    let url = Url::parse("https://news.test/cycle-lanes").ok();
    let own = format!("{CYCLE_LANES}<p>Work on the first section starts in May.</p>");
    let next = |topic: &str| {
        format!(
            "<div class=\"story-add\"><div class=\"story-add-head\"><h3><a href=\"/{topic}/\">City</a></h3>\
             <h1 class=\"post-title\">The {topic} will open on Sundays</h1><p>Published</p><p>By</p></div>\
             <div class=\"story-add-body\"><img src=\"/img/{topic}.jpg\" width=\"800\" height=\"500\">{}</div>\
             <a href=\"/{topic}/\">Continue Reading</a></div>",
            format!(
                "<p>The {topic} will open on Sundays from March, for the first time since budget cuts \
                 closed it at weekends in 2012, the city's head of culture announced on Wednesday.</p>"
            )
            .repeat(4)
        )
    };
    // An endless-scrolling theme: two more stories, each under an <h1>, inside the page's
    // own <article>, after its tags.
    let html = format!(
        r#"<html><head><meta property="og:title" content="Council approves cycle lanes"><title>Council approves
           cycle lanes | The Valley Herald</title></head><body><article><div class="post-main"><header>
           <h1 class="post-title">Council approves cycle lanes</h1></header><div class="content">{own}</div>
           <div class="tags"><a href="/tag/cycling">Cycling</a></div></div>
           <div class="add-box">{}{}</div></article></body></html>"#,
        next("library"),
        next("museum")
    );
    let a = extract(&html, url.as_ref());
    assert_text(&a.text, &["eight to three", "forty parking spaces"], &["Sundays", "Continue Reading"]);
    assert_eq!(a.images.first().map(|i| i.url.as_str()), None);
    // A story under an <h1> above the page's headline (a banner's) is no reason to keep them.
    let banner = format!("<div class=\"banner\"><h1>Storm warning for the coast</h1>{own}</div>");
    let a = extract(&html.replace("<body>", &format!("<body>{banner}")), url.as_ref());
    assert_text(&a.text, &["eight to three"], &["Sundays"]);
    // An <h1> a writer set as a subheading inside the story's body is the story's.
    let html = format!(
        r#"<html><head><title>Council approves cycle lanes</title></head><body><article>
           <h1>Council approves cycle lanes</h1><div class="content">{own}<h1>What the shops say</h1>{own}</div>
           </article></body></html>"#
    );
    assert_text(&extract(&html, url.as_ref()).text, &["What the shops say"], &[]);
    // So are <h1>s heading the story's sections, as HTML5's outline lets them.
    let html = format!(
        r#"<html><head><title>Council approves cycle lanes</title></head><body><article>
           <h1>Council approves cycle lanes</h1>{own}<section><h1>What the shops say</h1>{own}</section>
           <section><h1>What happens next</h1>{own}</section></article></body></html>"#
    );
    assert_text(&extract(&html, url.as_ref()).text, &["What the shops say", "What happens next"], &[]);
    // So is a body that opens with one under a standfirst, however long.
    let html = format!(
        r#"<html><head><title>Council approves cycle lanes</title></head><body><header>
           <h1>Council approves cycle lanes</h1>{}</header><div class="content"><h1>The vote</h1>{own}
           <h1>What the shops say</h1>{own}</div></body></html>"#,
        CYCLE_LANES.replace("</p><p>", " ")
    );
    assert_text(&extract(&html, url.as_ref()).text, &["The vote", "What the shops say"], &[]);
    // So is a body that opens with one, right under the headline.
    let html = format!(
        r#"<html><head><title>Council approves cycle lanes</title></head><body><header>
           <h1>Council approves cycle lanes</h1></header><div class="content"><h1>The vote</h1>{own}
           <h1>What the shops say</h1>{own}</div></body></html>"#
    );
    assert_text(&extract(&html, url.as_ref()).text, &["eight to three", "What the shops say"], &[]);
    // With no headline the declared title names, no story is told from another here: the
    // page may be a listing.
    let html = format!(
        r#"<html><head><title>The Valley Herald</title></head><body><article><h1>Council approves cycle lanes</h1>
           <div class="content">{own}</div>{}</article></body></html>"#,
        next("library")
    );
    assert_text(&extract(&html, url.as_ref()).text, &["Sundays"], &[]);
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
    let text =
        container_text(&Elements::of(&Document::from(html)), "[itemprop~=articleBody]", None, None).unwrap_or_default();
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
    let text =
        container_text(&Elements::of(&Document::from(html)), "[itemprop~=articleBody]", None, None).unwrap_or_default();
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
        let html =
            format!(r#"<html><body><div itemprop="articleBody">{sentence}<br>{sentence}<br>Share</div></body></html>"#);
        let text = container_text(&Elements::of(&Document::from(html.as_str())), "[itemprop~=articleBody]", None, None);
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
    let text = container_text(&Elements::of(&Document::from(html)), ".entry-content", None, None).unwrap_or_default();
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
        let html = format!("<html><body><article><h1>Harbour wall</h1>{story}{quote}{story}</article></body></html>");
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
        let html = format!("<html><body><article><h1>Harbour wall</h1>{story}{signup}{story}</article></body></html>");
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
    let html = format!("<html><body><article><h1>Harbour wall</h1>{story}{poll}{tasks}{story}</article></body></html>");
    let text = extract(&html, None).text;
    assert!(!text.contains("Do you back"), "{text}");
    assert!(text.contains("Survey the old wall first"), "{text}");
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
    for line in
        ["Zuletzt geändert am 4. März 2019", "Dernière modification : 12/05/2021", "Page last updated: 5 March 2024"]
    {
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
    for (id, name) in [("kommentare", "Kommentare"), ("commentaires", "Commentaires"), ("article-comments", "Comments")]
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
    for heading in ["Responses", "6 Comments", "Comments (6)", "6 thoughts on “Harbour wall approved”", "Kommentare"]
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
    // A heading that says a sentence is a pull quote or a closing line, the story's; a
    // box's name or a prompt is not.
    let html = format!(
        r#"<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>
            {story}<h4>The wall is late. It will still be the best in the county.</h4><h3>More on this story.</h3>
            <h3>Have you got a story to share with us?</h3></article></body></html>"#
    );
    let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
    assert_text(&a.text, &["fishing boats", "the best in the county."], &["More on this story", "share with us"]);
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
    for body in [r#"<div itemscope itemtype="http://schema.org/Article"><div itemprop="articleBody">"#, "<div><div>"] {
        let html = format!(
            "<html><head><title>Configuring the scheduler &mdash; Quayctl 2.4 documentation</title></head><body>{body}\
                 <h1>Configuring the scheduler<a class=\"headerlink\" href=\"#configuring\">¶</a></h1>{story}\
                 <h2>Berths<a class=\"headerlink\" href=\"#berths\">#</a></h2><p>Each berth is a table:</p>\
                 <div class=\"highlight\"><pre><span>[[berth]]</span>\n<span>name</span> = \"north\"\nlength = 240\n</pre></div>\
                 {story}</div></div></body></html>"
        );
        let a = extract(&html, Url::parse("https://quayctl.test/en/latest/config.html").ok().as_ref());
        assert_eq!(a.title.as_deref(), Some("Configuring the scheduler"), "{body}");
        assert_text(&a.text, &["Berths\n", "[[berth]]\n", "name = \"north\"\n", "length = 240"], &["¶", "#", "240 "]);
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
    assert!(a.text.starts_with("Die Bundesregierung hat am Dienstag einen neuen Haushalt beschlossen"), "{}", a.text);
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
fn a_marked_containers_link_list_goes_with_its_heading() {
    let para = "The council voted on Tuesday to approve the long-debated plan to rebuild the harbour front.";
    let html = format!(
        r#"<div class="entry-content"><p>{para}</p><h3>Key events</h3><ul><li><a href="/a">Ferries cancelled
            for the day</a></li><li><a href="/b">Schools closed across the region</a></li></ul><p>{para}</p></div>"#
    );
    let text =
        container_text(&Elements::of(&Document::from(html.as_str())), ".entry-content", None, None).unwrap_or_default();
    assert!(!text.contains("Key events") && !text.contains("Ferries"), "{text}");
    assert_eq!(text.matches("harbour front").count(), 2, "{text}");
    // A heading over prose stays.
    let html = format!(r#"<div class="entry-content"><p>{para}</p><h3>Key events</h3><p>{para}</p></div>"#);
    let text =
        container_text(&Elements::of(&Document::from(html.as_str())), ".entry-content", None, None).unwrap_or_default();
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
fn markup_an_iframe_or_noscript_holds_is_no_text_of_a_paragraph() {
    // A parser that runs scripts keeps what a `<noscript>` or an `<iframe>` holds as raw
    // text; an editor's bookmark left in a video's iframe is markup all the same.
    let bookmark = r#"<span data-mce-type="bookmark" style="display: inline-block; width: 0px;" class="mce_SELRES_start">&#65279;</span>"#;
    let html = format!(
        r#"<html><body><div id="story"><p>The trailer shows the new season.</p><p><iframe data-src="https://video.test/embed/1"
            width="854" height="400">{bookmark}</iframe><noscript><iframe src="https://video.test/embed/1">{bookmark}</iframe>
            </noscript></p><p>It begins on <b>28 August</b><noscript><img src="/up/pass.jpg"></noscript> and ends in December.</p>
            </div></body></html>"#
    );
    let doc = Document::from(html.as_str());
    let story = doc.select_single("#story").nodes().first().copied().expect("the story's box");
    let text = element_text(&story, None, None).unwrap_or_default();
    assert_eq!(text, "The trailer shows the new season.\n\nIt begins on 28 August and ends in December.");
}

#[test]
fn a_paragraph_pasted_with_another_sites_classes_is_still_the_storys() {
    // A paragraph copied from a social network keeps its classes, which name tags.
    let pasted = r#"<p><span class="_4n-j _fbReactionComponent__eventDetailsContentTags fsl">The harbour trust
        opens the new wall to walkers on Saturday. A brass band plays from noon, and the ferry runs every half
        hour from the old quay until the fireworks at ten, when the lights along the top of the wall come on
        for the first time.</span></p>"#;
    let html = format!(
        "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
             {pasted}{story}</article></body></html>",
        story = harbour_story()
    );
    let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
    assert_text(&a.text, &["opens the new wall to walkers", "fishing boats"], &[]);
    // A tag line so named stays out.
    let tags = r#"<p><span class="content-tags">Tags: <a href="/t/harbour">harbour</a>, <a href="/t/wall">wall</a></span></p>"#;
    let html = format!(
        "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
             {story}{tags}</article></body></html>",
        story = harbour_story()
    );
    let a = extract(&html, Url::parse("https://harbour.test/news/wall").ok().as_ref());
    assert_text(&a.text, &["fishing boats"], &["Tags"]);
}

#[test]
fn a_link_alone_between_paragraphs_to_another_site_is_where_the_story_points() {
    let story = harbour_story();
    let page = |line: &str| {
        format!(
            "<html><head><title>Harbour wall approved</title></head><body><article><h1>Harbour wall approved</h1>\
                 {story}<p>{line}</p><p>The work starts in May.</p>{story}</article></body></html>"
        )
    };
    let url = Url::parse("https://harbour.test/news/wall").ok();
    let event = r#"<a href="https://social.test/events/1421695617910553">The opening on the social network</a>"#;
    assert_text(&extract(&page(event), url.as_ref()).text, &["The opening on the social network\n"], &[]);
    // A link to another of the site's stories is a teaser, and a button's label a button.
    let teaser = r#"<a href="/news/ferry-timetable">New ferry timetable for the summer</a>"#;
    assert_text(&extract(&page(teaser), url.as_ref()).text, &["fishing boats"], &["ferry timetable"]);
    let button = r#"<a href="https://social.test/share?u=1">Share on Facebook</a>"#;
    assert_text(&extract(&page(button), url.as_ref()).text, &["fishing boats"], &["Share on"]);
}

#[test]
fn a_box_of_a_label_and_a_line_of_links_goes_whole() {
    let story = harbour_story();
    // Read through a marked body and through the page alike.
    for (open, close) in [(r#"<div itemprop="articleBody">"#, "</div>"), ("<article>", "</article>")] {
        let html = format!(
            r#"<html><head><title>Harbour wall approved</title></head><body>{open}<h1>Harbour wall approved</h1>
                {story}<div class="module"><h2>Browse Issues</h2><p class="intro"><a href="/archive">Browse the
                Harbour Times archive</a></p></div>{story}<h2>The vote</h2><p><a href="/votes">All the votes</a></p>
                <p>Nine councillors voted for the wall and two against it, after a long debate.</p>{close}</body></html>"#
        );
        let a = extract(&html, Url::parse("https://news.test/harbour").ok().as_ref());
        // A heading over a link line in the story, with more story under it, stays.
        assert_text(&a.text, &["fishing boats", "The vote", "Nine councillors"], &["Browse"]);
    }
}
