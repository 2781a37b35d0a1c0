#!/usr/bin/env bash
# Build every Lambda function, then `sam build`.
#
# The functions are linked with cross-crate LTO (the release profile), a whole-program
# pass per function. `sam build` runs cargo-lambda once per function, one after the other,
# so each of those passes would run alone; this script first builds all of them in one
# cargo-lambda run, where cargo links them side by side on every core, and `sam build`
# then finds each one built and only copies it (same command, same target, same flags).
# Plain `sam build` gives the same bootstraps, more slowly.
#
#   bash infra/build.sh                                # arm64, as `sam build` for AWS
#   bash infra/build.sh --arch x86_64 --config-env local  # what infra/deploy-local.sh runs
#
# Options: --arch arm64|x86_64 (default arm64, the template's default); everything else
# goes to `sam build`. Needs cargo-lambda, zig (cargo-lambda's linker) and the SAM CLI on
# PATH, as `sam build` does (infra/tools.sh installs them under target/test-tools/).
set -euo pipefail
cd "$(dirname "$0")/.."

arch=arm64
sam_args=()
while [ $# -gt 0 ]; do
    case $1 in
        --arch) arch=$2; shift ;;
        *) sam_args+=("$1") ;;
    esac
    shift
done

# Every function the template builds: its BuildProperties' Binary.
bins=()
while read -r bin; do bins+=(--bin "$bin"); done \
    < <(grep -o 'Binary: [a-z_-]*' infra/template.yaml | awk '{print $2}')
[ ${#bins[@]} -gt 0 ] || { echo "no function found in infra/template.yaml" >&2; exit 1; }

# The flags SAM's rust-cargolambda builder passes: --release, and --arm64 for arm64 (none
# for x86_64, cargo-lambda's default).
flags=(--release)
case $arch in
    arm64) flags+=(--arm64) ;;
    x86_64) ;;
    *) echo "--arch: arm64 or x86_64, not $arch" >&2; exit 2 ;;
esac

started=$(date +%s)
cargo lambda build "${flags[@]}" "${bins[@]}"
echo "functions built in $(( $(date +%s) - started )) s"
# Each bootstrap's size (where cargo-lambda put it: under the target directory's lambda/).
# The promise: every bootstrap at most 8 MB (8,000,000 bytes). With
# FEEDHOUND_MAX_BOOTSTRAP_BYTES=N set (the test command sets 8000000) a bootstrap larger than
# N fails the build; otherwise one over 8 MB is a warning.
limit=${FEEDHOUND_MAX_BOOTSTRAP_BYTES:-8000000}
over=0
for bin in "${bins[@]}"; do
    [ "$bin" = --bin ] && continue
    size=$(stat -c %s "${CARGO_TARGET_DIR:-target}/lambda/$bin/bootstrap" 2>/dev/null) || size="?"
    note=""
    if [ "$size" != "?" ] && [ "$size" -gt "$limit" ]; then
        note="  over $limit bytes"
        over=1
    fi
    printf '  %-12s %9s bytes%s\n' "$bin" "$size" "$note"
done
if [ "$over" = 1 ] && [ -n "${FEEDHOUND_MAX_BOOTSTRAP_BYTES:-}" ]; then
    echo "a bootstrap is over $limit bytes: see the sizes above" >&2
    exit 1
fi
sam build --parameter-overrides "Arch=$arch" "${sam_args[@]}"
