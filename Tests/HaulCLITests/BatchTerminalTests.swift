import Foundation
import HaulTestSupport
import XCTest

/// What a terminal shows of a batch and of a window narrowed mid-download (issue 60, point 9).
final class BatchTerminalTests: XCTestCase {
    private let content = deterministicBytes(count: 3 << 20, seed: 609)

    /// A rerun where every file is already complete or fails at once: the notices start with `haul:` as with one
    /// file (before: `a.bin: already complete ...`), and the total line says `nothing fetched` (before: `avg 0 B/s`).
    func testARerunOfABatchSaysNothingWasFetchedInOneVoice() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let small = deterministicBytes(count: 64 << 10, seed: 610)
                server.serve("/a.bin", FileResource(content: small))
                server.serve("/b.bin", FileResource(content: small))
                let arguments = ["--state-dir", dir.file("s").path, server.url("/a.bin"), server.url("/b.bin")]
                XCTAssertEqual(try HaulProcess.run(arguments, in: dir.url).status, 0)

                let session = try TerminalSession(arguments + [server.url("/missing.bin")], in: dir.url, columns: 100, keyboard: false)
                defer { session.hangUp() }
                let result = session.finish()
                let visible = TerminalSession.visible(result.output)
                XCTAssertEqual(result.status, 4, visible)
                XCTAssertTrue(visible.contains("haul: a.bin: already complete"), visible)
                XCTAssertTrue(visible.contains("haul: b.bin: already complete"), visible)
                let total = try XCTUnwrap(TerminalSession.drawnLines(result.output).last { $0.hasPrefix("total") }, visible)
                XCTAssertTrue(total.contains("2/3 done, 1 failed  nothing fetched"), total)
                XCTAssertFalse(visible.contains("avg 0 B/s"), visible)
            }
        }
    }

    /// Narrowed from 120 to 50 columns while the bar is drawn, the bar drawn for 120 columns takes several rows:
    /// the next redraw goes up past all of them (before: `\r` and a cleared row, leaving the rest above).
    func testANarrowedTerminalGetsItsWrappedBarErased() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 512 << 10)
                let session = try TerminalSession(
                    ["--state-dir", dir.file("s").path, "-x", "1", server.url("/f.bin")], in: dir.url, columns: 120)
                defer { session.hangUp() }
                XCTAssertTrue(session.waitFor("ETA"), TerminalSession.visible(session.output))
                let before = session.output.count
                session.resize(columns: 50, rows: 30)
                let erased = waitUntil(timeout: 20) {
                    String(session.output.dropFirst(before)).range(of: "\r\u{1B}\\[[1-9]A\u{1B}\\[J", options: .regularExpression) != nil
                }
                XCTAssertTrue(erased, "no redraw went up past the wrapped rows: \(String(session.output.dropFirst(before)).debugDescription)")
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                // From that redraw on, everything fits the narrowed terminal.
                let resized = String(result.output.dropFirst(before))
                let redraw = try XCTUnwrap(resized.range(of: "\r\u{1B}\\[[1-9]A\u{1B}\\[J", options: .regularExpression))
                for line in TerminalSession.drawnLines(String(resized[redraw.upperBound...])) where line.count >= 50 {
                    XCTFail("drawn wider than the narrowed terminal: \(line)")
                }
            }
        }
    }
}
