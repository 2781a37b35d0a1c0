//! Word and phrase lists written as one text, a label a line ([`Labels`]).

use std::collections::HashSet;
use std::sync::OnceLock;

/// Exact labels, looked up in a set built on first use. The list is written as one text, a
/// label a line: a table of hundreds of labels so takes their bytes alone, not a pointer
/// and a length for each as an array of strings would. A line longer than the longest
/// label (prose, mostly) is looked up in none of them. A rule that reads each label in turn
/// (an opening a line starts with) reads them from a list also built on first use.
pub(crate) struct Labels {
    list: &'static str,
    set: OnceLock<HashSet<&'static str>>,
    items: OnceLock<Vec<&'static str>>,
    longest: usize,
}

impl Labels {
    pub(crate) const fn new(list: &'static str) -> Self {
        Self { list, set: OnceLock::new(), items: OnceLock::new(), longest: longest_line(list) }
    }

    /// Whether `label` is one of the labels.
    pub(crate) fn contains(&self, label: &str) -> bool {
        label.len() <= self.longest && self.set.get_or_init(|| self.list.lines().collect()).contains(label)
    }

    /// The labels, in the order of the list.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.items.get_or_init(|| self.list.lines().collect()).iter().copied()
    }
}

/// The length in bytes of the longest line of a text, worked out when the program is built.
const fn longest_line(list: &str) -> usize {
    let bytes = list.as_bytes();
    let (mut i, mut run, mut max) = (0, 0, 0);
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            run = 0;
        } else {
            run += 1;
            if run > max {
                max = run;
            }
        }
        i += 1;
    }
    max
}
