#!/usr/bin/env bash
# The one test command: installs the pinned AWS emulator and SAM tooling into local
# virtualenvs (under target/, reused on later runs), starts the emulator on loopback,
# runs formatting and lint checks, every Rust test, and `sam validate --lint`, then stops
# the emulator. Needs only python3 (with venv), cargo and access to PyPI and crates.io.
#
#   bash tests/run.sh            # everything
#   FEEDHOUND_EMULATOR_PORT=4599 bash tests/run.sh
#
# To use your own emulator instead (e.g. real LocalStack in Docker), export
# AWS_ENDPOINT_URL before running; the script then starts none.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools=$root/target/test-tools
mkdir -p "$tools"

MINISTACK_VERSION=1.5.33
# The image nudity model for the `image-model` tests: fetched from PyPI, never committed
# (treat its weights as AGPL-3.0). Only the one ONNX file is taken from the wheel.
NUDENET_VERSION=3.4.2
NUDENET_MODEL_SHA256=c15d8273adad2d0a92f014cc69ab2d6c311a06777a55545f2c4eb46f51911f0f
SAM_CLI_VERSION=1.170.0
CFN_LINT_VERSION=1.58.0

step() { printf '\n== %s\n' "$*"; }

venv() { # venv DIR PACKAGES...
    local dir=$1; shift
    local stamp="$dir/.installed-$(echo "$*" | tr ' =<>' '____')"
    if [ ! -f "$stamp" ]; then
        rm -rf "$dir"
        python3 -m venv "$dir"
        "$dir/bin/pip" install --quiet --disable-pip-version-check "$@"
        touch "$stamp"
    fi
}

step "tools: ministack $MINISTACK_VERSION, aws-sam-cli $SAM_CLI_VERSION, cfn-lint $CFN_LINT_VERSION"
venv "$tools/emu" "ministack==$MINISTACK_VERSION"
venv "$tools/sam" "aws-sam-cli==$SAM_CLI_VERSION" "cfn-lint==$CFN_LINT_VERSION"

step "image model: nudenet $NUDENET_VERSION 320n.onnx (test data, not part of feedhound)"
model=$tools/model/320n.onnx
if [ ! -f "$model" ] || ! echo "$NUDENET_MODEL_SHA256  $model" | sha256sum -c --quiet 2>/dev/null; then
    rm -rf "$tools/model" && mkdir -p "$tools/model"
    "$tools/emu/bin/pip" download --quiet --disable-pip-version-check --no-deps \
        "nudenet==$NUDENET_VERSION" -d "$tools/model"
    python3 - "$tools/model" <<'PY'
import glob, sys, zipfile
d = sys.argv[1]
with zipfile.ZipFile(glob.glob(d + "/nudenet-*.whl")[0]) as z, open(d + "/320n.onnx", "wb") as out:
    out.write(z.read("nudenet/320n.onnx"))
PY
    rm -f "$tools"/model/nudenet-*.whl
    echo "$NUDENET_MODEL_SHA256  $model" | sha256sum -c --quiet
fi
export FEEDHOUND_TEST_IMAGE_MODEL=$model

emu_pid=""
cleanup() {
    if [ -n "$emu_pid" ]; then
        kill "$emu_pid" 2>/dev/null || true
        wait "$emu_pid" 2>/dev/null || true
    fi
}
trap cleanup EXIT

export AWS_REGION=${AWS_REGION:-us-east-1}
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-test}
export AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-test}
if [ -z "${AWS_ENDPOINT_URL:-}" ]; then
    port=${FEEDHOUND_EMULATOR_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
    step "starting ministack on 127.0.0.1:$port"
    mkdir -p "$tools/emu-tmp"
    BIND_HOST=127.0.0.1 GATEWAY_PORT=$port AWS_ENDPOINT_URL=http://127.0.0.1:$port TMPDIR=$tools/emu-tmp \
        "$tools/emu/bin/ministack" >"$tools/ministack.log" 2>&1 &
    emu_pid=$!
    healthy() { python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" "http://127.0.0.1:$port/_ministack/health" >/dev/null 2>&1; }
    for _ in $(seq 1 300); do
        if healthy; then break; fi
        if ! kill -0 "$emu_pid" 2>/dev/null; then
            echo "ministack exited; its log:" >&2; cat "$tools/ministack.log" >&2; exit 1
        fi
        sleep 0.1
    done
    healthy || { echo "ministack did not become healthy in 30 s; its log:" >&2; cat "$tools/ministack.log" >&2; exit 1; }
    export AWS_ENDPOINT_URL=http://127.0.0.1:$port
fi
echo "emulator: $AWS_ENDPOINT_URL"

step "cargo fmt --check"
cargo fmt --all -- --check
cargo fmt --manifest-path fuzz/Cargo.toml -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p feedhound --features image-model --all-targets --quiet -- -D warnings

step "fuzz targets compile (running them needs nightly and cargo-fuzz: see the README)"
CARGO_TARGET_DIR=target/fuzz-check cargo check --manifest-path fuzz/Cargo.toml --quiet

step "build binaries (the integration tests run the feedhound CLI)"
cargo build --workspace --bins --quiet

export SAM_CLI_TELEMETRY=0
step "sam validate --lint"
"$tools/sam/bin/sam" validate --lint --template infra/template.yaml --region "$AWS_REGION"

step "cargo test --workspace"
status=0
cargo test --workspace --no-fail-fast 2>&1 | tee "$tools/test.log" || status=1
step "cargo test -p feedhound --features image-model (the real model)"
cargo test -p feedhound --features image-model --no-fail-fast --lib --test image_model 2>&1 | tee -a "$tools/test.log" || status=1
passed=$(grep -Eo '[0-9]+ passed' "$tools/test.log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '[0-9]+ failed' "$tools/test.log" | awk '{s+=$1} END {print s+0}')
echo
echo "$passed passed, $failed failed"
exit "$status"
