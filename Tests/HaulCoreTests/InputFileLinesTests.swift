import XCTest

@testable import HaulCore

/// `InputFileLines`: an input file read a line at a time gives what `InputFile.parse` gives for the whole text,
/// each entry as soon as it is whole.
final class InputFileLinesTests: XCTestCase {
    private let text = "\u{FEFF}# list\nhttps://example.com/a.iso\n  out=a.iso\n\n  # a comment between options\n  header=X-A: 1\r\nhttp://example.com/b.bin\thttp://mirror.example/b.bin\n  out=b1\n  out=b2\nhttps://example.com/c\n"

    func testSameEntriesAndWarningsAsTheWholeText() throws {
        let whole = try InputFile.parse(text)
        var lines = InputFileLines()
        var entries: [InputFileEntry] = []
        // Split on the LF byte, as `InputListFeed` reads (a String splits "\r\n" as one Character).
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map({ Substring($0) }) {
            try lines.read(line)
            entries += lines.take()
        }
        entries += lines.finish()
        XCTAssertEqual(entries, whole.entries)
        XCTAssertEqual(lines.takeWarnings(), whole.warnings)
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(whole.warnings.map(\.line), [9], "out= repeated, on its line")
    }

    func testAnEntryIsHandedOnOnlyOnceNoOptionCanFollowIt() throws {
        var lines = InputFileLines()
        try lines.read("https://example.com/a.iso")
        try lines.read("  out=a.iso")
        XCTAssertEqual(lines.take(), [], "options may still follow a.iso")
        try lines.read("https://example.com/b.iso")
        XCTAssertEqual(lines.take().map(\.options.out), ["a.iso"])
        try lines.read("  out=b.iso")
        XCTAssertEqual(lines.take(), [])
        XCTAssertEqual(lines.finish().map(\.url), ["https://example.com/b.iso"])
        XCTAssertEqual(lines.finish(), [], "nothing twice")
    }

    func testErrorsNameTheirLineCountedAcrossTakes() throws {
        var lines = InputFileLines()
        try lines.read("https://example.com/a")
        try lines.read("https://example.com/b")
        _ = lines.take()
        try lines.read("  out=b")
        XCTAssertThrowsError(try lines.read("  nonsense")) {
            XCTAssertEqual(($0 as? InputFileError)?.line, 4)
        }
        var first = InputFileLines()
        XCTAssertThrowsError(try first.read("  out=x")) { XCTAssertEqual(($0 as? InputFileError)?.line, 1, "an option before any URL") }
    }
}
