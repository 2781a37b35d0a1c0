//! One saved page per metadata source, modelled on the markup real sites publish (a
//! Yoast-style JSON-LD graph, nested schema.org Microdata, a stock WordPress theme, Open
//! Graph with Twitter cards, and an old table layout with none of them). Each test checks
//! title, text, image, metadata and which source gave each field.

use feedhound::model::FieldSource;
use feedhound::parse::article::{Article, extract};
use feedhound::parse::html::decode_html;

fn page(name: &str, url: &str) -> Article {
    let path = format!("{}/tests/pages/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    extract(&decode_html(&bytes, None), Some(&url::Url::parse(url).expect("a valid test URL")))
}

fn assert_text(a: &Article, starts: &str, contains: &[&str], never: &[&str]) {
    assert!(a.text.starts_with(starts), "text starts with {starts:?}: {}", a.text);
    for c in contains {
        assert!(a.text.contains(c), "text contains {c:?}: {}", a.text);
    }
    for n in never {
        assert!(!a.text.contains(n), "text never contains {n:?}: {}", a.text);
    }
}

#[test]
fn json_ld_graph() {
    let a = page("jsonld-graph.html", "https://www.harbour-gazette.test/2024/05/cycle-lanes-old-town/");
    assert_eq!(a.title.as_deref(), Some("Council approves new cycle lanes for the old town"));
    assert_eq!(a.sources["title"], FieldSource::JsonLd);
    assert_eq!(a.images[0].url, "https://cdn.harbour-gazette.test/uploads/2024/05/lanes-1200x675.jpg");
    assert_eq!(a.sources["image"], FieldSource::JsonLd);
    assert_eq!(a.published.as_deref(), Some("2024-05-14T08:30:00+01:00"));
    assert_eq!(a.author.as_deref(), Some("Maria Rossi, Tom Hale"));
    assert_eq!(a.site_name.as_deref(), Some("Harbour Gazette"));
    assert_eq!(a.lang.as_deref(), Some("en-GB"));
    assert_text(
        &a,
        "The town council voted on Tuesday evening",
        &["six of them, open to vans", "biggest change to the streets"],
        &["About time!", "Most read", "Sign up to our morning briefing", "dataLayer"],
    );
}

#[test]
fn microdata_with_nested_items() {
    let a = page("microdata-nested.html", "https://cucina.test/ricette/pasta-al-pomodoro");
    assert_eq!(a.title.as_deref(), Some("La pasta al pomodoro perfetta"));
    assert_eq!(a.sources["title"], FieldSource::Microdata);
    // The author's avatar belongs to the nested Person, not to the article.
    assert_eq!(a.images[0].url, "https://cucina.test/foto/pasta-pomodoro-1024.jpg");
    assert_eq!(a.sources["image"], FieldSource::Microdata);
    assert_eq!(a.author.as_deref(), Some("Giulia Bianchi"));
    assert_eq!(a.published.as_deref(), Some("2023-10-02T09:00:00+02:00"));
    assert_eq!(a.site_name.as_deref(), Some("Cucina di Casa"));
    assert_eq!(a.lang.as_deref(), Some("it"));
    assert_text(
        &a,
        "La pasta al pomodoro sembra il piatto più semplice",
        &["trecentoventi grammi", "un filo d'olio crudo"],
        &["Provata ieri sera", "Ricette popolari", "Risotto ai funghi"],
    );
}

#[test]
fn wordpress_theme() {
    let a = page("wordpress.html", "https://smallgarden.test/2022/08/ten-years-tomatoes/");
    assert_eq!(a.title.as_deref(), Some("Ten years of growing tomatoes on a balcony"));
    assert_eq!(a.sources["title"], FieldSource::WordPress);
    assert_eq!(a.images[0].url, "https://smallgarden.test/wp-content/uploads/2022/08/balcony-tomatoes-1024x683.jpg");
    assert_eq!(a.sources["image"], FieldSource::WordPress);
    assert_eq!(a.images[0].declared, Some((1024, 683)));
    assert_eq!(a.published.as_deref(), Some("2022-08-21T18:04:11+00:00"));
    assert_eq!(a.author.as_deref(), Some("Ann Whitfield"));
    assert_eq!(a.canonical.as_deref(), Some("https://smallgarden.test/2022/08/ten-years-tomatoes/"));
    assert_text(
        &a,
        "My first balcony tomatoes were a disaster",
        &["Pots and soil", "half of it every spring"],
        &["What variety do you grow", "Leave a Reply", "Share this", "Growing peppers", "Recent Posts"],
    );
}

#[test]
fn open_graph_and_twitter_cards() {
    let a = page("opengraph.html", "https://railweekly.test/features/night-trains?utm_source=feed");
    assert_eq!(a.title.as_deref(), Some("Night trains are back in fashion"));
    assert_eq!(a.sources["title"], FieldSource::OpenGraph);
    // A protocol-relative og:image resolves against the page; Twitter's image comes after.
    assert_eq!(a.images[0].url, "https://img.railweekly.test/features/night-train-wide.jpg");
    assert_eq!(a.images[0].declared, Some((1600, 900)));
    assert_eq!(a.images[1].url, "https://img.railweekly.test/features/night-train-twitter.jpg");
    assert_eq!(a.images[1].source, FieldSource::TwitterCard);
    assert_eq!(a.site_name.as_deref(), Some("Rail & Travel Weekly"));
    assert_eq!(a.published.as_deref(), Some("2024-11-03T07:00:00Z"));
    // article:author is a profile URL here; the author meta gives the name.
    assert_eq!(a.author.as_deref(), Some("Lena Fischer"));
    assert_eq!(a.lang.as_deref(), Some("en"));
    assert_eq!(a.canonical.as_deref(), Some("https://railweekly.test/features/night-trains"));
    assert_text(
        &a,
        "",
        &["looked like a relic", "served at the seat before arrival"],
        &["Loved the old sleepers", "Our weekly digest", "Ten scenic railway journeys"],
    );
}

#[test]
fn no_metadata_at_all() {
    let a = page("fallback.html", "https://workshop.test/diary/clock.html");
    assert_eq!(a.title.as_deref(), Some("Notes on repairing an old clock"));
    assert_eq!(a.sources["title"], FieldSource::Html);
    assert_eq!(a.images[0].url, "https://workshop.test/diary/img/clock-movement.jpg");
    assert_eq!(a.sources["image"], FieldSource::Html);
    // The 1×1 counter is never the main image.
    assert!(a.images.iter().position(|i| i.url.contains("counter.gif")).is_none_or(|p| p > 0));
    assert_text(&a, "The clock came from my grandfather's house", &["pendulum nut"], &["Links"]);
    assert_eq!(a.published, None);
}
