#!/usr/bin/env bash
# Copies the MCP Swift SDK's `MCP` module into Sources/MCP, its networked client files kept out of Linux builds.
#
#   Vendor/update-mcp-sdk.sh [SDK-GIT-REPOSITORY] [TAG]
#
# Why a copy and not the package: every file of the SDK's one module is linked, and seven of them (the OAuth client
# and the HTTP client transport) use URLSession. On Linux that is FoundationNetworking, whose static library needs
# libcurl; `haul`'s release build links Foundation statically (one file, no Swift runtime to install), so with the
# package the release link fails, and making it link would tie the binary to the system's libcurl. Haul uses the
# SDK's server side only (docs/agents.md, "Why the SDK is copied"). Everything else is the SDK's own code, unchanged;
# this script is the only way the copy changes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=${1:-https://github.com/modelcontextprotocol/swift-sdk}
tag=${2:-0.12.1}
# The files kept out of Linux builds: each uses URLSession, URLRequest or HTTPURLResponse (FoundationNetworking on
# Linux). They are wrapped whole in `#if !canImport(FoundationNetworking)`, so Apple platforms still have them.
networked=(
    Base/Authorization/OAuthAuthorizer.swift
    Base/Authorization/OAuthDiscoveryClient.swift
    Base/Authorization/OAuthClientRegistrar.swift
    Base/Authorization/OAuthConfiguration.swift
    Base/Authorization/OAuthAuthorizationCodeFlow.swift
    Base/Authorization/OAuthTokenEndpointClient.swift
    Base/Transports/HTTPClientTransport.swift
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/sdk"
git -C "$work/sdk" checkout --quiet "$tag"
commit=$(git -C "$work/sdk" rev-parse HEAD)
rm -rf Sources/MCP
cp -R "$work/sdk/Sources/MCP" Sources/MCP
guard='#if !canImport(FoundationNetworking)  // Vendor/update-mcp-sdk.sh: needs URLSession'
for file in "${networked[@]}"; do
    { echo "$guard"; cat "$work/sdk/Sources/MCP/$file"; echo '#endif'; } > "Sources/MCP/$file"
done
# Client.swift names HTTPClientTransport in one place (the negotiated version for HTTP): the same guard around it.
python3 - Sources/MCP/Client/Client.swift "$guard" <<'PY'
import sys
path, guard = sys.argv[1], sys.argv[2]
text = open(path).read()
block = """        if let httpTransport = connection as? HTTPClientTransport {
            await httpTransport.updateNegotiatedProtocolVersion(result.protocolVersion)
        }
"""
assert text.count(block) == 1, "Client.swift changed upstream: review Vendor/update-mcp-sdk.sh"
open(path, "w").write(text.replace(block, guard + "\n" + block + "#endif\n"))
PY
cp "$work/sdk/LICENSE" Sources/MCP/LICENSE
{
    echo "The \`MCP\` module of modelcontextprotocol/swift-sdk $tag (commit $commit), copied by"
    echo "Vendor/update-mcp-sdk.sh. Do not edit these files: change the script, or the tag it copies."
    echo
    echo "Wrapped in \`#if !canImport(FoundationNetworking)\` (they need URLSession, which a static Linux build cannot"
    echo "link without libcurl), and so absent on Linux, present on Apple platforms:"
    for file in "${networked[@]}"; do echo "- $file"; done
    echo "- in Client/Client.swift, the three lines that name HTTPClientTransport"
    echo
    echo "License: Sources/MCP/LICENSE (the SDK's own)."
} > Sources/MCP/VENDORED.md
echo "copied swift-sdk $tag ($commit) into Sources/MCP, ${#networked[@]} files and one block guarded"
