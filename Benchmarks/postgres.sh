#!/usr/bin/env bash
# Slate on PostgreSQL beside hand-written postgres-nio and Fluent, in one run, one table:
#
#   Benchmarks/postgres.sh [--quick] [--rounds N]
#
# Starts a throwaway cluster on 127.0.0.1 (Scripts/postgres.sh; port SLATE_BENCH_PORT,
# 57400 by default) unless SLATE_POSTGRES_URL names a server, builds Benchmarks/Postgres
# in release mode, runs slate-pg-bench (it works in a database of its own, slate_pg_bench,
# which it drops at the end), and stops the cluster whatever happens. The first build
# compiles Fluent and postgres-nio: 10–20 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SLATE_POSTGRES_URL:-}" ]; then
    port=${SLATE_BENCH_PORT:-57400}
    dir=$(mktemp -d /tmp/slate-pg-bench.XXXXXX)
    cleanup() {
        Scripts/postgres.sh stop "$dir/cluster"
        rm -rf "$dir"
    }
    trap cleanup EXIT
    echo "==> PostgreSQL: a throwaway cluster on 127.0.0.1:$port" >&2
    SLATE_POSTGRES_URL=$(Scripts/postgres.sh start "$dir/cluster" "$port")
    export SLATE_POSTGRES_URL
fi

# The generated code compiles when Slate's marker module SlatePostgresEnabled can be
# imported; a build folder keeps that module after a switch to a Slate without it (another
# SLATE_PATH), which would turn the guard on wrongly: forget it when the Slate changes.
stamp=Benchmarks/Postgres/.build/slate-path
if [ "$(cat "$stamp" 2>/dev/null || true)" != "${SLATE_PATH:-../..}" ]; then
    rm -rf Benchmarks/Postgres/.build/*/release/Modules/SlatePostgresEnabled.* \
        Benchmarks/Postgres/.build/*/release/SlatePostgresEnabled.build
fi
echo "==> swift build -c release --package-path Benchmarks/Postgres" >&2
swift build -c release --package-path Benchmarks/Postgres --product slate-pg-bench >&2
echo "${SLATE_PATH:-../..}" >"$stamp"
echo "==> slate-pg-bench $* (against $SLATE_POSTGRES_URL)" >&2
Benchmarks/Postgres/.build/release/slate-pg-bench "$@"
