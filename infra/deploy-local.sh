#!/usr/bin/env bash
# Deploy feedhound's SAM stack (infra/template.yaml) to a local AWS emulator, as it would
# be deployed to AWS:
#   1. installs the pinned tools (ministack, SAM CLI, cargo-lambda, zig) as the test
#      command does, under target/test-tools/;
#   2. `infra/build.sh`: every function built by cargo-lambda for this machine's
#      architecture (the emulator runs bootstraps as local processes), then `sam build`;
#   3. starts ministack on loopback when AWS_ENDPOINT_URL is not set, and leaves it running;
#   4. `sam deploy` to it; prints the stack's outputs and writes them, with the emulator's
#      endpoint and credentials, as `export NAME=value` lines to target/local-stack/env.
#
#   bash infra/deploy-local.sh [options]
#   source target/local-stack/env
#   feedhound add-feed --aws https://example.org/feed.xml
#   feedhound status --aws
#   feedhound search --aws WORDS             # through the search function's URL
#   bash infra/deploy-local.sh --stop          # stop the emulator this script started
#
# Options:
#   --allow-private-addresses   let the functions fetch loopback and private addresses (testing)
#   --resolve HOST:PORT:ADDR    name override, as curl's (repeatable; * for every host)
#   --stack NAME                stack name (default feedhound-local)
#   --param KEY=VALUE           any other template parameter, e.g. PollSchedule='rate(1 minute)'
#   --no-build                  deploy what the last `sam build` built
#   --env-file PATH             where to write the CLI's environment (default target/local-stack/env)
#   --delete                    delete the stack (and its deploy bucket) instead of deploying
#   --stop                      stop the emulator started by an earlier run
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/target/local-stack
mkdir -p "$state"

stack=feedhound-local
allow_private=false
resolve=()
params=()
build=true
env_file=$state/env
delete=false
while [ $# -gt 0 ]; do
    case $1 in
        --allow-private-addresses) allow_private=true ;;
        --resolve) resolve+=("$2"); shift ;;
        --stack) stack=$2; shift ;;
        --param) params+=("$2"); shift ;;
        --no-build) build=false ;;
        --env-file) env_file=$2; shift ;;
        --delete) delete=true; build=false ;;
        --stop)
            if [ -f "$state/emulator.pid" ] && kill "$(cat "$state/emulator.pid")" 2>/dev/null; then
                echo "stopped the emulator (pid $(cat "$state/emulator.pid"))"
            else
                echo "no emulator of this script's is running"
            fi
            rm -f "$state/emulator.pid"
            exit 0
            ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed 's/^# \{0,1\}//' | grep -v '^set -euo'; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

. infra/tools.sh
step() { printf '\n== %s\n' "$*"; }

step "tools: ministack $MINISTACK_VERSION, SAM CLI $SAM_CLI_VERSION, cargo-lambda $CARGO_LAMBDA_VERSION"
install_tools
export PATH=$SAM_BIN:$PATH SAM_CLI_TELEMETRY=0
case $(uname -m) in
    aarch64|arm64) arch=arm64 ;;
    *) arch=x86_64 ;;
esac

if $build; then
    step "sam build ($arch, cargo-lambda)"
    started=$(date +%s)
    bash infra/build.sh --arch "$arch" --config-env local
    echo "built in $(( $(date +%s) - started )) s"
fi

export AWS_REGION=${AWS_REGION:-us-east-1}
export AWS_DEFAULT_REGION=$AWS_REGION
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-test}
export AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-test}
if [ -z "${AWS_ENDPOINT_URL:-}" ]; then
    if [ -f "$state/emulator.pid" ] && kill -0 "$(cat "$state/emulator.pid")" 2>/dev/null \
        && emulator_healthy "$(cat "$state/emulator.port")"; then
        port=$(cat "$state/emulator.port")
        step "reusing the emulator on 127.0.0.1:$port"
    else
        port=4566
        emulator_healthy "$port" && port=$(free_port)
        step "starting ministack on 127.0.0.1:$port (it keeps running; --stop stops it)"
        start_emulator "$port" "$state/ministack.log"
        echo "$EMU_PID" > "$state/emulator.pid"
        echo "$port" > "$state/emulator.port"
    fi
    export AWS_ENDPOINT_URL=http://127.0.0.1:$port
fi

if $delete; then
    step "deleting stack $stack on $AWS_ENDPOINT_URL"
    sam delete --stack-name "$stack" --region "$AWS_REGION" --no-prompts
    exit 0
fi

step "sam deploy to $AWS_ENDPOINT_URL (stack $stack)"
overrides=("Arch=$arch" "AllowPrivateAddresses=$allow_private")
if [ ${#resolve[@]} -gt 0 ]; then
    overrides+=("Resolve=$(IFS=,; echo "${resolve[*]}")")
fi
overrides+=("${params[@]}")
quoted=()
for o in "${overrides[@]}"; do
    # Values with spaces (schedule expressions) need quotes, or SAM splits them and the
    # schedule silently never fires.
    quoted+=("${o%%=*}=\"${o#*=}\"")
done
deploy_bucket="$stack-sam-artifacts"
"$SAM_BIN/python" - "$deploy_bucket" <<'PY'
import os, sys, boto3
s3 = boto3.client("s3", endpoint_url=os.environ["AWS_ENDPOINT_URL"])
try:
    s3.create_bucket(Bucket=sys.argv[1])
except s3.exceptions.BucketAlreadyOwnedByYou:
    pass
PY
sam deploy --config-env local --template-file .aws-sam/build/template.yaml --stack-name "$stack" --no-fail-on-empty-changeset \
    --s3-bucket "$deploy_bucket" --region "$AWS_REGION" --parameter-overrides "${quoted[*]}"

step "outputs"
"$SAM_BIN/python" - "$stack" "$env_file" <<'PY'
import os, sys, boto3
stack, env_file = sys.argv[1], sys.argv[2]
endpoint = os.environ["AWS_ENDPOINT_URL"]
cfn = boto3.client("cloudformation", endpoint_url=endpoint)
outputs = {o["OutputKey"]: o["OutputValue"] for o in cfn.describe_stacks(StackName=stack)["Stacks"][0].get("Outputs", [])}
# ministack 1.5.33 keeps an event source mapping's MaximumConcurrency as the string the
# template gave it (its API shows a number), and its SQS poller then fails on every pass:
# no queue is consumed. AWS reads the number. Set every one again through the API, which
# stores a number; on AWS this script is never run.
lam = boto3.client("lambda", endpoint_url=endpoint)
fixed = 0
for page in lam.get_paginator("list_event_source_mappings").paginate():
    for m in page["EventSourceMappings"]:
        n = (m.get("ScalingConfig") or {}).get("MaximumConcurrency")
        if n is not None:
            lam.update_event_source_mapping(UUID=m["UUID"], ScalingConfig={"MaximumConcurrency": int(n)})
            fixed += 1
print(f"  (emulator workaround: MaximumConcurrency stored as a number on {fixed} queue triggers)")
env = {
    "AWS_ENDPOINT_URL": endpoint,
    "AWS_REGION": os.environ["AWS_REGION"],
    "AWS_ACCESS_KEY_ID": os.environ["AWS_ACCESS_KEY_ID"],
    "AWS_SECRET_ACCESS_KEY": os.environ["AWS_SECRET_ACCESS_KEY"],
    "FEEDHOUND_STACK": stack,
    "FEEDHOUND_TABLE": outputs.get("StateTableName", ""),
    "FEEDHOUND_BUCKET": outputs.get("PagesBucketName", ""),
    "FEEDHOUND_QUEUE_PREFIX": outputs.get("QueuePrefix", stack),
    "FEEDHOUND_SEARCH_URL": outputs.get("SearchUrl", ""),
    "FEEDHOUND_WEB_URL": outputs.get("WebUrl", ""),
    "FEEDHOUND_WEB_OPERATOR_URL": outputs.get("WebOperatorUrl", ""),
}
with open(env_file, "w") as f:
    for k, v in env.items():
        f.write(f"export {k}={v}\n")
for k, v in sorted(outputs.items()):
    print(f"  {k:<24} {v}")
# A browser reaches a function URL on the emulator at <id>.lambda-url.<region>.localhost.
web = outputs.get("WebUrl", "")
if ".lambda-url." in web:
    from urllib.parse import urlparse
    port = urlparse(endpoint).port or 4566
    host = urlparse(web).hostname.split(".")[0]
    print(f"\nthe web pages, in a browser on this machine: http://{host}.lambda-url.{os.environ['AWS_REGION']}.localhost:{port}/")
print(f"\nenvironment for the CLI: source {os.path.relpath(env_file)}")
PY
