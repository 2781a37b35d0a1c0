"""An established extractor over the pages of an accuracy set: a JSON line per page (`id`,
`title`, `text`, `image`, and `ms`, the fastest of PASSES runs on the page), which
extract-bench scores by feedhound's rules (`--score`).

    python3 others.py trafilatura|readability|goose3 SET.jsonl PASSES > OUT.jsonl

Each tool is given the page's bytes and its address, and runs with its defaults; none
fetches anything (goose3's image fetching is off, as it is by default).
"""

import json
import sys
import time

from sets import block_text


def trafilatura_reader():
    import trafilatura

    def read(page, url):
        doc = trafilatura.bare_extraction(page, url=url or None, with_metadata=True)
        if doc is None:
            return None, "", None
        return doc.title, doc.text or "", doc.image

    return read


def readability_reader():
    from readability import Document

    def read(page, url):
        doc = Document(page, url=url or None)
        return doc.short_title(), block_text(doc.summary()), None

    return read


def goose3_reader():
    from goose3 import Configuration, Goose

    config = Configuration()
    config.enable_image_fetching = False
    goose = Goose(config)

    def read(page, url):
        article = goose.extract(raw_html=page.decode("utf-8", errors="replace"), url=url or None)
        image = article.top_image.src if article.top_image is not None else None
        return article.title, article.cleaned_text or "", image

    return read


READERS = {"trafilatura": trafilatura_reader, "readability": readability_reader, "goose3": goose3_reader}


def main():
    tool, pages, passes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    read = READERS[tool]()
    with open(pages, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    for row in rows:
        with open(row["file"], "rb") as f:
            page = f.read()
        fastest, answer = None, (None, "", None)
        for _ in range(passes):
            started = time.perf_counter()
            try:
                answer = read(page, row.get("url", ""))
            except Exception as e:  # a tool's failure on a page is its answer: nothing
                print(f"{tool} on {row['id']}: {e!r}", file=sys.stderr)
                answer = (None, "", None)
            ms = (time.perf_counter() - started) * 1000
            fastest = ms if fastest is None else min(fastest, ms)
        title, text, image = answer
        print(json.dumps({"id": row["id"], "title": title, "text": text, "image": image, "ms": fastest},
                         ensure_ascii=False))


if __name__ == "__main__":
    main()
