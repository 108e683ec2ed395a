#!/usr/bin/env bash
# Regenerates docs/generated/haul.1, the manual page, from haul's own option definitions with swift-argument-parser's
# generate-manual plugin, and records those definitions (haul --experimental-dump-help) beside it in
# docs/generated/haul.dump-help.json. UsageMessageTests.testManualIsCurrent compares that record with what the binary
# says, so a changed option fails the tests until this script is run again. Run it from anywhere; it builds haul in
# debug mode first.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

swift build --product haul >/dev/null
bin="$(swift build --show-bin-path)/haul"
swift package plugin generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" >/dev/null
manual=$(find .build/plugins -path '*GenerateManual*' -name haul.1 -newer "$bin" | head -n 1)
[ -n "$manual" ] || { echo "update-manual: the plugin wrote no haul.1" >&2; exit 1; }
cp "$manual" docs/generated/haul.1
"$bin" --experimental-dump-help > docs/generated/haul.dump-help.json
echo "docs/generated/haul.1 and docs/generated/haul.dump-help.json updated"
