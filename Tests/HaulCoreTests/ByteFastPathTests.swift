import XCTest

@testable import HaulCore

/// The byte paths that read a list's lines, check its URLs and make file names agree with the Character and
/// scalar paths they stand in front of, on seeded random texts rich in what each rule looks at.
final class ByteFastPathTests: XCTestCase {
    /// A random text of up to `length` pieces drawn from `alphabet`.
    private func text(_ random: inout SeededRandom, from alphabet: [String], length: Int) -> String {
        let count = Int.random(in: 0...length, using: &random)
        return (0..<count).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    /// Mostly printable ASCII, with the separators, blanks, dots and controls the rules treat apart, and a few
    /// non-ASCII scalars (a no-break space, a zero-width space, a combining accent, an e with acute, a C1 control).
    private let nameAlphabet = [
        "a", "b", "Z", "0", "9", "-", "_", ".", ".", " ", " ", "/", "\\", "%", "~", "\t", "\u{7F}", "\r", "\n",
        "\u{A0}", "\u{200B}", "\u{301}", "é", "\u{85}",
    ]

    func testPlainASCIINamesAreSanitizedAsByScalars() {
        var random = SeededRandom(seed: 0x4E41_4D45)
        var plain = 0
        for round in 0..<20_000 {
            // Some names long enough to be cut at the limit.
            let length = round % 50 == 0 ? 300 : 12
            let name = text(&random, from: nameAlphabet, length: length)
            if let fast = FileName.sanitizedPlainASCII(name) {
                plain += 1
                XCTAssertEqual(fast, FileName.sanitizedScalars(name), "\(name.debugDescription)")
            }
            XCTAssertEqual(FileName.sanitize(name), FileName.sanitizedScalars(name), "\(name.debugDescription)")
        }
        XCTAssertGreaterThan(plain, 1_000, "the fast path was tried on many names")
    }

    func testTheLastPathSegmentIsFoundAsByCharacters() {
        var random = SeededRandom(seed: 0x5345_474D)
        for _ in 0..<20_000 {
            let path = text(&random, from: ["/", "/", "a", "%2F", ".", "é", "\u{301}", "\r", "\n", "x"], length: 10)
            let byCharacters = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
            XCTAssertEqual(FileName.lastSegment(of: path), byCharacters, "\(path.debugDescription)")
        }
    }

    func testLinesAreSplitAsOnTheCharactersLFAndCRLF() {
        var random = SeededRandom(seed: 0x4C49_4E45)
        for _ in 0..<20_000 {
            let text = text(&random, from: ["a", " ", "\t", "\r", "\n", "\r\n", "\u{301}", "é", "#", "\u{FEFF}"], length: 16)
            var body = Substring(text)
            if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
            let byCharacters = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            XCTAssertEqual(InputFile.lines(of: text), byCharacters, "\(text.debugDescription)")
        }
    }

    func testASCIIURLsAreJudgedAsByCharacters() {
        var random = SeededRandom(seed: 0x5552_4C53)
        let alphabet = [
            "http", "HTTPS", "ftp", "h", "s", "1", "+", "-", ".", ":", ":", "//", "/", "@", "@", "[", "]", "?", "#",
            "host", "8080", " ", "\t", "\u{7F}", "é", "%41",
        ]
        var ascii = 0
        for _ in 0..<20_000 {
            let url = Substring(text(&random, from: alphabet, length: 9))
            let expected = InputFileOption.problem(withAnyURL: url)
            if url.utf8.allSatisfy({ $0 < 0x80 }) {
                ascii += 1
                XCTAssertEqual(InputFileOption.problem(withASCIIURL: url), expected, "\(url.debugDescription)")
            }
            XCTAssertEqual(InputFileOption.problem(withURL: url), expected, "\(url.debugDescription)")
        }
        XCTAssertGreaterThan(ascii, 1_000)
        XCTAssertNil(InputFileOption.problem(withURL: "http://127.0.0.1:8080/full/many/f001.bin"))
    }
}
