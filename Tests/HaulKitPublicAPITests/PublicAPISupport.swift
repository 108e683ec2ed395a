import Foundation
import HaulKit
import HaulTestSupport
import XCTest

// What the tests of this target share: a client in a temporary directory, a slow file on a local server, and
// waits on updates (never on time). Everything here is HaulKit's public API, as an app sees it.

/// A file large enough, served slowly enough, that a download of it is still running when a test acts on it.
let slowContent = deterministicBytes(count: 4 << 20, seed: 57)

/// Runs `body` with a local server serving `/slow` (throttled) and `/small`, a client in a fresh state directory,
/// and the directory; shuts the client down afterwards.
func withClient(
    _ configuration: (URL) -> HaulConfiguration = { HaulConfiguration(stateDirectory: $0) },
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HaulClient, TestServer, TemporaryDirectory) async throws -> Void
) async throws {
    try await withTestServer { server in
        try await withTemporaryDirectory { dir in
            server.serve("/slow", FileResource(content: slowContent), bytesPerSecond: 256 << 10)
            server.serve("/small", FileResource(content: Array("hello, haul\n".utf8)))
            let client = try HaulClient(configuration: configuration(dir.file("state")))
            do {
                try await body(client, server, dir)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try? await client.shutdown()
        }
    }
}

/// A request for `path` on `server` into `name` in `dir`.
func request(_ server: TestServer, _ path: String, to name: String, in dir: TemporaryDirectory) -> DownloadRequest {
    DownloadRequest(url: URL(string: server.url(path))!, destination: dir.file(name), connections: 1)
}

/// Reads `task`'s updates until bytes have arrived: the download is then running.
func waitUntilReceiving(_ task: DownloadTask) async throws {
    for try await update in task.updates {
        if case .progress(let progress) = update, progress.bytesDone > 0 { return }
    }
    XCTFail("the download ended before any byte arrived")
}

/// The `HaulError` `body` throws, or a test failure when it throws nothing or something else.
func haulError(
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
) async -> HaulError? {
    do {
        try await body()
        XCTFail("no error was thrown", file: file, line: line)
    } catch let error as HaulError {
        return error
    } catch {
        XCTFail("not a HaulError: \(type(of: error)) \(error)", file: file, line: line)
    }
    return nil
}
