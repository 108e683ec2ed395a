import Foundation
import HaulTestSupport
import XCTest

/// Where `haul`'s main thread is while a download runs (`ProcessEntry`): waiting for the command, not left through
/// `dispatch_main()`, whose `pthread_exit` unwinds the thread through the binary's `.eh_frame` tables (about 0.6 MiB
/// of pages resident for the rest of the run, docs/transport.md "Memory of a split https download") and then parks
/// it in `sigsuspend`.
final class MainThreadTests: XCTestCase {
    func testTheMainThreadWaitsForTheCommandInsteadOfLeavingThroughDispatchMain() async throws {
        #if os(Linux)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 4 << 20, seed: 61)
                let running = try HaulProcess(download.line, in: dir.url)
                XCTAssertTrue(download.waitUntilUnderWay(), "the download starts")
                let pid = running.process.processIdentifier
                let wchan = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/wchan", encoding: .utf8)
                running.signal(SIGINT)
                let stopped = running.finish()
                XCTAssertEqual(stopped.status, 130, stopped.stderr)
                XCTAssertFalse(wchan.isEmpty, "the main thread is still there")
                XCTAssertFalse(wchan.contains("sigsuspend"), "the main thread waits in \(wchan)")
            }
        }
        #else
        throw XCTSkip("/proc is Linux's")
        #endif
    }
}
