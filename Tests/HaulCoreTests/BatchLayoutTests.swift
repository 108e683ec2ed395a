import HaulCore
import XCTest

/// A batch's rows and total line at a given width (issue 60, point 9).
final class BatchLayoutTests: XCTestCase {
    private func rows(width: Int, statuses: [String]) -> [String] {
        let nameColumn = min(max(8, width / 4), 30)
        let columns = ProgressLine.batchColumns(width: width, nameColumn: nameColumn, maxBarWidth: 30)
        return statuses.enumerated().map { index, status in
            ProgressLine(
                name: ["a.iso", "ubuntu-24.04.1-desktop.iso", "f.bin"][index % 3], bytesDone: Int64(index + 1) << 20,
                totalBytes: 1 << 30, status: status, nameColumn: nameColumn, maxBarWidth: 30,
                fixedBarWidth: columns.barWidth, showsSizes: columns.showsSizes
            ).text(width: width)
        }
    }

    /// Before, at 50 columns one row had a bar and the next none, or sizes where the other had its status.
    func testRowsLineUpAtFiftyColumnsAndWider() {
        for width in [50, 56, 64, 80, 120] {
            let texts = rows(width: width, statuses: ["paused", "98.0 MiB/s ETA 5s", "1023.9 KiB/s ETA 1h02m", "finishing"])
            let bars = texts.map { text in text.firstIndex(of: "]").map { text.distance(from: text.startIndex, to: $0) } }
            XCTAssertEqual(Set(bars).count, 1, "width \(width):\n\(texts.joined(separator: "\n"))")
            XCTAssertNotNil(bars[0], "a bar at width \(width)")
            for text in texts { XCTAssertLessThan(text.count, width, text) }
        }
        let narrow = rows(width: 50, statuses: ["paused", "98.0 MiB/s ETA 5s"])
        XCTAssertEqual(narrow[0], "a.iso" + String(repeating: " ", count: 11) + "0% [>   ]  paused")
        XCTAssertTrue(narrow[1].hasSuffix("]  98.0 MiB/s ETA 5s"), narrow[1])
    }

    /// Before: `total  3/4 done, 1 failed  300 KiB  avg 0 B/s  0s` on a rerun that fetched nothing.
    func testARunThatFetchedNothingSaysSo() {
        var line = BatchTotalLine(done: 3, total: 4)
        line.failed = 1
        line.bytes = 300 << 10
        line.elapsed = 0.2
        line.settled = true
        XCTAssertEqual(line.text(width: 80), "total  3/4 done, 1 failed  nothing fetched  0.2s")
        line.transferred = 100 << 10
        line.bytes = 400 << 10
        line.elapsed = 1
        XCTAssertEqual(line.text(width: 80), "total  3/4 done, 1 failed  400 KiB  avg 100 KiB/s  1.0s")
        line.settled = false
        line.speed = Double(2 << 20)
        line.running = 1
        XCTAssertEqual(line.text(width: 80), "total  3/4 done, 1 running, 1 failed  400 KiB  2.00 MiB/s  1.0s")
        XCTAssertEqual(line.text(width: 30), "total  3/4 done, 1 failed")
    }

    /// Before: the bar of one download widened by nine columns when it was paused (a shorter status, no
    /// connection count) and shrank again on resume.
    func testASingleBarKeepsItsWidthRunningAndPaused() {
        func barWidth(_ status: String, extra: String?, hint: String?, width: Int) -> Int? {
            var line = ProgressLine(
                name: "ubuntu.iso", bytesDone: 512 << 20, totalBytes: 1 << 30, status: status, extra: extra, hint: hint)
            line.fixedBarWidth = line.steadyBarWidth(width: width)
            let text = line.text(width: width)
            XCTAssertLessThan(text.count, width, text)
            guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else { return nil }
            return text.distance(from: open, to: close) + 1
        }
        for width in [80, 90, 100, 120, 140, 160] {
            let running = barWidth("98.0 MiB/s ETA 5s", extra: "16 conn", hint: "space: pause, q: quit", width: width)
            let paused = barWidth("paused, 512 MiB kept", extra: nil, hint: "space: resume, q: quit", width: width)
            let slow = barWidth("1.0 KiB/s ETA 1d02h", extra: "2 conn", hint: "space: pause, q: quit", width: width)
            XCTAssertNotNil(running, "width \(width)")
            XCTAssertEqual(running, paused, "width \(width)")
            XCTAssertEqual(running, slow, "width \(width)")
        }
    }

    /// Lines drawn for a wide terminal take more rows once it is narrowed: the redraw goes up past all of them.
    func testTheRedrawGoesUpEveryRowANarrowedTerminalWrappedTheLinesInto() {
        XCTAssertEqual(RedrawArea.rows(of: [79, 40], width: 80), 2)
        XCTAssertEqual(RedrawArea.rows(of: [79, 40], width: 50), 3, "the first line wraps into two rows")
        XCTAssertEqual(RedrawArea.rows(of: [99], width: 30), 4)
        XCTAssertEqual(RedrawArea.rows(of: [0, 10], width: 30), 2, "an empty line still takes its row")
        XCTAssertEqual(RedrawArea.erase([99], width: 30), "\r\u{1B}[3A\u{1B}[J")
        XCTAssertEqual(RedrawArea.erase([20], width: 30), "\r\u{1B}[J")
        XCTAssertEqual(RedrawArea.erase([], width: 30), "")
    }
}
