#!/usr/bin/env bash
# The service over loopback with wrk: small stateless layouts, and viewport queries against a 1,000,000-item
# waterfall session, the answer cache off. Prints a markdown table; run on an otherwise idle machine and compare
# rows of one run.
#   scripts/bench-service.sh [seconds] [path to layoutd]
# WRK_THREADS (default 2) and WRK_CONNECTIONS (default 64) set wrk's threads and connections, LAYOUTD_THREADS the
# server's event loops (default: one per core); a second binary, such as an older release, can be measured the same
# way by giving its path.
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
binary="${2:-}"
if [ -z "$binary" ]; then
    swift build -c release --product layoutd >/dev/null
    binary="$(swift build -c release --show-bin-path)/layoutd"
fi
threads="${WRK_THREADS:-2}"
connections="${WRK_CONNECTIONS:-64}"
work="$(mktemp -d)"
# The answer cache off (by its environment variable, which older binaries ignore): the 20-item flow repeats one
# body, and this script measures laying it out (scripts/bench-http.sh has a row for the cache).
LAYOUTD_ANSWER_CACHE_BYTES=0 "$binary" --port 0 --log-requests false ${LAYOUTD_THREADS:+--threads "$LAYOUTD_THREADS"} 2>"$work/log" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q 'listening on' "$work/log" && break; sleep 0.05; done
port="$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/log")"

python3 - "$work/session.json" <<'PY'
import sys
items = ",".join('{"width":%d,"height":%d}' % (40 + (i * 37) % 200, 30 + (i * 53) % 170) for i in range(1_000_000))
open(sys.argv[1], "w").write('{"kind":"waterfall","viewport":{"width":375,"height":812},"sections":[{"items":[%s]}]}' % items)
PY
created="$(curl -sS --data-binary @"$work/session.json" "http://127.0.0.1:$port/sessions" -w '\n%{time_total}')"
create_seconds="$(echo "$created" | tail -1)"
id="$(echo "$created" | head -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
height="$(echo "$created" | head -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["contentSize"]["height"])')"
rss_kb="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)"

run() {  # name, script, [env]
    local output
    output="$(env "${@:3}" wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$2" "http://127.0.0.1:$port/")"
    local rps p99 errors
    rps="$(echo "$output" | awk '/Requests\/sec/ {print $2}')"
    p99="$(echo "$output" | awk '$1 == "99%" {print $2}')"
    errors="$(echo "$output" | awk '/Non-2xx/ {print $5}')"
    echo "| $1 | $rps | $p99 | ${errors:-0} |"
}

echo "Service over loopback: \`wrk -t$threads -c$connections -d${duration}s\`, layoutd release with its defaults but the answer cache off, $(nproc) cores shared with wrk."
echo
echo "| workload | requests/s | p99 | non-2xx |"
echo "|---|---:|---:|---:|"
run "POST /layout/flow, 20 items" scripts/wrk/small-layout.lua
run "POST /sessions/{id}/query, 375×812 at random offsets, 1,000,000-item waterfall" scripts/wrk/session-query.lua \
    SESSION_ID="$id" CONTENT_HEIGHT="$height"
echo
echo "Creating the 1,000,000-item waterfall session (27 MB of JSON) took ${create_seconds} s over loopback;"
echo "the server's resident memory after it: $((rss_kb / 1024)) MiB."

# One mutation at a time over loopback, after the load: a measured size near the end and near the start of the
# session (curl's time_total, median of 5, the size alternating so that every call changes something).
mutation() {  # item index
    local times=()
    for round in 1 2 3 4 5; do
        times+=("$(curl -sS -o /dev/null -w '%{time_total}' \
            -d "{\"items\":[{\"indexPath\":[0,$1],\"size\":{\"width\":100,\"height\":$((60 + round % 2))}}]}" \
            "http://127.0.0.1:$port/sessions/$id/invalidate")")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}
echo "POST /sessions/{id}/invalidate, one item resized: near the end $(mutation 999990) s, near the start" \
    "$(mutation 10) s (each also copies the session's arrays: queries meanwhile read the previous version)."
