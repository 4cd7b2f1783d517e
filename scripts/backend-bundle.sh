#!/usr/bin/env bash
# Builds the backend as it ships (`backstage-cli package build`: the bundle a
# Docker image is made of) and unpacks it into DIR/app, runnable with
# `cd DIR/app && node packages/PACKAGE --config ...`. The bundle holds the
# built workspace packages; their third-party dependencies come from the
# repository's installation (linked, not copied). Used by the production
# check, the browser tests (the app is built into the bundle: the backend's app
# plugin serves it) and the fleet-scale bench. PACKAGE is `backend` (the demo backend,
# the default) or `backend-multi-cluster` (Flotilla's plugin alone).
#   bash scripts/backend-bundle.sh DIR [PACKAGE]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"

DIR="${1:?usage: backend-bundle.sh DIR [PACKAGE]}"
PACKAGE="${2:-backend}"
APP="$DIR/app"

log "building the $PACKAGE bundle"
yarn workspace "$PACKAGE" build >"$DIR/build.log" 2>&1 || {
  tail -n 30 "$DIR/build.log" >&2
  echo "$PACKAGE did not build" >&2
  exit 1
}

rm -rf "$APP"
mkdir -p "$APP/node_modules/@flotilla"
tar xzf "packages/$PACKAGE/dist/bundle.tar.gz" -C "$APP"
for entry in node_modules/* node_modules/.bin; do
  case "$(basename "$entry")" in
    @flotilla | backend | backend-multi-cluster | app) ;;
    *) ln -s "$FLOTILLA_ROOT/$entry" "$APP/node_modules/" ;;
  esac
done
for package in "$APP"/plugins/* "$APP"/packages/*; do
  name="$(node -p "require('$package/package.json').name")"
  ln -s "$package" "$APP/node_modules/$name"
done
cp -r examples catalog-info.yaml app-config.yaml app-config.production.yaml "$APP/"
