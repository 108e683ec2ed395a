import HaulCore
import XCTest

/// The progress line fits any terminal: never as wide as it (a wrapped line breaks the redraw), giving up the
/// keys, the padding, the bar and the total before cutting anything.
final class ProgressLineTests: XCTestCase {
    private func line(
        _ name: String = "ubuntu.iso", done: Int64 = 512 << 20, total: Int64? = 1 << 30, status: String = "98.0 MiB/s ETA 5s",
        extra: String? = nil, hint: String? = nil, nameColumn: Int? = nil
    ) -> ProgressLine {
        ProgressLine(name: name, bytesDone: done, totalBytes: total, status: status, extra: extra, hint: hint, nameColumn: nameColumn)
    }

    func testAWideTerminalGetsEverythingInFixedColumns() {
        let text = line(extra: "16 conn", hint: "space: pause, q: quit").text(width: 120)
        XCTAssertTrue(text.hasPrefix("ubuntu.iso   50% [===="), text)
        XCTAssertTrue(text.contains("]  512 MiB / 1.00 GiB     98.0 MiB/s"), text)
        XCTAssertTrue(text.hasSuffix("98.0 MiB/s ETA 5s      16 conn  space: pause, q: quit"), text)
        // The status slot is fixed: a shorter speed text leaves the keys where they were.
        let shorter = line(status: "1 B/s ETA 5s", extra: "16 conn", hint: "space: pause, q: quit").text(width: 120)
        XCTAssertEqual(shorter.count, text.count)
        XCTAssertEqual(shorter.range(of: "space")?.lowerBound.utf16Offset(in: shorter), text.range(of: "space")?.lowerBound.utf16Offset(in: text))
    }

    /// Rows of the multi view line up: with a common bar width, a short status ("paused") does not widen the bar.
    func testRowsWithACommonBarWidthLineUp() {
        for width in [80, 100, 118] {
            let bar = ProgressLine.commonBarWidth(width: width, nameColumn: 20, maxBarWidth: 30)
            let texts = ["paused", "98.0 MiB/s ETA 5s", "1023.9 KiB/s ETA 1h02m"].map { status in
                ProgressLine(name: "a.iso", bytesDone: 5 << 20, totalBytes: 1 << 30, status: status, nameColumn: 20, maxBarWidth: 30, fixedBarWidth: bar)
                    .text(width: width)
            }
            let columns = texts.map { text in text.firstIndex(of: "]").map { text.distance(from: text.startIndex, to: $0) } }
            XCTAssertEqual(Set(columns).count, 1, "width \(width): \(texts)")
            for text in texts { XCTAssertLessThan(text.count, width) }
        }
    }

    func testNothingIsEverAsWideAsTheTerminal() {
        let names = ["a", "ubuntu-24.04.1-desktop-amd64.iso", String(repeating: "x", count: 200)]
        for width in 1...160 {
            for name in names {
                for hint in [nil, "space: pause, q: quit"] {
                    for total in [nil, Int64(1) << 40] {
                        let text = line(name, total: total, extra: "16 conn", hint: hint).text(width: width)
                        XCTAssertLessThan(text.count, max(2, width), "width \(width): \(text)")
                        XCTAssertFalse(text.hasSuffix(" "), "width \(width): \(text)")
                        XCTAssertFalse(text.isEmpty)
                    }
                }
            }
        }
    }

    func testKeysGoFirstThenPaddingThenTheExtraThenTheBar() {
        let hint = "space: pause, q: quit"
        let wide = line(hint: hint).text(width: 100)
        XCTAssertTrue(wide.contains(hint) && wide.contains("["), wide)
        // Too narrow for the keys beside a useful bar: the keys go, the bar stays.
        let medium = line(hint: hint).text(width: 80)
        XCTAssertFalse(medium.contains("space"), medium)
        XCTAssertTrue(medium.contains("[=") && medium.contains("512 MiB / 1.00 GiB  "), medium)
        // Narrower: the padding goes before the bar does.
        let narrow = line().text(width: 62)
        XCTAssertTrue(narrow.contains("[") && narrow.contains("512 MiB / 1.00 GiB  98.0 MiB/s ETA 5s"), narrow)
        // The extra goes before the bar.
        let withExtra = line(extra: "16 conn").text(width: 64)
        XCTAssertTrue(withExtra.contains("[") && !withExtra.contains("conn"), withExtra)
        XCTAssertTrue(line(extra: "16 conn").text(width: 72).contains("ETA 5s 16 conn"))
        // Narrower still: no bar, and what it says is whole.
        XCTAssertEqual(line().text(width: 58), "ubuntu.iso   50%  512 MiB / 1.00 GiB  98.0 MiB/s ETA 5s")
        // Then the total (the percent still tells it).
        XCTAssertEqual(line().text(width: 52), "ubuntu.iso   50%  512 MiB  98.0 MiB/s ETA 5s")
    }

    /// 50 columns: whole elements go, never part of a word (before: `stopped, 81.0 MiB kep`).
    func testANarrowTerminalDropsWholeElements() {
        let stopped = line("ubuntu-24.04.1-desktop-amd64.iso", done: 85 << 20, status: "stopped, 85.0 MiB kept").text(width: 50)
        XCTAssertEqual(stopped, "ubuntu-24.0…    8%  stopped, 85.0 MiB kept")
        for width in 20...80 {
            for status in ["stopped, 85.0 MiB kept", "paused, 85.0 MiB kept", "1023.9 KiB/s ETA 1h02m", "done in 3m05s"] {
                let text = line("ubuntu-24.04.1-desktop-amd64.iso", done: 85 << 20, status: status).text(width: width)
                let words = Set(text.split(separator: " ").map(String.init))
                let whole = Set("8% [ ] / 85.0 MiB 1.00 GiB KiB/s \(status)".split(separator: " ").map(String.init))
                for word in words where !word.hasPrefix("[") && !word.hasSuffix("]") && !word.allSatisfy({ "=>".contains($0) }) {
                    XCTAssertTrue(whole.contains(word) || word.hasPrefix("ubuntu"), "width \(width): '\(word)' in \(text)")
                }
            }
        }
    }

    func testAFinishedLineKeepsItsStatusOnANarrowTerminal() {
        let text = line("f.bin", done: 3 << 20, total: 3 << 20, status: "done in 3s").text(width: 40)
        XCTAssertEqual(text, "f.bin  100%  3.00 MiB  done in 3s")
    }

    func testNamesAreCutWithAnEllipsisAndColumnsPadded() {
        let long = line(String(repeating: "n", count: 60)).text(width: 100)
        XCTAssertTrue(long.hasPrefix(String(repeating: "n", count: 24) + "…  "), long)
        let column = line("a.bin", nameColumn: 12).text(width: 100)
        XCTAssertTrue(column.hasPrefix("a.bin          50% ["), column)
    }

    func testUnknownTotalAndEmptyFile() {
        XCTAssertTrue(line(total: nil).text(width: 100).contains("  ?% [>"), line(total: nil).text(width: 100))
        let empty = line(done: 0, total: 0, status: "done in 1ms").text(width: 100)
        XCTAssertTrue(empty.contains("100% [======"), empty)
    }

    func testBarIsExactlyItsWidth() {
        for width in 2...40 {
            for fraction in [0.0, 0.01, 0.5, 0.99, 1.0] {
                XCTAssertEqual(ProgressLine.bar(fraction, width: width).count, width)
            }
        }
        XCTAssertEqual(ProgressLine.bar(0.5, width: 12), "[=====>    ]")
        XCTAssertEqual(ProgressLine.bar(1, width: 7), "[=====]")
    }

    /// Issue 60, point 9: one download's bar keeps its width between running and paused at every width where it
    /// has one, also below 80 columns (before, there it took whatever room the texts left and jumped on a pause).
    func testOneDownloadsBarKeepsItsWidthRunningAndPausedAtEveryWidth() {
        let running = line(status: "1.2 MiB/s ETA 3m05s", extra: "4 conn", hint: "space: pause, q: quit")
        let paused = line(status: "paused, 512 MiB kept", hint: "space: resume, q: quit")
        func barWidth(_ text: String) -> Int? {
            guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else { return nil }
            return text.distance(from: open, to: close) + 1
        }
        var widthsWithABar = 0
        for width in 30...140 {
            let texts = [running, paused].map { line -> String in
                var line = line
                if let steady = line.steadyColumns(width: width) {
                    line.fixedBarWidth = steady.barWidth
                    line.showsSizes = steady.showsSizes
                }
                return line.text(width: width)
            }
            for text in texts { XCTAssertLessThan(text.count, width, text) }
            let bars = texts.map(barWidth)
            XCTAssertEqual(bars[0], bars[1], "width \(width): \(texts)")
            if bars[0] != nil { widthsWithABar += 1 }
        }
        XCTAssertGreaterThan(widthsWithABar, 80, "a bar from 55 columns up for this name")
    }
}
