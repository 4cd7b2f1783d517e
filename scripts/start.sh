#!/usr/bin/env bash
# Sets everything up and starts the demo: backend on http://localhost:7007,
# frontend on http://localhost:3000 (SQLite in memory, guest sign-in, demo fleet).
# Extra arguments go to `backstage-cli repo start`, e.g.
#   bash scripts/start.sh --config app-config.yaml --config app-config.platform-admin.yaml
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
exec yarn start "$@"
