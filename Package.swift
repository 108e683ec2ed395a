// swift-tools-version:6.0
import PackageDescription
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `-z pack-relative-relocs` (DT_RELR): the binary's ~127,000 relative relocations take 24 KiB instead of the
/// 3 MiB of `.rela.dyn` the loader reads at every start. Peak RSS of a 1 KiB download 23.9 -> 21.4 MiB, of
/// `haul --version` 12.0 -> 9.3 MiB, of 1 GiB over 16 connections 29.0 -> 26.5 MiB (docs/history/benchmarks-rounds.md,
/// "Fixed cost, round 2"). A binary linked so needs glibc 2.36 or newer to start, so the flag is only given when the
/// glibc of the machine that builds is that new: a build on Ubuntu 22.04 (glibc 2.35) links as before and starts there.
/// `HAUL_PORTABLE_LINK=1 swift build ...` leaves it out for a binary meant to be copied to older systems.
let packedRelativeRelocations: [String] = {
    #if os(Linux) && canImport(Glibc)
    if Context.environment["HAUL_PORTABLE_LINK"] == "1" { return [] }
    var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return [] }
    let version = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .dropFirst("glibc ".count).split(separator: ".").compactMap { Int($0) }
    if version.count >= 2, version[0] > 2 || (version[0] == 2 && version[1] >= 36) {
        return ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
    }
    #endif
    return []
}()

/// The C++ runtime (used by the Swift runtime and BoringSSL) linked into `haul` instead of loaded as libstdc++.so:
/// the loader no longer maps, relocates and binds a 2 MiB shared library at every start. Peak RSS of a 1 KiB
/// download 21.3 -> 20.0 MiB, of `haul --version` 9.2 -> 8.2 MiB (5.9 -> 5.0 ms CPU), of 1 GiB over 16 connections
/// 26.2 -> 25.3 MiB (docs/history/benchmarks-rounds.md, "Fixed cost, round 2"); the binary also no longer needs the
/// build machine's libstdc++ version. Done by putting Linker/static-libstdc++ (a linker script named libstdc++.so that
/// asks for libstdc++.a) first in the search path, since the toolchain itself passes `-lstdc++`. Only when the GCC
/// installation clang links with (the newest /usr/lib/gcc/TRIPLE/N with a crtbegin.o) has libstdc++.a, as
/// Debian's and Ubuntu's libstdc++-N-dev, which Swift needs, do; elsewhere (Fedora keeps it in
/// libstdc++-static) `haul` links the shared library as before. SwiftPM does not see the script as an input of the
/// link: after installing or removing libstdc++.a, delete the `haul` binary to have it linked again.
/// Tests/HaulCLITests/BinaryLinkTests checks both settings on the built binary.
let staticLibstdcxx: [String] = {
    #if os(Linux)
    #if arch(x86_64)
    let gcc = "/usr/lib/gcc/x86_64-linux-gnu"
    #elseif arch(arm64)
    let gcc = "/usr/lib/gcc/aarch64-linux-gnu"
    #else
    return []
    #endif
    let files = FileManager.default
    func number(_ version: String) -> [Int] { version.split(separator: ".").compactMap { Int($0) } }
    let versions = ((try? files.contentsOfDirectory(atPath: gcc)) ?? [])
        .filter { files.fileExists(atPath: "\(gcc)/\($0)/crtbegin.o") }
        .sorted { number($0).lexicographicallyPrecedes(number($1)) }
    guard let newest = versions.last, files.fileExists(atPath: "\(gcc)/\(newest)/libstdc++.a") else { return [] }
    return ["-L", "\(Context.packageDirectory)/Linker/static-libstdc++"]
    #else
    return []
    #endif
}()

/// SQLite linked into a release `haul` instead of loaded as libsqlite3.so.0, where the system has libsqlite3.a
/// (Debian's and Ubuntu's libsqlite3-dev, which the build needs for its headers anyway): the binary of the release
/// tarball (Packaging/build.sh) then starts on a minimal Debian or Ubuntu, which has no libsqlite3-0 (debootstrap's
/// minbase, a container image), needing only glibc, zlib and libgcc_s, as the tarball's README says. Release only: a
/// debug `haul` shares its test process with GRDB's tests, and two copies of SQLite in one process break its
/// POSIX locks. Done as the C++ runtime is (Linker/static-sqlite3 holds a linker script named libsqlite3.so).
/// Checked by BinaryLinkTests on the release binary and by Packaging/check.sh in a debootstrap root.
let staticSQLite: [String] = {
    #if os(Linux)
    #if arch(x86_64)
    let lib = "/usr/lib/x86_64-linux-gnu"
    #elseif arch(arm64)
    let lib = "/usr/lib/aarch64-linux-gnu"
    #else
    return []
    #endif
    guard FileManager.default.fileExists(atPath: "\(lib)/libsqlite3.a") else { return [] }
    return ["-L", "\(Context.packageDirectory)/Linker/static-sqlite3"]
    #else
    return []
    #endif
}()

/// How `haul` is linked on Linux, for peak memory (docs/architecture.md, "Memory"; measured in
/// docs/history/benchmarks-rounds.md). Most of haul's resident memory is the binary's own code, mapped by the kernel in
/// blocks of 64 KiB or more around each page a download touches. So:
/// - lld places the functions a download runs (Linker/haul.order, written by Linker/update-order.sh) next to
///   each other at the start of .text instead of scattered over 25 MiB of code; names it cannot find are
///   skipped quietly, so a stale list costs memory, never a failed build;
/// - `--no-export-dynamic` drops the swiftc default of exporting every symbol (about 2 MiB of dynamic
///   symbol tables the loader would read at start-up); nothing loads plugins into haul.
/// - `-z pack-relative-relocs` where the building machine's glibc can load it, and the C++ runtime linked
///   statically where the static library is there (both above).
/// Position-independent code is kept: `-no-pie` would give up address randomisation.
/// Applied to debug builds too, so that `swift test` runs the CLI linked the same way. The flags are
/// `unsafeFlags`, which only keep the `haul` executable itself from being built as another package's
/// dependency; the HaulKit library has none.
let haulLinkerSettings: [LinkerSetting] = [
    // The Swift runtime and Foundation linked into the release binary (what `--static-swift-stdlib` does), so the
    // README's `swift run -c release haul` and `swift build -c release --product haul` give the binary
    // Benchmarks/run.sh measures: it runs where Swift is not installed, and starts with 10 fewer shared libraries to
    // map and bind (peak RSS of a 1 KiB download 35 -> 24 MiB, issue 34). Release only: a debug `haul` is what
    // `swift test` links into its XCTest bundle beside the toolchain's shared Foundation, and two copies of the
    // runtime in one process do not work. Not on Apple platforms, where the runtime is part of the OS.
    // Foundation's own static libraries are named because the flag alone (unlike SwiftPM's `--static-swift-stdlib`,
    // which also compiles against the static modules and so gets their autolink entries) links only what the
    // toolchain's static-stdlib-args.lnk lists: without them the link stops at CoreFoundation's and ICU's symbols
    // (Calendar and TimeZone, which the speed schedule reads, go through ICU). lld finds archive members whatever
    // their place on the line. Checked by BinaryLinkTests on the release binary.
    .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU"] + staticSQLite, .when(platforms: [.linux], configuration: .release)),
    .unsafeFlags(
        [
            "-use-ld=lld",
            "-Xlinker", "--no-export-dynamic",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Linker/haul.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ] + packedRelativeRelocations + staticLibstdcxx,
        .when(platforms: [.linux])
    ),
]

/// `-disable-concrete-type-metadata-mangled-name-accessors`: the code asks for the metadata of a concrete generic
/// type (`Set<Option>`, `OptionGroup<TransferOptions>`, `Dictionary<PoolKey, Client>`) by calling its accessor
/// with the conformances it already knows, not by handing the runtime a mangled name to decode. Decoding a name
/// checks the type's generic requirements, and the runtime answers the first check of each conformance by scanning
/// every conformance record in the binary: about 9,500 in `haul`, some 70 µs a scan, 48 scans before a 1 KiB
/// download ended (perf probes on `swift_conformsToProtocol`). The accessors cost a little more code (0.5 MiB of
/// 160) and nothing measurable at full speed (1 GiB over 16 connections: 1.01x CPU). Measured on a 1 KiB download (docs/history/benchmarks-rounds.md, "Round 8"): 1.3 ms less wall
/// time with the flag on Haul's own modules; the dependencies (GRDB, ArgumentParser, NIO) are built as they come.
///
/// SwiftPM refuses `unsafeFlags` in the products of a package that another one depends on by version. Such a
/// package is checked out under a `checkouts` directory (SwiftPM's `.build/checkouts`, Xcode's
/// `SourcePackages/checkouts`) or downloaded under `registry/downloads`: there, the HaulKit product's modules are
/// built without the flag (and start as before). `haul` and HaulDaemon, which are not in that product, always
/// have it, as `haul` has its linker flags.
let builtAsVersionedDependency = ["/checkouts/", "/registry/downloads/"].contains { Context.packageDirectory.contains($0) }
let directMetadataAccess: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]
let libraryMetadataAccess: [SwiftSetting] = builtAsVersionedDependency ? [] : directMetadataAccess

/// The commit `haul --version` names: `HAUL_BUILD_COMMIT` when set (Packaging/build.sh, the release workflow and the
/// Homebrew formula set it from `git rev-parse --short=12 HEAD`), else "unknown". Not read from git here
/// (`Context.gitInformation`): SwiftPM caches this manifest's evaluation, and does not evaluate it again after a
/// commit or a pull, so a build would name the commit of an earlier build (seen: a clean tree still said "-dirty").
/// A C string constant in a target of its own (CHaulBuild): a Swift setting cannot carry a value, and only that one
/// C file is compiled again when the commit changes. Letters, digits, '-' and '.' only.
let buildCommit: String = {
    let given = Context.environment["HAUL_BUILD_COMMIT"] ?? ""
    let allowed = !given.isEmpty && given.count <= 64
        && given.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    return allowed ? given : "unknown"
}()

let package = Package(
    name: "Haul",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HaulKit", targets: ["HaulKit"]),
        .executable(name: "haul", targets: ["haul"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already in the graph through AsyncHTTPClient; named here for `--cacert` (extra trust roots).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Already in the graph through SwiftNIO; named here for the copied MCP SDK (below), which imports SystemPackage.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        // Pure decisions: no sockets, no files, no clocks. Everything here is a value you can test in isolation.
        .target(name: "HaulCore", swiftSettings: libraryMetadataAccess),
        // The C side of the engine: file space calls Swift cannot reach (fallocate and hole punching need
        // _GNU_SOURCE), and the socket layer of the hand-written HTTP/1.1 client: resolve (on a thread of its own, so
        // the connect timeout and a cancel cover it) and connect under one deadline, wait readable with a wake pipe,
        // send all, splice a socket's bytes into a file through a pipe (Linux), and a small pool of detached threads
        // for its requests. Also the one call `haul`'s `main` makes first: the program's `.bss` backed with pages while
        // one thread runs (`haul_populate_bss`; docs/history/benchmarks-rounds.md, Round 21).
        .target(name: "CHaulSystem"),
        // The commit `haul --version` prints (buildCommit above).
        .target(name: "CHaulBuild", cSettings: [.define("HAUL_BUILD_COMMIT", to: "\"\(buildCommit)\"")]),
        // SQLite through its C interface where GRDB cannot reach (`sqlite3_db_config` is variadic) or costs a start
        // its generic machinery (the write-ahead log's set-up, the schema number): see DownloadStore.
        .target(name: "CHaulSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The engine: HTTP transport, the .part file, the SQLite store, the download actors.
        .target(
            name: "HaulKit",
            dependencies: [
                "HaulCore",
                "HaulArchive",
                "CHaulSystem",
                "CHaulSQLite",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // NIOConnectionError: a refused or timed-out connect as AsyncHTTPClient reports it.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: libraryMetadataAccess
        ),
        // The command-line tool: argument parsing, terminal rendering, exit codes.
        .executableTarget(
            name: "haul",
            dependencies: [
                "HaulKit",
                "HaulCore",
                "HaulArchive",
                "HaulDaemon",
                "CHaulSystem",
                "CHaulBuild",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadataAccess,
            linkerSettings: haulLinkerSettings
        ),
        // `haul daemon`: aria2's JSON-RPC over HTTP and WebSocket, on SwiftNIO directly (already in the graph
        // through AsyncHTTPClient: no new package to build, no macOS 14 floor, and the Host/Origin checks and size
        // limits are ours to place). A target of the package, not a product: HaulKit embedders do not need it.
        .target(
            name: "HaulDaemon",
            dependencies: [
                "HaulKit",
                "HaulCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                "MCP",
                // `haul mcp`'s relay to a running daemon's /mcp.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // The web page: plain HTML, CSS and JavaScript compiled into the binary (WebAssets.swift).
            resources: [.embedInCode("Web")],
            swiftSettings: directMetadataAccess
        ),
        // The Model Context Protocol's types and message handling for `/mcp` and `haul mcp`: the `MCP` module of
        // modelcontextprotocol/swift-sdk 0.12.1, copied by Vendor/update-mcp-sdk.sh without its eight client-side
        // files that need FoundationNetworking (a static Linux link of those needs libcurl; docs/agents.md, "Why the
        // SDK is copied"). Not edited by hand.
        .target(
            name: "MCP",
            dependencies: [
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["LICENSE", "VENDORED.md"],
            swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]
        ),
        // A misbehaving HTTP server and helpers, for tests only.
        .target(
            name: "HaulTestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                // NIOSSLServerHandler: `TestServer.start(tls: true)`, the hostile modes over https.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The system zlib, for CRC-32 and inflate/deflate at C speed. Its clang module is named HaulZlib
        // (`import HaulZlib`): ZIPFoundation already defines a module CZlib, and two in one build collide.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Checksums and zip archives: safe extraction, creation. Independent of the engine.
        .target(
            name: "HaulArchive",
            dependencies: [
                "CZlib",
                "CHaulSystem",
                // Its BoringSSL (`CNIOBoringSSL`) for the digests: the one the TLS transport uses, so the binary
                // carries one BoringSSL, not swift-crypto's second (docs/packaging.md, "The map down to 40 MB").
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: libraryMetadataAccess
        ),
        // A command line for Benchmarks/zip-*.sh and the kill test; not part of the product.
        .executableTarget(
            name: "HaulZipBench",
            dependencies: ["HaulArchive", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(name: "HaulCoreTests", dependencies: ["HaulCore"]),
        // Engine tests: most against a scripted transport in memory (ScriptedTransport over HaulTestSupport's
        // ScriptedServer, built on AsyncHTTPClient's body type and NIO's ByteBuffer); a few end to end on sockets.
        .testTarget(name: "HaulKitTests", dependencies: [
                "HaulKit", "HaulCore", "HaulTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                // AES-128-CBC encryption, to check the streamed decryption against swift-crypto's one-shot.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // Runs the built `haul` binary end to end; depending on it makes `swift test` build it first.
        .testTarget(name: "HaulCLITests", dependencies: [
                "haul", "HaulTestSupport", "HaulKit", "HaulCore", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "HaulTestSupportTests", dependencies: ["HaulTestSupport"]),
        // The daemon's aria2 mapping (pure), its server in-process, and `haul daemon` driven by aria2p.
        .testTarget(
            name: "HaulDaemonTests",
            dependencies: ["HaulDaemon", "HaulKit", "HaulCore", "HaulTestSupport", "haul",
                "MCP", .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Scripts"]
        ),
        // The DocC article's and docs/library.md's examples, compiled with `import HaulKit` alone and checked
        // word for word against the documents.
        // `LibraryPageExampleRunTests` runs docs/library.md's examples against HaulTestSupport's server; the
        // examples themselves import HaulKit alone (`DocExampleTests` checks it).
        .testTarget(name: "HaulKitDocTests", dependencies: ["HaulKit", "HaulTestSupport"]),
        // HaulKit as an app uses it: `import HaulKit` alone (nothing `@testable`, no HaulCore), against a local test
        // server. Each test is a point of issue #57 (no traps, one error type, cancellation, destinations).
        .testTarget(name: "HaulKitPublicAPITests", dependencies: ["HaulKit", "HaulTestSupport"]),
        // ZIPFoundation only for interoperability checks; HaulArchive reads and writes zips itself. Depending on
        // HaulZipBench makes `swift test` build the binary the kill test runs.
        .testTarget(
            name: "HaulArchiveTests",
            dependencies: [
                "HaulArchive", "HaulZipBench", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
    ]
)
