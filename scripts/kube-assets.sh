#!/usr/bin/env bash
# Prints the folder that holds the kube-apiserver and etcd binaries the local
# fleet runs, obtaining them first when needed:
#
# 1. KUBEBUILDER_ASSETS, when set (envtest's convention), must hold both.
# 2. Otherwise a cache outside the clone, keyed by version
#    (${FLOTILLA_CACHE_DIR:-~/.cache/flotilla}/kube/<version>/bin).
# 3. Otherwise kube-apiserver is built once from Debian bookworm's `kubernetes`
#    source package (1.20.2, every dependency vendored) with Debian's Go, and
#    etcd comes from Debian's etcd-server. This needs root (apt-get) and takes
#    about 10 minutes on 2 cores; progress goes to stderr.
#
# Usage: bash scripts/kube-assets.sh   (prints the folder on stdout)
set -euo pipefail

KUBE_VERSION="1.20.2"
CACHE_ROOT="${FLOTILLA_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/flotilla}"
ASSETS_DIR="$CACHE_ROOT/kube/$KUBE_VERSION/bin"

say() { printf '\033[1;34m[kube-assets]\033[0m %s\n' "$*" >&2; }
fail() {
  say "$*"
  exit 1
}

has_assets() { [ -x "$1/kube-apiserver" ] && [ -x "$1/etcd" ]; }

if [ -n "${KUBEBUILDER_ASSETS:-}" ]; then
  has_assets "$KUBEBUILDER_ASSETS" ||
    fail "KUBEBUILDER_ASSETS=$KUBEBUILDER_ASSETS holds no kube-apiserver and etcd"
  echo "$KUBEBUILDER_ASSETS"
  exit 0
fi
if has_assets "$ASSETS_DIR"; then
  echo "$ASSETS_DIR"
  exit 0
fi

[ "$(id -u)" = 0 ] ||
  fail "no kube-apiserver in $ASSETS_DIR; building it needs root (apt-get), or set KUBEBUILDER_ASSETS"
command -v apt-get >/dev/null || fail "building kube-apiserver needs Debian's apt-get; or set KUBEBUILDER_ASSETS"

started=$SECONDS
say "building kube-apiserver $KUBE_VERSION from Debian's source once (about 10 minutes on 2 cores); cached in $ASSETS_DIR"

# Debian's source packages: a deb-src line for bookworm, in a file of our own.
SOURCES_FILE=/etc/apt/sources.list.d/flotilla-bookworm-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src .*bookworm' /etc/apt/sources.list; then
  cat >"$SOURCES_FILE" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
fi
say "installing Debian's golang-go, etcd-server, rsync and reflect2 1.0.2 source"
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  golang-go etcd-server rsync dpkg-dev golang-github-modern-go-reflect2-dev >&2

BUILD_DIR="$CACHE_ROOT/kube/$KUBE_VERSION/build"
rm -rf "$BUILD_DIR" && mkdir -p "$BUILD_DIR"
cd "$BUILD_DIR"
say "fetching the kubernetes source package"
apt-get source --download-only kubernetes-client >&2
dpkg-source -x --no-check kubernetes_*.dsc src >&2

# Go 1.19 fixes in the vendored libraries (later upstream versions have both):
# reflect2 1.0.1 crashes on the first map it encodes, so use Debian's 1.0.2;
# the OpenAPI type validators treat every empty string as null, so a CRD
# object with "" (or a CRD with `default: ""`) would be refused.
say "patching vendored reflect2 and the OpenAPI type validators for Go 1.19"
REFLECT2_SRC=/usr/share/gocode/src/github.com/modern-go/reflect2
[ -d "$REFLECT2_SRC" ] || fail "Debian's reflect2 source is not in $REFLECT2_SRC"
rm -rf src/vendor/github.com/modern-go/reflect2
rsync -a --exclude '*_test.go' "$REFLECT2_SRC/" src/vendor/github.com/modern-go/reflect2/
for validator in src/vendor/k8s.io/kube-openapi/pkg/validation/validate/type.go \
  src/vendor/github.com/go-openapi/validate/type.go; do
  [ -f "$validator" ] || continue
  sed -i 's/data == nil || reflect\.DeepEqual(reflect\.Zero(reflect\.TypeOf(data)), reflect\.ValueOf(data))/data == nil/' "$validator"
  grep -q 'reflect.DeepEqual(reflect.Zero' "$validator" &&
    fail "could not patch the zero-value test in $validator"
done

mkdir -p gopath/src/k8s.io
ln -sfn "$BUILD_DIR/src" gopath/src/k8s.io/kubernetes
say "compiling kube-apiserver (the long part)"
(
  cd gopath/src/k8s.io/kubernetes
  GOPATH="$BUILD_DIR/gopath" CGO_ENABLED=0 \
    KUBE_GIT_VERSION="v$KUBE_VERSION" make WHAT=cmd/kube-apiserver >&2
)
built="$(find src/_output -type f -name kube-apiserver -perm -u+x | head -n 1)"
[ -n "$built" ] || fail "the build produced no kube-apiserver"

mkdir -p "$ASSETS_DIR"
cp "$built" "$ASSETS_DIR/kube-apiserver"
cp "$(command -v etcd)" "$ASSETS_DIR/etcd"
"$ASSETS_DIR/kube-apiserver" --version >&2
rm -rf "$BUILD_DIR"
say "kube-apiserver and etcd ready in $ASSETS_DIR after $((SECONDS - started)) s"
echo "$ASSETS_DIR"
