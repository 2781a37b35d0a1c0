//! An image nudity detector: an ONNX body-part detector (YOLOv8 style: 18 labelled
//! exposed/covered boxes) run in pure Rust with tract. Built only with the `image-model`
//! feature; the operator supplies the model file (`--image-model PATH` or
//! `FEEDHOUND_IMAGE_MODEL`). feedhound ships no weights.
//!
//! Preprocessing: decode, pad right and bottom with black to a square, resize to 320×320
//! bilinearly with half-pixel centres, scale to 0..1, channels first in **RGB** order (the
//! order the model was trained on). Decoding: per candidate the best class; candidates
//! under [`MIN_SCORE`] dropped; class-agnostic non-maximum suppression at IoU 0.45.

use std::path::Path;

use tract_onnx::prelude::*;

use crate::policy::filter::ImageClassifier;

/// The model's input side.
pub const SIDE: usize = 320;
/// Detections below this score are dropped before suppression.
pub const MIN_SCORE: f32 = 0.25;
const IOU: f32 = 0.45;

/// The model's labels, in output row order (rows 4..22).
pub const LABELS: [&str; 18] = [
    "FEMALE_GENITALIA_COVERED",
    "FACE_FEMALE",
    "BUTTOCKS_EXPOSED",
    "FEMALE_BREAST_EXPOSED",
    "FEMALE_GENITALIA_EXPOSED",
    "MALE_BREAST_EXPOSED",
    "ANUS_EXPOSED",
    "FEET_EXPOSED",
    "BELLY_COVERED",
    "FEET_COVERED",
    "ARMPITS_COVERED",
    "ARMPITS_EXPOSED",
    "FACE_MALE",
    "BELLY_EXPOSED",
    "MALE_GENITALIA_EXPOSED",
    "ANUS_COVERED",
    "FEMALE_BREAST_COVERED",
    "BUTTOCKS_COVERED",
];

/// The labels that make an image explicit.
pub const EXPLICIT: [&str; 5] =
    ["FEMALE_GENITALIA_EXPOSED", "MALE_GENITALIA_EXPOSED", "FEMALE_BREAST_EXPOSED", "BUTTOCKS_EXPOSED", "ANUS_EXPOSED"];

/// One detected box, in the original image's pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Detection {
    /// One of [`LABELS`].
    pub label: &'static str,
    /// Score, 0..1.
    pub score: f32,
    /// Left, top, width, height.
    pub rect: [f32; 4],
}

type Plan = Arc<TypedRunnableModel>;

/// The detector, loaded once per process.
pub struct NudityDetector {
    plan: Plan,
    /// Score an explicit label needs to filter an image.
    pub threshold: f32,
}

impl std::fmt::Debug for NudityDetector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NudityDetector").field("threshold", &self.threshold).finish_non_exhaustive()
    }
}

/// A 1×3×320×320 RGB tensor of an image padded to a square and resized bilinearly.
///
/// # Errors
/// When the bytes are not a decodable image.
pub fn preprocess(bytes: &[u8]) -> Result<(Vec<f32>, f32), String> {
    let img = image::load_from_memory(bytes).map_err(|e| format!("undecodable image: {e}"))?.to_rgb8();
    let (w, h) = (img.width() as usize, img.height() as usize);
    if w == 0 || h == 0 {
        return Err("empty image".into());
    }
    let side = w.max(h);
    let scale = side as f32 / SIDE as f32;
    let px = |x: usize, y: usize, c: usize| -> f32 {
        // Padding (right and bottom) is black.
        if x < w && y < h { f32::from(img.as_raw()[(y * w + x) * 3 + c]) } else { 0.0 }
    };
    let mut out = vec![0f32; 3 * SIDE * SIDE];
    for oy in 0..SIDE {
        // Half-pixel centres, as OpenCV's INTER_LINEAR.
        let sy = ((oy as f32 + 0.5) * scale - 0.5).clamp(0.0, (side - 1) as f32);
        let (y0, fy) = (sy.floor() as usize, sy.fract());
        let y1 = (y0 + 1).min(side - 1);
        for ox in 0..SIDE {
            let sx = ((ox as f32 + 0.5) * scale - 0.5).clamp(0.0, (side - 1) as f32);
            let (x0, fx) = (sx.floor() as usize, sx.fract());
            let x1 = (x0 + 1).min(side - 1);
            for c in 0..3 {
                let top = px(x0, y0, c) * (1.0 - fx) + px(x1, y0, c) * fx;
                let bottom = px(x0, y1, c) * (1.0 - fx) + px(x1, y1, c) * fx;
                out[c * SIDE * SIDE + oy * SIDE + ox] = (top * (1.0 - fy) + bottom * fy) / 255.0;
            }
        }
    }
    Ok((out, scale))
}

fn iou(a: &[f32; 4], b: &[f32; 4]) -> f32 {
    let (ax2, ay2, bx2, by2) = (a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]);
    let iw = (ax2.min(bx2) - a[0].max(b[0])).max(0.0);
    let ih = (ay2.min(by2) - a[1].max(b[1])).max(0.0);
    let inter = iw * ih;
    let union = a[2] * a[3] + b[2] * b[3] - inter;
    if union <= 0.0 { 0.0 } else { inter / union }
}

/// Boxes from the raw `[22, 2100]` output (row-major), best first, suppressed.
pub fn decode(raw: &[f32], candidates: usize, scale: f32) -> Vec<Detection> {
    let at = |row: usize, i: usize| raw.get(row * candidates + i).copied().unwrap_or(0.0);
    let mut found: Vec<Detection> = (0..candidates)
        .filter_map(|i| {
            let (class, score) = (0..LABELS.len()).map(|k| (k, at(4 + k, i))).max_by(|a, b| a.1.total_cmp(&b.1))?;
            (score >= MIN_SCORE).then(|| {
                let (cx, cy, bw, bh) = (at(0, i), at(1, i), at(2, i), at(3, i));
                let rect = [(cx - bw / 2.0) * scale, (cy - bh / 2.0) * scale, bw * scale, bh * scale];
                Detection { label: LABELS[class], score, rect }
            })
        })
        .collect();
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<Detection> = Vec::new();
    for d in found {
        if kept.iter().all(|k| iou(&k.rect, &d.rect) < IOU) {
            kept.push(d);
        }
    }
    kept
}

impl NudityDetector {
    /// Load and optimise the model (about 150 ms).
    ///
    /// # Errors
    /// When the file is missing or is not the expected model.
    pub fn load(path: &Path) -> Result<Self, String> {
        let side = SIDE as i64;
        let plan = tract_onnx::onnx()
            .with_ignore_value_info(true)
            .with_ignore_output_shapes(true)
            .model_for_path(path)
            .and_then(|m| m.with_input_fact(0, f32::fact([1, 3, side, side]).into()))
            .and_then(|m| m.into_optimized())
            .and_then(|m| m.into_runnable())
            .map_err(|e| format!("image model {}: {e}", path.display()))?;
        Ok(Self { plan, threshold: 0.5 })
    }

    /// Every detection in an image.
    ///
    /// # Errors
    /// When the image cannot be decoded or the model fails.
    pub fn detect(&self, bytes: &[u8]) -> Result<Vec<Detection>, String> {
        let (input, scale) = preprocess(bytes)?;
        let tensor =
            tract_ndarray::Array4::from_shape_vec((1, 3, SIDE, SIDE), input).map_err(|e| e.to_string())?.into_tensor();
        let out = self.plan.run(tvec!(tensor.into())).map_err(|e| format!("image model: {e}"))?;
        let first = out.first().ok_or("image model gave no output")?;
        let view = first.to_plain_array_view::<f32>().map_err(|e| e.to_string())?;
        let shape = view.shape().to_vec();
        if shape.len() != 3 || shape[1] != 4 + LABELS.len() {
            return Err(format!("image model output has shape {shape:?}, expected [1, 22, N]"));
        }
        let raw: Vec<f32> = view.iter().copied().collect();
        Ok(decode(&raw, shape[2], scale))
    }
}

impl ImageClassifier for NudityDetector {
    fn exposed(&self, image: &[u8]) -> Result<Option<String>, String> {
        let found = self.detect(image)?;
        Ok(found
            .into_iter()
            .find(|d| EXPLICIT.contains(&d.label) && d.score >= self.threshold)
            .map(|d| format!("{}:{:.2}", d.label.to_ascii_lowercase(), d.score)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb(f(x, y)));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn preprocessing_pads_right_and_bottom_and_keeps_rgb() {
        // A 640×320 red image: the top half of the square is red, the bottom half black.
        let (t, scale) = preprocess(&png(640, 320, |_, _| [255, 0, 0])).unwrap();
        assert!((scale - 2.0).abs() < 1e-6);
        let at = |c: usize, y: usize, x: usize| t[c * SIDE * SIDE + y * SIDE + x];
        assert!((at(0, 10, 10) - 1.0).abs() < 1e-6, "red channel first");
        assert_eq!((at(1, 10, 10), at(2, 10, 10)), (0.0, 0.0));
        assert_eq!(at(0, 300, 10), 0.0, "bottom padding is black");
        assert!(preprocess(b"not an image").is_err());
    }

    #[test]
    fn decoding_keeps_the_best_class_and_suppresses_overlaps() {
        let n = 3;
        let mut raw = vec![0f32; 22 * n];
        let mut set = |row: usize, i: usize, v: f32| raw[row * n + i] = v;
        // Two overlapping boxes (the weaker is suppressed) and one under the score floor.
        for (i, (cx, score)) in [(100.0, 0.9), (102.0, 0.6), (250.0, 0.1)].into_iter().enumerate() {
            set(0, i, cx);
            set(1, i, 100.0);
            set(2, i, 50.0);
            set(3, i, 50.0);
            set(4 + 3, i, score); // FEMALE_BREAST_EXPOSED
            set(4 + 1, i, score / 2.0);
        }
        let d = decode(&raw, n, 2.0);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].label, "FEMALE_BREAST_EXPOSED");
        assert_eq!(d[0].rect, [150.0, 150.0, 100.0, 100.0]);
    }
}
