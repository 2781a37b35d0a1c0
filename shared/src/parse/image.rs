//! Images: what the first bytes of an answer say about the picture (type and size), read
//! by sniffing the bytes, never trusting the declared type alone.

use crate::model::{ImageProblem, ImageRef};

/// What the first bytes of an image answer (with its Content-Type) say: its type and size,
/// or why it is not usable as a page's main image (smaller than `min`, not an image).
///
/// # Errors
/// The reason, e.g. `image_too_small:100x50`, `image_not_an_image:text/html`.
pub fn image_verdict(content_type: Option<&str>, body: &[u8], min: (u32, u32)) -> Result<ImageRef, ImageProblem> {
    let declared = content_type.map(|t| t.split(';').next().unwrap_or("").trim().to_ascii_lowercase());
    let sniffed = imagesize::image_type(body).ok().map(|t| format!("image/{}", image_subtype(t)));
    // A server's generic type (octet-stream, none) is overruled by the bytes; a text or
    // HTML answer (an error page with status 200) is not an image whatever it starts with.
    let media_type = match (&declared, &sniffed) {
        (Some(d), _) if d.starts_with("text/") || d.contains("html") || d.contains("json") => {
            return Err(ImageProblem::NotAnImage(Some(d.clone())));
        }
        (_, Some(s)) => s.clone(),
        (Some(d), None) => return Err(ImageProblem::NotAnImage(Some(d.clone()))),
        (None, None) => return Err(ImageProblem::NotAnImage(None)),
    };
    let size = imagesize::blob_size(body).map_err(|_| ImageProblem::SizeUnreadable)?;
    let (w, h) = (u32::try_from(size.width).unwrap_or(u32::MAX), u32::try_from(size.height).unwrap_or(u32::MAX));
    if w < min.0 || h < min.1 {
        return Err(ImageProblem::TooSmall { width: w, height: h });
    }
    Ok(ImageRef { url: String::new(), width: Some(w), height: Some(h), media_type: Some(media_type), checked: true })
}

fn image_subtype(t: imagesize::ImageType) -> &'static str {
    use imagesize::ImageType as T;
    match t {
        T::Jpeg => "jpeg",
        T::Png => "png",
        T::Gif => "gif",
        T::Webp => "webp",
        T::Bmp => "bmp",
        T::Tiff => "tiff",
        T::Ico => "x-icon",
        _ => "other",
    }
}
