//! Who made the story and its pictures: bylines, credits, agencies, notes on where a story was
//! first published or who paid for it, lines about the writer and how to reach them, names.

use super::*;

/// A photo credit's opening words.
pub(super) static CREDIT_OPENINGS: Labels = Labels::new(concat!(
    "featured image:\n",
    "feature image:\n",
    "header image:\n",
    "header image credit:\n",
    "cover photo by \n",
    "cover image by \n",
    "header image by \n",
    "top image:\n",
    "lead image:\n",
    "credit:\n",
    "image: \n",
    "story by \n",
    "words by \n",
    "text by \n",
    "photo by \n",
    "photos by \n",
    "photograph by \n",
    "photographs by \n",
    "photography by \n",
    "illustration by \n",
    "image by \n",
    "picture by \n",
    "photo: \n",
    "photos: \n",
    "photograph: \n",
    "illustration: \n",
    "photo credit\n",
    "photo courtesy\n",
    "photos courtesy\n",
    "image courtesy\n",
    "courtesy photo\n",
    "photo illustration by \n",
    "photo illustration: \n",
    "pictured: \n",
    "image credit\n",
    "picture credit\n",
    "foto: \n",
    "fotos: \n",
    "foto di \n",
    "foto de \n",
    "bild: \n",
    "crédit photo\n",
    "credito foto\n",
    "crédito foto\n",
    "crédito da foto\n",
    "créditos foto\n",
    "credit foto\n",
    "beeld: \n",
    "foto & beeld: \n",
    "bildquelle: \n",
    "bildnachweis: \n",
    // French sets a space before the colon; Russian, Polish, Turkish, Portuguese,
    // Hungarian and Greek credits.
    "photo : \n",
    "photos : \n",
    "illustration : \n",
    "crédits : \n",
    "фото:\n",
    "fot. \n",
    "zdjęcie: \n",
    "fotoğraf: \n",
    "imagem: \n",
    "fotó: \n",
    "kuva: \n",
    "φωτογραφία: \n",
    "ảnh: \n",
    "صورة: \n",
    "写真：\n",
    "사진=\n",
));
/// The label of a line that only names the story's source or its author ("Source: AFP",
/// "Quelle: dpa", "Źródło: PAP", "Kaynak: AA", "Автор: Иван Петров").
static SOURCE_LABELS: Labels = Labels::new(concat!(
    "source\n",
    "sources\n",
    "via\n",
    "quelle\n",
    "quellen\n",
    "fuente\n",
    "fuentes\n",
    "fonte\n",
    "fonti\n",
    "bron\n",
    "źródło\n",
    "kaynak\n",
    "zdroj\n",
    "forrás\n",
    "источник\n",
    "джерело\n",
    "author\n",
    "auteur\n",
    "autor\n",
    "autore\n",
    "автор\n",
    "yazar\n",
    "muhabir\n",
    // Who wrote and who edited it, as Indonesian and other newsrooms sign a story at its
    // end: "Penulis: Budi Santoso", "Editor: Siti Aminah", "Nguồn: TTXVN".
    "penulis\n",
    "pewarta\n",
    "wartawan\n",
    "redaktur\n",
    "editor\n",
    "reporter\n",
    "sumber\n",
    "nguồn\n",
    "tác giả\n",
    "redaktion\n",
    "redacción\n",
    "rédaction\n",
    "redactie\n",
    "mitarbeit\n",
    "edición\n",
    "edição\n",
    "reportagem\n",
    "opracowanie\n",
    "toimittaja\n",
    "toimitus\n",
    // The writer credited for the words, beside a photographer: "Text: Jana Müller".
    "text\n",
    "tekst\n",
    "texte\n",
    "texto\n",
    "testo\n",
    "published by\n",
    "edited by\n",
    "written by\n",
    "reported by\n",
    "translated by\n",
    "منبع\n",
    "ترجمه\n",
    "کد خبر\n",
    "المصدر\n",
    "ที่มา\n",
    "πηγή\n",
    "editör\n",
    "redaktör\n",
    "redaktor\n",
    "biên tập\n",
    "sursa\n",
    "sursă\n",
));
/// How a line in Chinese or Japanese opens when it is a caption, a credit or a note of the
/// story's provenance: "图注：…" and "图为…" (a caption), "原标题：…" (the headline the story
/// first ran under), "【责任编辑：…】" (the editor in charge), "来源：…", "写真：…". Such a
/// line is short and is never the story's prose, even when it ends as a sentence does.
pub(super) static CJK_CREDIT_OPENINGS: Labels = Labels::new(concat!(
    "图注\n",
    "圖註\n",
    "图为\n",
    "圖為\n",
    "图片来源\n",
    "写真はイメージ\n",
    "圖片來源\n",
    "图片：\n",
    "图：\n",
    "图/\n",
    "摄影\n",
    "攝影\n",
    "原标题\n",
    "原標題\n",
    "责任编辑\n",
    "責任編輯\n",
    "编辑：\n",
    "編輯：\n",
    "编辑:\n",
    "校对\n",
    "本文来源\n",
    "来源：\n",
    "來源：\n",
    "出品︱\n",
    "作者︱\n",
    "作者|\n",
    "作者｜\n",
    "编辑|\n",
    "编辑｜\n",
    "来源|\n",
    "来源｜\n",
    "作者：\n",
    "记者：\n",
    "記者：\n",
    "记者:\n",
    "写真：\n",
    "写真=\n",
    "撮影：\n",
    "撮影=\n",
    "責任編集\n",
    "编辑 \n",
    "编辑　\n",
    "采写：\n",
    "本文来自\n",
    "本文原标题\n",
    "原题为\n",
    "图片均来自\n",
    "图片来自网络\n",
    "责编\n",
    "責編\n",
    "通讯员\n",
    "通訊員\n",
    "信息来源\n",
    "资料来源\n",
    "資料來源\n",
    "综合整理自\n",
    "执笔/\n",
    "执笔：\n",
    "文/\n",
    "原创：\n",
    "原創：\n",
    "审核：\n",
    "審核：\n",
    "审核:\n",
));
/// The notice a site sets under its stories to keep their copyright, in the languages of
/// the web ("All rights reserved", "版权所有", "무단 전재 및 재배포 금지", "Alle Rechte
/// vorbehalten"), lower case.
pub(super) static RIGHTS_NOTICES: Phrases = Phrases::new(concat!(
    "all rights reserved\n",
    "alle rechte vorbehalten\n",
    "tous droits réservés\n",
    "bảo lưu mọi quyền\n",
    "todos los derechos reservados\n",
    "tutti i diritti riservati\n",
    "todos os direitos reservados\n",
    "alle rechten voorbehouden\n",
    "wszelkie prawa zastrzeżone\n",
    "všechna práva vyhrazena\n",
    "všetky práva vyhradené\n",
    "minden jog fenntartva\n",
    "toate drepturile rezervate\n",
    "tüm hakları saklıdır\n",
    "alla rättigheter förbehållna\n",
    "alle rettigheder forbeholdes\n",
    "alle rettigheter reservert\n",
    "kaikki oikeudet pidätetään\n",
    "все права защищены\n",
    "усі права захищені\n",
    "版权所有\n",
    "版權所有\n",
    "不得转载\n",
    "禁止转载\n",
    "無断転載\n",
    "무단 전재\n",
    "무단전재\n",
    "hak cipta dilindungi\n",
    "bản quyền thuộc về\n",
    "παντός δικαιώματος\n",
    "جميع الحقوق محفوظة\n",
    "כל הזכויות שמורות\n",
    "सर्वाधिकार सुरक्षित\n",
    "สงวนลิขสิทธิ์\n",
    // Reproduction forbidden, or allowed only with a link back.
    "kaynak gösterilmeden\n",
    "izinsiz kullanılamaz\n",
    "prohibida su reproducción\n",
    "reproduction interdite\n",
    "riproduzione riservata\n",
    "proibida a reprodução\n",
    "перепечатка запрещена\n",
    "использовании материалов\n",
    "may not be published, broadcast, rewritten or redistributed\n",
    // A portal's notice that it reprints others' stories, in English.
    "copyright of reprinted\n",
    "reprinted for the purpose of\n",
    "purpose of reprinting\n",
    "to see more, visit\n",
));
/// Picture agencies as credits name them ("REUTERS/Benoit Tessier", "AP Photo/Evan Vucci").
pub(super) static PICTURE_AGENCIES: Phrases = Phrases::new(concat!(
    "getty images\n",
    "ap photo\n",
    "shutterstock\n",
    "istockphoto\n",
    "afp/\n",
    "/afp\n",
    "reuters/\n",
    "/reuters\n",
    "epa/\n",
    "/epa\n",
    "dpa/\n",
    "efe/\n",
    "ansa/\n",
    "anp/\n",
    "lusa/\n",
    "picture alliance\n",
    "picture-alliance\n",
    "imago images\n",
));
/// A picture's credit that names no one, alone on its line: "Supplied", "File photo".
pub(super) static LONE_CREDITS: Labels = Labels::new(concat!(
    "supplied\n",
    "handout\n",
    "file photo\n",
    "file image\n",
    "file picture\n",
    "stock photo\n",
    "stock image\n",
    "archive photo\n",
    "pool photo\n",
));
/// How a line names who paid for a story or a box ("Sponsored by Harbour Bank", "Paid
/// Post: …", "In partnership with …", "En colaboración con …").
pub(super) static SPONSOR_LABELS: Labels = Labels::new(concat!(
    "sponsored by\n",
    "paid content\n",
    "paid post\n",
    "presented by\n",
    "in partnership with\n",
    "advertiser content\n",
    "promoted by\n",
    "brought to you by\n",
    "gesponsert von\n",
    "präsentiert von\n",
    "in kooperation mit\n",
    "en partenariat avec\n",
    "sponsorisé par\n",
    "en colaboración con\n",
    "patrocinado por\n",
    "in collaborazione con\n",
    "новости партнеров\n",
    "новости партнёров\n",
    "партнерский материал\n",
    "партнёрский материал\n",
    "partnerinhalte\n",
    "partnerinhalt\n",
));

/// A note that the story was first published elsewhere, or made by another newsroom: "This
/// article originally appeared on The Conversation.", "This article is republished from …
/// under a Creative Commons license", "A version of this article appears in print on …",
/// "This story was produced by The Harbour Report, a nonprofit newsroom."
pub(super) static REPUBLISHED_NOTES: Labels = Labels::new(concat!(
    "cet article est paru dans\n",
    "this article originally appeared\n",
    "this article was originally published\n",
    "this article first appeared\n",
    "this article is republished from\n",
    "this article was republished\n",
    "this story originally appeared\n",
    "this story was originally published\n",
    "this story first appeared\n",
    "this post originally appeared\n",
    "this post was originally published\n",
    "a version of this article appears in print\n",
    "a version of this article appeared in print\n",
    "dieser artikel erschien zuerst\n",
    "dieser text erschien zuerst\n",
    "cet article a été publié initialement\n",
    "cet article a d'abord été publié\n",
    "este artículo se publicó originalmente\n",
    "este artigo foi publicado originalmente\n",
    "questo articolo è stato pubblicato originariamente\n",
    "a version of this story appeared in print\n",
    "a version of this story appears in print\n",
    "published in the print edition\n",
    "appeared in the print edition\n",
    "this article appeared in the\n",
    "this article appears in the\n",
    "this story appeared in the\n",
    "this story appears in the\n",
    "this article was produced by\n",
    "this story was produced by\n",
    "this article was produced in partnership with\n",
    "this story was produced in partnership with\n",
    "this article was produced in collaboration with\n",
    "this story was produced in collaboration with\n",
    "artikel ini telah tayang di\n",
    "artikel ini telah tayang\n",
    "with inputs from agencies\n",
    "this story has not been edited by\n",
    "dieser artikel wurde automatisch übersetzt\n",
    "this article was automatically translated\n",
    "this article has been machine translated\n",
    "cet article a été traduit automatiquement\n",
    "este artículo ha sido traducido automáticamente\n",
));

/// A line about the writer: "Jane Doe is a staff writer at The Gazette covering city
/// hall.", "John Roe is the paper's health correspondent.", "Ana Ruiz es periodista
/// especializada en urbanismo.", "Jana Müller ist Redakteurin im Lokalressort." A name of
/// two to four words, each capitalized, then "is a", "is an" or "is the" (or "es", "est",
/// "ist", "è", "é", with or without an article), and within five words more a newsroom's
/// job, in one sentence.
/// Where to find the writer may follow it: "Follow her on X.", "Email him at
/// jroe@paper.test.", or more of the writer's career ([`tells_a_career`]).
pub(in crate::parse::article) fn is_writer_bio(line: &str) -> bool {
    reads_as_writer_bio(line) && sentences(line).skip(1).all(|s| is_way_to_reach(s) || tells_a_career(s))
}

/// A short sentence that goes on with a writer's career, opened with "she", "he" or
/// "they": "She previously worked at the Coast Herald.", "He has covered the harbour since
/// 2015 and lives in Portsea."
fn tells_a_career(sentence: &str) -> bool {
    const CAREER: [&str; 16] = [
        "previously worked",
        "previously reported",
        "previously covered",
        "previously wrote",
        "previously served",
        "was previously",
        "before joining",
        "has worked",
        "has covered",
        "has reported",
        "has written",
        "graduate of",
        "graduated from",
        "is based in",
        "is the author of",
        "lives in",
    ];
    let lower = lowercase(sentence);
    sentence.split_whitespace().count() <= 20
        && ["she ", "he ", "they "].iter().any(|p| lower.starts_with(p))
        && CAREER.iter().any(|c| lower.contains(c))
}

/// A short sentence that says where to find someone: "Follow her on X", "Email him at
/// jroe@paper.test", "Contact her at @jane.test".
fn is_way_to_reach(sentence: &str) -> bool {
    const CALLS: [&str; 16] = [
        "follow",
        "email",
        "e-mail",
        "contact",
        "reach",
        "you can reach",
        "folgen sie",
        "folge",
        "suivez",
        "síguela",
        "síguelo",
        "sigue a",
        "seguila",
        "seguilo",
        "siga",
        "volg",
    ];
    let lower = lowercase(sentence);
    sentence.split_whitespace().count() <= 10
        && CALLS.iter().any(|c| opens_with_words(&lower, c))
        && (sentence.contains('@') || names_network(&lower))
}

/// Whether the last two lines are an author's box, with no class to tell it: the writer's
/// name alone ([`is_name_alone`]), then a line about them that opens with that name, in at
/// most three sentences and sixty words ("Ana Ruiz\n\nAna Ruiz es periodista
/// especializada en urbanismo. Ha trabajado en varios diarios regionales.").
pub(super) fn ends_with_author_box(lines: &[&str]) -> bool {
    matches!(lines, [.., name, bio]
        if is_name_alone(name)
            && bio.strip_prefix(name.trim()).is_some_and(|rest| rest.starts_with(' '))
            && bio.split_whitespace().count() <= 60
            && sentence_count(bio) <= 3
            && reads_as_writer_bio(bio))
}

/// A line that opens as [`is_writer_bio`] says, however many sentences follow.
fn reads_as_writer_bio(line: &str) -> bool {
    static JOBS: Labels = Labels::new(concat!(
        "writer\n",
        "reporter\n",
        "correspondent\n",
        "editor\n",
        "journalist\n",
        "columnist\n",
        "contributor\n",
        "freelancer\n",
        "photographer\n",
        "producer\n",
        "critic\n",
        "intern\n",
        "fellow\n",
        "anchor\n",
        "periodista\n",
        "redactor\n",
        "redactora\n",
        "reportero\n",
        "reportera\n",
        "corresponsal\n",
        "columnista\n",
        "fotógrafo\n",
        "fotógrafa\n",
        "editora\n",
        "colaborador\n",
        "colaboradora\n",
        "journaliste\n",
        "rédacteur\n",
        "rédactrice\n",
        "correspondant\n",
        "correspondante\n",
        "chroniqueur\n",
        "chroniqueuse\n",
        "photographe\n",
        "journalistin\n",
        "redakteur\n",
        "redakteurin\n",
        "reporterin\n",
        "korrespondent\n",
        "korrespondentin\n",
        "autorin\n",
        "fotograf\n",
        "fotografin\n",
        "giornalista\n",
        "redattore\n",
        "redattrice\n",
        "corrispondente\n",
        "inviato\n",
        "inviata\n",
        "fotografo\n",
        "jornalista\n",
        "repórter\n",
        "correspondente\n",
        "redator\n",
        "redatora\n",
        "colunista\n",
        "verslaggever\n",
        "redacteur\n",
    ));
    const ARTICLES: [&str; 19] = [
        "a", "an", "the", "een", "un", "una", "el", "la", "une", "le", "ein", "eine", "der", "die", "il", "lo", "um",
        "uma", "o",
    ];
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(is) = words.iter().position(|w| matches!(*w, "is" | "es" | "est" | "ist" | "è" | "é")) else {
        return false;
    };
    // English asks an article ("is a reporter"); the others may go without ("es periodista").
    let article = words.get(is + 1).is_some_and(|a| ARTICLES.contains(a));
    let job_from = if article { is + 2 } else { is + 1 };
    let former = [
        " former ",
        " retired ",
        " late ",
        " ex ",
        " ex-",
        " antiguo ",
        " antigua ",
        " ancien ",
        " ancienne ",
        " ehemalige",
    ];
    (2..=4).contains(&is)
        && words[..is].iter().all(|w| w.starts_with(char::is_uppercase))
        && (article || words[is] != "is")
        && words[job_from..].iter().take(5).any(|w| {
            let w = lowercase(w.trim_matches(|c: char| !c.is_alphanumeric()));
            JOBS.contains(&w) || w.strip_suffix('s').is_some_and(|s| JOBS.contains(s))
        })
        && !former.iter().any(|w| line.contains(w))
}

/// A caption under a picture on a Chinese site, its credit set off by a space or a full stop
/// at the end: "“救命啊SOS”纸团。沙坪坝区公安分局供图 华龙网", "共享充电宝。视觉中国 资料",
/// "市民在公园晨练。记者 王明 摄", "姚明场边支招周琦。视频截图"; a credit alone ("资料图"); a
/// photographer's credit ("▲广州日报全媒体图片记者黎旭阳、李妍摄"); or a line that says
/// where the picture above comes from ("▲图片来自视频截图。"). Chinese prose has no spaces
/// between its words, so a credit word after one is a caption's.
pub(super) fn is_cjk_caption(line: &str) -> bool {
    const CREDITS: [&str; 10] = [
        "视觉中国",
        "资料",
        "资料图",
        "资料图片",
        "东方IC",
        "图虫创意",
        "新华社发",
        "视频截图",
        "网络截图",
        "网络图片",
    ];
    let credit = |t: &str| {
        CREDITS.contains(&t)
            || t.ends_with("供图")
            || t.ends_with("供稿")
            || (t == "摄" || (t.ends_with('摄') && !t.ends_with("拍摄")))
    };
    let line = line.trim();
    if !line.chars().any(crate::search::is_cjk) {
        return false;
    }
    let unpointed = line.trim_start_matches(['▲', '△', '↑']).trim_start();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    (tokens.len() >= 2 && tokens.iter().rev().take(3).any(|t| credit(t)))
        || line.rsplit_once('。').is_some_and(|(_, after)| !after.is_empty() && credit(after.trim()))
        || ["资料图", "资料图片", "视频截图"].contains(&line)
        || (line.ends_with('摄') && ["记者", "摄影"].iter().any(|w| line.contains(w)) && !line.ends_with("拍摄"))
        || ["图片来自", "图片来源", "图源"].iter().any(|o| unpointed.starts_with(o))
}

/// A Chinese or Japanese story's reporters, named after their paper: "新京报记者 陆一夫",
/// "本报记者 王强 李明", "（記者 山田太郎）" (the paper's reporter, then names of two to four
/// characters, no punctuation; in brackets or not).
pub(super) fn is_cjk_reporters(line: &str) -> bool {
    let line = line.trim().trim_start_matches(['（', '(']).trim_end_matches(['）', ')']);
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let name = |t: &&str| (2..=4).contains(&t.chars().count()) && t.chars().all(crate::search::is_cjk);
    (2..=6).contains(&tokens.len())
        && tokens[0].chars().count() <= 12
        && ["记者", "記者"].iter().any(|r| tokens[0].ends_with(r))
        && tokens[1..].iter().all(name)
}

/// A short note wholly in full-width brackets, as Chinese and Japanese stories end with
/// their paper and reporter or their agency ("（海岸新聞 山田太郎）", "（共同）", "（完）"): CJK
/// characters only, at most twenty, no punctuation (a sentence in brackets has some).
pub(super) fn is_cjk_bracketed_note(line: &str) -> bool {
    line.trim().strip_prefix('（').and_then(|r| r.strip_suffix('）')).is_some_and(|inner| {
        let letters = inner.chars().filter(|c| !c.is_whitespace()).count();
        (1..=20).contains(&letters) && inner.chars().all(|c| c.is_whitespace() || c == '・' || crate::search::is_cjk(c))
    })
}

/// A caption with its picture's credit at the end, set off from it ("Cyclists on Main
/// Street — Foto: João Lima/Jornal do Porto", "Firefighters at the scene. (Photo: Jane
/// Doe/Harbour News)", "Le port en hiver | Photo : Jean Martin"): a credit opening
/// ([`CREDIT_OPENINGS`]) after a dash, a bar, a slash, a comma, a full stop or an opening
/// bracket, followed by a name of at most eight words that ends no sentence. A sentence
/// that speaks of a photo ("We saw the photo by the window.") has no such mark before it.
pub(super) fn ends_with_credit(lower: &str) -> bool {
    const MARKS: [char; 9] = ['—', '–', '-', '|', '/', ',', '.', '(', '['];
    // The name ends the line: a line that ends a sentence (or a quotation) has none (most
    // lines, told at once).
    let end = lower.trim_end().trim_end_matches([')', ']']).trim_end();
    if end.ends_with(|c| SENTENCE_MARKS.contains(&c) || matches!(c, ':' | '"' | '”' | '»')) {
        return false;
    }
    // Each mark is looked past for an opening: a line holds far fewer marks than there are
    // openings to look for.
    lower.match_indices(MARKS).any(|(m, mark)| {
        let rest = lower[m + mark.len()..].trim_start();
        CREDIT_OPENINGS.iter().any(|opening| {
            rest.strip_prefix(opening).is_some_and(|name| is_credit_name(name.trim().trim_end_matches([')', ']'])))
        })
    })
}

/// Whether the end of a caption may be its picture's credit: at most eight words that end
/// no sentence.
fn is_credit_name(tail: &str) -> bool {
    !tail.trim_end().ends_with(['.', '!', '?', ':']) && (1..=8).contains(&tail.split_whitespace().count())
}

/// A caption that ends with its picture's credit with no credit word before it, after its
/// last sentence or in brackets: a picture agency's ("… March 3, 2020. REUTERS/Jane
/// Doe/File Photo", "… (Jane Doe/Getty Images)"), a lender's ("The wall in 1890. (Courtesy
/// of the Harbour Museum)"), or in brackets a name and the paper it works for, set apart by
/// a slash after a sentence ("Workers on the wall. (Jane Doe / The Harbour News)"; not a
/// list's "Ferries (Old Portsmouth/Gosport)"). The credit has at most eight words and ends
/// no sentence.
/// A picture's credit alone on its line, the photographer's name and the outlet set off by
/// a slash, as NPR and wire services print it under a picture: "Jane Doe/NPR", "Ann Cole/The
/// Harbour Times". A name of one word ("Israel/Gaza") is none.
pub(super) fn is_slash_credit(line: &str) -> bool {
    let Some((name, outlet)) = line.split_once('/') else { return false };
    !outlet.contains('/')
        && !line.ends_with(|c: char| SENTENCE_MARKS.contains(&c) || c == ':')
        && is_capitalised(name.trim(), 2..=3)
        && is_capitalised(outlet.trim(), 1..=4)
        && !name.ends_with(' ')
        && !outlet.starts_with(' ')
}

pub(super) fn ends_with_picture_credit(line: &str) -> bool {
    let line = line.trim_end();
    // The brackets' credit, and whether a sentence ends before them.
    let (tail, bracketed, after_sentence) = match line.strip_suffix(')') {
        Some(open) => match open.rfind('(') {
            // Alone on its line, the credit follows the caption over it.
            Some(i) => {
                let before = open[..i].trim_end();
                (&open[i + 1..], true, before.is_empty() || before.ends_with(['.', '!', '?']))
            }
            None => return false,
        },
        None => match line.rfind(". ") {
            Some(i) => (&line[i + 2..], false, true),
            None => return false,
        },
    };
    if !is_credit_name(tail) {
        return false;
    }
    let lower = lowercase(tail);
    // A credit word before an agency's name, with no colon: "(Photo AFP)", "Foto ANP".
    let agency_photo = || {
        ["photo ", "photos ", "foto ", "fotos ", "fot. "]
            .iter()
            .any(|w| lower.strip_prefix(w).is_some_and(is_agency_credit))
    };
    if PICTURE_AGENCIES.are_in(&lower)
        || ends_with_ap(&lower)
        || credits_staff(tail)
        || (bracketed && lower.starts_with("courtesy "))
        || agency_photo()
    {
        return true;
    }
    let parts: Vec<&str> = tail.split('/').map(str::trim).collect();
    bracketed
        && after_sentence
        && (2..=3).contains(&parts.len())
        && is_capitalised(parts[0], 2..=3)
        && parts.iter().all(|p| is_capitalised(p, 1..=4))
}

/// News agencies that write in Chinese, Japanese or Korean, credited in full-width brackets:
/// "（共同）", "（新华社）".
const CJK_AGENCIES: [&str; 9] =
    ["共同", "共同通信", "時事", "時事通信", "新华社", "新華社", "中新社", "연합뉴스", "뉴시스"];

/// A news agency's credit alone on a line: "Le Monde avec AFP", "Reuters", "(dpa)",
/// "Redaktion mit dpa", "EL PAÍS con EFE".
pub(super) fn is_agency_credit(lower: &str) -> bool {
    const JOINS: [&str; 8] = ["avec", "with", "mit", "con", "com", "met", "med", "z"];
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '/'))
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [a] => {
            (AGENCIES.contains(a) && (lower.trim_start().starts_with('(') || a.len() >= 3))
                || CJK_AGENCIES.iter().any(|c| a.trim_matches(['（', '）']) == *c && a.starts_with('（'))
        }
        [.., join, a] => JOINS.contains(join) && AGENCIES.contains(a),
        _ => false,
    }
}

/// A line that tells readers how to reach the writer or the newsroom, with an address: "Contact
/// Jane Doe at jdoe@paper.test or follow her @janedoe", "Follow @paper", "Jane Doe is a
/// reporter for The Gazette. Email her at jdoe@paper.test.", "Jane Doe can be reached at
/// jdoe@paper.test", "Have a story idea? Send it to tips@paper.test".
/// One of its sentences opens with the call, to a person (a pronoun or a name) or with a
/// tip; a sentence that sends readers to someone else ("Write to the council at
/// wall@harbour.test before the vote") is the story's.
pub(super) fn is_contact_line(line: &str, lower: &str) -> bool {
    const CALLS: [&str; 11] = [
        "you can reach",
        "you can contact",
        "you can email",
        "you can e-mail",
        "you can write to",
        "contact",
        "email",
        "e-mail",
        "reach",
        "write to",
        "follow",
    ];
    // Or a call for readers' stories, pictures and tips ("Were you there? Share your
    // photos with us: photos@paper.test").
    const TIPS: [&str; 17] = [
        "send it to",
        "send tips to",
        "send your tips to",
        "send us",
        "have a story idea",
        "got a story idea",
        "share your story",
        "share your experience",
        "share your experiences",
        "share your photos",
        "share your pictures",
        "share your videos",
        "share your views",
        "get in touch",
        "schreiben sie uns",
        "écrivez-nous",
        "ecrivez-nous",
    ];
    const REACHED: [&str; 6] = [
        " can be reached",
        " may be reached",
        " can be contacted",
        " may be contacted",
        " is on twitter",
        " is on x at",
    ];
    // The writer as the sentence's subject: a pronoun, or a name of up to four words.
    // (ASCII's lower case keeps every byte where it is, so the subject is read off the
    // sentence as written.)
    let writer_reached = |sentence: &str| {
        let low = sentence.to_ascii_lowercase();
        REACHED.iter().any(|r| {
            low.find(r).is_some_and(|i| {
                matches!(low[..i].trim(), "he" | "she" | "they") || is_name(sentence[..i].trim(), 1..=4)
            })
        })
    };
    let address = lower.split_whitespace().any(|w| is_email(w) || is_handle(w));
    address
        && line.split_inclusive(['.', '?', '!']).map(str::trim_start).any(|sentence| {
            let low = lowercase(sentence);
            TIPS.iter().any(|t| opens_with_words(&low, t))
                || writer_reached(sentence)
                || CALLS.iter().any(|c| {
                    opens_with_words(&low, c)
                        && sentence.get(c.len()..).and_then(|r| r.split_whitespace().next()).is_some_and(|who| {
                            matches!(who, "me" | "us" | "her" | "him" | "them")
                                || who.starts_with(char::is_uppercase)
                                || is_handle(who)
                        })
                })
        })
}

/// How the note that the views are the writer's own says so in other languages: "Les
/// opinions exprimées n’engagent que leur auteur", "Dieser Beitrag gibt die Meinung des
/// Autors wieder", "Мнение автора может не совпадать с позицией редакции".
pub(super) static VIEWS_DISCLAIMERS: Phrases = Phrases::new(concat!(
    "engagent que leur auteur\n",
    "engagent que leurs auteurs\n",
    "engagent que son auteur\n",
    "engage que son auteur\n",
    "ne reflètent pas nécessairement\n",
    "responsabilidad exclusiva del autor\n",
    "responsabilidad exclusiva de su autor\n",
    "responsabilidad exclusiva de sus autores\n",
    "no reflejan necesariamente\n",
    "no refleja necesariamente la opinión\n",
    "die meinung des autors wieder\n",
    "die meinung der autorin wieder\n",
    "die meinung der autoren wieder\n",
    "die meinung des autors wider\n",
    "spiegeln nicht unbedingt die meinung\n",
    "le opinioni espresse sono personali\n",
    "responsabilità esclusiva dell\n",
    "de responsabilidade exclusiva do autor\n",
    "de inteira responsabilidade do autor\n",
    "não refletem necessariamente\n",
    "мнение автора может не совпадать\n",
    "мнение редакции может не совпадать\n",
    "точка зрения автора может не совпадать\n",
    "думка автора може не збігатися\n",
    "думка редакції може не збігатися\n",
));

/// A note that the story was paid for, in the languages of the web: "Disclaimer: This
/// content is sponsored.", "Contenido patrocinado", "На правах рекламы". Not "sponsored by"
/// alone, which prose says of a festival or a bill.
pub(super) static SPONSOR_NOTES: Phrases = Phrases::new(concat!(
    // A news agency's note on who pays for a beat: "The Associated Press receives support
    // from several private foundations …", "AP is solely responsible for all content."
    "receives support from several private foundations\n",
    "coverage receives financial support from\n",
    "is solely responsible for all content\n",
    "this content is sponsored\n",
    "this article is sponsored\n",
    "this post is sponsored\n",
    "this story is sponsored\n",
    "this is sponsored content\n",
    "this is a sponsored post\n",
    "this is a sponsored article\n",
    "this content was paid for by\n",
    "this article was paid for by\n",
    "this content is paid for by\n",
    "this post was sponsored by\n",
    "this article was sponsored by\n",
    "this content was sponsored by\n",
    "contenido patrocinado\n",
    "contenu sponsorisé\n",
    "contenu commandité\n",
    "gesponserter inhalt\n",
    "dieser artikel wurde gesponsert\n",
    "contenuto sponsorizzato\n",
    "conteúdo patrocinado\n",
    "gesponsorde inhoud\n",
    "спонсорский материал\n",
    "на правах рекламы\n",
    "materiał sponsorowany\n",
    "artikel ini merupakan kerja sama\n",
    "konten ini merupakan kerja sama\n",
));

/// Whether a line ends with the Associated Press's credit ("Jane Doe/AP", "Jane Doe / AP"),
/// not with an address's "/api".
pub(super) fn ends_with_ap(lower: &str) -> bool {
    lower.trim_end().strip_suffix("ap").is_some_and(|r| r.trim_end().ends_with('/'))
}

/// The words that open a byline, in the languages that write one so ("By Jane Doe", "Par
/// Marie Dupont", "Von Anna Schmidt", "Por Ana García", "Door Jan de Vries", "Av Erik
/// Larsen").
pub(super) const BYLINE_OPENINGS: [&str; 11] =
    ["by ", "par ", "von ", "por ", "door ", "av ", "af ", "di ", "written by ", "posted by ", "published by "];

/// Words a byline writes in lower case between names, not counted against it: "and" in
/// its languages and name particles ("van der", "de la"); so are words of two letters
/// ("le", "am") and months ("le 12 mars 2024").
const BYLINE_JOINS: [&str; 18] = [
    "and", "und", "et", "y", "e", "en", "og", "och", "ed", "de", "da", "del", "della", "der", "van", "von", "la", "le",
];

/// A byline: an opening word ([`BYLINE_OPENINGS`]) and a name in capitals, with at most a
/// few more words (a second name, a date, a desk: "By Priya Nair and Lucas Meyer · Jan 9,
/// 2024"), mostly capitalized, and no sentence. "By the numbers" and "Por fin llegó la
/// lluvia." are not.
pub(in crate::parse::article) fn is_byline(line: &str) -> bool {
    // The openings are ASCII: compared on the line as written, so the rest starts where
    // they end.
    let Some(rest) = after_byline_opening(line) else {
        return false;
    };
    // The accounts a blog's software signs posts with when no name was set ("Posted by
    // admin").
    const ACCOUNTS: [&str; 4] = ["admin", "administrator", "webmaster", "editor"];
    let words: Vec<&str> = rest.split_whitespace().collect();
    let account = |w: &str| ACCOUNTS.contains(&w.trim_end_matches([',', '.', ';']));
    let named = words.first().is_some_and(|w| w.starts_with(char::is_uppercase) || account(w));
    let lettered: Vec<&str> = words.iter().copied().filter(|w| w.starts_with(char::is_alphabetic)).collect();
    let lowered = lettered
        .iter()
        .map(|w| w.trim_end_matches([',', '.', ';']))
        .filter(|w| w.starts_with(char::is_lowercase) && w.chars().count() > 2 && !BYLINE_JOINS.contains(w))
        .filter(|w| !account(w))
        .filter(|w| !opens_a_month(w))
        .count();
    named
        && line.chars().count() <= 100
        && (1..=12).contains(&words.len())
        && lowered * 3 <= lettered.len().saturating_sub(1)
        && !line.trim_end().ends_with(['!', '?', ':'])
        && !(line.trim_end().ends_with('.') && lettered.last().is_some_and(|w| w.chars().count() > 2))
}

/// A byline that is only the opening word and a name or names ("By Jane Doe", "Von Anna
/// Schmidt und Jörg Weber"), as a story is signed under its last line; "By Land And Sea"
/// is no name.
pub(super) fn signs_a_name(line: &str) -> bool {
    after_byline_opening(line).map(str::trim).is_some_and(|rest| is_name_alone(rest) || is_names_alone(rest))
}

/// What a line says after a byline's opening word ([`BYLINE_OPENINGS`], in any case).
fn after_byline_opening(line: &str) -> Option<&str> {
    BYLINE_OPENINGS.iter().find_map(|o| strip_prefix_ignoring_case(line, o))
}

/// Whether a line only names the story's source or its author: a label of
/// [`SOURCE_LABELS`], a colon and at most five words that end no sentence ("Quelle: dpa",
/// "Źródło: PAP", "Auteur : Jean Dupont").
pub(super) fn names_a_source(line: &str) -> bool {
    let Some((label, rest)) = line.split_once(':') else {
        return false;
    };
    let label = lowercase(label.trim());
    let rest = rest.trim();
    SOURCE_LABELS.contains(&label)
        && (1..=5).contains(&rest.split_whitespace().count())
        && !rest.ends_with(['.', '!', '?'])
}

/// Whether a line only names the paper a Vietnamese story was taken from, "according to"
/// it: "Theo VnExpress", "(Theo Tuổi Trẻ)", "Theo TTXVN", at most four capitalised words
/// that end no sentence. The line must read as Vietnamese or as a source: set in
/// brackets, or with a letter beyond ASCII or a capital inside a word. So "Theo Walcott"
/// (a name) stays, and so does "Theo ông Nam, cảng sẽ mở cửa." (a sentence).
pub(super) fn is_according_to(line: &str) -> bool {
    let bare = line.trim_start_matches(['(', '[']).trim_end_matches([')', ']']);
    let bracketed = bare.len() < line.len();
    bare.strip_prefix("Theo ").is_some_and(|rest| {
        let words: Vec<&str> = rest.split_whitespace().collect();
        (1..=4).contains(&words.len())
            && words.iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()))
            && !rest.ends_with(SENTENCE_MARKS)
            && !rest.contains(',')
            && (bracketed || !rest.is_ascii() || words.iter().any(|w| w.chars().skip(1).any(char::is_uppercase)))
    })
}

/// A writer's name over the story with the writer's role after a comma or in a box of its
/// own ("Jane Doe, Staff Writer", "Jane Doe Senior reporter") or with the writer's handle
/// ("Jane Doe @janedoe"): a byline without its "By". Or the role alone on the line under
/// the name ("Harbour Affairs Correspondent", "Senior reporter"). (A name alone cannot be
/// told from a heading of capitalised words, "Monitoring Distributed Systems".)
pub(super) fn is_name_with_role(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    // Two to four words of letters, the first a capital, the last a role.
    let longer_role = |words: &[&str]| words.len() >= 2 && is_role(words);
    let name_then_role =
        (2..words.len()).any(|n| n <= 4 && is_name_alone(&words[..n].join(" ")) && longer_role(&words[n..]));
    let handle = line.trim().rsplit_once(' ').is_some_and(|(name, h)| is_handle(h) && is_name_alone(name.trim()));
    longer_role(&words)
        || name_then_role
        || handle
        || [",", " - ", " – ", " — ", " | "].iter().any(|mark| {
            line.split_once(mark).is_some_and(|(name, role)| {
                let role = role.trim().to_lowercase();
                is_name_alone(name.trim())
                    && ((role.split_whitespace().count() <= 4
                        && role.split_whitespace().any(|w| ROLES.contains(&w))
                        && !role.ends_with('.'))
                        || AGENCIES.contains(&role.as_str())
                        || AGENCY_NAMES.contains(&role.as_str()))
            })
        })
}

/// The words a writer's role ends with ("Senior reporter", "Harbour Affairs Correspondent").
const ROLES: [&str; 8] =
    ["writer", "reporter", "editor", "correspondent", "columnist", "contributor", "staff", "journalist"];

/// Whether words name a writer's role alone: one to four words of letters, the first a
/// capital, the last one of [`ROLES`] ("Reporter", "Senior Editor").
pub(super) fn is_role(words: &[&str]) -> bool {
    (1..=4).contains(&words.len())
        && words[0].starts_with(char::is_uppercase)
        && words.iter().all(|w| w.chars().all(char::is_alphabetic))
        && words.last().is_some_and(|w| ROLES.contains(&lowercase(w).as_str()))
}

/// Whether a line is only the initials of the desk, the writers or the agencies that made
/// the story, in brackets, as Indonesian newsrooms sign off: "(red)", "(ant/ara)",
/// "(mdk/ded)": one to four groups of two to four lowercase letters. Capitals are an
/// agency's name or a reference ("(AFP)", "[HTTP]"), read elsewhere or left.
pub(super) fn is_desk_initials(line: &str) -> bool {
    let Some(inner) = line.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
        return false;
    };
    let groups: Vec<&str> = inner.split(['/', ',', ' ', '-']).filter(|g| !g.is_empty()).collect();
    let initials = |g: &&str| (2..=4).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_lowercase());
    (1..=4).contains(&groups.len()) && groups.iter().all(initials)
}

/// Whether a line credits who made the story, part by part, as a wire signs off:
/// "Reporting by Jane Doe in London; Editing by John Smith", "Edited by John Smith". Each
/// part is a job, then a byline ([`is_byline`]); the first opens with a capital.
pub(super) fn is_newsroom_credits(line: &str) -> bool {
    const JOBS: [&str; 14] = [
        "reporting",
        "additional reporting",
        "editing",
        "edited",
        "writing",
        "compiled",
        "research",
        "graphics",
        "produced",
        "production",
        "design",
        "translated",
        "translation",
        "fact-checking",
    ];
    let line = line.trim().trim_end_matches('.');
    // Wires set them in brackets: "(Reporting by Jane Doe; Editing by Sam Carter)".
    let line = line.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(line);
    // A line that opens in lower case goes on from a sentence ("… with code produced by
    // GCC 11.").
    line.starts_with(char::is_uppercase)
        && line.split(';').map(str::trim).all(|part| {
            JOBS.iter().any(|job| {
                strip_prefix_ignoring_case(part, job)
                    .is_some_and(|rest| rest.starts_with(" by ") && is_byline(&rest[1..]))
            })
        })
}

/// How a note that the story draws on a news agency's or a wire's reports opens ("Mit
/// Material von dpa", "Con información de EFE", "With files from The Canadian Press").
pub(super) const WIRE_CREDITS: [&str; 16] = [
    "with reporting from",
    "additional reporting by",
    "con agenzie",
    "по материалам",
    "mit material von",
    "mit material der",
    "con información de",
    "con informaciones de",
    "con agencias",
    "com agências",
    "com informações da",
    "com informações de",
    "com informações do",
    "met medewerking van",
    "with files from",
    "avec agences",
];

/// How a note that others reported the story ends ("… contributed to this report", or
/// "… from Cairo" after it), in the languages of the web.
pub(super) static CONTRIBUTED: Phrases = Phrases::new(concat!(
    "contributed to this report\n",
    "contributed to this story\n",
    "contributed to this article\n",
    "contributed reporting\n",
    "trugen zu diesem bericht bei\n",
    "a contribué à cet article\n",
    "ont contribué à cet article\n",
    "contribuyó a este reportaje",
));

/// A credit to a newsroom, a desk or an agency as a whole, alone on its line ("Staff
/// Report", "From staff reports", "The Associated Press", "La Redacción", "Redaktion").
pub(super) const DESK_CREDITS: &str = concat!(
    "staff report\n",
    "staff reports\n",
    "from staff reports\n",
    "staff and wire reports\n",
    "from staff and wire reports\n",
    "wire reports\n",
    "from wire reports\n",
    "wire services\n",
    "staff writer\n",
    "staff writers\n",
    "editorial staff\n",
    "news desk\n",
    "web desk\n",
    "online desk\n",
    "digital desk\n",
    "the associated press\n",
    "associated press\n",
    "agence france-presse\n",
    "redacción\n",
    "la redacción\n",
    "redaktion\n",
    "die redaktion\n",
    "redakcja\n",
    "redazione\n",
    "la redazione\n",
    "rédaction\n",
    "la rédaction\n",
    "redação\n",
    "da redação\n",
    "redactie\n",
    "de redactie\n",
    "редакция\n",
    "redaksi\n",
    "tim redaksi\n",
);

/// News agencies by the one word their credits give them ("(dpa)", "Le Monde avec AFP",
/// "Jane Doe, ANP"); [`AGENCY_NAMES`] are their names in full.
const AGENCIES: [&str; 25] = [
    "afp",
    "ap",
    "reuters",
    "dpa",
    "efe",
    "ansa",
    "apa",
    "sda",
    "kna",
    "epd",
    "belga",
    "anp",
    "tt",
    "ntb",
    "pap",
    "ctk",
    "mti",
    "lusa",
    "stt",
    "ritzau",
    "bloomberg",
    "upi",
    "тасс",
    "риа",
    "укрінформ",
];

/// News agencies by their names in full, as a byline gives them after the writer's ("Jane
/// Doe, The Associated Press").
const AGENCY_NAMES: [&str; 3] = ["the associated press", "associated press", "agence france-presse"];

/// A staff photographer's credit: a name, a slash and "Staff" ("Jane Doe/Staff", "Jane
/// Doe/Staff Photographer"); not "students/staff".
pub(super) fn credits_staff(text: &str) -> bool {
    text.rsplit_once('/').is_some_and(|(who, role)| {
        matches!(lowercase(role.trim()).as_str(), "staff" | "staff photographer" | "staff photo")
            && is_name(who.trim(), 1..=4)
    })
}

/// A credit to a paper's staff as a whole, over its story: "Harbour Times Staff" (a name
/// in capitals of at most five words, the last "Staff").
pub(super) fn is_staff_credit(line: &str) -> bool {
    is_capitalised(line, 2..=5) && line.split_whitespace().last().is_some_and(|w| w.eq_ignore_ascii_case("staff"))
}

/// Two names or more and nothing else, as a byline without its "By" gives them: "Jane Doe
/// and John Smith", "Jane Doe, John Smith & Sam Carter".
pub(super) fn is_names_alone(line: &str) -> bool {
    line.chars().count() <= 120 && {
        let parts = parts_between(line, &[" and ", " & ", ", "]);
        parts.len() >= 2 && parts.iter().all(|p| is_name_alone(p))
    }
}

/// Whether a line is only a person's name: two to four words ([`is_name`]).
pub(super) fn is_name_alone(line: &str) -> bool {
    is_name(line, 2..=4)
}

/// Whether a text is a person's name of so many words, each opening with a capital, of
/// letters (an initial's full stop, a hyphen or an apostrophe inside), at most forty
/// characters ("Minh Anh", "Jean-Luc Martin", "J. R. Smith"); not a title in title case
/// ("By Land And Sea": a name has none of English's little words, but "An" last, a given
/// name in Vietnamese, "Nguyễn Văn An", which no English title ends with).
fn is_name(text: &str, words: RangeInclusive<usize>) -> bool {
    const LITTLE: [&str; 12] = ["A", "An", "And", "At", "By", "For", "From", "In", "Of", "On", "The", "To"];
    let letters = |w: &str| w.chars().all(|c| c.is_alphabetic() || matches!(c, '.' | '-' | '\'' | '’'));
    let count = text.split_whitespace().count();
    text.chars().count() <= 40
        && is_capitalised(text, words)
        && text
            .split_whitespace()
            .enumerate()
            .all(|(i, w)| letters(w) && (!LITTLE.contains(&w) || (w == "An" && i + 1 == count && i > 0)))
}

/// Whether a text is so many words, each opening with a capital: a name, a section's
/// ("World News") or a role's ("Harbour Affairs Correspondent").
pub(super) fn is_capitalised(text: &str, words: RangeInclusive<usize>) -> bool {
    let mut count = 0;
    text.split_whitespace().all(|w| {
        count += 1;
        w.starts_with(char::is_uppercase)
    }) && words.contains(&count)
}
