# The pinned tools of the test command and the local deployment, installed into
# virtualenvs under target/test-tools/ (reused on later runs). Sourced, not run:
#
#   . infra/tools.sh && install_tools
#
# Needs python3 with venv and access to PyPI. Defines:
#   $TOOLS          target/test-tools
#   $EMU_BIN        the emulator (ministack), with the SAM translator `sam deploy` needs
#   $SAM_BIN        sam, cfn-lint, cargo-lambda and zig (put it first on PATH for `sam build`)
#   start_emulator PORT   start ministack on 127.0.0.1:PORT; sets EMU_PID
#   emulator_healthy PORT

MINISTACK_VERSION=1.5.33
# ministack pins botocore; the SAM translator must not move it.
MINISTACK_BOTOCORE=1.43.106
SAM_CLI_VERSION=1.170.0
CFN_LINT_VERSION=1.58.0
CARGO_LAMBDA_VERSION=1.9.2
ZIGLANG_VERSION=0.17.1

TOOLS=${TOOLS:-$PWD/target/test-tools}
EMU_BIN=$TOOLS/emu/bin
SAM_BIN=$TOOLS/sam/bin

tool_venv() { # tool_venv DIR PACKAGES...
    local dir=$1; shift
    local stamp="$dir/.installed-$(echo "$*" | tr ' =<>' '____')"
    if [ ! -f "$stamp" ]; then
        rm -rf "$dir"
        python3 -m venv "$dir"
        "$dir/bin/pip" install --quiet --disable-pip-version-check "$@"
        touch "$stamp"
    fi
}

install_tools() {
    mkdir -p "$TOOLS"
    tool_venv "$TOOLS/emu" "ministack==$MINISTACK_VERSION" aws-sam-translator "botocore==$MINISTACK_BOTOCORE"
    tool_venv "$TOOLS/sam" "aws-sam-cli==$SAM_CLI_VERSION" "cfn-lint==$CFN_LINT_VERSION" \
        "cargo-lambda==$CARGO_LAMBDA_VERSION" "ziglang==$ZIGLANG_VERSION"
}

emulator_healthy() { # emulator_healthy PORT
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" \
        "http://127.0.0.1:$1/_ministack/health" >/dev/null 2>&1
}

# Start ministack on loopback. Lambda functions run as its child processes and inherit
# its environment: AWS_ENDPOINT_URL brings their SDK calls back to it.
start_emulator() { # start_emulator PORT LOGFILE
    local port=$1 log=$2
    mkdir -p "$TOOLS/emu-tmp"
    BIND_HOST=127.0.0.1 GATEWAY_PORT=$port AWS_ENDPOINT_URL=http://127.0.0.1:$port TMPDIR=$TOOLS/emu-tmp \
        AWS_REGION=${AWS_REGION:-us-east-1} AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-test} \
        AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-test} \
        "$EMU_BIN/ministack" >"$log" 2>&1 &
    EMU_PID=$!
    for _ in $(seq 1 300); do
        if emulator_healthy "$port"; then return 0; fi
        if ! kill -0 "$EMU_PID" 2>/dev/null; then
            echo "ministack exited; its log:" >&2; cat "$log" >&2; return 1
        fi
        sleep 0.1
    done
    echo "ministack did not become healthy in 30 s; its log:" >&2; cat "$log" >&2
    return 1
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
