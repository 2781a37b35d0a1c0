//! Pure parsers over bytes: feeds, HTML pages, robots.txt.

pub mod article;
pub mod feed;
pub mod html;
pub mod robots;
