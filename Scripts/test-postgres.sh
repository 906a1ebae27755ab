#!/usr/bin/env bash
# The PostgreSQL tests, in one command: a throwaway cluster on 127.0.0.1 and a hot-standby
# replica of it (Scripts/postgres.sh), then SlatePostgres's tests built with the Postgres
# trait (in .build-postgres, beside the SQLite build), then both servers stopped, whatever
# happened. With SLATE_POSTGRES_URL set, the tests use that server instead and nothing is
# started. Arguments go to `swift test` (`--filter Bootstrap`, say).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SLATE_POSTGRES_SCRATCH:-.build-postgres}
if [ -z "${SLATE_POSTGRES_URL:-}" ]; then
    port=${SLATE_POSTGRES_PORT:-55432}
    dir=$(mktemp -d /tmp/slate-postgres.XXXXXX)
    cleanup() {
        Scripts/postgres.sh stop "$dir/replica"
        Scripts/postgres.sh stop "$dir/primary"
        rm -rf "$dir"
    }
    trap cleanup EXIT
    echo "==> PostgreSQL: a throwaway cluster on 127.0.0.1:$port and a hot standby on $((port + 1))"
    SLATE_POSTGRES_URL=$(Scripts/postgres.sh start "$dir/primary" "$port")
    SLATE_POSTGRES_REPLICA_URL=$(Scripts/postgres.sh replica "$port" "$dir/replica" $((port + 1)))
    export SLATE_POSTGRES_URL SLATE_POSTGRES_REPLICA_URL
fi

echo "==> swift build --build-tests --traits Postgres"
swift build --build-tests --traits Postgres --scratch-path "$scratch"
echo "==> swift test --traits Postgres (SlatePostgres's tests, against $SLATE_POSTGRES_URL)"
swift test --skip-build --traits Postgres --scratch-path "$scratch" --filter 'SlatePostgres' "$@"
