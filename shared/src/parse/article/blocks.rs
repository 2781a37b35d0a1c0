//! The blocks of a page that sit beside its article in the same container: share bars,
//! teasers, author boxes, image boxes, link lists, site notices, ads.

use super::*;
use crate::parse::labels::Labels;

/// Remove from `root`, of the page at `page`, every block beside the article
/// ([`is_beside_block`]).
pub(super) fn prune_beside_article<'a>(root: &NodeRef<'a>, page: Option<&Url>, site: Option<&Url>) {
    let around = Around::of(root, page, site);
    // Datelines are found from their <time>; a site's notice may be a <div> of paragraphs
    // with no class, a list of links a bare `<ul>` or `<table>`; every other kind carries a
    // name or a class.
    // One walk in document order, one look at each element's name and attributes; what is
    // inside a block found beside the article goes with it, and is not looked at.
    const BLOCKS: [&str; 10] = ["figure", "figcaption", "nav", "ul", "ol", "p", "small", "div", "td", "table"];
    let looks = |d: &NodeRef<'_>| {
        d.query_or((false, false), |node| {
            let Some(e) = node.as_element() else {
                return (false, false);
            };
            let name: &str = &e.name.local;
            let named = e.attrs.iter().any(|a| {
                let a: &str = &a.name.local;
                a == "class" || COMPONENT_ATTRIBUTES.contains(&a)
            });
            (named || BLOCKS.contains(&name), name == "time")
        })
    };
    // The blocks beside the article within `top`, not `top` itself.
    let walk = |top: &NodeRef<'a>| {
        // The node after `n` and all it holds, within `top`.
        let after = |n: &NodeRef<'a>| {
            std::iter::successors(Some(*n), NodeRef::parent)
                .take_while(|a| a.id != top.id)
                .find_map(|a| a.next_sibling())
        };
        let mut beside: Vec<NodeRef<'a>> = Vec::new();
        let mut next = top.first_child();
        while let Some(d) = next {
            let (named, time) = looks(&d);
            if named && is_beside_block(&d, &around) && !is_run_in(&d) {
                beside.push(d);
                next = after(&d);
                continue;
            }
            if time
                && let Some(p) = d.parent()
                && is_beside_block(&p, &around)
            {
                beside.push(p);
                next = after(&p);
                continue;
            }
            next = d.first_child().or_else(|| after(&d));
        }
        beside
    };
    let mut beside = walk(root);
    // The article's own sections that their names put beside it are looked into instead.
    for section in kept_named_sections(&mut beside, &around) {
        beside.extend(walk(&section));
    }
    // A list of links goes with the heading over it ("Related stories", "Lesen Sie auch",
    // "相关阅读"): whatever the language, a heading with nothing under it is no prose; so
    // does a line of links that is all its box holds under its label ("Browse Issues").
    // So does the heading over a run of teaser cards: over the first card, or over the
    // list that is all cards.
    // (Cards were looked for only if a block was asked about them.)
    let is_beside = |n: &NodeRef<'_>| beside.iter().any(|b| b.id == n.id);
    let cards = around.teaser_cards.get();
    let labels: Vec<NodeRef<'_>> = beside
        .iter()
        .filter_map(|e| {
            if is_link_list(e) || cards.is_some_and(|c| is_teaser_list(e, c)) || (is_labelled_box(e) && is_link_line(e))
            {
                return list_label(e);
            }
            if !cards.is_some_and(|c| c.contains(&e.id)) {
                return None;
            }
            match e.prev_element_sibling() {
                Some(prev) if is_beside(&prev) => None,
                Some(_) => list_label(e),
                None => e.parent().filter(|p| p.element_children().iter().all(is_beside)).and_then(|p| list_label(&p)),
            }
        })
        .filter(|l| !is_beside(l))
        .collect();
    beside.extend(labels);
    for e in &beside {
        // A block leaves a line break behind: the text on either side of a caption box
        // stays two paragraphs.
        if is_inline(e) {
            e.remove_from_parent();
        } else {
            e.replace_with(&e.tree.new_element("br"));
        }
    }
}

/// Three or more blocks side by side, alike (one element name, one first class), that
/// their names alone put beside the article ([`is_beside_article`]) and that together hold
/// most of the container's paragraphs, are the article's own sections, named for what sits
/// among them: a test report's `TestReport__Section--Ads` (a section with ad slots in it),
/// each small enough to pass for a box beside the story (or, the longest, too long to be
/// one). Not asides, which are beside the story whatever they hold (two columns round it,
/// one of teasers with their summaries). They are taken out of `beside` and returned.
fn kept_named_sections<'a>(beside: &mut Vec<NodeRef<'a>>, around: &Around<'_, '_>) -> Vec<NodeRef<'a>> {
    const MIN_SECTIONS: usize = 3;
    let total = *around.prose.get_or_init(|| prose(&around.container));
    // An element's name and first class, as one text.
    let kind = |e: &NodeRef<'_>| {
        let class = attr(e, "class").and_then(|c| c.split_whitespace().next().map(str::to_owned));
        format!("{} {}", e.node_name().as_deref().unwrap_or(""), class.unwrap_or_default())
    };
    // Per parent and kind: whether its children so named hold most of the paragraphs.
    let mut sections: crate::parse::Map<(dom_query::NodeId, String), bool> = Default::default();
    let mut are_sections = |e: &NodeRef<'_>| {
        let Some(parent) = e.parent().filter(|_| !e.has_name("aside")) else { return false };
        let kind_of_e = kind(e);
        *sections.entry((parent.id, kind_of_e.clone())).or_insert_with(|| {
            let named: Vec<NodeRef<'_>> = parent
                .element_children()
                .into_iter()
                .filter(|c| kind(c) == kind_of_e && is_beside_article(c))
                .collect();
            named.len() >= MIN_SECTIONS && named.iter().map(prose).sum::<usize>() * 2 > total
        })
    };
    let (kept, gone): (Vec<NodeRef<'a>>, Vec<NodeRef<'a>>) =
        beside.drain(..).partition(|e| is_beside_article(e) && are_sections(e));
    *beside = gone;
    kept
}

/// The heading right over a list (past empty elements), when it is a label of a few words:
/// `<h3>Related stories</h3><ul>…`, `<p><strong>Read more:</strong></p><ul>…`.
pub(super) fn list_label<'a>(list: &NodeRef<'a>) -> Option<NodeRef<'a>> {
    let prev = std::iter::successors(list.prev_element_sibling(), NodeRef::prev_element_sibling)
        .find(|n| !collapse(&n.text()).is_empty())?;
    let text = collapse(&prev.text());
    let short = text.split_whitespace().count() <= 5 && text.chars().count() <= 60;
    let sentence = text.ends_with(SENTENCE_MARKS);
    let styled = prev.element_children().len() <= 1
        && prev.element_children().iter().all(|c| c.has_name("strong") || c.has_name("b") || c.has_name("span"));
    let heading = is_or_holds_heading(&prev) || ((prev.has_name("p") || prev.has_name("div")) && styled);
    (heading && short && !sentence).then_some(prev)
}

/// Whether a block and the label over it are all its box holds: its box's two elements,
/// the label first. (Read from its neighbours alone: it is asked of every element.)
pub(super) fn is_labelled_box(e: &NodeRef<'_>) -> bool {
    e.next_element_sibling().is_none() && e.prev_element_sibling().is_some_and(|l| l.prev_element_sibling().is_none())
}

/// Whether an element is set in a line of text (`<span>`, `<a>`, `<time>`...), not a block.
pub(super) fn is_inline(e: &NodeRef<'_>) -> bool {
    const INLINE: [&str; 16] = [
        "a", "abbr", "b", "cite", "em", "font", "i", "img", "label", "small", "span", "strong", "sub", "sup", "time",
        "u",
    ];
    e.node_name().is_some_and(|n| INLINE.contains(&n.to_ascii_lowercase().as_str()))
}

/// Whether everything inside an element is set in a line of text: inline elements and
/// line breaks only.
pub(super) fn holds_only_inline(e: &NodeRef<'_>) -> bool {
    e.descendants_it().all(|d| !d.is_element() || is_inline(&d) || d.has_name("br"))
}

/// What the blocks of an article container are judged against: the length of its text,
/// the page's address, and the blocks next to its images, with what those images say of
/// themselves.
pub(super) struct Around<'p, 'c> {
    /// Characters of text in the container.
    total: usize,
    /// Characters of text in the container's paragraphs ([`prose`]), counted when first
    /// asked for: most containers hold no block that needs it.
    prose: std::cell::OnceCell<usize>,
    container: NodeRef<'c>,
    page: Option<&'p Url>,
    /// The block next to an image, either side (or next to a box that holds one at most
    /// three levels down), with the image's `alt` and `title`, [`norm`]ed; words of fewer than
    /// six letters or digits say too little to know a caption by.
    next_to_images: crate::parse::Map<dom_query::NodeId, Vec<String>>,
    /// The boxes of the container that are teasers for other stories ([`teaser_cards`]),
    /// found when first asked for.
    teaser_cards: std::cell::OnceCell<crate::parse::Set<dom_query::NodeId>>,
    /// The container's text, [`norm`]ed, read when first asked for.
    normed: std::cell::OnceCell<String>,
    /// Characters of text under each node of the container ([`text_chars`]), counted in
    /// one walk: asking each block walks the tree again under it.
    chars: crate::parse::Map<dom_query::NodeId, usize>,
    /// The address the page declares its own (its canonical link), which may be on
    /// another site than the address it was read from (a copy kept elsewhere).
    site: Option<Url>,
}

impl<'p, 'c> Around<'p, 'c> {
    /// Characters of text under a node of the container, as [`text_chars`] counts them.
    fn text_chars(&self, e: &NodeRef<'_>) -> usize {
        self.chars.get(&e.id).copied().unwrap_or_else(|| text_chars(e))
    }

    /// The container's teaser cards ([`teaser_cards`]), found when first asked for.
    fn cards(&self) -> &crate::parse::Set<dom_query::NodeId> {
        self.teaser_cards.get_or_init(|| teaser_cards(&self.container, self.page))
    }

    /// The container's measures, for a page read at `page` that declares `site` its own.
    pub(super) fn of(container: &NodeRef<'c>, page: Option<&'p Url>, site: Option<&Url>) -> Self {
        let mut next_to_images: crate::parse::Map<dom_query::NodeId, Vec<String>> = Default::default();
        // Past empty elements (a clearing <div>, an empty description).
        let shows = |n: &NodeRef<'_>| n.has_name("img") || n.first_child().is_some();
        for img in container.descendants_it().filter(|d| d.has_name("img")) {
            let words: Vec<String> = [attr(&img, "alt"), attr(&img, "title")]
                .iter()
                .flatten()
                .map(|d| norm(d))
                .filter(|d| d.chars().count() >= 6)
                .collect();
            if words.is_empty() {
                continue;
            }
            let mut holder = img;
            for _ in 0..4 {
                let before =
                    std::iter::successors(holder.prev_element_sibling(), NodeRef::prev_element_sibling).find(shows);
                let after =
                    std::iter::successors(holder.next_element_sibling(), NodeRef::next_element_sibling).find(shows);
                for n in before.into_iter().chain(after) {
                    next_to_images.entry(n.id).or_default().extend(words.iter().cloned());
                }
                match holder.parent() {
                    Some(p) if p.id != container.id => holder = p,
                    _ => break,
                }
            }
        }
        let chars = chars_under(container);
        Self {
            total: chars.get(&container.id).copied().unwrap_or(0),
            chars,
            prose: std::cell::OnceCell::new(),
            container: *container,
            page,
            next_to_images,
            teaser_cards: std::cell::OnceCell::new(),
            normed: std::cell::OnceCell::new(),
            site: site.cloned(),
        }
    }
}

/// Whether an element is a run of a paragraph's own text: phrasing content (a `<span>`, a
/// link, emphasis) inside a paragraph whose other text runs on for a sentence or more. A
/// dateline set in a span of its own ("<p><span class="dateline">CAIRO —</span> Gunmen
/// opened fire…"), or a link in a sentence, is the sentence's, whatever its class says; a
/// paragraph that is only such a run is judged as a block, unless the run is prose of its
/// own: two sentences or more, and little of it linked (a paragraph pasted from another
/// site keeps that site's classes, `_fbReactionComponent__eventDetailsContentTags`).
pub(super) fn is_run_in(e: &NodeRef<'_>) -> bool {
    const PHRASING: [&str; 12] = ["span", "a", "em", "strong", "b", "i", "small", "time", "abbr", "cite", "mark", "u"];
    const OTHER_TEXT: usize = 60;
    const PROSE: usize = 200;
    let inline = e.node_name().is_some_and(|n| PHRASING.contains(&&*n.to_ascii_lowercase()));
    let Some(p) = e.parent().filter(|p| p.has_name("p")) else { return false };
    let own = text_chars(e);
    let prose =
        || own >= PROSE && linked_chars(e) * 3 < own && sentence_count(&collapse(&e.text())) >= 2 && !e.has_name("a");
    inline && (text_chars(&p).saturating_sub(own) >= OTHER_TEXT || prose())
}

/// Whether a block sits beside the article in a container ([`Around`]):
/// [`is_beside_article`], [`is_media_figure`] or [`is_image_box`] (a caption),
/// [`repeats_image_words`] (a caption that says what the image's `alt` says),
/// [`is_link_list`], [`is_link_line`], [`is_dateline`], [`is_in_teaser_list`],
/// [`is_site_notice`], [`is_pull_quote`], [`is_form_box`], [`is_ruled_signature`] or hidden from a
/// reader by its classes ([`crate::parse::hidden::hides`]), and not the
/// article itself: at most a third of the text, and not most of its paragraphs (a wrapper
/// that happens to carry such a class, `js_img_share_area` round a story on a page whose
/// menus and footer hold more text than the story, stays).
pub(super) fn is_beside_block(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    // Characters of paragraphs a block may hold, however few the container has: a long
    // caption or an author's bio is still beside the article.
    const SMALL: usize = 400;
    // The size first, counted for the whole container at once; each kind below walks the
    // block itself.
    around.text_chars(e) * 3 <= around.total
        && (is_beside_article(e)
            || is_media_figure(e)
            || is_image_box(e)
            || is_image_with_caption(e)
            || repeats_image_words(e, around)
            || (is_link_list(e) && !cites_other_sites(e, around))
            || (is_link_line(e) && !points_elsewhere_in_the_story(e, around))
            || is_link_column(e)
            || is_dateline(e)
            || is_in_teaser_list(e, around)
            || is_site_notice(e, around.page)
            || is_pull_quote(e, around)
            || is_form_box(e, around)
            || is_ruled_signature(e, around)
            || attr(e, "class").is_some_and(|c| crate::parse::hidden::hides(&c)))
        && {
            let held = prose(e);
            held <= SMALL || held * 2 <= *around.prose.get_or_init(|| prose(&around.container))
        }
}

/// A forum post's signature as vBulletin prints it, in a box with no class: a `<div>` that
/// opens with a rule of underscores alone on its line ("__________________", then `<br>`).
/// Only where two boxes or more in the container open so, one under each post: a single
/// rule over an article's notes is the article's.
fn is_ruled_signature(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    const RULE: usize = 10;
    let opens_with_rule = |d: &NodeRef<'_>| {
        let mut children = d.children_it(false).filter(|c| c.is_element() || !c.text().trim().is_empty());
        d.has_name("div")
            && children.next().is_some_and(|c| {
                let t = c.text();
                let t = t.trim();
                c.is_text() && t.len() >= RULE && t.bytes().all(|b| b == b'_')
            })
            && children.next().is_some_and(|c| c.has_name("br"))
    };
    opens_with_rule(e) && around.container.descendants_it().filter(opens_with_rule).nth(1).is_some()
}

/// A sign-up box or a poll, whatever its class says (`css-n4m5b6`): a block of a few short
/// lines round a field that asks for an e-mail address, a newsletter's heading and promise
/// over it ("Get the Coast Post morning briefing", "The day's top stories, every weekday
/// morning."); or round two choices or more, a poll's ("Do you back the new wall? Yes No
/// Vote"). A paragraph of more than 200 characters in it is prose, and the block is not one.
fn is_form_box(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    const MAX_CHARS: usize = 300;
    const MAX_PARAGRAPH: usize = 200;
    // Radio buttons: a list of tasks ticks its items with checkboxes.
    let is_choice = |d: &NodeRef<'_>| {
        d.has_name("input") && attr(d, "type").is_some_and(|t| t.trim().eq_ignore_ascii_case("radio"))
    };
    let mut choices = 0;
    !e.has_name("p")
        && around.text_chars(e) <= MAX_CHARS
        && e.descendants_it().any(|d| {
            choices += usize::from(is_choice(&d));
            choices >= 2 || asks_for_email(&d)
        })
        && !e.descendants_it().any(|d| d.has_name("p") && around.text_chars(&d) > MAX_PARAGRAPH)
}

/// Whether an element is a form's field for an e-mail address: `type="email"`, or a name,
/// id, placeholder or autocomplete hint that says so (`name="subscriber_email"`).
fn asks_for_email(d: &NodeRef<'_>) -> bool {
    d.has_name("input")
        && (attr(d, "type").is_some_and(|t| t.trim().eq_ignore_ascii_case("email"))
            || ["name", "id", "placeholder", "autocomplete"].iter().any(|a| {
                attr(d, a).is_some_and(|v| {
                    let v = v.to_lowercase();
                    ["email", "e-mail", "courriel", "correo"].iter().any(|w| v.contains(w))
                })
            }))
}

/// A quote pulled out of the story and set large beside it, named so (`pullquote`,
/// `pull-quote`), that repeats the story's words: twenty letters and digits of it are in the
/// container twice, itself and the paragraph it was taken from. A block so named whose
/// words are its own (Medium sets quotes of the story's so) is the story's.
pub(super) fn is_pull_quote(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    let named = attr(e, "class").is_some_and(|c| {
        // Most classes say no "pull" at all, and are not split into words.
        if !c.as_bytes().windows(4).any(|w| w.eq_ignore_ascii_case(b"pull")) {
            return false;
        }
        let words = class_words(&c);
        words.iter().any(|w| w == "pullquote") || words.pairs().any(|p| p == ("pull", "quote"))
    });
    if !named {
        return false;
    }
    // Twenty letters and digits from its start, and from a third of the way in (a quote
    // trimmed or reworded at its start, "It's easiest…" from "…makes it easiest…", or
    // with its speaker's name after it).
    let own: Vec<char> = norm(&e.text()).chars().collect();
    const SPAN: usize = 20;
    let normed = around.normed.get_or_init(|| norm(&around.container.text()));
    own.len() >= SPAN
        && [0, own.len() / 3].iter().any(|&at| {
            let span: String = own[at.min(own.len() - SPAN)..][..SPAN].iter().collect();
            normed.matches(span.as_str()).count() >= 2
        })
}

/// Characters of an element's text (`e.text().chars().count()`, without building the
/// text).
pub(super) fn text_chars(e: &NodeRef<'_>) -> usize {
    std::iter::once(*e)
        .chain(e.descendants_it())
        .map(|d| {
            d.query_or(0, |n| match &n.data {
                dom_query::NodeData::Text { contents } => contents.chars().count(),
                _ => 0,
            })
        })
        .sum()
}

/// Characters of text under each node of a tree ([`text_chars`] of each): one walk down,
/// then each node's count added to its parent's, children before parents.
fn chars_under(root: &NodeRef<'_>) -> crate::parse::Map<dom_query::NodeId, usize> {
    let order: Vec<NodeRef<'_>> = std::iter::once(*root).chain(root.descendants_it()).collect();
    let mut chars = crate::parse::Map::with_capacity_and_hasher(order.len(), Default::default());
    for n in order.iter().rev() {
        let own = n.query_or(0, |d| match &d.data {
            dom_query::NodeData::Text { contents } => contents.chars().count(),
            _ => 0,
        });
        let under = *chars.entry(n.id).and_modify(|c| *c += own).or_insert(own);
        if n.id != root.id
            && let Some(parent) = n.parent()
        {
            *chars.entry(parent.id).or_insert(0) += under;
        }
    }
    chars
}

/// Characters of text in the paragraphs (`<p>`) of an element, itself included, each
/// counted as [`paragraph_chars`] counts it.
pub(super) fn prose(e: &NodeRef<'_>) -> usize {
    let own = if e.has_name("p") { paragraph_chars(e) } else { 0 };
    own + e.descendants_it().filter(|d| d.has_name("p")).map(|p| paragraph_chars(&p)).sum::<usize>()
}

/// Characters of a paragraph's text with its runs of white space counted as one: the one
/// measure of paragraph text that [`prose`] and [`paragraphs_block`] share.
pub(super) fn paragraph_chars(p: &NodeRef<'_>) -> usize {
    p.normalized_char_count()
}

/// Whether an element is a heading, or holds one: never a caption, whatever it says.
pub(super) fn is_or_holds_heading(e: &NodeRef<'_>) -> bool {
    let heading = |n: &NodeRef<'_>| {
        n.node_name().is_some_and(|name| {
            let name = name.to_ascii_lowercase();
            name.len() == 2 && name.starts_with('h') && name[1..].bytes().all(|b| (b'1'..=b'6').contains(&b))
        })
    };
    heading(e) || e.descendants_it().any(|d| heading(&d))
}

/// A caption that says what an image beside it says of itself: a short block next to an
/// image ([`Around`]) whose words are the image's `alt` or `title`, give or take a credit
/// or a trimmed end ("Tapie en 2008. REUTERS/Benoit Tessier" under an image so
/// described), as pages without `<figure>` write captions. Headings are never captions.
pub(super) fn repeats_image_words(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    // Bytes of normalised text a caption may add to or leave out of an image's words (and
    // at most half as many as they share).
    const SLACK: usize = 40;
    let Some(image_words) = around.next_to_images.get(&e.id) else {
        return false;
    };
    // A caption is a small block.
    if e.descendants_it().nth(60).is_some() {
        return false;
    }
    let text = e.text();
    if text.chars().count() > 400 {
        return false;
    }
    let said = norm(&text);
    let close = |words: &str| {
        let (short, long) = if said.len() <= words.len() { (said.as_str(), words) } else { (words, said.as_str()) };
        short.chars().count() >= 6 && long.starts_with(short) && long.len() - short.len() <= SLACK.min(short.len() / 2)
    };
    image_words.iter().any(|w| close(w)) && !is_or_holds_heading(e)
}

/// A box that holds an image and a few words about it, as a `<figure>` does: its class
/// says image, photo or picture (`article-image`, `foto`, `imgContainer`), it shows an
/// image, and its text is short and holds no heading.
pub(super) fn is_image_box(e: &NodeRef<'_>) -> bool {
    const WORDS: [&str; 15] = [
        "image",
        "images",
        "img",
        "photo",
        "photos",
        "foto",
        "fotos",
        "picture",
        "pic",
        "figure",
        "bild",
        "imagen",
        "immagine",
        "thumb",
        "thumbnail",
    ];
    // What a caption box is called beside an image word when the image sits elsewhere
    // (`img-desc`, `photo-description`, `image-legend`).
    const SAYS: [&str; 5] = ["desc", "description", "legend", "info", "descr"];
    static IMAGE_WORDS: ClassWords = ClassWords::new(&[], &WORDS);
    static CAPTION_WORDS: ClassWords = ClassWords::new(&[], &SAYS);
    const MAX_CHARS: usize = 250;
    let Some(words) = attr(e, "class").map(|c| class_words(&c)) else {
        return false;
    };
    IMAGE_WORDS.any_in(&words)
        && (e.descendants_it().any(|d| d.has_name("img") || d.has_name("picture")) || CAPTION_WORDS.any_in(&words))
        && text_chars(e) <= MAX_CHARS
        && !is_or_holds_heading(e)
}

/// A picture set in a paragraph with its caption under it, as blogs write one without
/// `<figure>`: `<p><img src=…><br><em>Council members at the hearing.</em></p>`. The
/// paragraph opens with the image, and all its text is one short italic or small run
/// after a line break.
pub(super) fn is_image_with_caption(e: &NodeRef<'_>) -> bool {
    const MAX_WORDS: usize = 40;
    let shows_image = |c: &NodeRef<'_>| {
        c.has_name("img")
            || ((c.has_name("a") || c.has_name("picture") || c.has_name("span"))
                && c.descendants_it().any(|d| d.has_name("img"))
                && collapse(&c.text()).is_empty())
    };
    if !(e.has_name("p") || e.has_name("div")) {
        return false;
    }
    let mut children = e.children_it(false).filter(|c| c.is_element() || (c.is_text() && !c.text().trim().is_empty()));
    // Most blocks do not open with a picture: read no further.
    if !children.next().is_some_and(|c| shows_image(&c)) {
        return false;
    }
    let mut rest = children.skip_while(|c| c.has_name("br"));
    match (rest.next(), rest.next()) {
        (Some(caption), None) => {
            ["em", "i", "small", "span", "sub"].iter().any(|n| caption.has_name(n))
                && (1..=MAX_WORDS).contains(&caption.text().split_whitespace().count())
        }
        _ => false,
    }
}

/// A notice of the site's, not the story: a short paragraph that points to the site's own
/// privacy, terms-of-use, cookie or community-guidelines page ("Registration on this site
/// constitutes acceptance of our User Agreement and Privacy Policy", a comment policy, a
/// cookie notice), or a short box of paragraphs holding one. A link to another site's
/// policy (a story about it) is not one.
pub(super) fn is_site_notice(e: &NodeRef<'_>, page: Option<&Url>) -> bool {
    const MAX_CHARS: usize = 500;
    let is_box = e.has_name("div")
        && e.element_children().iter().all(|c| c.has_name("p") || c.has_name("small") || c.has_name("br"));
    if !(e.has_name("p") || e.has_name("small") || is_box) {
        return false;
    }
    let links: Vec<String> = e.descendants_it().filter(|d| d.has_name("a")).filter_map(|a| attr(&a, "href")).collect();
    !links.is_empty()
        && links.iter().any(|href| is_policy_page(href, page))
        && collapse(&e.text()).chars().count() <= MAX_CHARS
}

/// Whether `href`, on the page at `page`, names a page of the same site (as
/// [`crate::model::same_site`] has it, or a subdomain either way: `edition.` stories, the
/// policies on the main domain) that states a policy: its last path segment, of at most
/// four words, starts with `privacy`, `terms`, `cookie`, `datenschutz`, `impressum`,
/// `community-guidelines`, `user-agreement`... or is `tos` or `agb` (`/privacy.html`,
/// `/terms-of-use/`, `/service/privacy-policy-a6184181.html`); a story's slug is longer.
/// With no page, only a relative `href` is on the site.
pub(super) fn is_policy_page(href: &str, page: Option<&Url>) -> bool {
    const STARTS: [&str; 12] = [
        "privacy",
        "terms",
        "cookie",
        "datenschutz",
        "impressum",
        "communityguidelines",
        "useragreement",
        "nutzungsbedingungen",
        "avisolegal",
        "mentionslegales",
        "politicadeprivacidad",
        "legalnotice",
    ];
    // Too short to be a beginning: the whole name.
    const NAMES: [&str; 2] = ["tos", "agb"];
    let unknown;
    let page = match page {
        Some(page) => page,
        None => match Url::parse("http://page.invalid/") {
            Ok(u) => {
                unknown = u;
                &unknown
            }
            Err(_) => return false,
        },
    };
    let Ok(url) = page.join(href.trim()) else {
        return false;
    };
    let on_site = on_site(&url, page);
    let segment = url.path_segments().and_then(|mut s| s.rfind(|s| !s.is_empty())).unwrap_or("");
    let stem = segment.split_once('.').map_or(segment, |(stem, _)| stem);
    let words = stem.split(['-', '_']).filter(|w| !w.is_empty()).count();
    let squashed = crate::parse::squashed(stem);
    on_site
        && (1..=4).contains(&words)
        && (STARTS.iter().any(|s| squashed.starts_with(s)) || NAMES.contains(&squashed.as_str()))
}

/// A teaser for another story in a list of them: a box of [`teaser_cards`] next to another.
/// A story's own subheadings are not links; a list of teasers with summaries is prose
/// enough to outweigh a short story when Readability weighs the page.
/// So is a list that holds nothing but such boxes (two or more), and a box alone that ends
/// its summary with a "read more" link to where its headline leads ([`reads_on_elsewhere`]).
pub(super) fn is_in_teaser_list(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    let cards = around.cards();
    if cards.is_empty() {
        return false;
    }
    let in_a_run = cards.contains(&e.id)
        && (e.prev_element_sibling().is_some_and(|s| cards.contains(&s.id))
            || e.next_element_sibling().is_some_and(|s| cards.contains(&s.id))
            || reads_on_elsewhere(e));
    in_a_run || is_teaser_list(e, cards)
}

/// Whether an element is a heading under the headline (`<h2>` to `<h6>`).
fn is_subheading(n: &NodeRef<'_>) -> bool {
    ["h2", "h3", "h4", "h5", "h6"].iter().any(|h| n.has_name(h))
}

/// Whether a teaser card, alone among the story's paragraphs ("Heiß, heißer, Bella Hadid!
/// … Seht selbst! Weiterlesen"), sends its reader on to where its headline's link leads
/// with a "read more" link of its own ([`BUTTONS`]): a story's own box (a fact box, a
/// quoted post) does not send the reader to another page twice.
fn reads_on_elsewhere(card: &NodeRef<'_>) -> bool {
    let href = |a: &NodeRef<'_>| attr(a, "href").map(|h| h.trim().to_owned()).filter(|h| !h.is_empty());
    let links: Vec<NodeRef<'_>> = card.descendants_it().filter(|d| d.has_name("a")).collect();
    let (headline, rest): (Vec<&NodeRef<'_>>, Vec<&NodeRef<'_>>) =
        links.iter().partition(|a| a.ancestors_it(None).take_while(|x| x.id != card.id).any(|x| is_subheading(&x)));
    let targets: Vec<String> = headline.iter().filter_map(|a| href(a)).collect();
    rest.iter().any(|a| {
        let label = lowercase(&collapse(&a.text()));
        let label = label.trim_matches(|c: char| !c.is_alphanumeric());
        BUTTONS.contains(label) && href(a).is_some_and(|h| targets.contains(&h))
    })
}

/// Whether a list holds nothing but teaser cards ([`teaser_cards`]), two or more.
pub(super) fn holds_only_teasers(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    is_teaser_list(e, around.cards())
}

/// Whether a list holds nothing but teaser `cards`, two or more.
fn is_teaser_list(e: &NodeRef<'_>, cards: &crate::parse::Set<dom_query::NodeId>) -> bool {
    let children = e.element_children();
    children.len() >= 2 && children.iter().all(|c| cards.contains(&c.id))
}

/// The boxes (`<div>`, `<article>`, `<li>`, `<section>`) of a container that tease another
/// story: each box up to four levels over a headline (`<h2>` to `<h6>`) that is all a link
/// to another page of the site (not a `#` fragment, not the page itself; a buying guide's
/// list of products links to shops, and is the story), whose first headline that
/// is, of at most 500 characters, at most 400 of them in paragraphs (a summary), and no
/// `<h1>`. Found from the headlines, which a page has few of. None such on a page without an
/// `<h1>`: a section's front page is teasers all through, and they are all it says. With
/// them, on any page, the dated picture cards ([`dated_image_cards`]): a picture, a title
/// and a date are a card wherever the story's headline is.
fn teaser_cards(container: &NodeRef<'_>, page: Option<&Url>) -> crate::parse::Set<dom_query::NodeId> {
    const CARD_CHARS: usize = 500;
    const SUMMARY_CHARS: usize = 400;
    const LEVELS: usize = 4;
    let mut cards: crate::parse::Set<dom_query::NodeId> = dated_image_cards(container).into_iter().collect();
    let root = container.ancestors_it(None).last().unwrap_or(*container);
    if !root.descendants_it().any(|d| d.has_name("h1")) {
        return cards;
    }
    for heading in within(container, "h2, h3, h4, h5, h6") {
        let words = letters(&heading.text());
        let links: Vec<NodeRef<'_>> =
            heading.descendants_it().chain(heading.ancestors_it(Some(2))).filter(|d| d.has_name("a")).collect();
        let linked: usize = links.iter().map(|a| letters(&a.text()).min(words)).max().unwrap_or(0);
        let elsewhere = links.iter().any(|a| {
            attr(a, "href").is_some_and(|h| {
                let h = h.trim();
                let to = page.and_then(|p| p.join(h).ok());
                !h.is_empty()
                    && !h.starts_with('#')
                    && to.as_ref().zip(page).is_none_or(|(to, p)| to.path() != p.path() && on_site(to, p))
            })
        });
        if words == 0 || linked * 10 < words * 9 || !elsewhere {
            continue;
        }
        for b in heading.ancestors_it(Some(LEVELS)).take_while(|a| a.id != container.id) {
            if !["div", "article", "li", "section"].iter().any(|n| b.has_name(n)) {
                continue;
            }
            let first_headline = b.descendants_it().find(is_subheading).is_some_and(|h| h.id == heading.id);
            if !first_headline
                || b.normalized_char_count() > CARD_CHARS
                || prose(&b) > SUMMARY_CHARS
                || b.descendants_it().any(|d| d.has_name("h1"))
            {
                break;
            }
            cards.insert(b.id);
        }
    }
    cards
}

/// The boxes (`<div>`, `<li>`, `<article>`, `<section>`) of a container that are a picture,
/// a few words and a date: a card for another story whose title is no link (an app opens
/// it), "<li><img><h5>Harbour wall opens</h5><time>2019-09-04</time></li>". Each is the
/// nearest box, at most three levels over its date, that holds an image and at most
/// [`CARD_WORDS_CHARS`] characters besides the date. A story's dated photos have captions
/// longer than that.
fn dated_image_cards(container: &NodeRef<'_>) -> Vec<dom_query::NodeId> {
    let mut cards = Vec::new();
    // An element that holds one run of text and nothing else, a date: read in place, as
    // most elements of a page are looked at here.
    let is_date = |d: &NodeRef<'_>| {
        let Some(only) = d.first_child().filter(|c| c.next_sibling().is_none()) else {
            return false;
        };
        d.is_element()
            && only.query_or(false, |n| match &n.data {
                dom_query::NodeData::Text { contents } => {
                    let t = contents.trim();
                    t.len() <= 160 && t.chars().count() <= 40 && t.chars().any(char::is_numeric) && is_bare_date(t)
                }
                _ => false,
            })
    };
    for date in container.descendants_it().filter(is_date) {
        let date_chars = date.normalized_char_count();
        let box_ = date
            .ancestors_it(Some(3))
            .take_while(|a| a.id != container.id)
            .find(|b| ["div", "li", "article", "section"].iter().any(|n| b.has_name(n)));
        let Some(b) = box_ else { continue };
        let words = b.normalized_char_count().saturating_sub(date_chars);
        let pictured = b.descendants_it().any(|d| d.has_name("img"));
        if pictured && (4..=CARD_WORDS_CHARS).contains(&words) && !b.descendants_it().any(|d| d.has_name("h1")) {
            cards.push(b.id);
        }
    }
    cards
}

/// Characters a dated picture card ([`dated_image_cards`]) holds besides its date: a
/// headline and a count of comments.
const CARD_WORDS_CHARS: usize = 100;

/// Whether `url` is on the site of `page`: [`crate::model::same_site`], or a subdomain
/// either way (`edition.` stories, policies on the main domain).
pub(super) fn on_site(url: &Url, page: &Url) -> bool {
    crate::model::same_site(url, page) || {
        let host = |u: &Url| u.host_str().map(|h| h.trim_start_matches("www.").to_ascii_lowercase());
        let (Some(a), Some(b)) = (host(url), host(page)) else { return false };
        a.ends_with(&format!(".{b}")) || b.ends_with(&format!(".{a}"))
    }
}

/// A block that says little more than the `<time>` it holds: a dateline ("Updated:
/// <time>…</time>"), not a sentence that mentions a date.
pub(super) fn is_dateline(block: &NodeRef<'_>) -> bool {
    let times: Vec<NodeRef<'_>> = block.element_children().into_iter().filter(|c| c.has_name("time")).collect();
    if times.is_empty() {
        return false;
    }
    let said = collapse(&block.text()).chars().count();
    times.iter().any(|t| said <= collapse(&t.text()).chars().count() + 24)
}

/// A block in an article container that is not the article: a caption or photo credit,
/// a share or follow bar, a toolbar, a field's label (Drupal's `field-label`), a tag list,
/// a newsletter, subscription or promotion box, a "read more", related or most-read list,
/// an author box, bio or byline, a breadcrumb, a player, an advertisement, a navigation, a
/// readers' rating widget (`star-rating`), a date or time line, a forum post's author box
/// or signature (`postprofile`, `userinfo`, `signaturecontainer`, `sig`), the label over a headline (a
/// kicker: `kicker`, `eyebrow`, `dachzeile`, `surtitre`), a pop-out panel (`flyout`)
/// a box inviting readers' own photos and videos (`ugc`, user-generated content), an
/// affiliate disclosure, a call to action (`cta`, `call-to-action`), a wiki's navigation
/// box (`navbox`) or the "[edit]" link by its headings (`mw-editsection`), in
/// English and in the languages sites name their classes in (`partager`, `abonnement`,
/// `autor`, `lire-aussi`). (Not a paywall's class: sites mark the article's own
/// paragraphs behind it so.)
/// Read from the element's name and the words of its class and component names
/// ([`component_names`]: `share-bar`, `relatedPosts`: a word that starts so; `tags`, `ad`:
/// the word itself); not its id, which documents
/// often derive from their own headings ("sharing-changes"). Never the article itself: an
/// `<article>` or `<main>`, or a block holding the `<h1>`.
pub(super) fn is_beside_article(e: &NodeRef<'_>) -> bool {
    const STARTS: [&str; 70] = [
        "caption",
        "credit",
        "copyright",
        "share",
        "sharing",
        "social",
        "newsletter",
        "subscribe",
        "subscription",
        "signup",
        "readmore",
        "related",
        "recommend",
        "mostread",
        "mostpopular",
        "breadcrumb",
        "byline",
        "authorbio",
        "authorbox",
        "advert",
        "sponsor",
        "disclaimer",
        "disclosure",
        "outbrain",
        "taboola",
        "timestamp",
        "dateline",
        "pubdate",
        "submitted",
        "nextpage",
        "toolbar",
        "addthis",
        "addtoany",
        "sharethis",
        "bdshare",
        "rating",
        // A wiki's "[edit]" link by each heading (MediaWiki's `mw-editsection`).
        "editsection",
        // A forum post's author box (phpBB's `postprofile`, vBulletin's `userinfo`).
        "postprofile",
        "userinfo",
        // A post's signature (vBulletin's `signaturecontainer`, FluxBB's `postsignature`).
        "signature",
        "postsignature",
        // The label over a headline (a kicker), as English, German, French, Spanish and
        // Italian newsrooms name it.
        "kicker",
        "eyebrow",
        "overline",
        "dachzeile",
        "surtitre",
        "antetitulo",
        "occhiello",
        // The same in the languages sites name their classes in: subscription (abonnement,
        // suscripción, abbonamento, assinatura, prenumerata), share (partager, compartir,
        // condividere), related (relacionados, correlati, verwandte, gerelateerd) and
        // advertising (publicité, publicidad, pubblicità, Werbung, reklama, advertentie).
        "abonn",
        "suscri",
        "abbona",
        "assinatura",
        "prenumer",
        "partag",
        "comparti",
        "condivi",
        "relacionad",
        "correlat",
        "verwandt",
        "gerelateerd",
        "powiazan",
        // An author box, reading tips and recommendations as German sites name them.
        "autorbox",
        "lesetipp",
        "empfehlung",
        "publicit",
        "publicidad",
        "pubblicit",
        "werbung",
        "reklam",
        "advertentie",
    ];
    const WORDS: [&str; 52] = [
        "bio",
        "promo",
        "promos",
        "tags",
        "tag",
        "ad",
        "ads",
        "player",
        "video",
        "print",
        "meta",
        "follow",
        "date",
        "time",
        "datetime",
        "fecha",
        "datum",
        "tools",
        "author",
        "authors",
        "ugc",
        "flyout",
        "profile",
        "sig",
        "comment",
        "comments",
        "nav",
        "navbar",
        "navbox",
        // A player reading the story aloud.
        "listen",
        // A call to action ("Tried this recipe? Tag us!").
        "cta",
        "navigation",
        // An author box, a share bar, an ad label, a related list or a tag list, named in
        // French, German, Spanish, Italian, Portuguese, Dutch or Turkish.
        "auteur",
        "auteurs",
        "autor",
        "autore",
        "autori",
        "autorin",
        "autoren",
        "yazar",
        "teilen",
        "delen",
        "anzeige",
        "connexes",
        "similaires",
        "schlagworte",
        "stichworte",
        "etiquetas",
        "tagi",
        "stars",
        "estrellas",
        // A subscription's box, as German sites shorten it ("abo-box").
        "abo",
    ];
    const PAIRS: [(&str, &str); 22] = [
        ("read", "more"),
        ("most", "read"),
        ("most", "popular"),
        ("author", "bio"),
        ("author", "box"),
        ("about", "author"),
        ("sign", "up"),
        ("follow", "us"),
        ("call", "to"),
        ("lire", "aussi"),
        ("a", "lire"),
        ("voir", "aussi"),
        ("leggi", "anche"),
        ("lee", "tambien"),
        ("leia", "tambem"),
        ("lees", "ook"),
        ("zum", "thema"),
        ("mots", "cles"),
        ("fil", "ariane"),
        ("weitere", "artikel"),
        ("mas", "noticias"),
        ("mais", "noticias"),
    ];
    static BESIDE: ClassWords = ClassWords::new(&STARTS, &WORDS);
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    if name == "figcaption" || name == "nav" {
        return true;
    }
    let Some(class) = component_names(e) else {
        return false;
    };
    // A class that says what a block holds or lacks (`has-profile`, `with-signature`,
    // `no-ads`) does not say what it is: a forum post `has-profile`.
    let modifier = |t: &&str| ["has-", "has_", "with-", "with_", "no-", "no_"].iter().any(|m| t.starts_with(m));
    let words = if class.split_whitespace().any(|t| modifier(&t)) {
        class_words(&class.split_whitespace().filter(|t| !modifier(t)).collect::<Vec<_>>().join(" "))
    } else {
        class_words(&class)
    };
    // Drupal names the label it prints over a field ("Episode Description:") so.
    let field_label = class.split_whitespace().any(|t| t == "field-label" || t == "field__label");
    // A table of contents (`toc`, `ez-toc-container`, `table-of-contents`) is a box; a
    // heading's link back to it (docutils' `toc-backref`) is the heading's text.
    let toc = matches!(name.as_str(), "div" | "nav" | "section" | "aside" | "ul" | "ol" | "details" | "table")
        && (words.iter().any(|w| w == "toc") || words.pairs().any(|p| p == ("of", "contents")));
    let beside = field_label || toc || BESIDE.any_in(&words) || words.pairs().any(|p| PAIRS.contains(&p));
    // Not [`holds_story`]: a related list is often a list of `<article>` teasers.
    beside
        && !matches!(name.as_str(), "article" | "main" | "body")
        && !e.descendants_it().any(|d| is_headline_or_body(&d))
}

/// Readers' comments, named so in the language of the page: an element whose id or class
/// has a word for comments in the plural (`kommentare`, `commentaires`, `comentarios`,
/// `commenti`, `reacties`, `komentarze`...; English `comments` too, as `article-comments`
/// writes it, which Readability keeps as "article"). The plural, as a section is named:
/// a German opinion piece is a `Kommentar`. Not a flag saying whether the page takes
/// comments (`has-comments`, `comments-open`). Never the article itself: an `<article>`,
/// `<main>` or `<body>`, or a block holding the `<h1>` or the marked article body.
/// Removed whatever its size: a busy thread outweighs its story.
pub(super) fn is_comment_section(e: &NodeRef<'_>) -> bool {
    const WORDS: [&str; 14] = [
        "comments",
        "kommentare",
        "kommentarer",
        "commentaires",
        "comentarios",
        "commenti",
        "reacties",
        "komentarze",
        "komentare",
        "komentari",
        "kommentit",
        "yorumlar",
        "kommentarii",
        "hozzaszolasok",
    ];
    // A flag on a wrapper says whether the page takes comments, not that the wrapper holds
    // them: `has-comments`, `comments-open`, `comments-enabled`.
    const FLAG_BEFORE: [&str; 6] = ["has", "with", "no", "show", "allow", "enable"];
    const FLAG_AFTER: [&str; 7] = ["open", "closed", "enabled", "disabled", "allowed", "on", "off"];
    let names_comments = |token: &str| {
        let words = class_words(token);
        words.iter().enumerate().any(|(i, w)| {
            WORDS.contains(&w)
                && !i.checked_sub(1).and_then(|b| words.get(b)).is_some_and(|b| FLAG_BEFORE.contains(&b))
                && !words.get(i + 1).is_some_and(|n| FLAG_AFTER.contains(&n))
        })
    };
    let named = |a: &str| attr(e, a).is_some_and(|v| v.split_whitespace().any(names_comments));
    let name = e.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
    (named("id") || named("class")) && !matches!(name.as_str(), "article" | "main" | "body" | "html") && !holds_story(e)
}

/// Readers' comments under a heading that names them, on a page whose markup does not
/// ([`is_comment_section`]): "Responses", "12 Comments", "Comments (3)", "5 thoughts on
/// “…”", "Kommentare", "评论". They go once what follows the heading reads as a thread: two
/// entries or more, each a box of its own (a `<div>`, `<li>`, `<article>` holding a name, a
/// date, the words), not the story's paragraphs, holding most of the text after it. The
/// heading's block goes when it opens with the heading, else the heading and what follows
/// it; never a block that holds the `<h1>` or the marked article body.
pub(super) fn drop_headed_comments(headings: &[NodeRef<'_>]) {
    for &h in headings {
        if !names_comments(&lowercase(&collapse(&h.text()))) {
            continue;
        }
        // A heading wrapped alone in its own box (`<div class="title"><h3>…</h3></div>`).
        let mut head = h;
        while let Some(p) = head.parent().filter(|p| p.element_children().len() == 1 && !holds_story(p)) {
            head = p;
        }
        let after: Vec<NodeRef<'_>> =
            std::iter::successors(head.next_element_sibling(), NodeRef::next_element_sibling).collect();
        let entries = |e: &NodeRef<'_>| -> usize {
            let boxed = |b: &NodeRef<'_>| !b.element_children().is_empty() && !collapse(&b.text()).is_empty();
            match e.node_name().as_deref() {
                Some("ul" | "ol") => e.element_children().iter().filter(|li| boxed(li)).count(),
                Some("div" | "li" | "article" | "section") => {
                    let inner = e.element_children();
                    let listed = inner
                        .iter()
                        .filter(|c| c.has_name("ol") || c.has_name("ul"))
                        .map(|l| l.element_children().len())
                        .sum::<usize>();
                    if listed >= 2 { listed } else { usize::from(boxed(e)) }
                }
                _ => 0,
            }
        };
        // Each block after the heading: its entries, its length.
        let read: Vec<(usize, usize)> = after.iter().map(|e| (entries(e), text_chars(e))).collect();
        let count: usize = read.iter().map(|(n, _)| n).sum();
        let boxed_chars: usize = read.iter().filter(|(n, _)| *n > 0).map(|(_, c)| c).sum();
        let after_chars: usize = read.iter().map(|(_, c)| c).sum();
        if count < 2 || boxed_chars * 2 < after_chars || after.iter().any(holds_story) {
            continue;
        }
        let parent = head.parent();
        let opens_block = parent.as_ref().is_some_and(|p| {
            p.element_children().first().is_some_and(|f| f.id == head.id)
                && !matches!(p.node_name().as_deref(), Some("body" | "html" | "main" | "article"))
                && !holds_story(p)
        });
        match parent {
            Some(p) if opens_block => p.remove_from_parent(),
            _ => {
                for e in after {
                    e.remove_from_parent();
                }
                head.remove_from_parent();
            }
        }
    }
}

/// A box opened by a heading that names other stories, a list of tags or a comment form:
/// "Related stories", "Lire aussi", "推荐阅读", "Tags", "Leave a reply" ([`SECTION_LABELS`]).
/// What the box holds goes with its heading, whatever it looks like: teasers with
/// summaries and a "【详细】" link read as prose, one by one. The heading is the box's first
/// element (alone in a box of its own or not), and the box holds neither the story
/// ([`holds_story`]) nor half of the page's paragraphs. A heading over a section of the
/// story ("Story highlights", "Contents": [`STORY_SECTION_LABELS`]) names none of these.
/// Where the heading stands in the story's own box, it goes with a list of headlines right
/// under it ([`lists_headlines`]), and nothing else.
pub(super) fn drop_boxes_headed_as_elsewhere(doc: &Document, headings: &[NodeRef<'_>]) {
    let mut page_prose = None;
    for &h in headings {
        let lower = lowercase(&collapse(&h.text()));
        let label = lower.trim_matches(|c: char| !c.is_alphanumeric());
        // A label that opens with a list's ("More from The Gazette", "Mehr zum Thema") may
        // head a section of the story too: it goes only with linked headlines right under it.
        let section = SECTIONS.contains(label);
        let list_label = !section && is_list_label(label);
        if !section && !list_label {
            continue;
        }
        let mut head = h;
        while let Some(p) = head.parent().filter(|p| p.element_children().len() == 1 && !holds_story(p)) {
            head = p;
        }
        if list_label {
            let linked = |l: &NodeRef<'_>| lists_headlines(l) && l.element_children().iter().all(is_all_link);
            if let Some(list) = head.next_element_sibling().filter(linked) {
                list.remove_from_parent();
                head.remove_from_parent();
            }
            continue;
        }
        let Some(b) = head.parent() else { continue };
        let opens = b.element_children().first().is_some_and(|f| f.id == head.id);
        if !opens
            || b.element_children().len() < 2
            || matches!(b.node_name().as_deref(), Some("body" | "html" | "main" | "article"))
            || holds_story(&b)
        {
            // Set in the story's own box, the heading goes with the list of headlines right
            // under it ("Meistgelesen" over an `<ol>` of other stories, linked or not).
            if let Some(list) = head.next_element_sibling().filter(lists_headlines) {
                list.remove_from_parent();
                head.remove_from_parent();
            }
            continue;
        }
        let prose = |e: &NodeRef<'_>| within(e, "p").iter().map(text_chars).sum::<usize>();
        let whole = *page_prose.get_or_insert_with(|| prose(&doc.root()));
        if prose(&b) * 2 < whole {
            b.remove_from_parent();
        }
    }
}

/// Whether an element is a list of headlines: a `<ul>` or `<ol>` of two items or more, or
/// of one that is all a link, each a line of at most fifteen words, none holding a
/// paragraph or a list of its own.
fn lists_headlines(list: &NodeRef<'_>) -> bool {
    let items = list.element_children();
    (list.has_name("ul") || list.has_name("ol"))
        && (items.len() >= 2 || items.first().is_some_and(is_all_link))
        && items.iter().all(|li| {
            let words = collapse(&li.text()).split_whitespace().count();
            li.has_name("li")
                && (1..=15).contains(&words)
                && !li.descendants_it().any(|d| d.has_name("p") || d.has_name("ul") || d.has_name("ol"))
        })
}

/// Whether a block holds the story: the `<h1>`, an `<article>` or the marked article body.
fn holds_story(e: &NodeRef<'_>) -> bool {
    e.descendants_it().chain(std::iter::once(*e)).any(|d| {
        is_headline_or_body(&d)
            || d.has_name("article")
            || attr(&d, "class").is_some_and(|c| c.split_whitespace().any(|t| t == "entry-content"))
    })
}

/// Whether an element is the `<h1>` or the body marked `itemprop="articleBody"`.
fn is_headline_or_body(d: &NodeRef<'_>) -> bool {
    d.has_name("h1") || attr(d, "itemprop").is_some_and(|p| p.split_whitespace().any(|t| t == "articleBody"))
}

/// Whether a (lowercase) heading names readers' comments, a count beside it or not.
fn names_comments(heading: &str) -> bool {
    static NAMES: Labels = Labels::new(concat!(
        "comments\n",
        "comment\n",
        "responses\n",
        "replies\n",
        "reader comments\n",
        "readers' comments\n",
        "readers comments\n",
        "user comments\n",
        "kommentare\n",
        "leserkommentare\n",
        "commentaires\n",
        "réactions\n",
        "comentarios\n",
        "commenti\n",
        "reacties\n",
        "komentarze\n",
        "комментарии\n",
        "коментарі\n",
        "评论\n",
        "网友评论\n",
        "コメント\n",
        "댓글\n",
        "التعليقات\n",
        "yorumlar\n",
        "comentários\n",
        "kommentarer\n",
        "kommentit\n",
        "hozzászólások\n",
        "komentáře\n",
        "σχόλια\n",
        "bình luận\n",
        "komentar\n",
        "תגובות\n",
        "टिप्पणियाँ\n",
    ));
    // "5 thoughts on “Title”", "One response to “Title”".
    const ABOUT: [&str; 8] = [
        "thoughts on",
        "thought on",
        "responses to",
        "response to",
        "replies to",
        "reply to",
        "comments on",
        "comment on",
    ];
    let label = heading.trim_matches(|c: char| !c.is_alphabetic());
    let label = label.strip_prefix("one ").unwrap_or(label);
    NAMES.contains(label) || ABOUT.iter().any(|a| opens_with_words(label, a))
}

/// Class words of a box of other stories: related, recommended, most read, read more, and
/// the recommendation widgets.
static OTHER_STORIES: ClassWords = ClassWords::new(
    &[
        "related",
        "recommend",
        "mostread",
        "mostpopular",
        "readmore",
        "outbrain",
        "taboola",
        "relacionad",
        "correlat",
        "verwandt",
        "gerelateerd",
    ],
    &[],
);

/// Class words of a share bar.
static SHARING: ClassWords = ClassWords::new(&["share", "sharing", "social", "partag", "comparti"], &[]);

/// Class words of the other boxes about something else: a promotion, newsletter or
/// subscription box, an author box or byline, an advertisement, readers' comments.
static ELSEWHERE: ClassWords = ClassWords::new(
    &[
        "promo",
        "newsletter",
        "subscri",
        "author",
        "byline",
        "advert",
        "sponsor",
        "auteur",
        "autor",
        "abonn",
        "suscri",
        "abbona",
        "publicit",
        "pubblicit",
        "werbung",
    ],
    &["ad", "ads", "bio", "comment", "comments", "anzeige", "yazar"],
);

/// A box beside the story about something else, whose images are not the story's: a
/// related, recommended or most-read list, a promotion, newsletter or subscription box, a
/// share bar, an author box or byline, an advertisement, readers' comments (their
/// avatars) (the words of its `class`, as [`is_beside_article`] reads them, in English
/// and in the other languages it knows them in).
pub(super) fn is_box_about_something_else(class: &str) -> bool {
    let words = class_words(class);
    [&OTHER_STORIES, &SHARING, &ELSEWHERE].iter().any(|w| w.any_in(&words))
}

/// Whether `img` in a box named for something else ([`is_box_about_something_else`]) is
/// that box's, not the story's. Two such names may frame the story's own picture: a box
/// named for other stories that links to no page holds none (`hmedia related-media` round
/// the story's photo and its caption), and a box named for sharing round a picture whose
/// markup declares a story's size frames that picture with its share buttons
/// (`contenedor_fotonoticia_compartir`): share buttons are icons.
pub(super) fn box_holds_something_else(b: &NodeRef<'_>, class: &str, img: &NodeRef<'_>) -> bool {
    const STORY_PICTURE: (u32, u32) = (400, 200);
    let words = class_words(class);
    let links_away = || {
        b.descendants_it().any(|d| {
            d.has_name("a")
                && attr(&d, "href").is_some_and(|h| {
                    let h = h.trim();
                    !h.is_empty() && !h.starts_with('#') && !h.to_ascii_lowercase().starts_with("javascript:")
                })
        })
    };
    let story_sized = || declared_size(img).is_some_and(|(w, h)| w >= STORY_PICTURE.0 && h >= STORY_PICTURE.1);
    ELSEWHERE.any_in(&words)
        || (OTHER_STORIES.any_in(&words) && links_away())
        || (SHARING.any_in(&words) && !story_sized())
}

/// Whether a box frames one picture and nothing else of note: one image, a caption's
/// worth of text at most, and no link to another page. An `<aside>` in the story that is
/// so holds the story's own photo (`<aside class="single-photo">` with its caption), not
/// another story's.
pub(super) fn frames_one_picture(b: &NodeRef<'_>, base: Option<&Url>, page: Option<&Url>) -> bool {
    const CAPTION_CHARS: usize = 300;
    let mut images = 0;
    for d in b.descendants_it() {
        if d.has_name("img") && !d.ancestors_it(None).take_while(|a| a.id != b.id).any(|a| a.has_name("noscript")) {
            images += 1;
        }
        if images > 1 || (d.has_name("a") && goes_to_another_page(&d, base, page).is_some()) {
            return false;
        }
    }
    images == 1 && text_chars(b) <= CAPTION_CHARS
}

/// The declarations of an element's `style`, each property and value trimmed and in lower
/// case, `!important` left out.
fn style_declarations(e: &NodeRef<'_>) -> Vec<(String, String)> {
    let style = attr(e, "style").unwrap_or_default().to_ascii_lowercase();
    style
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(p, v)| (p.trim().to_owned(), v.trim().trim_end_matches("!important").trim().to_owned()))
        .collect()
}

/// Whether an element's own markup hides it from a reader, as Readability reads it: the
/// `hidden` attribute, or `display: none` or `visibility: hidden` in its style.
fn hidden_by_markup(e: &NodeRef<'_>) -> bool {
    e.has_attr("hidden")
        || (attr(e, "style").is_some()
            && style_declarations(e).iter().any(|(p, v)| match p.as_str() {
                "display" => v == "none",
                "visibility" => v == "hidden",
                _ => false,
            }))
}

/// The link round an image (up to three levels above it) and the page it goes to, where
/// that is another page: not an image file (its own, larger) nor this page.
pub(super) fn link_to_another_page<'a>(
    img: &NodeRef<'a>,
    base: Option<&Url>,
    page: Option<&Url>,
) -> Option<(NodeRef<'a>, String)> {
    let link = img.ancestors_it(Some(3)).find(|a| a.has_name("a"))?;
    let to = goes_to_another_page(&link, base, page)?;
    Some((link, to))
}

/// The page a link goes to, where that is another page: not an image file nor this page
/// (`page`, at any of its fragments).
pub(super) fn goes_to_another_page(link: &NodeRef<'_>, base: Option<&Url>, page: Option<&Url>) -> Option<String> {
    let to = link_target(link, base)?;
    let this_page = page.is_some_and(|p| to.split('#').next() == Some(&p[..url::Position::AfterQuery]));
    (!names_an_image_file(&to) && !this_page).then_some(to)
}

/// Where a link goes, resolved: none for an empty one or one within the page (`#top`).
fn link_target(a: &NodeRef<'_>, base: Option<&Url>) -> Option<String> {
    let href = attr(a, "href")?;
    let href = href.trim();
    if href.is_empty() || href.starts_with('#') {
        return None;
    }
    Some(resolve(base, href).unwrap_or_else(|| href.to_owned()))
}

/// A body image that stands for another page, as a teaser for another story does: it links
/// ([`link_to_another_page`]) to a page that a headline beside it (in the same box, up to
/// three levels above the link) links to as well, or its link holds that headline
/// (`<a href=…><img><div>Headline</div></a>`).
pub(super) fn is_teaser_image(img: &NodeRef<'_>, base: Option<&Url>, page: Option<&Url>) -> bool {
    let Some((link, to)) = link_to_another_page(img, base, page) else {
        return false;
    };
    // The link that holds the image holds the other story's headline too.
    if collapse(&text(&link)).chars().count() >= 4 {
        return true;
    }
    // A teaser's box is small; a headline further than this many nodes into a wrapper is
    // not beside the image (and a listing's hundred images do not each walk the page). The
    // boxes round the link are asked nearest first: the third may be a layout table's row
    // whose first cell, the story, holds more nodes than that.
    link.ancestors_it(Some(3)).any(|teaser_box| {
        teaser_box.descendants_it().take(80).any(|a| {
            a.has_name("a")
                && a.id != link.id
                && link_target(&a, base).as_deref() == Some(to.as_str())
                && collapse(&text(&a)).chars().count() >= 4
        })
    })
}

/// A writer's picture by the byline, whatever its box's class says (`css-au`): an image
/// within three levels of a link to the writer's page (`/authors/jane-doe`, `/autor/…`,
/// `rel="author"`), in boxes of a byline's length (a name and a role, 120 characters at
/// most). A story's picture sits beside its paragraphs, not in so short a box. What else
/// may share a short box with a link to a writer's page is no headshot: a picture set
/// under the headline with the byline (a box that holds a heading), one whose caption
/// links to the photographer's page ("Photo: <a href=/staff/jo-bloggs>Jo Bloggs</a>"; a
/// `<figure>`, a box whose words credit a picture), one that declares a story's width
/// (300 pixels or more; a headshot is small).
pub(super) fn is_author_picture(img: &NodeRef<'_>) -> bool {
    const MAX_CHARS: usize = 120;
    const CREDITS: [&str; 7] = ["photo", "foto", "image", "picture", "credit", "bild", "©"];
    const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];
    if declared_size(img).is_some_and(|(w, _)| w >= 300) {
        return false;
    }
    img.ancestors_it(Some(3))
        .take_while(|a| {
            !a.has_name("figure")
                && text_chars(a) <= MAX_CHARS
                && !a.descendants_it().any(|d| HEADINGS.iter().any(|h| d.has_name(h)))
        })
        .filter(|a| {
            let words = a.text().to_lowercase();
            !CREDITS.iter().any(|c| words.contains(c))
        })
        .any(|a| a.descendants_it().any(|d| d.has_name("a") && links_to_writer(&d)))
}

/// Whether a link goes to a writer's page: `rel="author"`, or a path with a writer's
/// folder and the writer's name after it (`/authors/jane-doe`, `/by/jane-doe`,
/// `/autor/jana-mueller/`, a company blog's `/team/jane-doe` or `/people/jane-doe`).
fn links_to_writer(a: &NodeRef<'_>) -> bool {
    static FOLDERS: Labels = Labels::new(concat!(
        "author\n",
        "authors\n",
        "autor\n",
        "autores\n",
        "autoren\n",
        "auteur\n",
        "auteurs\n",
        "autore\n",
        "autori\n",
        "journalist\n",
        "journalists\n",
        "journalisten\n",
        "reporter\n",
        "reporters\n",
        "staff\n",
        "profile\n",
        "profiles\n",
        "contributor\n",
        "contributors\n",
        "columnist\n",
        "columnists\n",
        "writer\n",
        "writers\n",
        "team\n",
        "people\n",
        "by\n",
    ));
    if attr(a, "rel").is_some_and(|r| r.split_whitespace().any(|w| w.eq_ignore_ascii_case("author"))) {
        return true;
    }
    let Some(href) = attr(a, "href") else { return false };
    let path = href.split(['?', '#']).next().unwrap_or_default();
    let path = path.split_once("://").map_or(path, |(_, rest)| rest.split_once('/').map_or("", |(_, p)| p));
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    segments.windows(2).any(|w| FOLDERS.iter().any(|f| w[0].eq_ignore_ascii_case(f)))
}

/// The block that holds the most paragraph text of a page: the parent of its `<p>`s with the
/// most characters between them (the story's body, on a page that marks it no other way).
pub(super) fn paragraphs_block<'a>(doc: &'a Document) -> Option<NodeRef<'a>> {
    paragraphs_block_of(all(doc, "p"))
}

/// [`paragraphs_block`] of these `<p>` elements.
pub(super) fn paragraphs_block_of(paragraphs: Vec<NodeRef<'_>>) -> Option<NodeRef<'_>> {
    let mut held: crate::parse::Map<dom_query::NodeId, (NodeRef<'_>, usize)> = Default::default();
    for p in paragraphs {
        if let Some(parent) = p.parent() {
            held.entry(parent.id).or_insert((parent, 0)).1 += paragraph_chars(&p);
        }
    }
    held.into_values().max_by_key(|(_, n)| *n).map(|(block, _)| block)
}

/// An image that says of itself that it is decoration, or that a reader never sees: its
/// class names its role (`avatar`, `site-logo`, `icon`, `wp-smiley`, `qrcode`) or hides it at
/// a desktop's width ([`crate::parse::hidden::hides`]), its `alt` is a logo's, an avatar's, a
/// QR code's or an ad's label ("CNN logo", "头像", "二维码", "Anzeige"), or its own size or
/// style is nothing (`width="0"`, `style="width:0"`, `display:none`). (A block round it
/// that hides it is furniture.)
pub(super) fn says_decorative(img: &NodeRef<'_>) -> bool {
    const ROLES: [&str; 10] =
        ["avatar", "logo", "icon", "emoji", "emoticon", "smiley", "qrcode", "sprite", "spacer", "badge"];
    static DECORATIVE: ClassWords = ClassWords::new(&ROLES, &["qr"]);
    let role =
        attr(img, "class").is_some_and(|c| DECORATIVE.any_in(&class_words(&c)) || crate::parse::hidden::hides(&c));
    // Set to no size, or not shown, by its own attributes: a preloaded or tracking image.
    // (A size of nothing that a minimum overrides is a layout's: Next.js sets its
    // responsive images to `width:0;height:0;min-width:100%;min-height:100%`.)
    let style = style_declarations(img);
    let declared = |p: &str| style.iter().find(|(q, _)| q == p).map(|(_, v)| v.as_str());
    let nothing = |v: Option<&str>| v.is_some_and(|v| matches!(v, "0" | "0px"));
    let zero = |side: &str, min: &str| nothing(declared(side)) && declared(min).is_none_or(|m| nothing(Some(m)));
    // A side of nothing beside one of a picture's size leaves it to the picture's shape
    // (`width="570" height="0"`).
    let side = |a: &str| attr(img, a).and_then(|v| v.trim().trim_end_matches("px").parse::<u32>().ok());
    let no_side = |a: &str, other: &str| side(a) == Some(0) && side(other).is_none_or(|o| o < 100);
    let unseen = hidden_by_markup(img)
        || zero("width", "min-width")
        || zero("height", "min-height")
        || no_side("width", "height")
        || no_side("height", "width");
    let alt = attr(img, "alt").map(|a| collapse(&a).to_lowercase()).unwrap_or_default();
    let alt_words: Vec<&str> = alt.split_whitespace().collect();
    let alt_says = ["二维码", "二維碼", "qr code", "qrcode"].iter().any(|q| alt.contains(q))
        || ["头像", "頭像", "avatar", "icon", "logo"].contains(&alt.as_str())
        || (alt_words.len() <= 3 && alt_words.last() == Some(&"logo"))
        || ADS.contains(alt.trim_matches(|c: char| !c.is_alphanumeric()));
    role || alt_says || unseen
}

/// Class words to look for: words that open one (`starts`) and words that are one
/// (`whole`: short words such as `ad`, which would otherwise match `address`).
pub(super) struct ClassWords {
    starts: &'static [&'static str],
    whole: &'static [&'static str],
    /// Both, filed by their first byte when first asked, each marked whether it is whole:
    /// this is asked of every block of a container, with a hundred words and openings.
    by_first: std::sync::OnceLock<Vec<Vec<(&'static str, bool)>>>,
}

impl ClassWords {
    pub(super) const fn new(starts: &'static [&'static str], whole: &'static [&'static str]) -> Self {
        Self { starts, whole, by_first: std::sync::OnceLock::new() }
    }

    /// Whether one of a class's `words` starts with one of the openings or is one of the
    /// whole words.
    pub(super) fn any_in(&self, words: &ClassWordList) -> bool {
        let by_first = self.by_first.get_or_init(|| {
            let mut by_first = vec![Vec::new(); 256];
            let all = self.starts.iter().map(|s| (*s, false)).chain(self.whole.iter().map(|w| (*w, true)));
            for (word, whole) in all {
                if let Some(&first) = word.as_bytes().first() {
                    by_first[usize::from(first)].push((word, whole));
                }
            }
            by_first
        });
        words.iter().any(|w| {
            w.as_bytes().first().is_some_and(|&first| {
                by_first[usize::from(first)].iter().any(|&(s, whole)| if whole { s == w } else { w.starts_with(s) })
            })
        })
    }
}

/// A `<figure>` that shows an image or a video: its words are a caption or a credit, with
/// or without a `<figcaption>`. A figure that holds a table, code or a quotation is read.
pub(super) fn is_media_figure(e: &NodeRef<'_>) -> bool {
    if !e.has_name("figure") {
        return false;
    }
    let (mut media, mut read) = (false, false);
    for d in e.descendants_it() {
        media |= d.has_name("img") || d.has_name("picture") || d.has_name("video");
        read |= d.has_name("table") || d.has_name("pre") || d.has_name("code") || d.has_name("blockquote");
    }
    media && !read
}

/// The attributes a page names its components in, beside `class`: the names a
/// component-built site gives them for its scripts and tests (`data-testid="byline"`,
/// `data-component="tag-list"`, `data-qa="share-tools"`).
const COMPONENT_ATTRIBUTES: [&str; 6] =
    ["data-testid", "data-test-id", "data-component", "data-component-name", "data-qa", "data-module"];

/// What an element is named by: its class and its component names
/// ([`COMPONENT_ATTRIBUTES`]), one after the other; `None` when it has none.
pub(super) fn component_names(e: &NodeRef<'_>) -> Option<String> {
    // One look at the attributes: this is asked of every block of a container.
    e.query_or(None, |node| {
        let mut names: Option<String> = None;
        for a in node.as_element()?.attrs.iter() {
            let name: &str = &a.name.local;
            if name == "class" || COMPONENT_ATTRIBUTES.contains(&name) {
                let all = names.get_or_insert_with(String::new);
                all.push(' ');
                all.push_str(&a.value);
            }
        }
        names
    })
}

/// The words of a class attribute, lower case: split at every non-alphanumeric character
/// and where camel case starts a word (`cnnArticleGalleryCaption` → cnn, article, gallery,
/// caption).
pub(super) fn class_words(class: &str) -> ClassWordList {
    // One copy of the class in lower case (ASCII: the same bytes at the same places), and
    // where each word lies in it: this is asked of every block of a container.
    // A word is a run of ASCII letters and digits, cut before a capital that follows a
    // small letter or a digit.
    let b = class.as_bytes();
    let cut = |i: usize| b[i].is_ascii_uppercase() && (b[i - 1].is_ascii_lowercase() || b[i - 1].is_ascii_digit());
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < b.len() && b[i].is_ascii_alphanumeric() && !cut(i) {
            i += 1;
        }
        spans.push(start..i);
    }
    ClassWordList { lower: class.to_ascii_lowercase(), spans }
}

/// A class's words ([`class_words`]), in order.
pub(super) struct ClassWordList {
    lower: String,
    spans: Vec<std::ops::Range<usize>>,
}

impl ClassWordList {
    pub(super) fn get(&self, i: usize) -> Option<&str> {
        self.spans.get(i).map(|s| &self.lower[s.clone()])
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &str> {
        self.spans.iter().map(|s| &self.lower[s.clone()])
    }

    /// Each word and the word after it.
    pub(super) fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.iter().zip(self.iter().skip(1))
    }
}

/// A list of links and nothing else (more stories, editions, follow us): two or more
/// items, each of them all link text. Old portals set such a list as a table, a row an
/// item, under a row that names it ("相关新闻", then "·<a>…</a> 2024-07-10" a row). A list
/// of addresses (a link whose text is its URL) cites sources and stays.
pub(super) fn is_link_list(e: &NodeRef<'_>) -> bool {
    let mut items: Vec<NodeRef<'_>> = if e.has_name("ul") || e.has_name("ol") {
        e.element_children().into_iter().filter(|c| c.has_name("li")).collect()
    } else if e.has_name("table") {
        table_rows(e)
    } else {
        return false;
    };
    // A table's first row may be the list's heading ("相关新闻"): a label of a few words.
    if e.has_name("table")
        && let Some(first) = items.first()
        && first.element_children().len() == 1
        && !first.descendants_it().any(|d| d.has_name("a"))
        && collapse(&first.text()).split_whitespace().count() <= 5
        && text_chars(first) <= 30
    {
        items.remove(0);
    }
    // A row is an item when one of its cells holds all its links and the others nothing
    // or a date ("2024-07-10"): a data table's row links from more cells than one, or from
    // none, or says something beside its link (`//` beside "line comment").
    let one_linked_cell = |row: &NodeRef<'_>| {
        let (linking, rest): (Vec<NodeRef<'_>>, Vec<NodeRef<'_>>) =
            row.element_children().into_iter().partition(|c| c.descendants_it().any(|d| d.has_name("a")));
        let dated = |c: &NodeRef<'_>| {
            let text = c.text();
            let trimmed = text.trim();
            trimmed.is_empty()
                || (trimmed.starts_with(|ch: char| ch.is_ascii_digit())
                    && trimmed.chars().all(|ch| ch.is_ascii_digit() || ch.is_whitespace() || "-./:年月日".contains(ch)))
        };
        linking.len() == 1 && rest.iter().all(dated)
    };
    // Separators between links ("Home | About | Contact") are not words of their own.
    items.len() >= 2
        && items.iter().all(|li| {
            if li.has_name("tr") && !one_linked_cell(li) {
                return false;
            }
            let text = collapse(&li.text());
            !cites(&text) && links_hold(li, &text)
        })
}

/// Whether an element holds text and nine tenths of its letters or more are links' text.
fn is_all_link(e: &NodeRef<'_>) -> bool {
    links_hold(e, &collapse(&e.text()))
}

/// [`is_all_link`], given the element's collapsed text.
fn links_hold(e: &NodeRef<'_>, text: &str) -> bool {
    let linked: usize = e.descendants_it().filter(|d| d.has_name("a")).map(|a| letters(&a.text())).sum();
    !text.is_empty() && linked * 10 >= letters(text) * 9
}

/// The rows of a table, in its body or not, not those of a table inside it.
fn table_rows<'a>(table: &NodeRef<'a>) -> Vec<NodeRef<'a>> {
    table
        .element_children()
        .into_iter()
        .flat_map(|c| if c.has_name("tr") { vec![c] } else { c.element_children() })
        .filter(|r| r.has_name("tr"))
        .collect()
}

/// A list of links to other sites whose items say something of their own, as a
/// changelog's bugs or a story's sources do ("Bug 1677080 – Fullscreen PiP window is
/// affected by switching video source"): every link off the site, four words an item or
/// more. A list of the site's other stories, or of the networks to follow it on, is beside
/// the story.
fn cites_other_sites(list: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    const ITEM_WORDS: usize = 4;
    links_only_elsewhere(list, around)
        && list.element_children().iter().all(|li| collapse(&li.text()).split_whitespace().count() >= ITEM_WORDS)
}

/// Whether a block has links and every one goes to another site (not the page's, nor
/// the site's it names as its own).
fn links_only_elsewhere(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    let Some(page) = around.page else { return false };
    let elsewhere = |a: &NodeRef<'_>| {
        attr(a, "href").and_then(|h| page.join(h.trim()).ok()).is_some_and(|to| {
            matches!(to.scheme(), "http" | "https")
                && !on_site(&to, page)
                && around.site.as_ref().is_none_or(|site| !on_site(&to, site))
        })
    };
    let links: Vec<NodeRef<'_>> = e.descendants_it().filter(|d| d.has_name("a")).collect();
    !links.is_empty() && links.iter().all(elsewhere)
}

/// A line of links alone in the story that sends the reader to another site in words of
/// its own ("Hier geht's zur Facebook Veranstaltung", "Read the council's report"), between
/// the story's paragraphs: where the story points, not a teaser for another of the site's
/// stories. Four words or more, none a button's or a section's label.
fn points_elsewhere_in_the_story(e: &NodeRef<'_>, around: &Around<'_, '_>) -> bool {
    const WORDS: usize = 4;
    // A paragraph of the story's before it, and a line of text after it.
    let paragraph = |n: Option<NodeRef<'_>>, chars: usize| {
        n.is_some_and(|n| {
            let own = paragraph_chars(&n);
            n.has_name("p") && own >= chars && linked_chars(&n) * 2 < own
        })
    };
    let text = collapse(&e.text());
    let label = lowercase(&text);
    let label = label.trim_matches(|c: char| !c.is_alphanumeric());
    text.split_whitespace().count() >= WORDS
        && !SECTIONS.contains(label)
        && !STORY_SECTIONS.contains(label)
        && !BUTTONS.contains(label)
        && paragraph(e.prev_element_sibling(), 80)
        && paragraph(e.next_element_sibling(), 1)
        && links_only_elsewhere(e, around)
}

/// A layout table's column of links beside the article: a menu in a cell
/// (`<td><a>Home</a><br><a>News</a><br>…`) whose row has a cell with three times its
/// text or more. Readability flattens layout tables, so such a menu would be left as loose
/// links at the top of the story. Three links or more, none an address, and three quarters
/// of its letters linked or at most forty not (a heading over the links and an ad's label:
/// "Most Emailed", "Advertisement"). (A data table's cell, an infobox's, has no such
/// neighbour.)
pub(super) fn is_link_column(e: &NodeRef<'_>) -> bool {
    // Letters a column may hold outside its links, whatever its length.
    const LABELS: usize = 40;
    if !e.has_name("td") {
        return false;
    }
    let links: Vec<NodeRef<'_>> = e.descendants_it().filter(|d| d.has_name("a")).collect();
    if links.len() < 3 || links.iter().any(|a| cites(&collapse(&a.text()))) {
        return false;
    }
    let own = letters(&e.text());
    let linked: usize = links.iter().map(|a| letters(&a.text())).sum();
    let beside_article = e
        .parent()
        .into_iter()
        .flat_map(|row| row.element_children())
        .any(|cell| cell.id != e.id && cell.has_name("td") && letters(&cell.text()) >= 3 * own.max(100));
    linked > 0 && (linked * 4 >= own * 3 || own.saturating_sub(linked) <= LABELS) && beside_article
}

/// A paragraph (or a box of inline elements only) that only points elsewhere: links,
/// after at most a short label ("Read more:", "Related:"), and short, as a teaser for
/// another story is; or links after a label that says so, however short the links
/// ("<strong>Zobacz także:</strong> <a>…</a>", "Udostępnij: Facebook Twitter": a
/// section's label or a button's, [`SECTION_LABELS`], [`BUTTON_LABELS`]).
pub(super) fn is_link_line(e: &NodeRef<'_>) -> bool {
    // A paragraph, or a box written as one: a `<div>` or `<section>` of inline elements only
    // (`<section class="catcher"><span>Lire aussi :</span> <a>…</a></section>`).
    let paragraph = e.has_name("p") || ((e.has_name("div") || e.has_name("section")) && holds_only_inline(e));
    if !paragraph {
        return false;
    }
    // The links first: most paragraphs have none, and their text is not built.
    let linked = linked_chars(e);
    if linked == 0 {
        return false;
    }
    let text = collapse(&e.text());
    let chars = text.chars().count();
    // An e-mail address is the story's address to write to ("tips@news.test"), not a
    // pointer to another story.
    if chars > 200 || cites(&text) || text.split_whitespace().any(is_email) {
        return false;
    }
    let label_words =
        e.children_it(false).filter(|c| c.is_text()).map(|c| c.text().split_whitespace().count()).sum::<usize>();
    (label_words <= 3 && linked * 3 >= chars * 2) || {
        // The words outside the links, as a label alone on its line reads.
        let mut unlinked = String::new();
        for d in e.descendants_it() {
            if d.is_text() && !d.ancestors_it(None).take_while(|a| a.id != e.id).any(|a| a.has_name("a")) {
                unlinked.push_str(&d.text());
                unlinked.push(' ');
            }
        }
        let lower = lowercase(&collapse(&unlinked));
        let label = lower.trim_matches(|c: char| !c.is_alphanumeric());
        !label.is_empty() && (SECTIONS.contains(label) || STORY_SECTIONS.contains(label) || BUTTONS.contains(label))
    }
}

/// How many characters of an element's text, collapsed, are link text.
pub(super) fn linked_chars(e: &NodeRef<'_>) -> usize {
    e.descendants_it().filter(|d| d.has_name("a")).map(|a| collapsed_chars(&a.text())).sum()
}

/// How many letters a text has (numbers and separators between links are no words of their own).
pub(super) fn letters(s: &str) -> usize {
    s.chars().filter(|c| c.is_alphabetic()).count()
}

/// Text that is an address (a cited source), not a link's words.
pub(super) fn cites(text: &str) -> bool {
    text.contains("://") || text.starts_with("www.")
}
