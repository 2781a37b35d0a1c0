"""Lead images read from a page's body alone.

Of the pages of the other sets (newspaper4k's, Mozilla's, goose's fixtures and
trafilatura's real-world pages), those whose declared image (Open Graph, Twitter card,
JSON-LD, microdata, `<link rel="image_src">`) also stands in the body, as the address of
an `<img>`, a `<source>` or a background, are copied with every declaration of an image
taken out: the body is all that is left to read, and the answer is the picture the page
declared. An answer is right when it names the same file, or a copy of it at another size
(`photo-1024x683.jpg` for `photo.jpg`). The declared picture is not always the best one
(a page may declare a picture further down); the figure says how often the body alone
leads to the picture the site chose.

The baseline is the first picture in the body that is not a `data:` placeholder.

    python3 body_images.py set DIR                 # DIR/body-images.jsonl and the copies
    python3 body_images.py score DIR OUT NAME      # a table row for one tool's output
"""

import json
import os
import re
import sys
from urllib.parse import urljoin, urlparse

from lxml import html as lxml_html

SETS = ("newspaper4k", "mozilla", "goose", "snippets")
META_NAMES = ("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
META = re.compile(rb"<meta\b[^>]*>", re.I | re.S)
IMAGE_WORDS = re.compile(rb"image|thumbnail", re.I)
LINK_IMAGE = re.compile(rb"<link\b[^>]*image_src[^>]*>", re.I | re.S)
JSON_LD = re.compile(rb"<script\b[^>]*ld\+json[^>]*>.*?</script>", re.I | re.S)
ITEMPROP_IMAGE = re.compile(rb"""itemprop\s*=\s*["']?image\b""", re.I)
PICTURE_TAGS = re.compile(rb"<(?:img|source|amp-img|video)\b[^>]*>|<[a-z]+\b[^>]*background[^>]*>", re.I | re.S)


def file_name(url):
    return os.path.basename(urlparse(url or "").path).lower()


def core(url):
    """A file's name without its extension and the size or scale a copy of it adds."""
    name = re.sub(r"\.(jpe?g|png|webp|gif|avif)$", "", file_name(url))
    return re.sub(r"([-_]\d+x\d+|-scaled)+$", "", name)


def json_ld_image(doc):
    for script in doc.xpath('//script[contains(@type, "ld+json")]'):
        try:
            data = json.loads(script.text_content())
        except ValueError:
            continue
        stack = [data]
        while stack:
            item = stack.pop(0)
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                image = item.get("image")
                if isinstance(image, str):
                    return image
                if isinstance(image, list) and image and isinstance(image[0], str):
                    return image[0]
                if isinstance(image, dict) and isinstance(image.get("url"), str):
                    return image["url"]
                stack.extend(item.get("@graph", []))
    return None


def declared_image(doc):
    """The first image the page declares, in the order the other tools read them."""
    for name in META_NAMES:
        for meta in doc.xpath("//meta[@property=$n or @name=$n]", n=name):
            if meta.get("content", "").strip():
                return meta.get("content").strip()
    image = json_ld_image(doc)
    if image:
        return image
    for el in doc.xpath('//*[@itemprop="image"]'):
        value = el.get("content") or el.get("href") or el.get("src")
        if value:
            return value
    for link in doc.xpath('//link[@rel="image_src"]'):
        if link.get("href"):
            return link.get("href")
    return None


def without_declarations(page):
    page = META.sub(lambda m: b"" if IMAGE_WORDS.search(m.group(0)) else m.group(0), page)
    page = LINK_IMAGE.sub(b"", page)
    page = JSON_LD.sub(b"", page)
    return ITEMPROP_IMAGE.sub(b'data-itemprop="was-image"', page)


def first_body_image(page, url):
    doc = lxml_html.fromstring(page)
    for img in doc.xpath("//body//img"):
        for attr in ("src", "data-src", "data-original", "data-lazy-src"):
            value = (img.get(attr) or "").strip()
            if value and not value.startswith("data:"):
                return urljoin(url, value)
    return None


def build(top):
    out_dir = f"{top}/body-images"
    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for name in SETS:
        path = f"{top}/{name}.jsonl"
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            pages = [json.loads(line) for line in f]
        for row in pages:
            with open(row["file"], "rb") as f:
                page = f.read()
            try:
                doc = lxml_html.fromstring(page)
            except (ValueError, lxml_html.etree.ParserError):
                continue
            image = declared_image(doc)
            wanted = file_name(image)
            if not image or len(wanted) < 5:
                continue
            body = page[re.search(rb"<body\b", page, re.I).start():] if re.search(rb"<body\b", page, re.I) else page
            tags = PICTURE_TAGS.findall(body)
            if not any(wanted.encode() in t.lower() for t in tags):
                continue
            copy = f"{out_dir}/{name}-{row['id']}.html"
            with open(copy, "wb") as f:
                f.write(without_declarations(page))
            url = row.get("url") or "http://example.com/"
            rows.append({"id": f"{name}/{row['id']}", "file": copy, "url": url,
                         "image": urljoin(url, image), "first": first_body_image(without_declarations(page), url)})
    with open(f"{top}/body-images.jsonl", "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{top}/body-images.jsonl: {len(rows)} pages")


def score(top, answers, name):
    with open(f"{top}/body-images.jsonl", encoding="utf-8") as f:
        rows = {r["id"]: r for r in map(json.loads, f)}
    given = {}
    if answers == "first":
        given = {k: r["first"] for k, r in rows.items()}
    else:
        with open(answers, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                given[r.get("id")] = r.get("image")
    right = sum(1 for k, r in rows.items() if given.get(k) and core(given[k]) == core(r["image"]))
    none = sum(1 for k in rows if not given.get(k))
    print(f"{name} | {len(rows)} | {right} | {right / max(len(rows), 1):.3f} | {none}")


if __name__ == "__main__":
    if sys.argv[1] == "set":
        build(sys.argv[2])
    else:
        score(sys.argv[2], sys.argv[3], sys.argv[4])
