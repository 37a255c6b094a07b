#!/usr/bin/env bash
# Issue 21's table in one run: layoutd (release) against nginx on loopback with wrk, the servers alternating in each
# round, medians of the rounds and the range of the rounds' own ratios, every ratio printed (requests/s and p99
# latency); and the 29 MB POST end to end against node's bare JSON.parse of the same bytes.
#   scripts/bench-http.sh [duration per wrk run, default 5s] [rounds, default 3] [path to layoutd]
# The rows: GET /healthz against nginx's `return 200` of the same body (no file) and against nginx serving the same
# bytes from a file; a 20-item POST /layout/flow of one repeated body (from the answer cache after the second), the
# same with every body distinct (the viewport's height, which a flow's answer does not depend on, new in every
# request: each is laid out, and answered with the same bytes), and a 1,000,000-item waterfall session's viewport
# query (one fixed rect; and a rect scrolling 7 points a request, nginx still serving the fixed rect's answer, about
# as long), each against nginx serving the very answer from a file (the same requests from the same
# wrk script, sent as GETs), and against nginx answering the same POSTs with `return 200` of the answer. nginx
# runs 2 workers, access_log off, open_file_cache (its best case); layoutd its defaults (one event loop per core).
# Needs wrk, nginx (Debian:
# apt-get install -y nginx-light), curl, python3 and node. Prints two markdown tables (the rates, and each side's CPU
# per request: the server's user and system time, and wrk's); writes no file.
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-5s}"
rounds="${2:-3}"
binary="${3:-}"
for tool in wrk curl python3 node /usr/sbin/nginx; do
    command -v "$tool" >/dev/null || { echo "bench-http.sh needs $tool" >&2; exit 1; }
done
if [ -z "$binary" ]; then
    swift build -c release --product layoutd >/dev/null
    binary="$(swift build -c release --show-bin-path)/layoutd"
fi
wrk_args=(-t2 -c64 -d"$duration" --latency)
# Two free ports, so that two runs at once (or another server on the machine) do not collide.
read -r layoutd_port nginx_port < <(python3 -c 'import socket
probes = [socket.socket() for _ in range(2)]
for probe in probes: probe.bind(("127.0.0.1", 0))
print(*(probe.getsockname()[1] for probe in probes))')
work="$(mktemp -d)"
chmod 755 "$work"  # nginx workers run as nobody when started as root
layoutd_pid=""
stop() {  # pid: SIGTERM, then wait (bounded) until it is gone so the next run can bind the port
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
}
main_pid=$$
cleanup() {
    [ "$BASHPID" = "$main_pid" ] || return 0  # subshells inherit the trap; only the script itself cleans up
    if [ -n "$layoutd_pid" ]; then stop "$layoutd_pid"; fi
    if [ -f "$work/nginx.pid" ]; then stop "$(cat "$work/nginx.pid")"; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$binary" --port "$layoutd_port" --no-log-requests 2>"$work/layoutd.log" &
layoutd_pid=$!
base="http://127.0.0.1:$layoutd_port"
for attempt in $(seq 100); do
    curl -sf "$base/healthz" >/dev/null && break
    [ "$attempt" = 100 ] && { echo "layoutd does not answer on $layoutd_port" >&2; exit 1; }
    sleep 0.1
done

# The request bodies, and the answers nginx serves from files.
mkdir -p "$work/www"
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
items = ",".join('{"width":%d,"height":%d}' % (40 + (i * 37) % 200, 30 + (i * 53) % 170) for i in range(1_000_000))
body = '"viewport":{"width":375,"height":812},"sections":[{"items":[%s]}]' % items
open(work + "/session.json", "w").write('{"kind":"waterfall",%s}' % body)
open(work + "/big.json", "w").write('{%s,"rect":{"x":0,"y":200000,"width":375,"height":812}}' % body)
open(work + "/flow.json", "w").write('{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}')
open(work + "/query.json", "w").write('{"rect":{"x":0,"y":200000,"width":375,"height":812}}')
PY
id="$(curl -sS --data-binary @"$work/session.json" "$base/sessions" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
curl -sS "$base/healthz" -o "$work/www/healthz"
curl -sS --data-binary @"$work/flow.json" "$base/layout/flow" -o "$work/www/flow"
curl -sS --data-binary @"$work/query.json" "$base/sessions/$id/query" -o "$work/www/query"
health_body="$(cat "$work/www/healthz")"
flow_answer="$(cat "$work/www/flow")"
query_answer="$(cat "$work/www/query")"
for answer in "$flow_answer" "$query_answer"; do
    # Inside nginx's single quotes: no quote, no variable, no backslash (a layout answer has none of them).
    case "$answer" in *[\'\\\$]*) echo "an answer holds a character nginx's return text cannot" >&2; exit 1 ;; esac
    # nginx reads its configuration 4 KiB at a time, and one parameter must fit in that buffer.
    [ "${#answer}" -le 4000 ] || { echo "an answer is longer than nginx's return text can be (4000 bytes)" >&2; exit 1; }
done

cat >"$work/post.lua" <<'LUA'
-- POSTs the file BENCH_BODY to BENCH_PATH (or sends it with BENCH_METHOD).
wrk.method = os.getenv("BENCH_METHOD") or "POST"
wrk.path = os.getenv("BENCH_PATH")
wrk.headers["Content-Type"] = "application/json"
local file = io.open(os.getenv("BENCH_BODY"), "rb")
wrk.body = file:read("*a")
file:close()
LUA

# What both scripts that make a new body per request share: the method, path and type, and each thread's number
# (`id`, 0 and 1) with its count of requests sent so far (`sent`), from which its request() makes the body.
cat >"$work/threads.lua" <<'LUA'
wrk.method = os.getenv("BENCH_METHOD") or "POST"
wrk.path = os.getenv("BENCH_PATH")
wrk.headers["Content-Type"] = "application/json"
local threads = 0
function setup(thread)
    thread:set("id", threads)
    threads = threads + 1
end
local sent = 0
LUA

{ cat "$work/threads.lua"; cat <<'LUA'
-- POSTs flow.json's layout with a viewport height no earlier request had: BENCH_FIRST + 667 and up, one a request,
-- the threads interleaved. A flow's answer does not depend on the viewport's height, so each answer is flow.json's,
-- byte for byte, but every body is new to layoutd's answer cache and laid out.
wrk.path = os.getenv("BENCH_PATH") or "/layout/flow"
local first = tonumber(os.getenv("BENCH_FIRST") or "0")
function request()
    local height = first + 667 + sent * 2 + (id or 0)
    sent = sent + 1
    local body = string.format('{"viewport":{"width":375,"height":%d},"sections":[{"count":20}]}', height)
    return wrk.format(nil, nil, nil, body)
end
LUA
} >"$work/distinct.lua"

{ cat "$work/threads.lua"; cat <<'LUA'
-- POSTs a viewport query whose rect moves 7 points down on every request, as a user scrolling the session: the
-- threads scroll apart (the second starts 1,500,000 points lower), wrapping after 3,000,000 points. Each answer is
-- computed for its own rect (a rect no earlier request had, until the wrap), unlike query.json's one fixed rect.
function request()
    local y = 100000 + (sent * 7 + (id or 0) * 1500000) % 3000000
    sent = sent + 1
    local body = string.format('{"rect":{"x":0,"y":%d,"width":375,"height":812}}', y)
    return wrk.format(nil, nil, nil, body)
end
LUA
} >"$work/scroll.lua"

cat >"$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/body;
    keepalive_requests 1000000;
    open_file_cache max=64;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/www;
        default_type application/json;
        location = /return { return 200 '$health_body'; }
        # The same POSTs wrk sends layoutd, answered with layoutd's very answer (nginx reads and drops the body).
        location = /layout/flow { return 200 '$flow_answer'; }
        location ^~ /sessions/ { return 200 '$query_answer'; }
    }
}
CONF
/usr/sbin/nginx -c "$work/nginx.conf" -p "$work/" -e "$work/error.log"
for attempt in $(seq 50); do
    curl -sf "http://127.0.0.1:$nginx_port/return" >/dev/null && break
    [ "$attempt" = 50 ] && { echo "nginx does not answer on $nginx_port" >&2; exit 1; }
    sleep 0.1
done
if [ "$(curl -sS "http://127.0.0.1:$nginx_port/return")" != "$health_body" ]; then
    echo "nginx's return 200 body differs from /healthz's" >&2; exit 1
fi

clock_ticks="$(getconf CLK_TCK)"
cpu_ticks() {  # pids… -> "user system": the CPU clock ticks of every thread of those processes so far
    local user=0 system=0 stat fields
    for pid in "$@"; do
        for stat in /proc/"$pid"/task/*/stat; do
            read -r -a fields < <(sed 's/.*) //' "$stat" 2>/dev/null) || continue
            user=$((user + fields[11])); system=$((system + fields[12]))
        done
    done
    echo "$user $system"
}
measure() {  # file, wrk arguments… -> appends "rps p99_ms server_user_us server_system_us wrk_us" to file
    local output rps p99 requests pids before after wrk_cpu
    # The server's processes: layoutd, or nginx's workers.
    case "$1" in
    *.layoutd) pids="$layoutd_pid" ;;
    *) pids="$(pgrep -P "$(cat "$work/nginx.pid")" | tr '\n' ' ')" ;;
    esac
    before="$(cpu_ticks $pids)"
    # wrk's own user and system CPU, from bash's `time` (TIMEFORMAT: seconds, user then system).
    output="$( { TIMEFORMAT='wrk-cpu %3U %3S'; time wrk "${wrk_args[@]}" "${@:2}"; } 2>&1 )"
    after="$(cpu_ticks $pids)"
    rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$output")"
    requests="$(awk '/ requests in / {print $1}' <<<"$output")"
    p99="$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) {
        sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; print v}' <<<"$output")"
    wrk_cpu="$(awk '$1 == "wrk-cpu" {print $2 + $3}' <<<"$output")"
    if awk '/Non-2xx/ {found = 1} END {exit !found}' <<<"$output"; then echo "non-2xx answers: $*" >&2; fi
    awk -v rps="$rps" -v p99="$p99" -v n="$requests" -v tick="$clock_ticks" -v before="$before" -v after="$after" \
        -v wrk="$wrk_cpu" 'BEGIN { split(before, b, " "); split(after, a, " ");
        printf "%s %s %.2f %.2f %.2f\n", rps, p99, (a[1] - b[1]) * 1e6 / tick / n, (a[2] - b[2]) * 1e6 / tick / n,
            wrk * 1e6 / n }' >>"$work/$1"
}
median() {  # file, column
    sort -g -k"$2","$2" "$work/$1" | awk -v c="$2" '{v[NR] = $c} END {print v[int((NR + 1) / 2)]}'
}

rows=(healthz-return healthz-file flow flow-distinct query query-scroll)
# The rows whose requests are POSTs. nginx gets the very same requests from the same wrk script (so that wrk's
# work, a Lua call a request for the distinct bodies, is the same on both sides): as GETs of the answer's file (the
# issue's comparison; nginx's static files refuse POST, and it reads and drops a GET's body), and as the same POSTs
# answered with `return 200` of the answer's bytes.
posted_rows=(flow flow-distinct query query-scroll)
post_run() {  # row, result file, server URL[, method, path]: the row's requests to that server
    local method="${4:-POST}"
    case "$1" in
    flow) BENCH_METHOD="$method" BENCH_PATH="${5:-/layout/flow}" BENCH_BODY="$work/flow.json" \
        measure "$2" -s "$work/post.lua" "$3/" ;;
    # A million heights a round (a 5 s run sends a few hundred thousand), below the 10,000,000 limit.
    flow-distinct) BENCH_METHOD="$method" BENCH_PATH="${5:-/layout/flow}" BENCH_FIRST=$(((round % 9) * 1000000)) \
        measure "$2" -s "$work/distinct.lua" "$3/" ;;
    query) BENCH_METHOD="$method" BENCH_PATH="${5:-/sessions/$id/query}" BENCH_BODY="$work/query.json" \
        measure "$2" -s "$work/post.lua" "$3/" ;;
    query-scroll) BENCH_METHOD="$method" BENCH_PATH="${5:-/sessions/$id/query}" \
        measure "$2" -s "$work/scroll.lua" "$3/" ;;
    esac
}
layoutd_run() {  # row
    case "$1" in
    healthz-return | healthz-file) measure "$1.layoutd" "$base/healthz" ;;
    *) post_run "$1" "$1.layoutd" "$base" ;;
    esac
}
nginx_run() {  # row
    local url="http://127.0.0.1:$nginx_port"
    case "$1" in
    healthz-return) measure "$1.nginx" "$url/return" ;;
    healthz-file) measure "$1.nginx" "$url/healthz" ;;
    flow | flow-distinct) post_run "$1" "$1.nginx" "$url" GET /flow; post_run "$1" "$1.nginx-posted" "$url" ;;
    query | query-scroll) post_run "$1" "$1.nginx" "$url" GET /query; post_run "$1" "$1.nginx-posted" "$url" ;;
    esac
}

load_before="$(cut -d' ' -f1 /proc/loadavg)"
for round in $(seq "$rounds"); do
    for row in "${rows[@]}"; do
        # Alternate which server goes first, so that neither always runs on the warmer (or busier) machine.
        if [ $((round % 2)) = 1 ]; then
            layoutd_run "$row"; nginx_run "$row"
        else
            nginx_run "$row"; layoutd_run "$row"
        fi
    done
done

# The 29 MB POST end to end (curl's time_total) against node's JSON.parse of the same bytes, medians.
for _ in $(seq "$rounds"); do
    curl -sS -o /dev/null -w '%{time_total}\n' --data-binary @"$work/big.json" "$base/layout/waterfall" \
        | awk '{print $1 * 1000}' >>"$work/big.layoutd"
    node -e 'const text = require("fs").readFileSync(process.argv[1], "utf8");
        const start = process.hrtime.bigint(); JSON.parse(text);
        console.log(Number(process.hrtime.bigint() - start) / 1e6)' "$work/big.json" >>"$work/big.node"
done
load_after="$(cut -d' ' -f1 /proc/loadavg)"

describe() {
    case "$1" in
    healthz-return) echo "\`GET /healthz\` vs nginx \`return 200\` of the same body (no file)" ;;
    healthz-file) echo "\`GET /healthz\` vs nginx serving the same bytes from a file" ;;
    flow) echo "20-item \`POST /layout/flow\`, one body repeated (the answer cache) vs nginx serving its answer from a file (the same requests, as GETs)" ;;
    flow-distinct) echo "20-item \`POST /layout/flow\`, every body distinct (laid out) vs nginx serving its answer from a file (the same requests, as GETs)" ;;
    query) echo "1,000,000-item session, viewport query vs nginx serving its answer from a file (the same requests, as GETs)" ;;
    query-scroll) echo "1,000,000-item session, viewport query scrolling 7 points a request vs nginx serving the fixed rect's answer from a file (the same requests, as GETs)" ;;
    esac
}
echo "\`wrk ${wrk_args[*]}\` on loopback, $(nproc) cores shared with wrk, $rounds rounds alternating the servers,"
echo "medians; load average $load_before before, $load_after after."
echo
echo "| request | layoutd req/s | nginx req/s | ratio | each round | layoutd p99 ms | nginx p99 ms | p99 ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
round_ratios() {  # layoutd's file, nginx's file -> "lowest–highest" of the rounds' rate ratios (line n is round n)
    paste -d' ' "$work/$1" "$work/$2" | awk '{r = $1 / $(NF / 2 + 1)}
        NR == 1 || r < lo {lo = r} NR == 1 || r > hi {hi = r} END {printf "%.2f–%.2f", lo, hi}'
}
rate_row() {  # description, layoutd's file, nginx's file
    local lr nr lp np rounds
    lr="$(median "$2" 1)"; nr="$(median "$3" 1)"
    lp="$(median "$2" 2)"; np="$(median "$3" 2)"
    rounds="$(round_ratios "$2" "$3")"
    awk -v d="$1" -v lr="$lr" -v nr="$nr" -v lp="$lp" -v np="$np" -v rounds="$rounds" \
        'BEGIN { printf "| %s | %.0f | %.0f | %.2f | %s | %.2f | %.2f | %.2f |\n", d, lr, nr, lr / nr, rounds, lp, np,
            lp / np }'
}
posted() {  # row -> its description against nginx answering the same POSTs
    describe "$1" | sed 's/ vs .*/ vs nginx answering the same POSTs with `return 200` of the answer/'
}
for row in "${rows[@]}"; do rate_row "$(describe "$row")" "$row.layoutd" "$row.nginx"; done
for row in "${posted_rows[@]}"; do rate_row "$(posted "$row")" "$row.layoutd" "$row.nginx-posted"; done
bl="$(median big.layoutd 1)"; bn="$(median big.node 1)"
awk -v bl="$bl" -v bn="$bn" -v rounds="$(round_ratios big.layoutd big.node)" 'BEGIN {
    printf "| 29 MB, 1,000,000-item `POST /layout/waterfall` with a rect, end to end vs " \
    "node'"'"'s `JSON.parse` of the same bytes | %.0f ms | %.0f ms (node) | %.2f | %s | | | |\n", bl, bn, bl / bn, rounds }'
echo
echo "CPU per request, medians (µs; the server's user and system time over all its threads, and wrk's user plus"
echo "system time, from /proc and bash's \`time\`, divided by the requests of the run). With wrk on the same two cores,"
echo "the rate ratio is about nginx's total over layoutd's; the last column is that ratio, which other load on the"
echo "machine shifts less than the rates:"
echo
echo "| request | layoutd user | layoutd system | wrk with layoutd | nginx user | nginx system | wrk with nginx | ratio of totals |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
cpu_row() {  # label, layoutd's file, nginx's file
    local lu ls lw nu ns nw
    lu="$(median "$2" 3)"; ls="$(median "$2" 4)"; lw="$(median "$2" 5)"
    nu="$(median "$3" 3)"; ns="$(median "$3" 4)"; nw="$(median "$3" 5)"
    awk -v d="$1" -v lu="$lu" -v ls="$ls" -v lw="$lw" -v nu="$nu" -v ns="$ns" -v nw="$nw" 'BEGIN {
        printf "| %s | %s | %s | %s | %s | %s | %s | %.2f |\n", d, lu, ls, lw, nu, ns, nw, (nu + ns + nw) / (lu + ls + lw) }'
}
for row in "${rows[@]}"; do
    label="$(describe "$row" | sed 's/ vs .*//')"
    case "$row" in
    healthz-return) label="$label (nginx: \`return 200\`)" ;;
    healthz-file) label="$label (nginx: a file)" ;;
    esac
    cpu_row "$label" "$row.layoutd" "$row.nginx"
done
for row in "${posted_rows[@]}"; do
    cpu_row "$(describe "$row" | sed 's/ vs .*//') (nginx: \`return 200\` to the same POSTs)" \
        "$row.layoutd" "$row.nginx-posted"
done
