//! The word tokenizer of every analysed field: words are runs of letters and digits, as
//! tantivy's `SimpleTokenizer` splits them; but Chinese, Japanese and Korean text, written
//! without spaces between words, is cut into overlapping pairs of characters (bigrams; a
//! lone character is a token of its own), the dictionary-free method of Lucene's CJK
//! analyser. A query is cut the same way, and its pairs must be adjacent (a phrase), so
//! `東京都` finds pages with `東京都` and not pages that merely hold `東京` and `京都`
//! apart. Dictionary segmenters (jieba for Chinese, lindera for Japanese) cut better, one
//! language each, and their dictionaries would add megabytes to every bootstrap.

use std::iter::Peekable;
use std::str::CharIndices;

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Whether `c` belongs to a script written without spaces between words: Han ideographs,
/// kana, and Hangul.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF       // Hiragana, Katakana
        | 0x31F0..=0x31FF     // Katakana phonetic extensions
        | 0x3400..=0x4DBF     // CJK extension A
        | 0x4E00..=0x9FFF     // CJK unified ideographs
        | 0xF900..=0xFAFF     // CJK compatibility ideographs
        | 0xFF66..=0xFF9F     // half-width Katakana
        | 0x1100..=0x11FF     // Hangul Jamo
        | 0x3130..=0x318F     // Hangul compatibility Jamo
        | 0xAC00..=0xD7AF     // Hangul syllables
        | 0x20000..=0x2FA1F   // CJK extensions B–F, compatibility supplement
    )
}

/// See the module documentation.
#[derive(Clone, Debug, Default)]
pub struct WordTokenizer {
    token: Token,
}

/// The tokens of one text.
pub struct WordStream<'a> {
    text: &'a str,
    chars: Peekable<CharIndices<'a>>,
    token: &'a mut Token,
    /// Inside a run of CJK characters: the last one, and whether a pair was emitted yet.
    run: Option<((usize, char), bool)>,
}

impl std::fmt::Debug for WordStream<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordStream").field("token", &self.token).finish_non_exhaustive()
    }
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordStream<'a> {
        self.token.reset();
        WordStream { text, chars: text.char_indices().peekable(), token: &mut self.token, run: None }
    }
}

impl WordStream<'_> {
    fn emit(&mut self, from: usize, to: usize) -> bool {
        self.token.text.clear();
        self.token.text.push_str(&self.text[from..to]);
        self.token.offset_from = from;
        self.token.offset_to = to;
        self.token.position = self.token.position.wrapping_add(1);
        true
    }
}

impl TokenStream for WordStream<'_> {
    fn advance(&mut self) -> bool {
        loop {
            if let Some(((start, first), paired)) = self.run {
                match self.chars.peek().copied() {
                    Some((at, c)) if is_cjk(c) => {
                        self.chars.next();
                        self.run = Some(((at, c), true));
                        return self.emit(start, at + c.len_utf8());
                    }
                    _ => {
                        self.run = None;
                        if !paired {
                            return self.emit(start, start + first.len_utf8());
                        }
                        continue;
                    }
                }
            }
            let Some((from, c)) = self.chars.next() else { return false };
            if is_cjk(c) {
                self.run = Some(((from, c), false));
            } else if c.is_alphanumeric() {
                let mut to = from + c.len_utf8();
                while let Some((at, c)) = self.chars.peek().copied() {
                    if !c.is_alphanumeric() || is_cjk(c) {
                        break;
                    }
                    self.chars.next();
                    to = at + c.len_utf8();
                }
                return self.emit(from, to);
            }
        }
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(String, usize, usize, usize)> {
        let mut t = WordTokenizer::default();
        let mut stream = t.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            let k = stream.token();
            out.push((k.text.clone(), k.position, k.offset_from, k.offset_to));
        }
        out
    }

    fn texts(text: &str) -> Vec<String> {
        tokens(text).into_iter().map(|t| t.0).collect()
    }

    #[test]
    fn words_split_as_the_simple_tokenizer_does() {
        assert_eq!(texts("Hello, happy tax-payer! 42 café"), ["Hello", "happy", "tax", "payer", "42", "café"]);
        let t = tokens("a bc");
        assert_eq!(t, [("a".into(), 0, 0, 1), ("bc".into(), 1, 2, 4)]);
        assert!(texts(" ,.; ").is_empty());
    }

    #[test]
    fn cjk_runs_become_overlapping_pairs() {
        assert_eq!(texts("東京都庁"), ["東京", "京都", "都庁"]);
        assert_eq!(texts("私は東京へ"), ["私は", "は東", "東京", "京へ"]);
        assert_eq!(texts("한국어 처리"), ["한국", "국어", "처리"]);
        assert_eq!(texts("猫"), ["猫"], "a lone character is a token");
        assert_eq!(texts("Rust语言很快"), ["Rust", "语言", "言很", "很快"], "scripts split where they meet");
        assert_eq!(texts("北京, 上海。"), ["北京", "上海"]);
        let t = tokens("ab 東京都");
        assert_eq!(t[1], ("東京".into(), 1, 3, 9));
        assert_eq!(t[2], ("京都".into(), 2, 6, 12), "pairs take consecutive positions, for phrase queries");
    }
}
