import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit
@testable import haul

/// The parts of a long list's run that decide without a server: which downloads have had their end shown
/// (`SessionViewEnds`), and a list read in chunks (`InputListFeed`) giving what the whole text gives.
final class LongListPartsTests: XCTestCase {
    private func snapshot(_ id: Int64, _ state: DownloadState) -> DownloadSnapshot {
        DownloadSnapshot(
            id: DownloadID(id), url: URL(string: "http://h/\(id)")!, destination: URL(fileURLWithPath: "/tmp/\(id)"), state: state,
            priority: 0, queueOrder: id, bytesDone: 0, totalBytes: nil, speed: 0, errorMessage: nil, rateLimit: nil)
    }

    func testAnEndIsShownOnceBothItsStateAndItsReportArrivedInEitherOrder() {
        var ends = SessionViewEnds()
        ends.saw(.added(snapshot(1, .queued)))
        ends.saw(.added(snapshot(2, .queued)))
        ends.saw(.stateChanged(id: 1, .downloading))
        ends.saw(.stateChanged(id: 1, .completed))
        XCTAssertEqual(ends.take(), [], "the `.completed` with its file is still to come")
        ends.saw(.completed(id: 1, file: URL(fileURLWithPath: "/tmp/1")))
        ends.saw(.failed(id: 2, HaulError(.http, "404")))
        XCTAssertEqual(ends.take(), [1], "2's state change is still to come")
        ends.saw(.stateChanged(id: 2, .failed))
        XCTAssertEqual(ends.take(), [2])
        XCTAssertEqual(ends.take(), [], "taken once")
    }

    func testAResumedDownloadsEndIsStillToComeAndAddsOfEndedOnesAreEnds() {
        var ends = SessionViewEnds()
        ends.saw(.failed(id: 3, HaulError(.http, "503")))
        ends.saw(.stateChanged(id: 3, .queued))
        ends.saw(.stateChanged(id: 3, .failed))
        XCTAssertEqual(ends.take(), [], "the report before the resume was of the earlier run")
        ends.saw(.added(snapshot(4, .completed)))
        ends.saw(.current(snapshot(5, .paused)))
        ends.saw(.removed(id: 6))
        XCTAssertEqual(ends.take(), [4, 6])
    }

    /// A list of about 200 KiB (several 64 KiB chunks, lines cut at their edges), with a byte-order mark, CRLF
    /// endings, options, comments and a last line without LF: the same entries as `InputFile.parse`, taken a few
    /// at a time, and again after `check` went through it.
    func testAListReadInChunksGivesTheEntriesOfTheWholeText() throws {
        try withTemporaryDirectorySync { dir in
            var text = "\u{FEFF}# many\r\n"
            for index in 0..<3000 {
                text += "http://example.com/\(index).bin\r\n  out=n\(index).bin\r\n"
                if index % 7 == 0 { text += "  # note\n\n  header=X-N: \(index)\n" }
            }
            text += "http://example.com/last.bin"
            try Data(text.utf8).write(to: dir.file("list.txt"))
            let whole = try InputFile.parse(text).entries
            let feed = try InputListFeed(dir.file("list.txt").path)
            let checked = try feed.check { _ in }
            XCTAssertEqual(checked.count, 3001)
            XCTAssertEqual(feed.remaining, 3001)
            var read: [InputFileEntry] = []
            while true {
                let some = try feed.nextEntries(97)
                read += some
                if some.count < 97 { break }
            }
            XCTAssertEqual(read, whole)
            XCTAssertEqual(feed.remaining, 0)
        }
    }

    /// Back-pressure: the feed reads the file only as far as the entries asked for need, and holds no more than the
    /// rest of one 64 KiB chunk beside them, however long the list. Before, entries handed on stayed in its buffer
    /// until a call took all of it, which reads interleaved with takes never do: all 20,000 were held at the end.
    func testTheFeedHoldsAtMostAChunkBeyondWhatWasAskedWhateverTheListsLength() throws {
        try withTemporaryDirectorySync { dir in
            let count = 20000
            let text = (0..<count).map { "http://example.com/f\($0).bin\n" }.joined()
            try Data(text.utf8).write(to: dir.file("list.txt"))
            let feed = try InputListFeed(dir.file("list.txt").path)
            XCTAssertEqual(try feed.check { _ in }.count, count)
            XCTAssertEqual(feed.held, 0, "nothing held after the check")
            // A 64 KiB chunk of these lines (26 bytes or more each) holds at most 2,520 entries.
            let chunkEntries = (64 << 10) / "http://example.com/f0.bin\n".utf8.count
            var handed = 0, mostHeld = 0
            while true {
                let some = try feed.nextEntries(48)
                handed += some.count
                mostHeld = max(mostHeld, feed.held)
                XCTAssertLessThanOrEqual(feed.held, chunkEntries, "held after \(handed) entries handed on")
                if some.count < 48 { break }
            }
            XCTAssertEqual(handed, count)
            XCTAssertGreaterThan(mostHeld, 0, "it reads ahead by chunks, not line by line")
            XCTAssertEqual(feed.held, 0)
        }
    }

    /// A list whose every entry repeats an option: `check` gives its 3,000 warnings once; the read as the queue
    /// drains keeps none of them (before, they piled up again, one per entry, for the whole run).
    func testWarningsAreGivenOnceAndNotKeptWhileTheListDrains() throws {
        try withTemporaryDirectorySync { dir in
            let count = 3000
            let text = (0..<count).map { "http://example.com/f\($0).bin\n  out=a\($0)\n  out=b\($0)\n" }.joined()
            try Data(text.utf8).write(to: dir.file("list.txt"))
            let feed = try InputListFeed(dir.file("list.txt").path)
            XCTAssertEqual(try feed.check { _ in }.warnings.count, count)
            var handed = 0
            while true {
                let some = try feed.nextEntries(64)
                handed += some.count
                XCTAssertEqual(feed.heldWarnings, 0, "warnings kept after \(handed) entries")
                if some.count < 64 { break }
            }
            XCTAssertEqual(handed, count)
        }
    }
}
