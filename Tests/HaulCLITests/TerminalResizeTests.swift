import Foundation
import HaulCore
import HaulTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 60, point 9: a window narrowed while the download is paused. A paused bar gets no progress that would
/// redraw it, so before, it kept the old width until space was pressed: the line wider than the window wrapped and
/// the next redraw left its piece above the bar. Now the terminal's change of size (SIGWINCH) redraws it at once.
final class TerminalResizeTests: XCTestCase {
    func testAPausedBarIsRedrawnForTheNewWidthWhenTheWindowNarrows() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let bytes = deterministicBytes(count: 6 << 20, seed: 33)
                server.serve("/f.bin", FileResource(content: bytes), bytesPerSecond: 512 << 10)
                let state = dir.file("s")
                let session = try TerminalSession(["--state-dir", state.path, "-x", "1", server.url("/f.bin")], in: dir.url, columns: 100)
                defer { session.hangUp() }
                XCTAssertTrue(session.waitFor("KiB/s ETA"), TerminalSession.visible(session.output))
                session.type(" ")
                XCTAssertTrue(session.waitFor("paused, "), TerminalSession.visible(session.output))
                let before = TerminalSession.drawnLines(session.output).count
                // What the kernel does when a person drags the window's edge: the new size, then SIGWINCH to the
                // terminal's foreground process (the test's terminal is not haul's controlling one, so the test
                // sends the signal itself).
                session.resize(columns: 60, rows: 30)
                kill(session.pid, SIGWINCH)
                let redrawn = waitUntil(timeout: 10) {
                    TerminalSession.drawnLines(session.output).dropFirst(before).contains { $0.hasPrefix("f.bin") && $0.contains("paused") }
                }
                let lines = TerminalSession.drawnLines(session.output).dropFirst(before).filter { $0.hasPrefix("f.bin") }
                XCTAssertTrue(redrawn, "the paused bar is drawn again at once: \(lines)")
                for line in lines { XCTAssertLessThan(line.count, 60, "fits the narrowed window: \(line)") }
                // The bar keeps the same width while paused and after resuming at 60 columns.
                session.type(" ")
                XCTAssertTrue(waitUntil(timeout: 10) {
                    TerminalSession.drawnLines(session.output).dropFirst(before).contains { $0.hasPrefix("f.bin") && $0.contains("ETA") }
                })
                let drawn = TerminalSession.drawnLines(session.output).dropFirst(before).filter { $0.hasPrefix("f.bin") && $0.contains("[") }
                let widths = Set(drawn.compactMap { line -> Int? in
                    guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return nil }
                    return line.distance(from: open, to: close)
                })
                XCTAssertEqual(widths.count, 1, "one bar width paused and running at 60 columns: \(drawn)")
                session.type("q")
                XCTAssertEqual(session.finish().status, 130)
            }
        }
    }
}
