#!/usr/bin/env bash
# Checks the packages Packaging/build.sh made (dist/) the way a user meets them; run by .ci/run as root:
#   - lintian reports no error on the .deb;
#   - `apt-get install ./haul_VERSION_ARCH.deb`; then, as a user who is not root and has no Swift toolchain on PATH:
#     `haul --version` names the commit, a download from a real nginx on 127.0.0.1 arrives whole, a date the trimmed
#     ICU data formats (the queue schedule's note in ja_JP and Tokyo's time zone) is right, `man haul` shows
#     the manual, the completions are where bash, zsh and fish look, and `systemd-analyze verify` accepts the unit;
#   - the tarball unpacked into a minimal Debian root made by debootstrap (no toolchain, no libsqlite3 in it), run
#     there under chroot: `haul --version` and the same download over loopback;
#   - the binary's and the packages' sizes, printed.
# Needs: lintian, nginx, man-db, systemd (systemd-analyze), debootstrap, and Debian's mirror for debootstrap
# (HAUL_DEBOOTSTRAP_MIRROR, default: the first deb.debian.org line of apt's sources, else http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${HAUL_DIST:-dist}
deb=$(ls "$dist"/haul_*.deb | head -n 1)
tarball=$(ls "$dist"/haul-*-linux-*.tar.gz | head -n 1)
version=$(basename "$deb" | cut -d_ -f2)
fail() { echo "check.sh: FAILED: $*" >&2; exit 1; }
say() { echo "check.sh: $*"; }

work=$(mktemp -d)
nginx_pid=""
cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  if [ -n "${root:-}" ]; then umount "$root/proc" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
chmod 0755 "$work"

say "lintian $(basename "$deb")"
lintian --fail-on error --tag-display-limit 0 "$deb" 2>&1 | grep -v 'running with root privileges' || true
lintian --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports an error on $(basename "$deb")"

# A real nginx on a free loopback port serving 3 MiB of random bytes.
mkdir -p "$work/www" "$work/nginx/logs"
head -c $((3 << 20)) /dev/urandom > "$work/www/file.bin"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$work/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 64; }
http {
  access_log off;
  server { listen 127.0.0.1:$port; root $work/www; }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/file.bin" && break; sleep 0.1; done
url="http://127.0.0.1:$port/file.bin"

say "apt-get install ./$(basename "$deb")"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null
dpkg -s haul | grep -E '^(Version|Depends):'
id haulcheck >/dev/null 2>&1 || useradd -m -s /bin/bash haulcheck
as_user() { su haulcheck -c "env -i HOME=/home/haulcheck PATH=/usr/bin:/bin LANG=C.UTF-8 bash -c '$1'"; }
as_user 'command -v swift' >/dev/null 2>&1 && fail "the check user has a Swift toolchain on PATH"
said=$(as_user 'haul --version')
echo "$said" | grep -Eq "^$version \(commit [0-9a-f]{7,}(-dirty)?\)$" || fail "haul --version said '$said'"
say "haul --version: $said"
rm -f /home/haulcheck/got*.bin  # an earlier run's: haul would save beside it as got.1.bin
as_user "cd ~ && haul -q -o got.bin $url" || fail "the download from nginx failed"
cmp "$work/www/file.bin" /home/haulcheck/got.bin || fail "the downloaded bytes differ"
say "a download from nginx as a user without Swift: whole"
# The packaged binary carries ICU's data less what haul never reads (Packaging/icu-data.py). The paths that read it:
# the queue schedule's note (a DateFormatter in en_US_POSIX, a Calendar in the local time zone), here in a locale the
# data does not carry (ICU falls back to root) and Tokyo's time zone, three hours ahead of Tokyo's hour now.
tokyo_hour=$(( (10#$(TZ=Asia/Tokyo date +%H) + 3) % 24 ))
opens=$(TZ=Asia/Tokyo date -d "$(printf '%02d:00' "$tokyo_hour")" +%s)
[ "$opens" -gt "$(date +%s)" ] || opens=$((opens + 86400))
expected="wait until $(TZ=Asia/Tokyo LC_ALL=C date -d "@$opens" '+%a %Y-%m-%d %H:%M')"
window=$(printf '%02d:00-%02d:30' "$tokyo_hour" "$tokyo_hour")
held=$(as_user "cd ~ && LANG=ja_JP.UTF-8 TZ=Asia/Tokyo timeout 5 haul --queue-schedule $window -d held $url 2>&1" || true)
echo "$held" | grep -qF "$expected" || fail "the queue schedule's note in ja_JP, Tokyo: '$held', not '$expected'"
say "ICU's dates in ja_JP.UTF-8, Asia/Tokyo: '$expected'"
as_user 'MANPAGER=cat man haul 2>/dev/null' | grep -q "haul" || fail "man haul shows nothing"
say "man haul: $(as_user 'MANPAGER=cat man haul 2>/dev/null' | wc -l) lines"
for f in /usr/share/bash-completion/completions/haul /usr/share/zsh/vendor-completions/_haul \
  /usr/share/fish/vendor_completions.d/haul.fish; do
  [ -s "$f" ] || fail "no completion at $f"
done
bash -c 'source /usr/share/bash-completion/completions/haul && complete -p haul' >/dev/null || fail "the bash completion does not load"
# verify needs a runtime directory for a user manager; it exits 0 even when it ignores a line it cannot parse, so a
# line of its output that names the unit file is the failure.
mkdir -p -m 0700 "$work/run"
verified=$(XDG_RUNTIME_DIR="$work/run" systemd-analyze verify --user /usr/lib/systemd/user/haul-daemon.service 2>&1) \
  || fail "systemd-analyze verify: $verified"
if echo "$verified" | grep -q "haul-daemon.service"; then fail "systemd-analyze verify: $verified"; fi
say "completions and the systemd unit are in place"

say "the tarball in a minimal Debian root (debootstrap --variant=minbase)"
mirror=${HAUL_DEBOOTSTRAP_MIRROR:-$( (grep -rhoE 'https?://deb\.debian\.org/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null || true) | head -n 1)}
mirror=${mirror:-http://deb.debian.org/debian}
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
root="$work/root"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; fail "debootstrap"; }
if ls "$root"/usr/lib/*-linux-gnu/libsqlite3.so.0 >/dev/null 2>&1; then say "(the root has libsqlite3: the check is weaker than meant)"; fi
if [ -x "$root/usr/bin/swift" ]; then fail "the minimal root has a Swift toolchain"; fi
mkdir -p "$root/opt/haul"
tar -C "$root/opt/haul" --strip-components=1 -xzf "$tarball"
mount -t proc proc "$root/proc"
said=$(chroot "$root" /opt/haul/bin/haul --version) || fail "haul --version in the minimal root"
say "in the root: $said"
chroot "$root" env -i HOME=/root PATH=/usr/bin:/bin /opt/haul/bin/haul -q -o /root/got.bin "$url" || fail "the download in the minimal root"
cmp "$work/www/file.bin" "$root/root/got.bin" || fail "the bytes downloaded in the minimal root differ"
say "in the root: a download from nginx over loopback, whole"
umount "$root/proc"

stripped=$(stat -c %s /usr/bin/haul)
say "sizes: stripped binary $stripped bytes ($((stripped >> 20)) MiB), .deb $(stat -c %s "$deb") bytes, tarball $(stat -c %s "$tarball") bytes"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq haul >/dev/null
say "all checks passed"
