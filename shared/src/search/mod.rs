//! The full-text index of page records: one tantivy index per year (the year the page was
//! processed), and search over them.
//!
//! Title and text are fields of their own, analysed once per page: split on anything not
//! a letter or digit (Chinese, Japanese and Korean into overlapping character pairs: see
//! [`WordTokenizer`]), lowercased, accents folded to ASCII, and stemmed in the page's
//! language where tantivy ships a stemmer for it (`title_en`, `text_de`…; plain `title`
//! and `text` otherwise). A query is analysed for each of those fields the index holds,
//! every word required. Words get no weight for
//! the HTML tags they sat in: a record carries no markup. The title field is boosted
//! [`TITLE_BOOST`]×, a documented choice: a page whose title names the words is usually
//! about them. The URL key is the delete term.
//!
//! On disk a year is `<root>/<year>/`: each build writes a fresh generation directory
//! (`g<millis>`), merged to one segment, and then switches the year's `current` file to it
//! with an atomic rename, so a reader opens either the old index or the new one, never half
//! of one. The generation before is kept (a reader may still have it open); older ones are
//! removed.

mod words;

use std::path::{Path, PathBuf};

use tantivy::collector::TopDocs;
use tantivy::schema::{Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::{AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, Stemmer, TextAnalyzer};
use tantivy::{Index, IndexWriter, TantivyDocument, Term};
pub use words::{WordTokenizer, is_cjk};

use crate::model::PageRecord;

/// How much more a word in the title counts than one in the text.
pub const TITLE_BOOST: f32 = 2.0;
/// Longest token kept, in bytes (longer ones are noise: hashes, base64, run-on CJK text).
const MAX_TOKEN: usize = 40;
/// The writer's memory budget.
const WRITER_MEMORY: usize = 50_000_000;
/// The folded analyser's name.
const FOLDED: &str = "fh_folded";
/// Characters in a snippet.
const SNIPPET_CHARS: usize = 200;

/// The languages tantivy stems, by their ISO 639-1 code.
const STEMMED: [(&str, Language); 18] = [
    ("ar", Language::Arabic),
    ("da", Language::Danish),
    ("nl", Language::Dutch),
    ("en", Language::English),
    ("fi", Language::Finnish),
    ("fr", Language::French),
    ("de", Language::German),
    ("el", Language::Greek),
    ("hu", Language::Hungarian),
    ("it", Language::Italian),
    ("no", Language::Norwegian),
    ("pt", Language::Portuguese),
    ("ro", Language::Romanian),
    ("ru", Language::Russian),
    ("es", Language::Spanish),
    ("sv", Language::Swedish),
    ("ta", Language::Tamil),
    ("tr", Language::Turkish),
];

/// Errors of the index.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// tantivy failed.
    #[error("index: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// A file of the index could not be read or written.
    #[error("index files at {path}: {source}")]
    Io {
        /// Where.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No index has been built for the year asked for.
    #[error("no index for {0}: run `feedhound index`")]
    NoIndex(i32),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SearchError + '_ {
    move |source| SearchError::Io { path: path.to_owned(), source }
}

/// The fields of the schema.
#[derive(Clone, Debug)]
struct Fields {
    key: Field,
    url: Field,
    host: Field,
    site: Field,
    published: Field,
    lang: Field,
    image: Field,
    /// The title and text as shown (stored, not searched).
    shown_title: Field,
    shown_text: Field,
    /// Searched, folded: pages in a language without a stemmer.
    title: Field,
    text: Field,
    /// `(language code, title field, text field)`: searched, stemmed.
    stemmed: Vec<(&'static str, Field, Field)>,
}

impl Fields {
    /// The searched title and text fields of a page in `lang`.
    fn analysed(&self, lang: Option<&str>) -> (Field, Field) {
        stem_code(lang)
            .and_then(|code| self.stemmed.iter().find(|(c, _, _)| *c == code))
            .map_or((self.title, self.text), |(_, title, text)| (*title, *text))
    }
}

/// The schema; the text is stored (for snippets) when `store_text`. Each page's title and
/// text are searched through one analysis only (stemmed in its language, or folded), so
/// the index holds them once.
fn schema(store_text: bool) -> (Schema, Fields) {
    let mut b = Schema::builder();
    let analysed = |tokenizer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(tokenizer)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
    };
    let key = b.add_text_field("key", STRING | STORED);
    let url = b.add_text_field("url", STORED);
    let host = b.add_text_field("host", STRING | STORED);
    let site = b.add_text_field("site", STORED);
    let published = b.add_text_field("published", STORED);
    let lang = b.add_text_field("lang", STRING | STORED);
    let image = b.add_text_field("image", STORED);
    let shown_title = b.add_text_field("shown_title", STORED);
    let shown_text = b.add_text_field(
        "shown_text",
        if store_text { TextOptions::default().set_stored() } else { TextOptions::default() },
    );
    let title = b.add_text_field("title", analysed(FOLDED));
    let text = b.add_text_field("text", analysed(FOLDED));
    let stemmed = STEMMED
        .iter()
        .map(|(code, _)| {
            let analyser = format!("fh_stem_{code}");
            (
                *code,
                b.add_text_field(&format!("title_{code}"), analysed(&analyser)),
                b.add_text_field(&format!("text_{code}"), analysed(&analyser)),
            )
        })
        .collect();
    let fields = Fields { key, url, host, site, published, lang, image, shown_title, shown_text, title, text, stemmed };
    (b.build(), fields)
}

/// Analysers are not stored with an index: every open registers them. The stemmed ones
/// fold accents before stemming, on the page and in the query alike, so `cafe` finds
/// `Café` and `bucher` finds `Bücher` in any language.
fn register_analysers(index: &Index) {
    let base = || TextAnalyzer::builder(WordTokenizer::default()).filter(RemoveLongFilter::limit(MAX_TOKEN));
    index.tokenizers().register(FOLDED, base().filter(LowerCaser).filter(AsciiFoldingFilter).build());
    for (code, language) in STEMMED {
        index.tokenizers().register(
            &format!("fh_stem_{code}"),
            base().filter(LowerCaser).filter(AsciiFoldingFilter).filter(Stemmer::new(language)).build(),
        );
    }
}

/// The stemmed language of a language tag (`en-GB` → `en`), if tantivy has its stemmer.
fn stem_code(lang: Option<&str>) -> Option<&'static str> {
    let primary = lang?.split(['-', '_']).next()?.trim().to_ascii_lowercase();
    let primary = if primary == "nb" || primary == "nn" { "no".to_owned() } else { primary };
    STEMMED.iter().map(|(c, _)| *c).find(|c| *c == primary)
}

fn document(f: &Fields, r: &PageRecord) -> TantivyDocument {
    let mut d = TantivyDocument::default();
    d.add_text(f.key, r.key.as_str());
    d.add_text(f.url, r.canonical.as_deref().unwrap_or(&r.url));
    d.add_text(f.host, r.host.as_str());
    if let Some(s) = &r.site_name {
        d.add_text(f.site, s);
    }
    if let Some(p) = &r.published {
        d.add_text(f.published, p);
    }
    if let Some(l) = &r.lang {
        d.add_text(f.lang, l);
    }
    if let Some(i) = &r.image {
        d.add_text(f.image, &i.url);
    }
    d.add_text(f.shown_title, &r.title);
    d.add_text(f.shown_text, &r.text);
    let (title, text) = f.analysed(r.lang.as_deref());
    d.add_text(title, &r.title);
    d.add_text(text, &r.text);
    d
}

/// The file in a generation directory naming the searched fields that hold anything (a
/// query is parsed over those only: a query over all 38 took ten times as long).
const SEARCHED_FILE: &str = "searched.json";
/// The file in a generation directory listing the record locations it holds.
const RECORDS_FILE: &str = "records.json";

/// What a build made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// The year.
    pub year: i32,
    /// Pages in the index now.
    pub documents: u64,
    /// Records added (or replaced) by this build.
    pub added: u64,
    /// URL keys deleted by this build (an update's).
    pub removed: u64,
    /// Bytes of the index on disk.
    pub bytes: u64,
    /// The generation directory now current.
    pub generation: String,
}

/// The indexes of every year, under one directory.
#[derive(Clone, Debug)]
pub struct YearIndexes {
    root: PathBuf,
    store_text: bool,
}

impl YearIndexes {
    /// The indexes under `root` (created when the first one is built).
    #[must_use]
    pub fn new(root: &Path) -> Self {
        Self { root: root.to_owned(), store_text: true }
    }

    /// Whether builds store each page's text (for snippets; on by default). Without it an
    /// index is smaller and its hits carry no snippet.
    #[must_use]
    pub fn storing_text(mut self, store_text: bool) -> Self {
        self.store_text = store_text;
        self
    }

    fn year_dir(&self, year: i32) -> PathBuf {
        self.root.join(year.to_string())
    }

    /// The years that have an index, oldest first.
    ///
    /// # Errors
    /// [`SearchError::Io`] when the directory cannot be read.
    pub fn years(&self) -> Result<Vec<i32>, SearchError> {
        let mut years = Vec::new();
        let entries = match std::fs::read_dir(&self.root) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(years),
            Err(e) => return Err(io(&self.root)(e)),
        };
        for entry in entries.flatten() {
            if let Some(year) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok())
                && entry.path().join("current").is_file()
            {
                years.push(year);
            }
        }
        years.sort_unstable();
        Ok(years)
    }

    /// Build `year`'s index from `records` as a new generation and make it current.
    /// `stamp` names the generation (a time in milliseconds; a later build must pass a
    /// larger one). `locations` are the records' page-store locations, kept with the index
    /// so that a later [`YearIndexes::update`] knows what it holds.
    ///
    /// # Errors
    /// [`SearchError`] when the index cannot be written; the current one is then untouched.
    pub fn build(
        &self,
        year: i32,
        stamp: i64,
        records: impl IntoIterator<Item = PageRecord>,
        locations: &[String],
    ) -> Result<BuildReport, SearchError> {
        self.write_generation(year, stamp, None, records, &[], locations)
    }

    /// The record locations `year`'s current index holds (`None`: no index, or one built
    /// without the list).
    ///
    /// # Errors
    /// [`SearchError::Io`] when the index's files cannot be read.
    pub fn indexed_locations(&self, year: i32) -> Result<Option<Vec<String>>, SearchError> {
        let Some(dir) = self.current_dir(year)? else { return Ok(None) };
        match std::fs::read(dir.join(RECORDS_FILE)) {
            Ok(b) => Ok(serde_json::from_slice(&b).ok()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(&dir)(e)),
        }
    }

    /// Update `year`'s current index into a new generation: `removed` URL keys deleted,
    /// `added` records added (replacing any with the same key), segments merged by tantivy's
    /// log merge policy; then switched in as [`YearIndexes::build`] does. The generation it
    /// starts from is not modified (its files are shared by hard links where the file system
    /// allows, and tantivy never rewrites a file). Without a current index, this builds one.
    ///
    /// # Errors
    /// [`SearchError`] when the index cannot be written; the current one is then untouched.
    pub fn update(
        &self,
        year: i32,
        stamp: i64,
        added: impl IntoIterator<Item = PageRecord>,
        removed: &[String],
        locations: &[String],
    ) -> Result<BuildReport, SearchError> {
        let base = self.current_dir(year)?;
        self.write_generation(year, stamp, base.as_deref(), added, removed, locations)
    }

    fn current_dir(&self, year: i32) -> Result<Option<PathBuf>, SearchError> {
        let year_dir = self.year_dir(year);
        let pointer = year_dir.join("current");
        match std::fs::read_to_string(&pointer) {
            Ok(g) => Ok(Some(year_dir.join(g.trim()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(&pointer)(e)),
        }
    }

    fn write_generation(
        &self,
        year: i32,
        stamp: i64,
        base: Option<&Path>,
        records: impl IntoIterator<Item = PageRecord>,
        removed: &[String],
        locations: &[String],
    ) -> Result<BuildReport, SearchError> {
        let year_dir = self.year_dir(year);
        let generation = format!("g{stamp:015}");
        let dir = year_dir.join(&generation);
        if base == Some(dir.as_path()) {
            return Err(io(&dir)(std::io::Error::other("a new generation needs a later stamp")));
        }
        if dir.exists() {
            std::fs::remove_dir_all(&dir).map_err(io(&dir))?;
        }
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        let (schema, fields) = schema(self.store_text);
        let mut searched: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        let index = match base {
            None => Index::create_in_dir(&dir, schema)?,
            Some(base) => {
                for entry in std::fs::read_dir(base).map_err(io(base))?.flatten() {
                    let name = entry.file_name();
                    if name.to_str().is_some_and(|n| n.starts_with(".tantivy-") && n.ends_with(".lock")) {
                        continue;
                    }
                    let to = dir.join(&name);
                    if std::fs::hard_link(entry.path(), &to).is_err() {
                        std::fs::copy(entry.path(), &to).map_err(io(&to))?;
                    }
                }
                if let Ok(b) = std::fs::read(dir.join(SEARCHED_FILE)) {
                    searched.extend(serde_json::from_slice::<Vec<String>>(&b).unwrap_or_default());
                }
                Index::open_in_dir(&dir)?
            }
        };
        register_analysers(&index);
        let mut writer: IndexWriter = index.writer(WRITER_MEMORY)?;
        if base.is_none() {
            // One explicit merge to a single segment at the end, rather than background
            // merges racing it.
            writer.set_merge_policy(Box::new(tantivy::merge_policy::NoMergePolicy));
        }
        if !removed.is_empty() {
            writer.delete_query(Box::new(KeysQuery { field: fields.key, keys: removed.to_vec() }))?;
        }
        let (mut added, removed) = (0, removed.len() as u64);
        let schema = index.schema();
        for r in records {
            // One record per URL key, whatever the caller passes.
            writer.delete_query(Box::new(KeysQuery { field: fields.key, keys: vec![r.key.as_str().to_owned()] }))?;
            writer.add_document(document(&fields, &r))?;
            let (title, text) = fields.analysed(r.lang.as_deref());
            searched.insert(schema.get_field_name(title).to_owned());
            searched.insert(schema.get_field_name(text).to_owned());
            added += 1;
        }
        writer.commit()?;
        for (file, body) in
            [(SEARCHED_FILE, serde_json::to_vec(&searched)), (RECORDS_FILE, serde_json::to_vec(locations))]
        {
            let path = dir.join(file);
            // The copy shared with the base generation is replaced, never written through.
            let _ = std::fs::remove_file(&path);
            std::fs::write(&path, body.unwrap_or_default()).map_err(io(&path))?;
        }
        if base.is_none() {
            let segments = index.searchable_segment_ids()?;
            if segments.len() > 1 {
                writer.merge(&segments).wait()?;
            }
        }
        writer.wait_merging_threads()?;
        let documents = index.reader()?.searcher().num_docs();
        let bytes = dir_size(&dir)?;
        // The switch: `current` is replaced by a rename, atomic on one file system.
        let pointer = year_dir.join("current");
        let temporary = year_dir.join(format!("current.{generation}.tmp"));
        std::fs::write(&temporary, &generation).map_err(io(&temporary))?;
        std::fs::rename(&temporary, &pointer).map_err(io(&pointer))?;
        self.remove_old_generations(&year_dir, &generation)?;
        Ok(BuildReport { year, documents, added, removed, bytes, generation })
    }

    /// Keep the current generation and the one before it; remove the rest.
    fn remove_old_generations(&self, year_dir: &Path, current: &str) -> Result<(), SearchError> {
        let mut generations: Vec<String> = std::fs::read_dir(year_dir)
            .map_err(io(year_dir))?
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|n| n.starts_with('g') && n.as_str() < current)
            .collect();
        generations.sort();
        generations.pop();
        for old in generations {
            let path = year_dir.join(old);
            std::fs::remove_dir_all(&path).map_err(io(&path))?;
        }
        Ok(())
    }

    /// The name of `year`'s current generation (`None`: no index).
    ///
    /// # Errors
    /// [`SearchError::Io`] when the pointer cannot be read.
    pub fn current_generation(&self, year: i32) -> Result<Option<String>, SearchError> {
        Ok(self.current_dir(year)?.and_then(|d| d.file_name().and_then(|n| n.to_str()).map(str::to_owned)))
    }

    /// `year`'s current generation as one bundle (a tar of its files), with its name: what
    /// is published for readers elsewhere.
    ///
    /// # Errors
    /// [`SearchError::NoIndex`] when the year has none; [`SearchError::Io`] when it cannot be read.
    pub fn pack(&self, year: i32) -> Result<(String, Vec<u8>), SearchError> {
        let dir = self.current_dir(year)?.ok_or(SearchError::NoIndex(year))?;
        let generation = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let mut bundle = tar::Builder::new(Vec::new());
        let mut names: Vec<_> = std::fs::read_dir(&dir).map_err(io(&dir))?.flatten().map(|e| e.file_name()).collect();
        names.sort();
        for name in names {
            let Some(n) = name.to_str() else { continue };
            if n.starts_with(".tantivy-") && n.ends_with(".lock") {
                continue;
            }
            let path = dir.join(n);
            bundle.append_path_with_name(&path, n).map_err(io(&path))?;
        }
        let bytes = bundle.into_inner().map_err(io(&dir))?;
        Ok((generation, bytes))
    }

    /// Make a bundle made by [`YearIndexes::pack`] `year`'s current index here, as the
    /// generation `generation`, switched in by the same atomic rename as a build (older
    /// generations removed but the one before). A bundle with anything but plain file
    /// names in it is refused.
    ///
    /// # Errors
    /// [`SearchError::Io`] when the bundle is not a tar of plain files or cannot be written.
    pub fn install(&self, year: i32, generation: &str, bundle: &[u8]) -> Result<(), SearchError> {
        let plain = |n: &str| !n.is_empty() && !n.contains(['/', '\\', '\0']) && n != "." && n != "..";
        if !plain(generation) || !generation.starts_with('g') {
            return Err(io(Path::new(generation))(std::io::Error::other("not a generation name")));
        }
        let year_dir = self.year_dir(year);
        let dir = year_dir.join(generation);
        let staging = year_dir.join(format!("{generation}.unpacking"));
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging).map_err(io(&staging))?;
        let mut archive = tar::Archive::new(bundle);
        for entry in archive.entries().map_err(io(&staging))? {
            let mut entry = entry.map_err(io(&staging))?;
            let name = entry.path().map_err(io(&staging))?.to_string_lossy().into_owned();
            if !plain(&name) || !entry.header().entry_type().is_file() {
                return Err(io(&staging)(std::io::Error::other(format!("bundle entry {name:?} is not a plain file"))));
            }
            let to = staging.join(&name);
            let mut file = std::fs::File::create(&to).map_err(io(&to))?;
            std::io::copy(&mut entry, &mut file).map_err(io(&to))?;
        }
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(&staging, &dir).map_err(io(&dir))?;
        let pointer = year_dir.join("current");
        let temporary = year_dir.join(format!("current.{generation}.tmp"));
        std::fs::write(&temporary, generation).map_err(io(&temporary))?;
        std::fs::rename(&temporary, &pointer).map_err(io(&pointer))?;
        self.remove_old_generations(&year_dir, generation)
    }

    /// Open `year`'s current index for any number of searches.
    ///
    /// # Errors
    /// [`SearchError::NoIndex`] when the year has none; [`SearchError`] when it cannot be read.
    pub fn open(&self, year: i32) -> Result<OpenYear, SearchError> {
        let dir = self.current_dir(year)?.ok_or(SearchError::NoIndex(year))?;
        let index = Index::open_in_dir(&dir)?;
        register_analysers(&index);
        let searcher = index.reader()?.searcher();
        let fields = schema(true).1;
        let all = || {
            let mut all = vec![fields.title, fields.text];
            all.extend(fields.stemmed.iter().flat_map(|(_, t, x)| [*t, *x]));
            all
        };
        // Built by an earlier version or unreadable: search every field.
        let searched = std::fs::read(dir.join(SEARCHED_FILE))
            .ok()
            .and_then(|b| serde_json::from_slice::<Vec<String>>(&b).ok())
            .map(|names| names.iter().filter_map(|n| index.schema().get_field(n).ok()).collect::<Vec<_>>())
            .filter(|f| !f.is_empty())
            .unwrap_or_else(all);
        Ok(OpenYear { year, index, searcher, fields, searched })
    }

    /// Search `years` (every indexed year when empty) for `query`, every word required;
    /// the best `limit` hits, best first.
    ///
    /// # Errors
    /// [`SearchError`] when an index cannot be opened or read.
    pub fn search(&self, query: &str, years: &[i32], limit: usize) -> Result<Vec<Hit>, SearchError> {
        let years = if years.is_empty() { self.years()? } else { years.to_vec() };
        let mut hits = Vec::new();
        for year in years {
            hits.extend(self.search_year(year, query, limit)?);
        }
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.truncate(limit);
        Ok(hits)
    }

    fn search_year(&self, year: i32, query: &str, limit: usize) -> Result<Vec<Hit>, SearchError> {
        self.open(year)?.search(query, limit)
    }
}

/// One year's index, open.
pub struct OpenYear {
    year: i32,
    index: Index,
    searcher: tantivy::Searcher,
    fields: Fields,
    /// The searched fields that hold anything.
    searched: Vec<Field>,
}

impl std::fmt::Debug for OpenYear {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenYear").field("year", &self.year).finish_non_exhaustive()
    }
}

impl OpenYear {
    /// Pages in this index.
    #[must_use]
    pub fn documents(&self) -> u64 {
        self.searcher.num_docs()
    }

    /// The query a person's words make: each word (or "quoted phrase") must be in the title
    /// or the text, as any searched field's analysis reads it; a word that analysis cuts in
    /// several (`e-mail`, Chinese, Japanese and Korean pairs) must be there as a phrase; a
    /// `-word` must not be. Titles count [`TITLE_BOOST`] times. Nothing is query syntax, so
    /// nothing fails to parse (tantivy's query parser, with its grammar and its regex,
    /// fuzzy and range queries, is left out of the search function).
    fn parse(&self, query: &str) -> Box<dyn tantivy::query::Query> {
        use tantivy::query::{BooleanQuery, BoostQuery, EmptyQuery, Occur, PhraseQuery, Query, TermQuery};
        let boosted = |f: Field| f == self.fields.title || self.fields.stemmed.iter().any(|(_, title, _)| *title == f);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (occur, chunk) in query_chunks(query) {
            let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for &field in &self.searched {
                let Ok(mut analyser) = self.index.tokenizer_for_field(field) else { continue };
                let mut terms: Vec<(usize, Term)> = Vec::new();
                let mut stream = analyser.token_stream(chunk);
                while let Some(token) = stream.next() {
                    terms.push((token.position, Term::from_field_text(field, &token.text)));
                }
                let q: Box<dyn Query> = match terms.len() {
                    0 => continue,
                    1 => Box::new(TermQuery::new(terms.remove(0).1, IndexRecordOption::WithFreqs)),
                    _ => Box::new(PhraseQuery::new_with_offset(terms)),
                };
                alternatives
                    .push((Occur::Should, if boosted(field) { Box::new(BoostQuery::new(q, TITLE_BOOST)) } else { q }));
            }
            if !alternatives.is_empty() {
                clauses.push((occur, Box::new(BooleanQuery::new(alternatives))));
            }
        }
        if !clauses.iter().any(|(o, _)| *o == Occur::Must) {
            return Box::new(EmptyQuery);
        }
        Box::new(BooleanQuery::new(clauses))
    }

    /// The scores of the best `limit` pages for `query`, best first: the ranking alone,
    /// without reading the pages' stored fields or making snippets.
    ///
    /// # Errors
    /// [`SearchError`] when the index cannot be read.
    pub fn rank(&self, query: &str, limit: usize) -> Result<Vec<f32>, SearchError> {
        let query = self.parse(query);
        let top = self.searcher.search(&query, &TopDocs::with_limit(limit.max(1)).order_by_score())?;
        Ok(top.into_iter().map(|(score, _)| score).collect())
    }

    /// The best `limit` pages for `query`, every word required, best first.
    ///
    /// # Errors
    /// [`SearchError`] when the index cannot be read.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<Hit>, SearchError> {
        let (index, fields, year) = (&self.index, &self.fields, self.year);
        let query = self.parse(query);
        let searcher = &self.searcher;
        let top = searcher.search(&query, &TopDocs::with_limit(limit.max(1)).order_by_score())?;
        // The query's words as each searched text field analysed them, for the snippets.
        let mut words: std::collections::HashMap<Field, std::collections::BTreeMap<String, f32>> =
            std::collections::HashMap::new();
        query.query_terms(&mut |term, _| {
            if let Some(t) = term.value().as_str() {
                words.entry(term.field()).or_default().insert(t.to_owned(), 1.0);
            }
        });
        let mut analysers: std::collections::HashMap<Field, TextAnalyzer> = std::collections::HashMap::new();
        let mut hits = Vec::with_capacity(top.len());
        for (score, address) in top {
            let doc: TantivyDocument = searcher.doc(address)?;
            let text = |f: Field| doc.get_first(f).and_then(|v| v.as_str()).map(str::to_owned);
            let lang = text(fields.lang);
            let (_, analysed_text) = fields.analysed(lang.as_deref());
            let analyser = match analysers.get(&analysed_text) {
                Some(a) => a.clone(),
                None => {
                    let a = index.tokenizer_for_field(analysed_text)?;
                    analysers.insert(analysed_text, a.clone());
                    a
                }
            };
            let generator = SnippetGenerator::new(
                words.get(&analysed_text).cloned().unwrap_or_default(),
                analyser,
                analysed_text,
                SNIPPET_CHARS,
            );
            let snippet = generator.snippet(text(fields.shown_text).as_deref().unwrap_or_default());
            let fragment = snippet.fragment();
            let matched: Vec<String> =
                snippet.highlighted().iter().filter_map(|r| fragment.get(r.clone()).map(str::to_owned)).collect();
            hits.push(Hit {
                score,
                year,
                key: text(fields.key).unwrap_or_default(),
                url: text(fields.url).unwrap_or_default(),
                title: text(fields.shown_title).unwrap_or_default(),
                host: text(fields.host).unwrap_or_default(),
                site: text(fields.site),
                published: text(fields.published),
                lang,
                image: text(fields.image),
                snippet: fragment.to_owned(),
                matched,
                highlighted: snippet.highlighted().to_vec(),
            });
        }
        Ok(hits)
    }
}

/// The documents whose URL key is one of `keys`: what an update deletes.
///
/// tantivy's `TermQuery` does the same for one key; this query exists for the indexer's
/// size. Every `dyn Query` carries its `Debug`, and `TermQuery`'s prints its term through
/// tantivy's facet escaping, a regex: in the indexer, which runs no query, that was the one
/// use of the regex engine and its Unicode tables (about 0.5 MB of the bootstrap).
#[derive(Clone)]
struct KeysQuery {
    field: Field,
    keys: Vec<String>,
}

impl std::fmt::Debug for KeysQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeysQuery({} keys)", self.keys.len())
    }
}

impl tantivy::query::Query for KeysQuery {
    fn weight(&self, _: tantivy::query::EnableScoring<'_>) -> tantivy::Result<Box<dyn tantivy::query::Weight>> {
        Ok(Box::new(self.clone()))
    }
}

impl tantivy::query::Weight for KeysQuery {
    fn scorer(
        &self,
        reader: &tantivy::SegmentReader,
        boost: tantivy::Score,
    ) -> tantivy::Result<Box<dyn tantivy::query::Scorer>> {
        use tantivy::DocSet;
        let inverted = reader.inverted_index(self.field)?;
        let mut docs = tantivy::BitSet::with_max_value(reader.max_doc());
        for key in &self.keys {
            let term = Term::from_field_text(self.field, key);
            if let Some(mut postings) = inverted.read_postings(&term, IndexRecordOption::Basic)? {
                let mut doc = postings.doc();
                while doc != tantivy::TERMINATED {
                    docs.insert(doc);
                    doc = postings.advance();
                }
            }
        }
        Ok(Box::new(tantivy::query::ConstScorer::new(tantivy::query::BitSetDocSet::from(docs), boost)))
    }

    fn explain(&self, _: &tantivy::SegmentReader, doc: tantivy::DocId) -> tantivy::Result<tantivy::query::Explanation> {
        Err(tantivy::TantivyError::InvalidArgument(format!("a key deletion explains no score (document {doc})")))
    }
}

/// A query's parts as a person means them: words and "quoted phrases", each required, or
/// excluded when written with a leading `-`. Everything else is text (an unclosed quote
/// runs to the end).
fn query_chunks(query: &str) -> Vec<(tantivy::query::Occur, &str)> {
    use tantivy::query::Occur;
    let mut out = Vec::new();
    let mut rest = query.trim_start();
    while !rest.is_empty() {
        let (occur, body) = match rest.strip_prefix('-') {
            Some(b) if !b.starts_with(char::is_whitespace) && !b.is_empty() => (Occur::MustNot, b),
            _ => (Occur::Must, rest.strip_prefix('+').unwrap_or(rest)),
        };
        let (chunk, after) = match body.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => body.split_once(char::is_whitespace).unwrap_or((body, "")),
        };
        if !chunk.trim().is_empty() {
            out.push((occur, chunk));
        }
        rest = after.trim_start();
    }
    out
}

fn dir_size(dir: &Path) -> Result<u64, SearchError> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).map_err(io(dir))?.flatten() {
        total += entry.metadata().map_err(io(&entry.path()))?.len();
    }
    Ok(total)
}

/// One search result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Hit {
    /// Relevance (BM25), higher is better.
    pub score: f32,
    /// The year's index it came from.
    pub year: i32,
    /// The page's URL key.
    pub key: String,
    /// The page's URL (canonical where it names one).
    pub url: String,
    /// Title.
    pub title: String,
    /// Host.
    pub host: String,
    /// Site name.
    pub site: Option<String>,
    /// Published date as the page states it.
    pub published: Option<String>,
    /// Language tag.
    pub lang: Option<String>,
    /// Main image URL.
    pub image: Option<String>,
    /// A passage of the text around the matched words.
    pub snippet: String,
    /// The words of the snippet that matched, in order.
    pub matched: Vec<String>,
    /// Where they are in `snippet` (byte ranges).
    #[serde(skip)]
    pub highlighted: Vec<std::ops::Range<usize>>,
}

impl Hit {
    /// Where the `matched` words are in `snippet`, found again in order: for a hit read
    /// back from JSON, which carries the words but not their places.
    #[must_use]
    pub fn locate_matched(mut self) -> Self {
        let mut at = 0;
        self.highlighted.clear();
        for word in &self.matched {
            if let Some(i) = self.snippet.get(at..).and_then(|rest| rest.find(word.as_str())) {
                self.highlighted.push(at + i..at + i + word.len());
                at += i + word.len();
            }
        }
        self
    }

    /// The snippet with each matched word between `open` and `close`.
    #[must_use]
    pub fn marked_snippet(&self, open: &str, close: &str) -> String {
        let mut out = String::with_capacity(self.snippet.len() + 8 * self.highlighted.len());
        let mut at = 0;
        for r in &self.highlighted {
            if r.start < at || self.snippet.get(r.clone()).is_none() {
                continue;
            }
            out.push_str(&self.snippet[at..r.start]);
            out.push_str(open);
            out.push_str(&self.snippet[r.clone()]);
            out.push_str(close);
            at = r.end;
        }
        out.push_str(self.snippet.get(at..).unwrap_or_default());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::page_record as record;

    fn corpus() -> Vec<PageRecord> {
        vec![
            record(
                "https://a.test/running",
                "Notes from the track",
                "The runners were running in the rain while the coach timed every lap.",
                Some("en-GB"),
            ),
            record(
                "https://b.test/kaffee",
                "Ein Besuch im Café",
                "Wir tranken Kaffee in einem kleinen Café am Marktplatz und sprachen über Bücher.",
                Some("de"),
            ),
            record(
                "https://c.test/lighthouse",
                "The lighthouse keeper",
                "A keeper lived alone at the lighthouse and wrote about the sea and the track of ships.",
                None,
            ),
        ]
    }

    /// The corpus indexed as 2026, in a directory that lives as long as the first value.
    fn indexed_corpus() -> (tempfile::TempDir, YearIndexes) {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        idx.build(2026, 1, corpus(), &[]).unwrap();
        (dir, idx)
    }

    fn urls(hits: &[Hit]) -> Vec<&str> {
        hits.iter().map(|h| h.url.as_str()).collect()
    }

    #[test]
    fn words_only_one_text_contains_find_that_page_with_a_snippet() {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        let report = idx.build(2026, 1, corpus(), &[]).unwrap();
        assert_eq!(report.documents, 3);
        let hits = idx.search("coach lap", &[], 10).unwrap();
        assert_eq!(urls(&hits), ["https://a.test/running"]);
        let hit = &hits[0];
        assert_eq!(hit.title, "Notes from the track");
        assert_eq!(hit.site.as_deref(), Some("Example"));
        assert_eq!(hit.published.as_deref(), Some("2026-05-01T10:00:00Z"));
        assert!(hit.score > 0.0);
        assert_eq!(hit.matched, ["coach", "lap"], "{hit:?}");
        assert!(hit.marked_snippet("[", "]").contains("[coach] timed every [lap]"), "{hit:?}");
        // Every word is required.
        assert!(idx.search("coach lighthouse", &[], 10).unwrap().is_empty());
    }

    #[test]
    fn the_page_language_stems_and_accents_fold() {
        let (_dir, idx) = indexed_corpus();
        // English stemming: "runs" and "running" share the stem "run".
        let hits = idx.search("runs", &[], 10).unwrap();
        assert_eq!(urls(&hits), ["https://a.test/running"]);
        assert_eq!(hits[0].matched, ["running"], "the stemmed match is highlighted: {:?}", hits[0]);
        // German stemming and folding: "Bücher" → "Buch"; "cafe" finds "Café".
        assert_eq!(urls(&idx.search("buch", &[], 10).unwrap()), ["https://b.test/kaffee"]);
        assert_eq!(urls(&idx.search("cafe", &[], 10).unwrap()), ["https://b.test/kaffee"]);
        // No language: no stemming, exact (folded) words only.
        assert!(idx.search("keepers", &[], 10).unwrap().is_empty());
        assert_eq!(urls(&idx.search("keeper", &[], 10).unwrap()), ["https://c.test/lighthouse"]);
    }

    #[test]
    fn chinese_japanese_and_korean_are_found_by_words_written_without_spaces() {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        let pages = vec![
            record(
                "https://jp.test/tokyo",
                "東京の天気",
                "今日の東京の天気は晴れです。明日も晴れるでしょう。",
                Some("ja"),
            ),
            record(
                "https://jp.test/osaka",
                "大阪の天気",
                "今日の大阪の天気は雨です。傘を忘れないでください。",
                Some("ja"),
            ),
            record(
                "https://cn.test/beijing",
                "北京大学",
                "北京大学位于北京市海淀区，是一所著名的大学。",
                Some("zh-CN"),
            ),
            record("https://kr.test/seoul", "서울의 날씨", "오늘 서울의 날씨는 맑습니다.", None),
        ];
        idx.build(2026, 1, pages, &[]).unwrap();
        let found = |q: &str| {
            let hits = idx.search(q, &[], 10).unwrap();
            let mut u: Vec<String> = hits.iter().map(|h| h.url.clone()).collect();
            u.sort();
            u
        };
        assert_eq!(found("東京"), ["https://jp.test/tokyo"]);
        assert_eq!(found("天気"), ["https://jp.test/osaka", "https://jp.test/tokyo"]);
        assert_eq!(found("晴れ"), ["https://jp.test/tokyo"]);
        assert!(found("東京 雨").is_empty(), "every word required");
        assert_eq!(found("海淀区"), ["https://cn.test/beijing"], "a three-character word: its pairs in order");
        assert!(found("淀海").is_empty(), "the pairs of a word must be adjacent, in order");
        assert_eq!(found("서울"), ["https://kr.test/seoul"]);
        let hit = &idx.search("晴れ", &[], 1).unwrap()[0];
        assert!(hit.snippet.contains("晴れ") && !hit.matched.is_empty(), "{hit:?}");
    }

    #[test]
    fn a_word_in_the_title_ranks_above_the_same_word_in_the_text() {
        let (_dir, idx) = indexed_corpus();
        // "track" is the title of a.test and in the text of c.test (both unstemmed forms).
        let hits = idx.search("track", &[], 10).unwrap();
        assert_eq!(urls(&hits), ["https://a.test/running", "https://c.test/lighthouse"], "{hits:?}");
    }

    #[test]
    fn a_rebuild_replaces_the_index_and_drops_removed_pages() {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        assert!(matches!(idx.search("keeper", &[2026], 10), Err(SearchError::NoIndex(2026))));
        idx.build(2026, 1, corpus(), &[]).unwrap();
        let mut fewer = corpus();
        fewer.retain(|r| !r.url.contains("lighthouse"));
        idx.build(2026, 2, fewer.clone(), &[]).unwrap();
        assert!(idx.search("keeper", &[], 10).unwrap().is_empty(), "the removed page is gone");
        assert_eq!(idx.search("coach", &[], 10).unwrap().len(), 1);
        // A third build: the generation before the current one is kept, older ones removed.
        idx.build(2026, 3, fewer, &[]).unwrap();
        let mut generations: Vec<String> = std::fs::read_dir(dir.path().join("2026"))
            .unwrap()
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|n| n.starts_with('g'))
            .collect();
        generations.sort();
        assert_eq!(generations, ["g000000000000002", "g000000000000003"]);
        assert_eq!(idx.years().unwrap(), [2026]);
    }

    #[test]
    fn an_update_adds_and_deletes_without_touching_the_generation_it_starts_from() {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        let mut all = corpus();
        let later = all.pop().unwrap();
        let first = idx.build(2026, 1, all.clone(), &["a".into(), "b".into()]).unwrap();
        assert_eq!((first.documents, first.added), (2, 2));
        assert_eq!(idx.indexed_locations(2026).unwrap().unwrap(), ["a", "b"]);
        let removed = all[0].key.to_string();
        let second = idx.update(2026, 2, [later], &[removed], &["b".into(), "c".into()]).unwrap();
        assert_eq!((second.documents, second.added, second.removed), (2, 1, 1), "{second:?}");
        assert_eq!(idx.indexed_locations(2026).unwrap().unwrap(), ["b", "c"]);
        assert_eq!(urls(&idx.search("keeper", &[], 10).unwrap()), ["https://c.test/lighthouse"], "added");
        assert!(idx.search("coach", &[], 10).unwrap().is_empty(), "deleted");
        assert_eq!(urls(&idx.search("cafe", &[], 10).unwrap()), ["https://b.test/kaffee"], "kept");
        // The generation it started from still holds what it held (readers may have it open).
        let old = Index::open_in_dir(dir.path().join("2026").join(&first.generation)).unwrap();
        assert_eq!(old.reader().unwrap().searcher().num_docs(), 2);
        let old_locations: Vec<String> = serde_json::from_slice(
            &std::fs::read(dir.path().join("2026").join(&first.generation).join(RECORDS_FILE)).unwrap(),
        )
        .unwrap();
        assert_eq!(old_locations, ["a", "b"]);
        // An update of a year without an index builds one.
        let built = idx.update(2024, 1, corpus(), &[], &[]).unwrap();
        assert_eq!(built.documents, 3);
    }

    #[test]
    fn years_are_searched_together_and_apart() {
        let dir = tempfile::tempdir().unwrap();
        let idx = YearIndexes::new(dir.path());
        let mut all = corpus();
        let old = all.pop().unwrap();
        idx.build(2026, 1, all, &[]).unwrap();
        idx.build(2025, 1, [old], &[]).unwrap();
        assert_eq!(idx.years().unwrap(), [2025, 2026]);
        let hits = idx.search("the", &[], 10).unwrap();
        assert_eq!(hits.len(), 2, "{hits:?}");
        assert_eq!(urls(&idx.search("keeper", &[2025], 10).unwrap()), ["https://c.test/lighthouse"]);
        assert!(idx.search("keeper", &[2026], 10).unwrap().is_empty());
    }

    #[test]
    fn query_syntax_users_do_not_mean_is_searched_as_words() {
        let (_dir, idx) = indexed_corpus();
        for q in ["coach:", "\"coach", "coach AND (", "title:", "((", "", "*", "-", "\"\"", "- -x"] {
            let _ = idx.search(q, &[], 10).unwrap();
        }
        assert_eq!(urls(&idx.search("Coach!", &[], 10).unwrap()), ["https://a.test/running"]);
        assert_eq!(urls(&idx.search("\"coach", &[], 10).unwrap()), ["https://a.test/running"], "an open quote");
        assert!(idx.search("-coach", &[], 10).unwrap().is_empty(), "only an exclusion finds nothing");
    }

    #[test]
    fn phrases_and_exclusions() {
        let (_dir, idx) = indexed_corpus();
        assert_eq!(urls(&idx.search("\"coach timed\"", &[], 10).unwrap()), ["https://a.test/running"]);
        assert!(idx.search("\"timed coach\"", &[], 10).unwrap().is_empty(), "a phrase keeps its order");
        assert!(idx.search("coach -rain", &[], 10).unwrap().is_empty(), "the page with the word excluded");
        assert_eq!(urls(&idx.search("coach -kaffee", &[], 10).unwrap()), ["https://a.test/running"]);
        use tantivy::query::Occur;
        assert_eq!(
            query_chunks(" +a  -b \"c d\" -\"e f\" - g\""),
            [
                (Occur::Must, "a"),
                (Occur::MustNot, "b"),
                (Occur::Must, "c d"),
                (Occur::MustNot, "e f"),
                (Occur::Must, "-"),
                (Occur::Must, "g\"")
            ]
        );
    }
}
