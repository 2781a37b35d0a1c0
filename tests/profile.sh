#!/usr/bin/env bash
# A CPU flamegraph of an embedded crawl of the fixture web (politeness-bench):
#
#   bash tests/profile.sh [--hosts 1000] [--pages 2]     # other options go to the bench
#
# Builds the bench with the release profile plus line tables and symbols (its own target
# directory, target/prof: about 7 minutes cold, 3 after a change), records it with
# `perf record --call-graph dwarf`, keeps the crawler's process only (the fixture web runs as
# a child process and is left out), and writes target/prof/flamegraph.svg, the folded stacks
# beside it, and a breakdown of the crawler's CPU by part on the terminal.
# Needs perf (Debian: linux-perf); installs inferno under target/test-tools if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v perf >/dev/null || { echo "perf is missing: apt-get install linux-perf" >&2; exit 2; }
INFERNO=$PWD/target/test-tools/inferno/bin
if [ ! -x "$INFERNO/inferno-flamegraph" ]; then
    cargo install --quiet --locked inferno --version 0.12.8 --root "$PWD/target/test-tools/inferno"
fi
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--hosts 1000 --pages 2)

OUT=$PWD/target/prof
CARGO_PROFILE_RELEASE_STRIP=false CARGO_PROFILE_RELEASE_DEBUG=line-tables-only CARGO_TARGET_DIR=$OUT \
    cargo build --release -p feedhound-tests --bin politeness-bench --bin fixture-web

rm -f "$OUT/perf.data"
perf record -q -F 999 --call-graph dwarf,32768 -o "$OUT/perf.data" -- "$OUT/release/politeness-bench" "${args[@]}"
# The bench is the first process perf saw; its pid filters out the fixture web.
pid=$(perf report -i "$OUT/perf.data" --sort pid --stdio -g none 2>/dev/null |
    grep -oE '[0-9]+:politeness-benc' | head -1 | cut -d: -f1)
perf script -i "$OUT/perf.data" --pid "$pid" 2>/dev/null | "$INFERNO/inferno-collapse-perf" > "$OUT/stacks.folded"
"$INFERNO/inferno-flamegraph" --title "feedhound embedded crawl: politeness-bench ${args[*]}" --width 1600 \
    --minwidth 0.2 < "$OUT/stacks.folded" > "$OUT/flamegraph.svg"

# The crawler's CPU by part: each stack counts once, for the first pattern it matches.
python3 - "$OUT/stacks.folded" <<'EOF'
import collections, re, sys
parts = [
    ("state writes: group-commit thread, redb commit", r"^feedhound-state"),
    ("  of which fdatasync", None),
    ("host-lease writes: group-commit thread", r"^feedhound-hosts"),
    ("page store: a file per body and record (ext4 create, delete)",
     r"FilePageStore|ext4_|recently_deleted|find_inode_bit|find_get_block|__brelse|d_lookup|unlinkat|path_openat"),
    ("extract stage (decode, extract, record)", r"service::extract|feedhound::extract|dom_smoothie|html5ever"),
    ("feed parsing and polling", r"service::poll|feed_rs"),
    ("HTTP: reqwest, hyper, sockets", r"hyper|reqwest|tcp_sendmsg|tcp_recvmsg|sock_"),
    ("politeness gate", r"service::gate"),
    ("JSON (de)serialisation", r"serde_json"),
    ("waking and sleeping: tokio park, futexes, context switches",
     r"park|futex|finish_task_switch|schedule|epoll_wait|_raw_spin_unlock_irq"),
]
total, by = 0.0, collections.Counter()
for line in open(sys.argv[1]):
    stack, n = line.rsplit(" ", 1)
    n = float(n)
    total += n
    for name, pattern in parts:
        if pattern and re.search(pattern, stack):
            by[name] += n
            if name.startswith("state writes") and re.search(r"fdatasync|sync_data", stack):
                by["  of which fdatasync"] += n
            break
    else:
        by["everything else"] += n
print("\nthe crawler's CPU samples by part")
for name, _ in parts + [("everything else", None)]:
    print(f"  {by[name] / total * 100:5.1f} %  {name}")
EOF
echo "flamegraph: $OUT/flamegraph.svg"
