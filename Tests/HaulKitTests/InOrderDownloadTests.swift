import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `DownloadRequest.inOrder` end to end on a socket: several connections, the earliest pieces asked for first, the
/// complete prefix reported and growing to the whole file.
final class InOrderDownloadTests: XCTestCase {
    private let content = deterministicBytes(count: 8 << 20, seed: 29)
    private let piece: Int64 = 512 << 10

    func testTheBeginningComesFirstOverSeveralConnections() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/v", FileResource(content: content), bytesPerSecond: 8 << 20)
                try await withHarness(dir) { harness in
                    var request = harness.request(server.url("/v"), connections: 4, minimumSplitSize: piece)
                    request.inOrder = true
                    let (outcome, updates) = try await harness.run(request)
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    // Ranged requests start at piece boundaries in file order: each new one after the first few is
                    // the earliest piece nobody had, so their starts rise (a steal near the end may cut later).
                    let starts = server.requests(for: "/v").compactMap { $0.header("Range") }
                        .compactMap { Int64($0.dropFirst("bytes=".count).prefix { $0 != "-" }) }
                    XCTAssertGreaterThanOrEqual(starts.count, 8, "the file was cut into pieces: \(starts)")
                    XCTAssertEqual(
                        Set(starts.prefix(4)), [0, piece, 2 * piece, 3 * piece],
                        "the first piece, asked for again as a range once the probe's head came (issue 56), and the pieces right after it (opened at once)")
                    XCTAssertGreaterThanOrEqual(server.maxOpenConnections, 3, "still several connections")
                    let prefixes = updates.compactMap { update -> Int64? in
                        if case .progress(let progress) = update { return progress.contiguousBytes } else { return nil }
                    }
                    XCTAssertFalse(prefixes.isEmpty, "progress reports the complete prefix")
                    XCTAssertEqual(prefixes, prefixes.sorted(), "the prefix never shrinks")
                    XCTAssertTrue(prefixes.contains { $0 > 0 && $0 < Int64(content.count) }, "seen while downloading: \(prefixes)")
                }
            }
        }
    }

    func testAnOrdinaryDownloadReportsNoPrefix() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/v", FileResource(content: content), bytesPerSecond: 16 << 20)
                try await withHarness(dir) { harness in
                    let (outcome, updates) = try await harness.run(
                        harness.request(server.url("/v"), connections: 4, minimumSplitSize: piece))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    let prefixes = updates.compactMap { update -> Int64? in
                        if case .progress(let progress) = update { return progress.contiguousBytes } else { return nil }
                    }
                    XCTAssertEqual(prefixes, [])
                }
            }
        }
    }

    /// In order and paused, then resumed (a restart reads the same stored plan): the pieces kept stay kept, the
    /// next requests are again the earliest missing pieces, and the file is whole.
    func testAPausedInOrderDownloadResumesWithTheEarliestMissingPieces() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/v", FileResource(content: content), bytesPerSecond: 1 << 20)
                try await withHarness(dir, server: server) { harness in
                    var request = harness.request(server.url("/v"), connections: 4, minimumSplitSize: piece)
                    request.inOrder = true
                    let task = try await harness.client.download(request)
                    try await waitUntilReceived(task, moreThan: 2 << 20)  // a quarter: pieces done, pieces missing
                    try await task.pause()
                    let segments = try harness.client.store.segments(of: task.id.rawValue)
                    XCTAssertEqual(segments.count, 16, "the in-order plan is what is stored")
                    let missing = segments.filter { $0.next < $0.end! }.map(\.next)
                    XCTAssertFalse(missing.isEmpty)
                    server.clearRequests()
                    try await task.resume()
                    assertCompleted(try await task.outcome(), at: harness.path("file.bin"), equals: content)
                    let starts = server.requests(for: "/v").compactMap { $0.header("Range") }
                        .compactMap { Int64($0.dropFirst("bytes=".count).prefix { $0 != "-" }) }
                    XCTAssertEqual(Set(starts.prefix(4)), Set(missing.sorted().prefix(4)), "the earliest missing pieces first")
                    XCTAssertNil(server.requests(for: "/v").first { $0.header("Range") == nil }, "nothing fetched from 0 again")
                }
            }
        }
    }
}
