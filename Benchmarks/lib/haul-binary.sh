# shellcheck shell=bash
# The haul binary a standalone benchmark script measures: $HAUL when set, else the first built of
# .build-release/release/haul, .build/release/haul, .build/debug/haul (under $ROOT). Sets HAUL, and BUILD to
# "debug" or "release" (read off the path); exits 2 when there is none.
HAUL=${HAUL:-}
if [ -z "$HAUL" ]; then
  for candidate in .build-release/release/haul .build/release/haul .build/debug/haul; do
    [ -x "$ROOT/$candidate" ] && { HAUL=$ROOT/$candidate; break; }
  done
fi
[ -x "${HAUL:-}" ] || { echo "no haul binary: build it (swift build -c release --product haul) or set HAUL" >&2; exit 2; }
case "$HAUL" in *debug*) BUILD=debug ;; *) BUILD=release ;; esac
