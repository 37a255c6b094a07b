#!/usr/bin/env bash
# Compares http-echo (release) with nginx serving the same bytes, using wrk on loopback in one run.
# Usage: scripts/bench-http.sh [duration, default 10s]   Writes the table to stdout and docs/http-benchmark.md.
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-10s}"
wrk_args=(-t2 -c64 -d"$duration" --latency)
echo_port=18081
nginx_port=18082
work="$(mktemp -d)"
chmod 755 "$work"  # nginx workers run as nobody when started as root
echo_pid=""
stop() {  # pid: SIGTERM, then wait (bounded) until it is gone so the next run can bind the port
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
}
main_pid=$$
cleanup() {
    [ "$BASHPID" = "$main_pid" ] || return 0  # subshells inherit the trap; only the script itself cleans up
    if [ -n "$echo_pid" ]; then stop "$echo_pid"; fi
    if [ -f "$work/nginx.pid" ]; then stop "$(cat "$work/nginx.pid")"; fi
    rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --product http-echo >/dev/null
"$(swift build -c release --show-bin-path)/http-echo" "$echo_port" >"$work/echo.out" &
echo_pid=$!

mkdir -p "$work/www"
printf 'hello, world\n' >"$work/www/index.html"
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
        default_type text/plain;
    }
}
CONF
/usr/sbin/nginx -c "$work/nginx.conf" -p "$work/" -e "$work/error.log"
sleep 1
curl -sf "http://127.0.0.1:$echo_port/" >/dev/null
curl -sf "http://127.0.0.1:$nginx_port/" >/dev/null

measure() {  # name url -> "rps p99"
    local out
    out="$(wrk "${wrk_args[@]}" "$2")"
    echo "$out" >"$work/$1.wrk"
    local rps p99
    rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
    p99="$(awk '$1 == "99%" {print $2}' <<<"$out")"
    echo "$rps $p99"
}

load_before="$(cut -d' ' -f1 /proc/loadavg)"
measure http-echo "http://127.0.0.1:$echo_port/" >"$work/echo.result"
measure nginx "http://127.0.0.1:$nginx_port/" >"$work/nginx.result"
read -r echo_rps echo_p99 <"$work/echo.result"
read -r nginx_rps nginx_p99 <"$work/nginx.result"
load_after="$(cut -d' ' -f1 /proc/loadavg)"
ratio="$(awk -v a="$echo_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')"

table="| server | requests/s | p99 latency |
|---|---:|---:|
| layoutd HTTPServer (http-echo, release) | $echo_rps | $echo_p99 |
| nginx-light (2 workers, static file) | $nginx_rps | $nginx_p99 |
| ratio layoutd / nginx | $ratio | |"
echo "$table"

cat >docs/http-benchmark.md <<DOC
# HTTP benchmark

Produced by \`scripts/bench-http.sh\` on $(date -u +%Y-%m-%d) ($(nproc) cores, shared with the load generator):
\`wrk ${wrk_args[*]}\` on loopback against \`http-echo\` (release build, default configuration: one event loop
per core) answering \`GET /\` with the 13 bytes \`hello, world\\n\`, and in the same run against nginx-light
(\`worker_processes 2\`, \`access_log off\`) serving the same 13 bytes as a static file (with \`open_file_cache\`, its best case). The machine was shared with
other builds: one-minute load average $load_before before and $load_after after the runs, so treat single numbers
as noisy and compare the two rows of one run.

$table

Target: layoutd at least 0.8 of nginx's requests per second, never below 0.5.
DOC
