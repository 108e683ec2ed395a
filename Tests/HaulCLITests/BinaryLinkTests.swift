#if os(Linux)
import Foundation
import Glibc
import XCTest

/// How Package.swift links `haul` on Linux (docs/history/benchmarks-rounds.md, "Fixed cost, round 2"): the built
/// binary's dynamic section shows whether the settings took effect, whichever way the package was built.
final class BinaryLinkTests: XCTestCase {
    /// Packed relative relocations (`-z pack-relative-relocs`) where the glibc is 2.36 or newer: 24 KiB of
    /// relocations for the loader instead of 3 MiB.
    func testRelativeRelocationsArePackedWhereGlibcLoadsThem() throws {
        let dynamic = try Self.dynamicSection()
        guard Self.glibcVersion.lexicographicallyPrecedes([2, 36]) == false,
            ProcessInfo.processInfo.environment["HAUL_PORTABLE_LINK"] != "1"
        else {
            XCTAssertFalse(dynamic.contains("(RELR)"), "DT_RELR in a binary an older glibc cannot start")
            return
        }
        XCTAssertTrue(dynamic.contains("(RELR)"), "no DT_RELR: the relocations are not packed\n\(dynamic)")
    }

    /// The C++ runtime linked statically where the compiler's GCC installation has libstdc++.a.
    func testCxxRuntimeIsLinkedStaticallyWhereTheArchiveExists() throws {
        let dynamic = try Self.dynamicSection()
        let needsSharedCxx = dynamic.split(separator: "\n").contains { $0.contains("(NEEDED)") && $0.contains("libstdc++") }
        if Self.hasStaticCxxRuntime {
            XCTAssertFalse(needsSharedCxx, "haul still loads libstdc++.so\n\(dynamic)")
        } else {
            XCTAssertTrue(needsSharedCxx, "no libstdc++.a to link, yet no libstdc++.so either\n\(dynamic)")
        }
    }

    /// A release build, made as the README says (`swift build -c release --product haul`, no flag), carries the
    /// Swift runtime and Foundation (Package.swift's `-static-stdlib`): the binary people install is the one
    /// Benchmarks/run.sh measures. The debug `haul` keeps loading them, since `swift test` puts it in one process
    /// with the toolchain's shared Foundation. Checked on the release binary next to the debug one when there is
    /// one (after the README's build or Benchmarks/run.sh); `swift test` alone does not build it.
    func testReleaseBinaryCarriesTheSwiftRuntime() throws {
        let debugNeeds = try Self.neededLibraries(Self.dynamicSection())
        XCTAssertTrue(debugNeeds.contains { $0.hasPrefix("libswiftCore") }, "debug haul: \(debugNeeds)")
        let release = HaulProcess.binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release/haul")
        guard FileManager.default.isExecutableFile(atPath: release.path) else {
            throw XCTSkip("no release build at \(release.path) (swift build -c release --product haul)")
        }
        let releaseNeeds = try Self.neededLibraries(Self.dynamicSection(of: release))
        let runtimePrefixes = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"]
        let swiftRuntime = releaseNeeds.filter { name in runtimePrefixes.contains { name.hasPrefix($0) } }
        XCTAssertEqual(swiftRuntime, [], "the release haul loads the Swift runtime as shared libraries")
        // SQLite linked in where libsqlite3.a is there (Package.swift's staticSQLite): the release tarball's binary
        // starts on a minimal Debian without libsqlite3-0 (Packaging/check.sh runs it in one).
        let archives = ["/usr/lib/x86_64-linux-gnu/libsqlite3.a", "/usr/lib/aarch64-linux-gnu/libsqlite3.a"]
        if archives.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            XCTAssertFalse(releaseNeeds.contains { $0.hasPrefix("libsqlite3") }, "the release haul loads libsqlite3.so: \(releaseNeeds)")
        }
        // No libcurl: the static FoundationNetworking would need it, and nothing of Haul's uses URLSession (the MCP
        // SDK's networked client files are kept out of Linux builds: Vendor/update-mcp-sdk.sh).
        XCTAssertFalse(releaseNeeds.contains { $0.hasPrefix("libcurl") }, "the release haul loads libcurl: \(releaseNeeds)")
    }

    /// The `(NEEDED)` shared libraries of a `readelf -d` listing, e.g. ["libc.so.6", "libsqlite3.so.0"].
    private static func neededLibraries(_ dynamic: String) -> [String] {
        dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// `readelf -d` of the built `haul` (binutils, which Swift on Linux needs).
    private static func dynamicSection(of binary: URL = HaulProcess.binary) throws -> String {
        guard let readelf = ["/usr/bin/readelf", "/bin/readelf"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("readelf is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: readelf)
        process.arguments = ["-d", binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// The running glibc's version, e.g. [2, 36].
    private static var glibcVersion: [Int] {
        var name = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return [] }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .dropFirst("glibc ".count).split(separator: ".").compactMap { Int($0) }
    }

    /// Package.swift's condition: the newest /usr/lib/gcc/TRIPLE/N with a crtbegin.o has libstdc++.a.
    private static var hasStaticCxxRuntime: Bool {
        #if arch(x86_64)
        let gcc = "/usr/lib/gcc/x86_64-linux-gnu"
        #elseif arch(arm64)
        let gcc = "/usr/lib/gcc/aarch64-linux-gnu"
        #else
        return false
        #endif
        let files = FileManager.default
        func number(_ version: String) -> [Int] { version.split(separator: ".").compactMap { Int($0) } }
        let newest = ((try? files.contentsOfDirectory(atPath: gcc)) ?? [])
            .filter { files.fileExists(atPath: "\(gcc)/\($0)/crtbegin.o") }
            .max { number($0).lexicographicallyPrecedes(number($1)) }
        return newest.map { files.fileExists(atPath: "\(gcc)/\($0)/libstdc++.a") } ?? false
    }
}
#endif
