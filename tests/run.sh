#!/usr/bin/env bash
# The one test command: installs the pinned AWS emulator and SAM tooling into local
# virtualenvs (under target/, reused on later runs), starts the emulator on loopback,
# runs formatting and lint checks, builds the Lambda functions with cargo-lambda through
# `sam build` (the deployed-stack tests deploy them to the emulator), runs every Rust
# test, then stops the emulator. Needs only python3 (with venv), cargo and access to PyPI
# and crates.io.
#
#   bash tests/run.sh            # everything
#   FEEDHOUND_EMULATOR_PORT=4599 bash tests/run.sh
#
# To use your own emulator instead (e.g. real LocalStack in Docker), export
# AWS_ENDPOINT_URL before running; the script then starts none.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. infra/tools.sh

# The image nudity model for the `image-model` tests: fetched from PyPI, never committed
# (treat its weights as AGPL-3.0). Only the one ONNX file is taken from the wheel.
NUDENET_VERSION=3.4.2
NUDENET_MODEL_SHA256=c15d8273adad2d0a92f014cc69ab2d6c311a06777a55545f2c4eb46f51911f0f

step() { printf '\n== %s\n' "$*"; }

# A cold run writes about 10 GB under target/ (test binaries, the release build of the
# functions, the tools); a full disk shows up late and obscurely (a linker's bus error).
mkdir -p target
free_gb=$(df -Pk target | awk 'NR == 2 { print int($4 / 1048576) }')
if [ "${free_gb:-0}" -lt 12 ]; then
    echo "warning: ${free_gb} GB free under target/; a cold run needs about 12 GB (cargo clean frees the old builds)" >&2
fi

step "tools: ministack $MINISTACK_VERSION, SAM CLI $SAM_CLI_VERSION, cfn-lint $CFN_LINT_VERSION, cargo-lambda $CARGO_LAMBDA_VERSION"
install_tools

step "image model: nudenet $NUDENET_VERSION 320n.onnx (test data, not part of feedhound)"
model=$TOOLS/model/320n.onnx
if [ ! -f "$model" ] || ! echo "$NUDENET_MODEL_SHA256  $model" | sha256sum -c --quiet 2>/dev/null; then
    rm -rf "$TOOLS/model" && mkdir -p "$TOOLS/model"
    "$EMU_BIN/pip" download --quiet --disable-pip-version-check --no-deps \
        "nudenet==$NUDENET_VERSION" -d "$TOOLS/model"
    python3 - "$TOOLS/model" <<'PY'
import glob, sys, zipfile
d = sys.argv[1]
with zipfile.ZipFile(glob.glob(d + "/nudenet-*.whl")[0]) as z, open(d + "/320n.onnx", "wb") as out:
    out.write(z.read("nudenet/320n.onnx"))
PY
    rm -f "$TOOLS"/model/nudenet-*.whl
    echo "$NUDENET_MODEL_SHA256  $model" | sha256sum -c --quiet
fi
export FEEDHOUND_TEST_IMAGE_MODEL=$model

step "browser: Chromium and chromedriver (the web tests drive feedhound serve through them)"
if [ -n "${FEEDHOUND_CHROMEDRIVER:-}" ] && [ -n "${FEEDHOUND_CHROMIUM:-}" ]; then
    echo "using $FEEDHOUND_CHROMIUM and $FEEDHOUND_CHROMEDRIVER"
elif command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "found $(chromium --version 2>/dev/null | head -1)"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    echo "installed $(chromium --version 2>/dev/null | head -1)"
else
    echo "Chromium and chromedriver are needed: install Debian's chromium and chromium-driver (as root:" >&2
    echo "apt-get install chromium chromium-driver), or set FEEDHOUND_CHROMIUM and FEEDHOUND_CHROMEDRIVER" >&2
    exit 1
fi

EMU_PID=""
cleanup() {
    if [ -n "$EMU_PID" ]; then
        kill "$EMU_PID" 2>/dev/null || true
        wait "$EMU_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT

export AWS_REGION=${AWS_REGION:-us-east-1}
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-test}
export AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-test}
if [ -z "${AWS_ENDPOINT_URL:-}" ]; then
    port=${FEEDHOUND_EMULATOR_PORT:-$(free_port)}
    step "starting ministack on 127.0.0.1:$port"
    start_emulator "$port" "$TOOLS/ministack.log"
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

step "the patched bitpacking's own tests, as the Lambdas build it (SSE3 certain) and without SIMD"
CARGO_TARGET_DIR=target/bitpacking RUSTFLAGS="-C target-cpu=haswell" \
    cargo test --release --quiet --manifest-path infra/patches/bitpacking/Cargo.toml 2>&1 | grep -E "test result|FAILED|panicked" || exit 1
CARGO_TARGET_DIR=target/bitpacking-scalar \
    cargo test --release --quiet --manifest-path infra/patches/bitpacking/Cargo.toml 2>&1 | grep -E "test result|FAILED|panicked" || exit 1

step "the patched dom_smoothie's own tests (upstream's that read its test pages, not carried, are left out)"
CARGO_TARGET_DIR=target/dom_smoothie \
    cargo test --quiet --manifest-path infra/patches/dom_smoothie/Cargo.toml --lib 2>&1 | grep -E "test result|FAILED|panicked" || exit 1

export SAM_CLI_TELEMETRY=0
step "sam validate --lint"
"$SAM_BIN/sam" validate --lint --template infra/template.yaml --region "$AWS_REGION"

step "infra/build.sh: every function with cargo-lambda, then sam build, as infra/deploy-local.sh does"
started=$(date +%s)
(export PATH=$SAM_BIN:$PATH
 case $(uname -m) in aarch64|arm64) arch=arm64 ;; *) arch=x86_64 ;; esac
 FEEDHOUND_MAX_BOOTSTRAP_BYTES=8000000 bash infra/build.sh --arch "$arch" --config-env local >"$TOOLS/sam-build.log" 2>&1 \
    || { cat "$TOOLS/sam-build.log"; exit 1; })
echo "the build took $(( $(date +%s) - started )) s"
ls -l .aws-sam/build/*/bootstrap | awk '{printf "  %-50s %9d bytes\n", $NF, $5}'

step "build binaries (the integration tests run the feedhound CLI)"
cargo build --workspace --bins --quiet

step "cargo test --workspace (the deployed-stack tests deploy what sam build built)"
status=0
cargo test --workspace --no-fail-fast 2>&1 | tee "$TOOLS/test.log" || status=1
step "cargo test -p feedhound --features image-model (the real model)"
cargo test -p feedhound --features image-model --no-fail-fast --lib --test image_model 2>&1 | tee -a "$TOOLS/test.log" || status=1
passed=$(grep -Eo '[0-9]+ passed' "$TOOLS/test.log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '[0-9]+ failed' "$TOOLS/test.log" | awk '{s+=$1} END {print s+0}')
echo
echo "$passed passed, $failed failed"
exit "$status"
