#!/usr/bin/env bash
# Starts a local PostgreSQL server and creates the test role and database (idempotent).
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi

read -r version cluster _port status _ < <(pg_lsclusters --no-header | head -n 1)
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$cluster" start
fi

for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q" && break
  sleep 1
done

su postgres -c "psql -v ON_ERROR_STOP=1 -q" <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'baywise') THEN
    CREATE ROLE baywise LOGIN PASSWORD 'baywise' CREATEDB;
  END IF;
END
$$;
SQL
if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'baywise_test'\"" | grep -q 1; then
  su postgres -c "createdb -O baywise baywise_test"
fi
echo "PostgreSQL is ready for the tests (postgres://baywise@127.0.0.1:5432/baywise_test)."
