#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1, for the tests and CI.
#
#   Scripts/postgres.sh start DIR PORT                  initdb DIR (trust, UTF-8, no fsync) and start it
#   Scripts/postgres.sh replica PRIMARY_PORT DIR PORT   a hot standby of the cluster at PRIMARY_PORT
#                                                       (pg_basebackup -R), started on PORT
#   Scripts/postgres.sh stop DIR                        stop the cluster in DIR (if it runs)
#   Scripts/postgres.sh resume DIR PORT                 start again the cluster in DIR, stopped
#
# PostgreSQL refuses to run as root: as root, every command runs as the `postgres` user
# (runuser), which must own DIR. The socket directory is DIR itself, never /var/run.
set -euo pipefail

bin_dir() {
    if command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"
        return
    fi
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$found" ]; then
        echo "error: PostgreSQL's server programs (pg_ctl, initdb) are not installed; on Debian: apt-get install postgresql" >&2
        exit 1
    fi
    echo "$found"
}

as_server() {
    # From /, which the postgres user can always enter (the caller's directory may be private).
    if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

prepare_dir() {
    mkdir -p "$1"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$1"
        # The parent must let the postgres user through (mktemp makes 0700 directories).
        chmod o+x "$(dirname "$1")" 2>/dev/null || true
    fi
    chmod 0700 "$1"
}

start_server() {
    local bin=$1 dir=$2 port=$3
    # wal_keep_size: a standby that falls behind (a suite writing much WAL while a read
    # there holds replay back) finds the WAL it needs, instead of being cut off for good.
    as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=500 -c wal_keep_size=1GB" start >/dev/null || {
        echo "error: PostgreSQL did not start in $dir; its log:" >&2
        cat "$dir/server.log" >&2 || true
        exit 1
    }
}

command=${1:-}
case "$command" in
start)
    dir=$2 port=$3
    bin=$(bin_dir)
    prepare_dir "$dir"
    as_server "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    start_server "$bin" "$dir" "$port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
replica)
    primary_port=$2 dir=$3 port=$4
    bin=$(bin_dir)
    prepare_dir "$dir"
    as_server "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/data" -R -X stream >"$dir/basebackup.log" 2>&1 || {
        cat "$dir/basebackup.log" >&2
        exit 1
    }
    start_server "$bin" "$dir" "$port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
resume)
    dir=$2 port=$3
    start_server "$(bin_dir)" "$dir" "$port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
stop)
    dir=$2
    bin=$(bin_dir)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_server "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    ;;
*)
    sed -n '2,11p' "$0" >&2
    exit 64
    ;;
esac
