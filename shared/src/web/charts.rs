//! The crawl report's charts, drawn on the server as SVG with plotters: the page needs no
//! script, and `feedhound report --html` writes one self-contained file.
//!
//! Each chart is a function of the [`Report`] returning SVG markup; a chart that cannot be
//! drawn says so in its place (drawing never fails the page). The x axis counts the
//! report's buckets that hold data, labelled with their times.

use plotters::prelude::*;

use crate::report::{CLASSES, Report};

/// Chart width and height, pixels.
const SIZE: (u32, u32) = (760, 280);

/// Colours, in the order series take them.
const COLOURS: [RGBColor; 10] = [
    RGBColor(46, 125, 50),   // green
    RGBColor(21, 101, 192),  // blue
    RGBColor(117, 117, 117), // grey
    RGBColor(245, 124, 0),   // orange
    RGBColor(198, 40, 40),   // red
    RGBColor(123, 31, 162),  // purple
    RGBColor(0, 131, 143),   // teal
    RGBColor(249, 168, 37),  // amber
    RGBColor(93, 64, 55),    // brown
    RGBColor(173, 20, 87),   // pink
];

/// The colour of a request class: successes green and blue, refusals red.
fn class_colour(class: &str) -> RGBColor {
    match class {
        "2xx" => COLOURS[0],
        "304" => COLOURS[1],
        "3xx" => COLOURS[6],
        "4xx" => COLOURS[7],
        "403" => COLOURS[9],
        "429" => COLOURS[4],
        "5xx" => COLOURS[3],
        "error" => COLOURS[8],
        _ => COLOURS[2],
    }
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

type Chart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// A chart titled `title` with `columns` columns (centred on 0, 1, …) and the y range
/// `y`, its caption and label areas (`y_area` pixels wide).
fn frame<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    title: &str,
    columns: f64,
    y: std::ops::Range<f64>,
    y_area: u32,
) -> Result<Chart<'a, 'b>, Box<dyn std::error::Error>> {
    Ok(ChartBuilder::on(root)
        .caption(title, ("sans-serif", 18))
        .margin(8)
        .x_label_area_size(30)
        .y_label_area_size(y_area)
        .build_cartesian_2d(-0.5..(columns - 0.5).max(0.5), y)?)
}

/// Draw with `draw` into an SVG string; on failure, an SVG that says so.
fn svg(title: &str, draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> DrawResult) -> String {
    let mut out = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| Box::new(e) as Box<dyn std::error::Error>)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(|e| Box::new(e) as Box<dyn std::error::Error>))
    };
    match result {
        Ok(()) => out,
        Err(e) => message_svg(&format!("{title}: the chart could not be drawn ({e})")),
    }
}

/// An SVG holding one line of text, for a chart with nothing to show.
fn message_svg(text: &str) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (SIZE.0, 60)).into_drawing_area();
        let drawn = root.fill(&WHITE).and_then(|()| {
            root.draw(&Text::new(text.to_owned(), (10, 25), ("sans-serif", 16).into_font().color(&BLACK)))
        });
        if drawn.is_err() {
            return String::new();
        }
        let _ = root.present();
    }
    out
}

fn no_data(what: &str) -> String {
    message_svg(&format!("{what}: nothing recorded in this window yet"))
}

/// Label of bucket `i`: its time, with the date when buckets are a day or longer.
fn bucket_label(r: &Report, i: f64) -> String {
    if (i - i.round()).abs() > 0.01 {
        // Between two buckets: no label.
        return String::new();
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let Some(b) = r.buckets.get(i.round().max(0.0) as usize) else { return String::new() };
    let Some(t) = chrono::DateTime::from_timestamp_millis(b.at.as_millis()) else { return String::new() };
    if r.bucket_secs >= 24 * 3600 {
        t.format("%m-%d").to_string()
    } else if spans_days(r) {
        t.format("%m-%d %H:%M").to_string()
    } else {
        t.format("%H:%M").to_string()
    }
}

fn spans_days(r: &Report) -> bool {
    match (r.buckets.first(), r.buckets.last()) {
        (Some(a), Some(b)) => b.at.since(a.at).as_secs() >= 24 * 3600,
        _ => false,
    }
}

#[allow(clippy::cast_precision_loss)]
fn n_buckets(r: &Report) -> f64 {
    r.buckets.len() as f64
}

/// URLs by state at the end of each bucket, stacked: how the crawl's work moved from
/// queued to its ends.
pub fn urls_by_state(r: &Report) -> String {
    const TITLE: &str = "URLs by state";
    if r.buckets.iter().all(|b| b.urls.is_empty()) {
        return no_data(TITLE);
    }
    // The states that ever held a URL, in the order `status` lists them.
    let states: Vec<&str> = crate::model::UrlState::NAMES
        .iter()
        .copied()
        .filter(|s| r.buckets.iter().any(|b| b.urls.get(*s).copied().unwrap_or(0) > 0))
        .collect();
    let series: Vec<(&str, RGBColor)> =
        states.iter().enumerate().map(|(k, s)| (*s, COLOURS[k % COLOURS.len()])).collect();
    stacked_bars(r, TITLE, "URLs", &series, |b| &b.urls)
}

/// Requests by class in each bucket, stacked bars.
pub fn requests_by_class(r: &Report) -> String {
    const TITLE: &str = "Requests by answer";
    if r.totals.request_count() == 0 {
        return no_data(TITLE);
    }
    let series: Vec<(&str, RGBColor)> = CLASSES
        .iter()
        .copied()
        .filter(|c| r.totals.requests.get(*c).copied().unwrap_or(0) > 0)
        .map(|c| (c, class_colour(c)))
        .collect();
    stacked_bars(r, TITLE, "requests", &series, |b| &b.requests)
}

/// One bar per bucket, each of `series` (name and colour) stacked on the ones before it,
/// with the counts `counts` gives for a bucket.
fn stacked_bars(
    r: &Report,
    title: &str,
    unit: &str,
    series: &[(&str, RGBColor)],
    counts: impl Fn(&crate::report::Bucket) -> &std::collections::BTreeMap<String, u64>,
) -> String {
    let count = |b: &crate::report::Bucket, name: &str| counts(b).get(name).copied().unwrap_or(0);
    #[allow(clippy::cast_precision_loss)]
    let top = r.buckets.iter().map(|b| series.iter().map(|(n, _)| count(b, n)).sum::<u64>()).max().unwrap_or(0) as f64;
    svg(title, |root| {
        let mut chart = frame(root, title, n_buckets(r), 0.0..(top * 1.1).max(1.0), 50)?;
        let label = |x: &f64| bucket_label(r, *x);
        chart.configure_mesh().x_labels(8).x_label_formatter(&label).y_desc(unit).draw()?;
        for (k, (name, colour)) in series.iter().enumerate() {
            let colour = *colour;
            #[allow(clippy::cast_precision_loss)]
            let bars: Vec<Rectangle<(f64, f64)>> = r
                .buckets
                .iter()
                .enumerate()
                .filter_map(|(i, b)| {
                    let below: u64 = series[..k].iter().map(|(n, _)| count(b, n)).sum();
                    let n = count(b, name);
                    (n > 0).then(|| {
                        let x = i as f64;
                        Rectangle::new([(x - 0.4, below as f64), (x + 0.4, (below + n) as f64)], colour.filled())
                    })
                })
                .collect();
            chart
                .draw_series(bars)?
                .label(*name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
        }
        chart.configure_series_labels().background_style(WHITE.mix(0.9)).border_style(BLACK).draw()?;
        Ok(())
    })
}

/// The share of feed polls answered 304 Not Modified, per bucket with polls.
pub fn not_modified_ratio(r: &Report) -> String {
    const TITLE: &str = "Feed polls answered 304 Not Modified";
    if r.totals.polls == 0 {
        return no_data(TITLE);
    }
    svg(TITLE, |root| {
        let mut chart = frame(root, TITLE, n_buckets(r), 0.0..100.0, 50)?;
        let label = |x: &f64| bucket_label(r, *x);
        let percent = |y: &f64| format!("{y:.0}%");
        chart.configure_mesh().x_labels(8).x_label_formatter(&label).y_label_formatter(&percent).draw()?;
        #[allow(clippy::cast_precision_loss)]
        let points: Vec<(f64, f64)> = r
            .buckets
            .iter()
            .enumerate()
            .filter(|(_, b)| b.polls > 0)
            .map(|(i, b)| (i as f64, 100.0 * b.not_modified as f64 / b.polls as f64))
            .collect();
        let colour = COLOURS[1];
        chart.draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?;
        chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, colour.filled())))?;
        Ok(())
    })
}

/// The smallest gap granted between two requests to one host, per bucket, against the
/// configured gap: the line must never dip below the red one.
pub fn smallest_gap(r: &Report) -> String {
    const TITLE: &str = "Smallest gap between two requests to a host (ms)";
    if r.totals.min_gap_ms.is_none() {
        return no_data(TITLE);
    }
    #[allow(clippy::cast_precision_loss)]
    let configured = r.configured_gap_ms as f64;
    let top = r.buckets.iter().flat_map(|b| [b.min_gap_ms, b.gap_floor_ms]).flatten().fold(configured, f64::max);
    svg(TITLE, |root| {
        let mut chart = frame(root, TITLE, n_buckets(r), 0.0..top * 1.25, 60)?;
        let label = |x: &f64| bucket_label(r, *x);
        chart.configure_mesh().x_labels(8).x_label_formatter(&label).y_desc("ms").draw()?;
        let floor = COLOURS[4];
        // The gap configured when each bucket was crawled, as steps across its width.
        #[allow(clippy::cast_precision_loss)]
        let steps: Vec<(f64, f64)> = r
            .buckets
            .iter()
            .enumerate()
            .flat_map(|(i, b)| {
                let f = b.gap_floor_ms.unwrap_or(configured);
                [(i as f64 - 0.5, f), (i as f64 + 0.5, f)]
            })
            .collect();
        chart
            .draw_series(LineSeries::new(steps, floor.stroke_width(2)))?
            .label("configured gap")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 12, y)], floor.stroke_width(2)));
        #[allow(clippy::cast_precision_loss)]
        let points: Vec<(f64, f64)> =
            r.buckets.iter().enumerate().filter_map(|(i, b)| b.min_gap_ms.map(|g| (i as f64, g))).collect();
        let colour = COLOURS[0];
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?
            .label("smallest granted")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 12, y)], colour.stroke_width(2)));
        chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, colour.filled())))?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()?;
        Ok(())
    })
}

/// The dead-link rate of each sampler run.
pub fn dead_link_rate(r: &Report) -> String {
    const TITLE: &str = "Dead-link rate per sampler run";
    if r.runs.is_empty() {
        return no_data(TITLE);
    }
    #[allow(clippy::cast_precision_loss)]
    let n = r.runs.len() as f64;
    svg(TITLE, |root| {
        let mut chart = frame(root, TITLE, n, 0.0..100.0, 50)?;
        let label = |x: &f64| {
            if (x - x.round()).abs() > 0.01 {
                return String::new();
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let run = r.runs.get(x.round().max(0.0) as usize);
            run.map(|run| run.at.get(5..16).unwrap_or(&run.at).replace('T', " ")).unwrap_or_default()
        };
        let percent = |y: &f64| format!("{y:.0}%");
        chart
            .configure_mesh()
            .x_labels(r.runs.len().min(8))
            .x_label_formatter(&label)
            .y_label_formatter(&percent)
            .draw()?;
        let colour = COLOURS[4];
        #[allow(clippy::cast_precision_loss)]
        chart.draw_series(r.runs.iter().enumerate().map(|(i, run)| {
            let x = i as f64;
            Rectangle::new([(x - 0.3, 0.0), (x + 0.3, 100.0 * run.dead_link_rate)], colour.filled())
        }))?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::Timestamp;
    use crate::report::{Bucket, RunLine};

    fn report() -> Report {
        let buckets = (0..5)
            .map(|i| Bucket {
                at: Timestamp::from_millis(1_700_000_000_000 + i * 60_000),
                urls: BTreeMap::from([("stored".to_owned(), 2 * i as u64), ("queued".to_owned(), 10 - 2 * i as u64)]),
                requests: BTreeMap::from([("2xx".to_owned(), 3), ("429".to_owned(), 1)]),
                polls: 2,
                not_modified: 1,
                stored: 2,
                min_gap_ms: Some(1000.0 + i as f64),
                gap_floor_ms: Some(1000.0),
            })
            .collect();
        let mut r = Report { buckets, bucket_secs: 60, configured_gap_ms: 1000, ..Report::default() };
        r.totals.requests = BTreeMap::from([("2xx".to_owned(), 15), ("429".to_owned(), 5)]);
        r.totals.polls = 10;
        r.totals.min_gap_ms = Some(1000.0);
        r.runs = vec![RunLine { at: "2026-11-24T10:00:00.000Z".into(), checked: 10, dead: 1, dead_link_rate: 0.1 }];
        r
    }

    #[test]
    fn every_chart_draws_an_svg_with_its_series() {
        let r = report();
        for (svg, must) in [
            (urls_by_state(&r), "stored"),
            (requests_by_class(&r), "429"),
            (not_modified_ratio(&r), "304"),
            (smallest_gap(&r), "configured gap"),
            (dead_link_rate(&r), "11-24 10:00"),
        ] {
            assert!(svg.starts_with("<svg"), "{svg}");
            assert!(svg.contains(must), "{must} in {svg}");
            assert!(
                svg.matches("<rect").count() + svg.matches("<polyline").count() + svg.matches("<polygon").count() > 2
            );
        }
    }

    #[test]
    fn an_empty_report_says_there_is_nothing_yet() {
        let r = Report::default();
        for svg in
            [urls_by_state(&r), requests_by_class(&r), not_modified_ratio(&r), smallest_gap(&r), dead_link_rate(&r)]
        {
            assert!(svg.contains("nothing recorded"), "{svg}");
        }
    }
}
