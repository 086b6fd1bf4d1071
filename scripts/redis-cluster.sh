#!/usr/bin/env bash
# A Redis Cluster on this machine: three masters and three replicas on six ports from a base port
# (7000-7005 by default), for the cluster tests and the adapter bench (docs/operations.md#redis).
#   scripts/redis-cluster.sh start [base]   start it if it is not running, create it if new; waits until it serves
#   scripts/redis-cluster.sh stop [base]    end its six processes and remove its files
# Nothing is saved to disk: a cluster that stops is gone, and the next start creates a new one.
set -euo pipefail
cmd=${1:-start}
base=${2:-7000}
dir=${REDIS_CLUSTER_DIR:-${TMPDIR:-/tmp}/tribunal-redis-cluster-$base}
ports=$(seq "$base" $((base + 5)))

up() { redis-cli -p "$1" ping >/dev/null 2>&1; }
state_ok() { redis-cli -p "$1" cluster info 2>/dev/null | grep -q '^cluster_state:ok'; }
# Every master's replica known to the node at $1: a new cluster reports cluster_state:ok before the
# replicas' assignment has reached every node, and a test that fails a master over looks for its replica.
replicas_known() { [ "$(redis-cli -p "$1" cluster nodes 2>/dev/null | awk '$3 ~ /slave/ && $4 != "-"' | wc -l)" -ge 3 ]; }

case "$cmd" in
  start)
    command -v redis-server >/dev/null || { echo "redis-cluster: redis-server is not installed" >&2; exit 1; }
    mkdir -p "$dir"
    for p in $ports; do
      up "$p" && continue
      # A short node timeout: a dead master is replaced within seconds (the failover test waits on it).
      redis-server --port "$p" --bind 127.0.0.1 --cluster-enabled yes --cluster-config-file "$dir/nodes-$p.conf" \
        --cluster-node-timeout 2000 --save "" --appendonly no --daemonize yes --dir "$dir" \
        --pidfile "$dir/redis-$p.pid" --logfile "$dir/redis-$p.log" >/dev/null
    done
    for p in $ports; do
      for _ in $(seq 1 40); do up "$p" && break; sleep 0.1; done
      up "$p" || { echo "redis-cluster: port $p does not answer (see $dir/redis-$p.log)" >&2; exit 1; }
    done
    if ! state_ok "$base"; then
      # Only a cluster of six empty nodes is created; a half-made one is left for a person to look at.
      if [ "$(redis-cli -p "$base" cluster info | grep '^cluster_known_nodes:' | tr -dc 0-9)" = "1" ]; then
        nodes=$(for p in $ports; do printf '127.0.0.1:%s ' "$p"; done)
        # shellcheck disable=SC2086
        redis-cli --cluster create $nodes --cluster-replicas 1 --cluster-yes >"$dir/create.log" 2>&1 \
          || { echo "redis-cluster: create failed (see $dir/create.log)" >&2; exit 1; }
      fi
    fi
    for _ in $(seq 1 150); do
      all=1
      for p in $ports; do state_ok "$p" && replicas_known "$p" || all=0; done
      [ "$all" = 1 ] && break
      sleep 0.1
    done
    [ "$all" = 1 ] || { echo "redis-cluster: not every node reports cluster_state:ok and three replicas" >&2; exit 1; }
    echo "redis-cluster: serving on 127.0.0.1:$base-$((base + 5))"
    ;;
  stop)
    for p in $ports; do redis-cli -p "$p" shutdown nosave >/dev/null 2>&1 || true; done
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop [base-port]" >&2
    exit 2
    ;;
esac
