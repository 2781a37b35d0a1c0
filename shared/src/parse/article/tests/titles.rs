//! The title: metadata against the headline, site names taken off.

use super::*;

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
    assert_eq!(clean_title("Η Βουλή ενέκρινε - Η Εφημερίδα των Συντακτών", &[], "www.efsyn.test"), "Η Βουλή ενέκρινε");
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
    assert_eq!(clean_title("Harbour wall approved [Updated]", &[], "nstimes.test"), "Harbour wall approved [Updated]");
    // And in round brackets.
    assert_eq!(clean_title("Harbour wall approved (North Shore Times)", &[], "nstimes.test"), "Harbour wall approved");
    assert_eq!(clean_title("Harbour wall approved (Updated)", &[], "nstimes.test"), "Harbour wall approved (Updated)");
    // After "on" or "at", as hosts of others' work title a page; only the site's name goes.
    let names = ["Port Times".to_owned()];
    assert_eq!(clean_title("Harbour at dusk on Picturehost", &[], "www.picturehost.test"), "Harbour at dusk");
    assert_eq!(clean_title("Bridge opens at Port Times", &names, "news.test"), "Bridge opens");
    // Not another place, nor after a single word.
    for own in ["Shooting at school", "Fire on the harbour wall", "Bridge opens at Port", "Talks at Port Times"] {
        assert_eq!(clean_title(own, &names, "news.test"), own);
    }
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
    let head =
        r#"<meta property="og:title" content="Don&amp;#39;t stop &amp;amp; caf&amp;eacute; &amp;#x1F600; &amp;#0;">"#;
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
        ("<title>外媒眼中的武汉长假：蓬勃发展_首页武汉_新闻中心_长江网_cjn.cn</title>", "外媒眼中的武汉长假：蓬勃发展"),
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
        ("Hafenmauer wird genehmigt - Stadt Kiel - SZ.de", &[], "www.sueddeutsche.test", "Hafenmauer wird genehmigt"),
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
        ("Harbour wall repair approved: The Quay", &["The Quay".to_owned()], "q.test", "Harbour wall repair approved"),
        ("Interview: Port Times", &[], "porttimes.test", "Interview: Port Times"),
        ("Notes on repairing an old clock :: Workshop Diary", &[], "workshop.test", "Notes on repairing an old clock"),
        // A declared name with one word after it.
        ("Harbour wall repair approved - Coast Courier Online", &coast, "news.test", "Harbour wall repair approved"),
        ("Bridge opens | Guardian Australia", &guardian, "news.test", "Bridge opens"),
        (
            "Harbour wall repair approved | Coast Courier readers react",
            &coast,
            "news.test",
            "Harbour wall repair approved | Coast Courier readers react",
        ),
        ("Harbour wall repair approved: Port Times", &[], "harbour.test", "Harbour wall repair approved: Port Times"),
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
        assert_eq!(extract(&html, page.as_ref()).title.as_deref(), Some("Harbour wall approved by council"), "{head}");
    }
    // An <h2> agrees with a title only as a whole heading: a section's heading that
    // opens the title is no headline.
    let html = format!(
        "<html><head><title>Local - Harbour wall approved by council</title></head><body><h2>Harbour wall</h2>{story}</body></html>"
    );
    assert_eq!(extract(&html, None).title.as_deref(), Some("Local - Harbour wall approved by council"));
    // A page number is a part of its own, not a headline's words.
    let html = format!("<html><head><title>Page 2 of the council minutes</title></head><body>{story}</body></html>");
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
        ("<title>And then the tide came in...</title>", "Harbour wall repair approved", "And then the tide came in..."),
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
        ("アップルが新型を発表、来月発売へ - iPhone 16の価格", "アップルが新型を発表、来月発売へ - iPhone 16の価格"),
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
        ("Harbour wall approved | News | The Daily Example | Serving the coast since 1901", "Harbour wall approved"),
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
        ("Notes from the Garden - Growing tomatoes in containers", r#"<h1><a href="/">Notes from the Garden</a></h1>"#),
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
    let html = format!("<html><head><title>{declared}</title></head><body><h1>Rain returns</h1>{story}</body></html>");
    assert_eq!(extract(&html, url.as_ref()).title.as_deref(), Some("Rain returns"));
    // A logo's <h1> says nothing of where the headline is: a short first part before the
    // site's name is read as a section's. So is an <h1> of the section's name.
    let after_section = "Local | Port Times | Rain falls on the hills";
    assert_eq!(title(after_section, "Port Times").as_deref(), Some("Rain falls on the hills"));
    let section = "Opinion pieces | Why the harbour wall is a mistake | Port Times";
    assert_eq!(title(section, "Opinion pieces").as_deref(), Some("Why the harbour wall is a mistake"));
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
