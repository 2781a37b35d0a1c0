use std::collections::HashSet;

use foldhash::HashMap;
use unicode_segmentation::UnicodeSegmentation;

use dom_query::{NodeId, NodeRef};

use tendril::StrTendril;

use crate::glob::{MINI_ARIA_HIDDEN, MINI_FALLBACK_IMG, PHRASING_ELEMS};
use crate::matching::is_invisible_style;

pub(crate) fn text_similarity(text_a: &str, text_b: &str) -> f64 {
    if text_a.is_empty() || text_b.is_empty() {
        return 0.0;
    }

    let a = text_a.to_lowercase();
    let b = text_b.to_lowercase();

    if a.contains(&b) {
        return 1.0;
    }

    let tokens_a: HashSet<&str> = a.unicode_words().collect();
    let tokens_b: Vec<&str> = b.unicode_words().collect();

    let b_chars_total: usize = tokens_b.iter().map(|s| s.chars().count()).sum();
    if b_chars_total == 0 {
        return 0.0;
    }
    let b_chars_unique: usize = tokens_b
        .iter()
        .filter(|&&s| !tokens_a.contains(s))
        .map(|s| s.chars().count())
        .sum();

    let distance_b = b_chars_unique as f64 / b_chars_total as f64;
    1.0 - distance_b
}

pub(crate) fn is_phrasing_content(node: &NodeRef) -> bool {
    if node.is_text() {
        return true;
    }

    // only elements has a node name
    let Some(qual_name) = node.qual_name_ref() else {
        return false;
    };
    let node_name = qual_name.local.as_ref();
    if PHRASING_ELEMS.contains(node_name) {
        return true;
    }

    if matches!(node_name, "a" | "del" | "ins") {
        // There is no big sense to consider link content as phrasing content if they doesn't have children element.
        let children = node.children();
        return !children.is_empty() && children.into_iter().all(|n| is_phrasing_content(&n));
    }
    false
}

pub(crate) fn is_whitespace(node: &NodeRef) -> bool {
    if node.is_text() && !node.is_nonempty_text() {
        return true;
    }
    // only an element node has a node_name
    node.has_name("br")
}

pub(crate) fn has_ancestor<F>(node: &NodeRef, max_depth: Option<usize>, filter_fn: F) -> bool
where
    F: Fn(&NodeRef) -> bool,
{
    let max_depth = max_depth.map(|max_depth| if max_depth == 0 { 3 } else { max_depth });
    node.ancestors_it(max_depth).any(|a| filter_fn(&a))
}

pub(crate) fn normalize_spaces(text: &str) -> String {
    let mut result = String::with_capacity(text.len());
    let mut iter = text.split_whitespace();

    if let Some(first) = iter.next() {
        result.push_str(first);
        for word in iter {
            result.push(' ');
            result.push_str(word);
        }
    }
    result
}

pub(crate) fn link_density_fn<F>(node: &NodeRef, char_count: Option<usize>, mut count_fn: F) -> f32
where
    F: FnMut(&NodeRef) -> usize,
{
    let mut link_length = 0f32;

    for a in node.find_descendants("a") {
        let href = a.attr_or("href", "");
        let coeff = if href.len() > 1 && href.starts_with('#') {
            0.3
        } else {
            1.0
        };
        link_length += count_fn(&a) as f32 * coeff;
    }

    if link_length == 0.0 {
        return 0.0;
    }

    let text_length = char_count.unwrap_or_else(|| count_fn(node)) as f32;
    if text_length == 0.0 {
        return 0.0;
    }

    link_length / text_length
}

pub(crate) fn link_density(node: &NodeRef, char_count: Option<usize>) -> f32 {
    link_density_fn(node, char_count, |n| n.normalized_char_count())
}

/// Returns the child element if the node contains exactly one element child with the given tag
/// and no non-empty text nodes.
pub(crate) fn single_child_element<'a>(node: &NodeRef<'a>, tag: &str) -> Option<NodeRef<'a>> {
    // There should be exactly 1 element child with given tag
    let children = node.element_children();
    if children.len() != 1 {
        return None;
    }

    let first = children.first()?;

    if !first.has_name(tag) {
        return None;
    }
    if node.children_it(false).any(|n| n.is_nonempty_text()) {
        return None;
    }
    Some(*first)
}

pub(crate) fn is_element_without_content(node: &NodeRef) -> bool {
    // since this function calls only for elements check `node.is_element()` is redundant
    let has_text = node.descendants_it().any(|n| n.is_nonempty_text());
    if has_text {
        return false;
    }

    let el_children_count = node.children_it(false).filter(|n| n.is_element()).count();
    if el_children_count == 0 {
        return true;
    }

    let line_breaks = node.find_descendants("br").len() + node.find_descendants("hr").len();
    el_children_count == line_breaks
}

pub(crate) fn get_dir_attr(node: &NodeRef) -> Option<String> {
    if let Some(first_child) = node.first_child() {
        if let Some(dir_attr) = first_child.attr("dir") {
            return Some(dir_attr.to_string());
        }

        let dir_attr = first_child.ancestors_it(None).find_map(|a| a.attr("dir"));
        if let Some(dir_attr) = dir_attr {
            return Some(dir_attr.to_string());
        }
    }
    None
}

pub(crate) fn node_name_in(node: &NodeRef, names: &phf::Set<&str>) -> bool {
    node.qual_name_ref()
        .is_some_and(|name| names.contains(name.local.as_ref()))
}

pub(crate) fn is_probably_visible(node: &NodeRef) -> bool {
    if node.has_attr("hidden") {
        return false;
    }
    if is_invisible_style(node) {
        return false;
    }
    !MINI_ARIA_HIDDEN.match_node(node) || MINI_FALLBACK_IMG.match_node(node)
}

pub(crate) fn get_node_matching_string(node: &NodeRef) -> StrTendril {
    let mut buf = StrTendril::new();
    let Some(el) = node.element_ref() else {
        return buf;
    };

    for attr in &el.attrs {
        if !matches!(attr.name.local.as_ref(), "class" | "id") {
            continue;
        }
        buf.push_tendril(&attr.value);
        buf.push_char(' ');
    }

    buf.make_ascii_lowercase();
    buf
}

pub(crate) fn next_child_or_sibling<'a>(
    node: &NodeRef<'a>,
    ignore_child: bool,
) -> Option<NodeRef<'a>> {
    if !ignore_child {
        if let Some(first_child) = node.first_element_child() {
            return Some(first_child);
        }
    }

    if let Some(sibling) = node.next_element_sibling() {
        return Some(sibling);
    }
    let mut parent = node.parent();
    while let Some(parent_node) = parent {
        if let Some(next_sibling) = parent_node.next_element_sibling() {
            return Some(next_sibling);
        }
        parent = parent_node.parent();
    }
    None
}

#[cfg(not(feature = "aho-corasick"))]
/// A lightweight byte-level pre-checker used to quickly skip patterns
/// that cannot occur in the haystack.
pub(crate) struct BytePatternCheck<'a> {
    haystack: &'a str,
    char_map: [u8; 256],
}

#[cfg(not(feature = "aho-corasick"))]
impl<'a> BytePatternCheck<'a> {
    pub(crate) fn new(haystack: &'a str) -> Self {
        let mut char_map = [0u8; 256];

        for &b in haystack.as_bytes() {
            char_map[b as usize] = 1;
        }
        Self { haystack, char_map }
    }
    #[inline]
    fn pre_check(&self, pat: &str) -> bool {
        for &b in pat.as_bytes() {
            if self.char_map[b as usize] == 0 {
                return false;
            }
        }
        true
    }
    /// Checks if the haystack contains any of the given patterns.
    /// Performs a cheap bitmap pre-check before `str::contains`.
    pub(crate) fn contains_any(&self, pats: &[&str]) -> bool {
        pats.iter()
            .any(|pat| self.pre_check(pat) && self.haystack.contains(pat))
    }
}

/// Each element's `normalized_char_count`, counted for the whole tree in one walk the first
/// time one is asked for: candidates nest, and counting each on its own walked the text
/// of the page once for every level. The tree must not change while the cache is used.
#[derive(Default)]
pub(crate) struct CharCounterCache {
    inner: Option<HashMap<NodeId, usize>>,
}

impl CharCounterCache {
    pub(crate) fn char_count(&mut self, node: &NodeRef) -> usize {
        let counts = self
            .inner
            .get_or_insert_with(|| normalized_char_counts(&node.tree.root()));
        match counts.get(&node.id) {
            Some(count) => *count,
            None => node.normalized_char_count(),
        }
    }
}

/// How a run of text nodes counts under `normalized_char_count`, whatever comes before it:
/// the count when what came before did not end in white space, whether the run opens with
/// white space (a character the count drops after white space), and the state it leaves
/// (whether its last text node ends in white space; an empty text node leaves `false`, as
/// `normalized_char_count` reads one).
#[derive(Clone, Copy)]
struct TextRun {
    count: usize,
    opens_with_space: bool,
    ends_with_space: bool,
}

impl TextRun {
    fn of(text: &str) -> Self {
        let mut count = 0;
        let mut prev_ws = false;
        for c in text.chars() {
            let ws = c.is_whitespace();
            if !(prev_ws && ws) {
                count += 1;
            }
            prev_ws = ws;
        }
        Self {
            count,
            opens_with_space: text.starts_with(char::is_whitespace),
            ends_with_space: text.ends_with(char::is_whitespace),
        }
    }

    /// This run, then `next`.
    fn then(self, next: Self) -> Self {
        Self {
            count: self.count + next.count
                - usize::from(self.ends_with_space && next.opens_with_space),
            opens_with_space: self.opens_with_space,
            ends_with_space: next.ends_with_space,
        }
    }

    /// `normalized_char_count` of an element whose text nodes make this run (`None`: it has none).
    fn normalized(run: Option<Self>) -> usize {
        let Some(run) = run else { return 0 };
        let c = run.count - usize::from(run.opens_with_space);
        if run.ends_with_space && c > 0 {
            c - 1
        } else {
            c
        }
    }
}

/// `normalized_char_count` of every element under `root`, itself included: one walk down,
/// then each node's run joined before its parent's, children last to first.
fn normalized_char_counts(root: &NodeRef) -> HashMap<NodeId, usize> {
    let order: Vec<NodeRef> = std::iter::once(*root)
        .chain(root.descendants_it())
        .collect();
    // The run of each node's children seen so far (the later ones).
    let mut runs: HashMap<NodeId, TextRun> = HashMap::default();
    runs.reserve(order.len());
    let mut counts: HashMap<NodeId, usize> = HashMap::default();
    counts.reserve(order.len());
    for n in order.iter().rev() {
        let own = n.query_or(None, |t| match &t.data {
            dom_query::NodeData::Text { contents } => Some(TextRun::of(contents)),
            _ => None,
        });
        let run = own.or_else(|| {
            let under = runs.remove(&n.id);
            if n.is_element() {
                counts.insert(n.id, TextRun::normalized(under));
            }
            under
        });
        if n.id != root.id {
            if let (Some(parent), Some(run)) = (n.parent(), run) {
                runs.entry(parent.id)
                    .and_modify(|later| *later = run.then(*later))
                    .or_insert(run);
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {

    use super::*;

    const FLOAT_TOLERANCE: f64 = 0.00001;

    #[test]
    fn the_counts_of_one_walk_are_each_elements_own() {
        // White space at every boundary, runs across elements, empty text nodes (which
        // reset the state), elements with no text, nesting, and text that is only space.
        let pages = [
            "<p>Hello <b>big</b> world</p>",
            "<div>  a  <span> </span>  b <i></i>c\n\n<p>\t d </p> </div><p> </p><p></p>",
            "<ul><li> one</li><li>two </li> <li> three </li></ul>x<br> y",
            "<div><p>a</p><p>\u{3000}b\u{3000}</p>\u{a0}<p> </p></div>",
            "<table><tr><td> 1 </td><td>2</td></tr></table>  <pre>  code\n  more  </pre>",
            "<div>text<div><div>deep <a href='#'>link</a> </div></div> tail </div>",
            "",
        ];
        for html in pages {
            let doc = dom_query::Document::from(html);
            // An empty text node, as a parse never makes but an edit of the tree may.
            if let Some(p) = doc.select("p").nodes().first() {
                p.append_child(&doc.tree.new_text(""));
                p.append_child(&doc.tree.new_text(" after"));
            }
            let root = doc.root();
            let counts = normalized_char_counts(&root);
            let mut cache = CharCounterCache::default();
            for e in std::iter::once(root)
                .chain(root.descendants_it())
                .filter(|n| n.is_element())
            {
                let want = e.normalized_char_count();
                assert_eq!(
                    counts.get(&e.id).copied(),
                    Some(want),
                    "{html}: <{:?}>",
                    e.node_name()
                );
                assert_eq!(cache.char_count(&e), want, "{html}");
            }
        }
    }

    #[test]
    fn test_text_similarity() {
        let text_a = "The quick brown fox";
        let text_b = "The quick fox";
        let similarity = text_similarity(text_a, text_b);
        assert!(similarity > 0.75);
    }

    #[test]
    fn test_text_similarity_contains() {
        let text_a = "the quick brown fox jumps over the lazy dog";
        let text_b = "The Quick Brown Fox";
        let similarity = text_similarity(text_a, text_b);
        assert!(1.0 - similarity < FLOAT_TOLERANCE);
    }

    #[test]
    fn test_text_similarity_similar() {
        let text_a = "DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶_科技_腾讯网";
        let text_b = "DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶";
        let similarity = text_similarity(text_a, text_b);
        assert!(1.0 - similarity < FLOAT_TOLERANCE);
    }

    #[test]
    fn test_text_similarity_no_words() {
        // `text_b` has no unicode words, so the char totals are zero.
        let similarity = text_similarity("Some title", "...");
        assert!(similarity < FLOAT_TOLERANCE);
    }

    #[test]
    fn test_normalize_spaces() {
        let text = "    The quick  brown  fox\n jumps over the lazy dog. ";
        let normalized_text = normalize_spaces(text);
        let expected = "The quick brown fox jumps over the lazy dog.";
        assert_eq!(expected, normalized_text);
    }

    #[test]
    #[cfg(not(feature = "aho-corasick"))]
    fn test_ascii_pattern_check() {
        let class = "article primary main äußerlich konnen";
        let check = BytePatternCheck::new(class);
        assert!(check.contains_any(&["äußerlich"]));
        assert!(check.contains_any(&["article", "post"]));
        assert!(!check.contains_any(&["können"]));
    }
}

/// The node after `node` that is not white space: an element, or text or a comment that
/// holds something (Readability.js's `_nextNode`).
pub(crate) fn next_significant_node(node: Option<NodeRef>) -> Option<NodeRef> {
    let mut next = node;
    while let Some(ref n) = next {
        if !n.is_element() && n.text().trim().is_empty() {
            next = n.next_sibling();
        } else {
            break;
        }
    }
    next
}
