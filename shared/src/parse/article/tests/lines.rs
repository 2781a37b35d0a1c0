//! Lines of the text that are not prose: bylines, dates, credits, labels, prompts.

use super::*;

#[test]
fn a_bare_date_or_a_writer_with_a_role_over_the_story_is_no_text() {
    for date in ["March 5, 2019", "Tuesday, 5 March 2019", "05.03.2024", "Mar 5, 2019 at 3:45 pm", "5 de marzo de 2019"]
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
    for line in ["Test Case 1", "Type FILE *:", "Marie Curie Nobel Prize 1911", "March 5, 2024 by the harbour wall"] {
        let html = html.replace("<p>Monitoring Distributed Systems</p>", &format!("<p>{line}</p>"));
        assert!(extract(&html, None).text.starts_with(line), "{line}");
    }
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
        assert_eq!(without_furniture_lines(&format!("{story}\n\n{story}\n\n{name}")), format!("{story}\n\n{story}"));
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
    for label in
        ["About the author", "Über den Autor:", "この記事を書いた人", "Об авторе", "Om författaren", "Kirjoittajasta"]
    {
        // Or the heading alone, left last once its box's lines were cut.
        for section in
            [format!("{label}\n\n{about}"), format!("{label}\n\nSam Carter\n\n{about}\n\nAll posts"), label.to_owned()]
        {
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
    let story = "<p class=\"article__paragraph\">On peut désormais traverser la Loire à pied à plusieurs endroits, \
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
    for related in ["March 5, 2024 In \"News\"", "5 mars 2024 Dans « Actualités »", "5 de marzo de 2024 En «Noticias»"]
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
    for prose in ["Hace 3 años", "3 saat sürdü", "3 ore di fila", "3 часа ночи", "like this:", "Page 2", "Pages 1 to 3"]
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
        ("Cet article a été publié dans Actualités et marqué avec port. Ajoutez ce permalien à vos favoris.", "filed"),
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
        ("Sign up for our free newsletter and get the best stories delivered to you each week.", "subscribe prompt"),
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
        ("We hope you appreciated this article. Before you move on, please consider supporting us.", "donation appeal"),
        ("To find out more about Facebook commenting please read the Conversation Guidelines and FAQs", "comment call"),
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
        ("Kommentare schreiben", "button"),
        ("Lade weitere Inhalte ...", "button"),
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
        ("Kommentarfeed | Kommentare geschlossen | Trackback-URL", "link row"),
        ("Comments RSS | Trackback URI", "link row"),
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
fn phrases_are_found_anywhere_in_a_line() {
    static FOUND: Phrases = Phrases::new("all rights reserved\n版权所有");
    assert!(FOUND.are_in("© 2024 harbour times. all rights reserved."));
    assert!(FOUND.are_in("本网站版权所有，未经许可不得转载"));
    assert!(!FOUND.are_in("the rights of all were reserved"));
    assert!(!FOUND.are_in(""));
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
fn an_address_the_story_announces_is_its_text_not_a_sign_off() {
    let story = harbour_story();
    let page = |line: &str| {
        format!(
            "<html><body><article><h1>Harbour wall approved</h1>{story}<p>The trust has opened a mailbox \
             for the fishermen's accounts:</p><p>{line}</p>{story}</article></body></html>"
        )
    };
    let url = Url::parse("https://harbour.test/news/wall").ok();
    for line in [
        "accounts@harbour-trust.test",
        r#"<a href="mailto:accounts@harbour-trust.test">accounts@harbour-trust.test</a>"#,
    ] {
        let text = extract(&page(line), url.as_ref()).text;
        assert!(text.contains("\n\naccounts@harbour-trust.test\n\n"), "{line}: {text}");
    }
    // A link alone to another story there is a teaser, and a reporter's address under the
    // story signs it.
    let text = extract(&page(r#"<a href="/news/ferry">New ferry timetable</a>"#), url.as_ref()).text;
    assert!(!text.contains("ferry"), "{text}");
    let prose = "The council approved the new harbour wall on Tuesday after three years of debate.";
    let signed = format!("{prose}\n\n{prose}\n\nJane Doe jane@harbour.test");
    assert_eq!(without_furniture_lines(&signed), format!("{prose}\n\n{prose}"));
}
