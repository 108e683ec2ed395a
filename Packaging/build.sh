#!/usr/bin/env bash
# Builds haul's packages from this clone, with one command:
#
#   bash Packaging/build.sh              (--no-build: package the release binary already built)
#                                        (built with the flags `python3 Packaging/icu-data.py .build/icu-data` prints)
#
# into dist/ (or $HAUL_DIST):
#   haul_VERSION_ARCH.deb              Debian/Ubuntu package (apt install ./haul_VERSION_ARCH.deb)
#   haul-VERSION-linux-ARCH.tar.gz     the same files under bin/ share/ lib/, for any glibc 2.36+ Linux
#   haul-VERSION-linux-ARCH.debug      the debug symbols the binaries were stripped of (gnu-debuglink)
#   SHA256SUMS
#
# The binary is the README's release build (`swift build -c release --product haul`) with HAUL_BUILD_COMMIT set,
# so `haul --version` names the commit. The .deb's dependencies are computed by dpkg-shlibdeps, not typed.
# Needs: a Swift toolchain, git, dpkg-dev (dpkg-shlibdeps, dpkg-deb), binutils (objcopy, strip), gzip, tar.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"

for tool in swift git python3 ar nm dpkg-shlibdeps dpkg-deb objcopy strip gzip tar sha256sum; do
  command -v "$tool" >/dev/null || { echo "build.sh: '$tool' is missing (apt install dpkg-dev binutils)" >&2; exit 1; }
done

version=$(sed -n 's/^ *public static let string = "\(.*\)"$/\1/p' Sources/HaulKit/HaulConfiguration.swift)
[ -n "$version" ] || { echo "build.sh: no version in Sources/HaulKit/HaulConfiguration.swift" >&2; exit 1; }
commit=$(git rev-parse --short=12 HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then commit="$commit-dirty"; fi
debarch=$(dpkg --print-architecture)   # amd64, arm64
arch=$(uname -m)                       # x86_64, aarch64
# Reproducible dates and mtimes: the commit's.
export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
date822=$(git log -1 --format=%cD)
dist=${HAUL_DIST:-dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)

# ICU's data less the locales, converters and dictionaries haul never reads (Packaging/icu-data.py; docs/packaging.md,
# "ICU's data"): the flags that link it, or none where Foundation is not linked from the toolchain's archives.
icu=$(python3 Packaging/icu-data.py .build/icu-data)
bin="$(HAUL_BUILD_COMMIT="$commit" swift build -c release --product haul $icu --show-bin-path)/haul"
if [ "${1:-}" = "--no-build" ]; then
  # Package the release binary already built (the release workflow builds and tests it first); it names its commit.
  [ -x "$bin" ] || { echo "build.sh: --no-build, but there is no $bin" >&2; exit 1; }
  commit=$("$bin" --version | sed -n 's/.*(commit \(.*\))$/\1/p')
else
  echo "build.sh: haul $version (commit $commit), $debarch"
  HAUL_BUILD_COMMIT="$commit" swift build -c release --product haul $icu
fi
if [ -n "$icu" ]; then
  # The trimmed copy is the one linked: ICU's reference goes to it and the full copy is not in the binary.
  symbols=$(nm "$bin" | grep -E ' (__wrap_)?icudt[0-9]+_dat$' || true)
  echo "$symbols" | grep -q ' __wrap_icudt' && ! echo "$symbols" | grep -qE ' icudt[0-9]+_dat$' ||
    { echo "build.sh: $bin does not carry the trimmed ICU data (nm: ${symbols:-nothing}); a binary built without $icu?" >&2; exit 1; }
fi
said=$("$bin" --version)
[ "$said" = "$version (commit $commit)" ] || { echo "build.sh: the binary says '$said', not $version (commit $commit)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Stripped binary plus its symbols in a separate file, linked by name (gdb finds haul.debug beside it or in
# /usr/lib/debug/.build-id through the build id).
debugname="haul-$version-linux-$arch.debug"
objcopy --only-keep-debug "$bin" "$dist/$debugname"
cp "$bin" "$work/haul"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$work/haul"
objcopy --add-gnu-debuglink="$dist/$debugname" "$work/haul"
chmod 0755 "$work/haul"

# What both packages hold, laid out once; ExecStart's path is the one place they differ.
stage() { # stage ROOT PREFIX_IN_PACKAGE BINDIR_AT_RUN_TIME ZSH_DIR
  local root=$1 prefix=$2 bindir=$3 zshdir=$4
  install -Dm0755 "$work/haul" "$root$prefix/bin/haul"
  install -d "$root$prefix/share/man/man1" "$root$prefix/share/bash-completion/completions" \
    "$root$prefix/share/$zshdir" "$root$prefix/share/fish/vendor_completions.d" "$root$prefix/lib/systemd/user"
  # Sourced, not run: no #! line (lintian's bash-completion-with-hashbang).
  "$bin" --generate-completion-script bash | sed '1{/^#!/d}' > "$root$prefix/share/bash-completion/completions/haul"
  "$bin" --generate-completion-script zsh > "$root$prefix/share/$zshdir/_haul"
  "$bin" --generate-completion-script fish > "$root$prefix/share/fish/vendor_completions.d/haul.fish"
  sed "s|@BINDIR@|$bindir|" Packaging/haul-daemon.service > "$root$prefix/lib/systemd/user/haul-daemon.service"
  chmod 0644 "$root$prefix"/share/*/completions/haul "$root$prefix/share/$zshdir/_haul" \
    "$root$prefix/share/fish/vendor_completions.d/haul.fish" "$root$prefix/lib/systemd/user/haul-daemon.service"
}
fill() { sed -e "s|@VERSION@|$version|g" -e "s|@COMMIT@|$commit|g" -e "s|@ARCH@|$1|g" -e "s|@DATE@|$date822|g" "$2"; }

# The .deb: /usr, Debian's places, docs under /usr/share/doc/haul.
deb="$work/deb"
stage "$deb" /usr /usr/bin zsh/vendor-completions
# The plugin's mdoc separates paragraphs with empty lines, which groff warns about: .Pp is mdoc's paragraph.
sed 's/^$/.Pp/' docs/generated/haul.1 > "$work/haul.1"
gzip -9n < "$work/haul.1" > "$deb/usr/share/man/man1/haul.1.gz"
install -d "$deb/usr/share/doc/haul" "$deb/DEBIAN"
install -m0644 Packaging/debian/copyright "$deb/usr/share/doc/haul/copyright"
# A native package (no Debian revision): its changelog is changelog.gz.
fill "$debarch" Packaging/debian/changelog | gzip -9n > "$deb/usr/share/doc/haul/changelog.gz"
install -Dm0644 Packaging/debian/lintian-overrides "$deb/usr/share/lintian/overrides/haul"
fill "$arch" Packaging/README.package.md > "$deb/usr/share/doc/haul/README.md"
chmod 0644 "$deb/usr/share/man/man1/haul.1.gz" "$deb/usr/share/doc/haul/"*
# dpkg-shlibdeps reads the package's name from a debian/control beside it.
mkdir -p "$work/shlibs/debian"
printf 'Source: haul\n\nPackage: haul\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$deb/usr/bin/haul" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Packed relative relocations (Package.swift) need glibc 2.36's loader, through the GLIBC_ABI_DT_RELR version that
# bookworm's libc6 symbols file does not map: dpkg-shlibdeps says 2.35, which is one release too old to start haul.
if readelf -V "$deb/usr/bin/haul" | grep -q GLIBC_ABI_DT_RELR; then
  libc=$(echo "$depends" | sed -nE 's/.*libc6 \(>= ([^)]+)\).*/\1/p')
  if [ -n "$libc" ] && dpkg --compare-versions "$libc" lt 2.36; then
    depends=$(echo "$depends" | sed -E 's/libc6 \(>= [^)]+\)/libc6 (>= 2.36)/')
  fi
fi
size=$(du -sk --exclude=DEBIAN "$deb" | cut -f1)
fill "$debarch" Packaging/debian/control | sed -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" > "$deb/DEBIAN/control"
find "$deb" -type d -exec chmod 0755 {} +
debfile="$dist/haul_${version}_${debarch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$debfile" >/dev/null

# The tarball: haul-VERSION-linux-ARCH/{bin,share,lib}, meant for /usr/local (the unit's ExecStart says so).
name="haul-$version-linux-$arch"
tree="$work/tar/$name"
stage "$tree" "" /usr/local/bin zsh/site-functions
install -m0644 "$work/haul.1" "$tree/share/man/man1/haul.1"
install -m0644 LICENSE "$tree/LICENSE"
fill "$arch" Packaging/README.package.md > "$tree/README.md"
chmod 0644 "$tree/README.md"
tarfile="$dist/$name.tar.gz"
tar -C "$work/tar" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" \
  | gzip -9n > "$tarfile"

(cd "$dist" && sha256sum "$(basename "$debfile")" "$(basename "$tarfile")" "$debugname" > SHA256SUMS)
echo "build.sh: binary $(stat -c %s "$bin") bytes, stripped $(stat -c %s "$work/haul"), .deb $(stat -c %s "$debfile"), tarball $(stat -c %s "$tarfile")"
ls -l "$dist"
