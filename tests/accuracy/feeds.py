"""feedparser's well-formed test feeds (tests/wellformed of its sdist), read by feedhound
and by feedparser itself: how many each parses, and how often each gives the title or
link a feed's expectation names, compared as plain text by the same rule for both.

    python3 feeds.py requests DIR > requests.jsonl   # for `feedhound parse-feed --jsonl`
    python3 feeds.py compare DIR feedhound.jsonl SECONDS

DIR holds the unpacked sdist (feedparser-6.0.11/); SECONDS is how long feedhound took.
"""

import ast
import glob
import html
import json
import os
import re
import sys
import time

# An expectation that names one title or link: "not bozo and feed['title'] == 'Example feed'".
NAMED = re.compile(r"^not bozo and (feed|entries\[0\])\['(title|link)'\] == (u?'.*'|u?\".*\")$")


def feeds(top):
    """Each test feed: its path under wellformed/, its bytes, the Content-Type its
    comment gives as an HTTP header, and its expectation."""
    base = f"{top}/feedparser-6.0.11/tests/wellformed"
    for path in sorted(glob.glob(f"{base}/**/*.xml", recursive=True)):
        with open(path, "rb") as f:
            data = f.read()
        head = data[:4096].decode("utf-8", errors="replace")
        expect = re.search(r"^Expect:\s*(.*?)\s*$", head, re.M)
        content_type = re.search(r"^Header:\s*Content-type:\s*(.*?)\s*$", head, re.M | re.I)
        yield (os.path.relpath(path, base), path, data, content_type.group(1) if content_type else None,
               expect.group(1) if expect else "")


def folded(text):
    """A title or link as text, white space folded; an empty one is none."""
    if text is None:
        return None
    return " ".join(text.split()) or None


def plain(value):
    """A title or link written as HTML, as feedparser gives them and its expectations
    name them, as plain text (tags left out, references read), which is how feedhound
    gives them."""
    if value is None:
        return None
    return folded(html.unescape(re.sub(r"<[^>]*>", "", value)))


def named(expect):
    """What an expectation names: (where, field, value), or None."""
    m = NAMED.match(expect)
    if not m:
        return None
    try:
        return m.group(1), m.group(2), plain(ast.literal_eval(m.group(3)))
    except (ValueError, SyntaxError):
        return None


def requests(top):
    for name, path, _, content_type, _ in feeds(top):
        row = {"id": name, "file": path}
        if content_type:
            row["content_type"] = content_type
        print(json.dumps(row))


def compare(top, answers, seconds):
    import feedparser

    with open(answers, encoding="utf-8") as f:
        ours = {a["id"]: a for a in map(json.loads, f)}
    rows = list(feeds(top))
    fp_parsed = fh_parsed = named_total = fp_agree = fh_agree = 0
    fp_seconds = 0.0
    for name, _, data, content_type, expect in rows:
        headers = {"content-type": content_type} if content_type else {}
        started = time.perf_counter()
        try:
            d = feedparser.parse(data, response_headers=headers)
        except Exception as e:  # feedparser failing on a feed: it read nothing of it
            print(f"feedparser on {name}: {e!r}", file=sys.stderr)
            d = feedparser.FeedParserDict(bozo=1, feed=feedparser.FeedParserDict(), entries=[])
        fp_seconds += time.perf_counter() - started
        fp_parsed += not d.bozo
        ours_answer = ours.get(name, {"error": "no answer"})
        fh_parsed += "error" not in ours_answer
        what = named(expect)
        if what is None:
            continue
        where, field, want = what
        named_total += 1
        if where == "feed":
            fp_value, fh_value = d.feed.get(field), ours_answer.get(field)
        else:
            entries, items = d.entries, ours_answer.get("items") or []
            fp_value = entries[0].get(field) if entries else None
            fh_value = items[0].get(field) if items else None
        fp_agree += plain(fp_value) == want
        fh_agree += folded(fh_value) == want
    n = len(rows)
    print(f"{n} well-formed test feeds of feedparser 6.0.11; {named_total} expect a feed's or first entry's title or link")
    print("tool | parsed | share | title or link as expected | feeds/s")
    print("---|---|---|---|---")
    print(f"feedhound | {fh_parsed}/{n} | {fh_parsed / n:.3f} | {fh_agree}/{named_total} | {n / seconds:.0f} (one process, start and JSON included)")
    print(f"feedparser {feedparser.__version__} | {fp_parsed}/{n} | {fp_parsed / n:.3f} (not bozo) | {fp_agree}/{named_total} | {n / fp_seconds:.0f} (in process)")


if __name__ == "__main__":
    if sys.argv[1] == "requests":
        requests(sys.argv[2])
    else:
        compare(sys.argv[2], sys.argv[3], float(sys.argv[4]))
