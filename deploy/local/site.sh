#!/usr/bin/env bash
# The multi-machine deploy on one machine: every part on a port of its own, as it would be on a
# host of its own (docs/operations.md#several-machines-tried-on-one). Run from the repository after
# `npm run build`:
#   deploy/local/site.sh start           PostgreSQL primary + streaming replica, a Redis Cluster of
#                                        three masters, an S3 object store, three app nodes, nginx
#   deploy/local/site.sh stop            stops all of it and removes its files
#   deploy/local/site.sh status          what answers
#   deploy/local/site.sh kill-node N     SIGKILL app node N (1-3), as a machine that dies
#   deploy/local/site.sh start-node N    starts app node N again
#   deploy/local/site.sh stop-replica    stops the PostgreSQL replica (the nodes read from the primary)
#   deploy/local/site.sh start-replica   starts it again (it catches up and comes back in rotation)
# The site answers at http://127.0.0.1:$SITE_PORT (8800). Nothing is kept: a stopped site is gone.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
DIR=${SITE_DIR:-/tmp/tribunal-site}
SITE_PORT=${SITE_PORT:-8800}
NODE_PORTS=($((SITE_PORT + 1)) $((SITE_PORT + 2)) $((SITE_PORT + 3)))
PG_PRIMARY=${PG_PRIMARY_PORT:-5460}
PG_REPLICA=$((PG_PRIMARY + 1))
REDIS_BASE=${REDIS_CLUSTER_BASE:-7100}
S3_PORT=${S3_PORT:-9100}
BUCKET=tribunal-media
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PG_OPTS="-c listen_addresses=127.0.0.1 -k $DIR/pg -c wal_level=replica -c max_wal_senders=5 -c hot_standby=on -c shared_buffers=64MB"

log() { printf 'site: %s\n' "$*"; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
wait_for() { # seconds, command...
  local n=$(($1 * 10)); shift
  for _ in $(seq 1 "$n"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}
http_ok() { curl -fsS -o /dev/null "$1"; }

start_postgres() {
  [ -f "$DIR/pg/primary/PG_VERSION" ] && return 0
  mkdir -p "$DIR/pg" && [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR/pg"
  as_pg "$PG_BIN/initdb" -D "$DIR/pg/primary" -U postgres -A trust --no-instructions --no-sync >"$DIR/pg/initdb.log"
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/primary" -l "$DIR/pg/primary.log" -o "-p $PG_PRIMARY $PG_OPTS" -w start >/dev/null
  as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PRIMARY" -U postgres tribunal
  # The replica: a copy of the primary that follows its write-ahead log (-R writes the standby settings).
  as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PRIMARY" -U postgres -D "$DIR/pg/replica" -R -X stream --checkpoint=fast
  start_replica
  log "PostgreSQL primary on $PG_PRIMARY, streaming replica on $PG_REPLICA"
}

start_replica() { as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/replica" -l "$DIR/pg/replica.log" -o "-p $PG_REPLICA $PG_OPTS" -w start >/dev/null; }

start_object_store() {
  http_ok "http://127.0.0.1:$S3_PORT/" 2>/dev/null && return 0
  mkdir -p "$DIR/s3"
  nohup node "$ROOT/deploy/local/object-store.mjs" "$S3_PORT" "$DIR/s3" "$BUCKET" >"$DIR/s3.log" 2>&1 &
  echo $! >"$DIR/s3.pid"
  wait_for 20 grep -q serving "$DIR/s3.log" || { log "the object store did not start (see $DIR/s3.log)"; exit 1; }
  log "S3 object store on $S3_PORT, bucket $BUCKET"
}

node_env() {
  local n=$1
  cat <<EOF
NODE_ENV=production
HOST=127.0.0.1
PORT=${NODE_PORTS[$((n - 1))]}
DATA_DIR=$DIR/node$n
SECRET=$(cat "$DIR/secret")
TRUST_PROXY=loopback
PUBLIC_URL=http://127.0.0.1:$SITE_PORT
DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PRIMARY/tribunal
DATABASE_REPLICA_URLS=postgres://postgres@127.0.0.1:$PG_REPLICA/tribunal
REDIS_CLUSTER_NODES=127.0.0.1:$REDIS_BASE,127.0.0.1:$((REDIS_BASE + 1)),127.0.0.1:$((REDIS_BASE + 2))
STORAGE=s3
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_BUCKET=$BUCKET
S3_FORCE_PATH_STYLE=true
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
SEED_DEMO=${SEED_DEMO:-true}
EOF
  [ -z "${DEMO_PASSWORD:-}" ] || echo "DEMO_PASSWORD=$DEMO_PASSWORD"
}

start_node() {
  local n=$1 port=${NODE_PORTS[$(($1 - 1))]}
  http_ok "http://127.0.0.1:$port/api/health" 2>/dev/null && return 0
  mkdir -p "$DIR/node$n"
  node_env "$n" >"$DIR/node$n/env"
  # The deployment's node flags (deploy/node-args.json), as pm2 and the container start a node.
  local args
  args=$(node -e 'console.log(require(process.argv[1]).join(" "))' "$ROOT/deploy/node-args.json")
  # shellcheck disable=SC2086
  (set -a; . "$DIR/node$n/env"; set +a; exec nohup node $args "$ROOT/bin/tribunal.js") >"$DIR/node$n.log" 2>&1 &
  echo $! >"$DIR/node$n.pid"
  wait_for 90 http_ok "http://127.0.0.1:$port/api/health" || { log "node $n did not start (see $DIR/node$n.log)"; exit 1; }
  log "node $n on $port"
}

start_nginx() {
  [ -f "$DIR/nginx/nginx.pid" ] && kill -0 "$(cat "$DIR/nginx/nginx.pid")" 2>/dev/null && return 0
  mkdir -p "$DIR/nginx/cache"
  node "$ROOT/deploy/local/nginx-site.mjs" "$ROOT/deploy/nginx.conf" "$DIR/nginx" "$SITE_PORT" "$ROOT/dist/client" "${NODE_PORTS[@]}"
  nginx -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
  wait_for 20 http_ok "http://127.0.0.1:$SITE_PORT/api/health" || { log "nginx does not answer (see $DIR/nginx/error.log)"; exit 1; }
  log "nginx on $SITE_PORT in front of nodes ${NODE_PORTS[*]}"
}

stop_pid() { [ -f "$1" ] && kill "$(cat "$1")" 2>/dev/null || true; rm -f "$1"; }

case "${1:-}" in
  start)
    [ -f "$ROOT/bin/tribunal.js" ] && [ -d "$ROOT/dist/server" ] || { log "run npm run build first"; exit 1; }
    mkdir -p "$DIR" && chmod 755 "$DIR"  # PostgreSQL runs as its own user and must reach its folders
    [ -f "$DIR/secret" ] || node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))' >"$DIR/secret"
    start_postgres
    REDIS_CLUSTER_DIR="$DIR/redis" "$ROOT/scripts/redis-cluster.sh" start "$REDIS_BASE" >/dev/null
    log "Redis Cluster on $REDIS_BASE-$((REDIS_BASE + 5))"
    start_object_store
    # The first node migrates and seeds alone; the others start once it serves.
    start_node 1
    start_node 2 & two=$!
    start_node 3 & three=$!
    wait "$two" && wait "$three"
    start_nginx
    log "up: http://127.0.0.1:$SITE_PORT"
    ;;
  stop)
    [ -f "$DIR/nginx/nginx.pid" ] && nginx -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -s quit 2>/dev/null || true
    for n in 1 2 3; do stop_pid "$DIR/node$n.pid"; done
    stop_pid "$DIR/s3.pid"
    REDIS_CLUSTER_DIR="$DIR/redis" "$ROOT/scripts/redis-cluster.sh" stop "$REDIS_BASE" || true
    for c in replica primary; do [ -d "$DIR/pg/$c" ] && as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/$c" -m immediate stop >/dev/null 2>&1 || true; done
    rm -rf "$DIR"
    log "stopped"
    ;;
  status)
    for n in 1 2 3; do http_ok "http://127.0.0.1:${NODE_PORTS[$((n - 1))]}/api/health" && log "node $n: up" || log "node $n: down"; done
    http_ok "http://127.0.0.1:$SITE_PORT/api/health" && log "nginx: up" || log "nginx: down"
    ;;
  kill-node)
    kill -9 "$(cat "$DIR/node$2.pid")" && rm -f "$DIR/node$2.pid" && log "node $2 killed"
    ;;
  start-node)
    start_node "$2"
    ;;
  stop-replica)
    as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/replica" -m fast -w stop >/dev/null && log "replica stopped"
    ;;
  start-replica)
    start_replica && log "replica on $PG_REPLICA"
    ;;
  *)
    sed -n '2,14p' "$0"
    exit 2
    ;;
esac
