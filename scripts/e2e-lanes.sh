#!/usr/bin/env bash
# Runs the browser suites on two lanes at once:
#   scripts/e2e-lanes.sh LOGDIR "postgres files" -- "embedded group" "embedded group"...
# Each argument after LOGDIR is a group of files (separated by spaces) that one vitest run takes,
# so a group pays once for loading the server and the browser. The first lane runs the PostgreSQL +
# Redis group, then joins the second in taking embedded groups from one queue in the order given
# (heaviest first), so the lanes end at about the same time on any machine.
# Group N leaves LOGDIR/e2e-<mode>-<N>.log and, beside it, its exit code in .code.
set -uo pipefail
LOGDIR=$1 POSTGRES_GROUP=$2
shift 2
[ "${1:-}" = -- ] && shift
QUEUE="$LOGDIR/e2e-queue"
: > "$QUEUE"
n=0
for group in "$@"; do n=$((n + 1)); printf '%02d %s\n' "$n" "$group" >> "$QUEUE"; done

# The next embedded group ("<number> <files>"), taken from the queue under a lock; nothing when it is empty.
take() {
  flock "$QUEUE.lock" bash -c 'line=$(head -n 1 "$1"); [ -n "$line" ] && sed -i 1d "$1"; printf "%s" "$line"' _ "$QUEUE"
}

run_group() {
  local mode=$1 name=$2
  shift 2
  local log="$LOGDIR/e2e-$mode-$name.log"
  if [ "$mode" = postgres ]; then
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run test:e2e -- "$@" > "$log" 2>&1
  else
    env -u DATABASE_URL -u REDIS_URL npm run test:e2e -- "$@" > "$log" 2>&1
  fi
  echo $? > "$log.code"
  echo "   $mode $*: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1) (at ${SECONDS} s)"
}

lane() {
  local job
  # shellcheck disable=SC2086 # a group is a list of file names without spaces
  [ -n "${1:-}" ] && run_group postgres 00 $1
  while job=$(take) && [ -n "$job" ]; do run_group embedded $job; done
}

lane "$POSTGRES_GROUP" &
lane "" &
wait
