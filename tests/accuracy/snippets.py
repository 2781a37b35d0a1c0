"""trafilatura 1.0.0's real-world test pages (its sdist on PyPI: tests/cache and
tests/realworld_tests.py), 83 pages, most of them German, a few English and French: for
each, the snippets its tests say the text must hold and must not hold. Scored as
trafilatura's own evaluation scores such snippets: a must-have found is a true positive,
one missing a false negative, a must-not-have found a false positive.

trafilatura keeps readers' comments by default and some of its must-have snippets are
comments; feedhound leaves comments out on purpose, so those (a snippet inside an element
whose class or id names a comment) are left out of the set, and counted.

    python3 snippets.py set DIR            # writes DIR/snippets.jsonl
    python3 snippets.py score DIR OUT NAME # prints a summary line for a tool's answers
"""

import ast
import json
import os
import re
import sys

from lxml import html as lxml_html

TESTS = "trafilatura-1.0.0/tests"


def spaced(s):
    return re.sub(r"\s+", " ", s or "")


def in_comment(doc, snippet):
    """Whether the innermost element holding a snippet sits in a comment."""
    key = spaced(snippet).strip()[:25]
    hits = [e for e in doc.iter() if isinstance(e.tag, str) and key in spaced(e.text_content())]
    e = hits[-1] if hits else None
    while e is not None:
        names = f"{e.get('class') or ''} {e.get('id') or ''}".lower()
        if re.search(r"(^|[\s_-])(comments?|comment-content|comment-body|comment-text|commentlist)([\s_-]|$)", names):
            return True
        e = e.getparent()
    return False


def pages(top):
    source = f"{top}/{TESTS}/realworld_tests.py"
    with open(source, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    mock = next(ast.literal_eval(n.value) for n in tree.body
                if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "MOCK_PAGES")
    found, order = {}, []

    def walk(stmts, url):
        for s in stmts:
            if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) \
                    and getattr(s.value.func, "id", "") == "load_mock_page":
                url = ast.literal_eval(s.value.args[0])
                if url not in found:
                    found[url] = {"with": [], "without": []}
                    order.append(url)
            elif isinstance(s, ast.Assert) and url:
                for c in ast.walk(s.test):
                    if isinstance(c, ast.Compare) and isinstance(c.left, ast.Constant) \
                            and isinstance(c.left.value, str) and len(c.ops) == 1 \
                            and getattr(c.comparators[0], "id", "") == "result":
                        key = "with" if isinstance(c.ops[0], ast.In) else "without"
                        if c.left.value not in found[url][key]:
                            found[url][key].append(c.left.value)
            elif isinstance(s, (ast.If, ast.For, ast.With)):
                url = walk(s.body, url)
            elif isinstance(s, ast.FunctionDef):
                walk(s.body, None)
        return url

    walk(tree.body, None)
    comments = 0
    for i, url in enumerate(order):
        page = f"{top}/{TESTS}/cache/{mock[url]}"
        with open(page, "rb") as f:
            doc = lxml_html.fromstring(f.read())
        keep = [s for s in found[url]["with"] if not in_comment(doc, s)]
        comments += len(found[url]["with"]) - len(keep)
        if keep or found[url]["without"]:
            yield {"id": f"{i:02d}-{mock[url][:-5]}", "file": page, "url": url,
                   "with": keep, "without": found[url]["without"]}
    print(f"snippets: {comments} must-have snippets in readers' comments left out", file=sys.stderr)


def score(top, out, name):
    with open(f"{top}/snippets.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    with open(out, encoding="utf-8") as f:
        texts = {a["id"]: spaced(a.get("text")) for a in map(json.loads, f) if a}
    tp = fn = fp = 0
    for row in rows:
        text = texts.get(row["id"], "")
        found = sum(spaced(s) in text for s in row["with"])
        tp, fn = tp + found, fn + len(row["with"]) - found
        fp += sum(spaced(s) in text for s in row["without"])
    p, r = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    print(f"{name} | {f1:.3f} | {p:.3f} | {r:.3f} | {tp} of {tp + fn} | {fp} of "
          f"{sum(len(r['without']) for r in rows)}")


if __name__ == "__main__":
    if sys.argv[1] == "set":
        rows = list(pages(sys.argv[2]))
        with open(f"{sys.argv[2]}/snippets.jsonl", "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{sys.argv[2]}/snippets.jsonl: {len(rows)} pages", file=sys.stderr)
    else:
        score(sys.argv[2], sys.argv[3], sys.argv[4])
