//! The image nudity detector with the real model (feature `image-model`). The test command
//! fetches nudenet's `320n.onnx` from PyPI and points `FEEDHOUND_TEST_IMAGE_MODEL` at it;
//! the weights are never part of the repository. Only generated neutral images are used.
#![cfg(feature = "image-model")]
#![allow(clippy::unwrap_used)]

use feedhound::adapters::nudity::{LABELS, NudityDetector};
use feedhound::policy::filter::ImageClassifier;

fn model() -> NudityDetector {
    let path = std::env::var("FEEDHOUND_TEST_IMAGE_MODEL").unwrap_or_else(|_| {
        panic!(
            "FEEDHOUND_TEST_IMAGE_MODEL is not set. `bash tests/run.sh` fetches the model; by hand: \
             pip download --no-deps nudenet==3.4.2 && unzip -j nudenet-3.4.2-*.whl nudenet/320n.onnx"
        )
    });
    NudityDetector::load(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{e}"))
}

fn png(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb(f(x, y)));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[test]
fn neutral_images_pass_and_detections_are_well_formed() {
    let m = model();
    let gradient = png(480, 320, |x, y| [(x / 2) as u8, (y / 2) as u8, 128]);
    let stripes = png(300, 600, |x, _| if (x / 20) % 2 == 0 { [20, 120, 40] } else { [230, 230, 210] });
    for (name, img) in [("gradient", &gradient), ("stripes", &stripes)] {
        let found = m.detect(img).unwrap();
        for d in &found {
            assert!(LABELS.contains(&d.label), "{name}: {d:?}");
            assert!((0.0..=1.0).contains(&d.score), "{name}: {d:?}");
            assert!(d.rect[2] >= 0.0 && d.rect[3] >= 0.0, "{name}: {d:?}");
        }
        assert_eq!(m.exposed(img).unwrap(), None, "{name}: a neutral picture is not explicit: {found:?}");
    }
    // Deterministic: the same picture gives the same answer.
    assert_eq!(m.detect(&gradient).unwrap(), m.detect(&gradient).unwrap());
    assert!(m.exposed(b"<html>not an image</html>").is_err(), "undecodable bytes are an error, not a pass");
}
