import XCTest

@testable import HaulCore

final class QueueInputFileTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> InputFile? {
        do {
            return try InputFile.parse(text)
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return nil
        }
    }

    private func assertError(
        _ text: String,
        _ expected: InputFileError,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try InputFile.parse(text), file: file, line: line) {
            XCTAssertEqual($0 as? InputFileError, expected, file: file, line: line)
        }
    }

    func testURLsWithTheirOptions() throws {
        let text = """
            https://example.com/a.iso
              out=a.iso
              dir=/data/isos
              checksum=sha-256=9F86D081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
              connections=4
              header=Authorization: Bearer t0ken
            \theader=X-Trace:   abc def
            http://example.com/b.bin
            """
        let result = try XCTUnwrap(parse(text))
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(result.entries, [
            InputFileEntry(
                url: "https://example.com/a.iso",
                options: DownloadOptions(
                    out: "a.iso",
                    dir: "/data/isos",
                    checksum: "sha-256=9F86D081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                    connections: 4,
                    headers: [
                        HeaderField(name: "Authorization", value: "Bearer t0ken"),
                        HeaderField(name: "X-Trace", value: "abc def"),
                    ]
                ),
                line: 1
            ),
            InputFileEntry(url: "http://example.com/b.bin", line: 8),
        ])
    }

    /// aria2c's two switches about a taken name, and the policy they give over the command line's.
    func testConflictSwitches() throws {
        let result = try XCTUnwrap(parse("""
            https://example.com/a
              auto-file-renaming=false
            https://example.com/b
              allow-overwrite=true
              auto-file-renaming=false
            https://example.com/c
            """))
        let options = result.entries.map(\.options)
        XCTAssertEqual(options[0].autoFileRenaming, false)
        XCTAssertEqual(options.map { $0.conflictPolicy(fallback: .rename) }, [.fail, .overwrite, .rename])
        XCTAssertEqual(options[2].conflictPolicy(fallback: .fail), .fail, "silent: the command line's policy")
        assertError(
            "https://e.com/a\n  allow-overwrite=yes\n",
            InputFileError(line: 2, problem: .badSwitch(key: "allow-overwrite", value: "yes")))
    }

    func testChecksumFileOption() throws {
        let result = try XCTUnwrap(parse("https://example.com/a.iso\n  checksum-file=https://example.com/SHA256SUMS\n"))
        XCTAssertEqual(result.entries.first?.options.checksumFile, "https://example.com/SHA256SUMS")
    }

    func testCommentsAndBlankLinesAreSkippedAndKeepOptionsWithTheirURL() throws {
        let text = """
            # a comment
               # an indented comment

            https://example.com/a#section

              # between options

              out=a
            """
        let result = try XCTUnwrap(parse(text))
        XCTAssertEqual(result.entries, [InputFileEntry(url: "https://example.com/a#section", options: DownloadOptions(out: "a"), line: 4)])
    }

    func testEmptyAndCommentOnlyFilesHaveNoEntries() throws {
        XCTAssertEqual(try InputFile.parse(""), InputFile())
        XCTAssertEqual(try InputFile.parse("\n\n# nothing\n   \n"), InputFile())
    }

    func testWindowsLineEndingsGiveTheSameResultAndLineNumbers() throws {
        let unix = "# list\nhttps://example.com/a\n  out=a.bin\n\nhttps://example.com/b\n  split=3\n"
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertNotEqual(unix, windows)
        let expected = try XCTUnwrap(parse(unix))
        XCTAssertEqual(parse(windows), expected)
        XCTAssertEqual(expected.entries.map(\.line), [2, 5])
        XCTAssertEqual(expected.entries.map(\.options.out), ["a.bin", nil])
        assertError("https://example.com/a\r\n  out=a\r\n  bogus=1\r\n", InputFileError(line: 3, problem: .unknownOption("bogus")))
    }

    func testTrailingSpacesTabsAndCarriageReturnsAreDropped() throws {
        let result = try XCTUnwrap(parse("https://example.com/a  \t\r\n  out = a.bin \t\n  connections=2  \n"))
        let options = DownloadOptions(out: "a.bin", connections: 2)
        XCTAssertEqual(result.entries, [InputFileEntry(url: "https://example.com/a", options: options, line: 1)])
    }

    func testByteOrderMarkIsIgnored() throws {
        let result = try XCTUnwrap(parse("\u{FEFF}https://example.com/a\n  out=a\n"))
        XCTAssertEqual(result.entries, [InputFileEntry(url: "https://example.com/a", options: DownloadOptions(out: "a"), line: 1)])
        let bomThenComment = try XCTUnwrap(parse("\u{FEFF}# comment\r\nhttps://example.com/b\r\n"))
        XCTAssertEqual(bomThenComment.entries.map(\.line), [2])
    }

    func testOutAndDirAreKeptAsWrittenEvenWithPathSeparators() throws {
        let text = """
            https://example.com/1
              out=sub/dir/file.iso
            https://example.com/2
              out=../../etc/passwd
            https://example.com/3
              out=/absolute/name
              dir=~/Downloads/with space
            https://example.com/4
              out=C:\\Windows\\x.dll
            https://example.com/5
              out=a=b.txt
            """
        let result = try XCTUnwrap(parse(text))
        XCTAssertEqual(
            result.entries.map(\.options.out),
            ["sub/dir/file.iso", "../../etc/passwd", "/absolute/name", "C:\\Windows\\x.dll", "a=b.txt"]
        )
        XCTAssertEqual(result.entries[2].options.dir, "~/Downloads/with space")
    }

    func testChecksumInBothSpellings() throws {
        let checksums = ["sha-256=abcDEF0123", "sha256=00ff", "md5=d41d8cd98f00b204e9800998ecf8427e"]
        let result = try XCTUnwrap(parse(checksums.map { "https://e.com/x\n  checksum=\($0)\n" }.joined()))
        XCTAssertEqual(result.entries.map(\.options.checksum), checksums)
    }

    func testBadChecksumsAreRefused() {
        for bad in ["abcdef", "=abcdef", "sha-256=", "sha-256=xyz", "sha 256=ab", "sha-256=ab cd", "sha-256=ａｂ"] {
            assertError("https://e.com/a\n  checksum=\(bad)\n", InputFileError(line: 2, problem: .badChecksum(bad)))
        }
    }

    func testConnectionsAndItsAliasSplit() throws {
        let result = try XCTUnwrap(parse("https://e.com/a\n  connections=8\nhttps://e.com/b\n  split=16\n"))
        XCTAssertEqual(result.entries.map(\.options.connections), [8, 16])
    }

    func testBadNumbersAreRefused() {
        for bad in ["0", "-1", "+2", "abc", "4x", "1.5", "99999999999999999999999"] {
            assertError("https://e.com/a\n  split=\(bad)\n", InputFileError(line: 2, problem: .badNumber(key: "split", value: bad)))
            assertError(
                "https://e.com/a\n  connections=\(bad)\n",
                InputFileError(line: 2, problem: .badNumber(key: "connections", value: bad))
            )
        }
    }

    func testHeadersRepeatAndKeepTheirOrder() throws {
        let result = try XCTUnwrap(parse("https://e.com/a\n  header=A: 1\n  header=B:2\n  header=A: 3\n  header=Empty:\n"))
        XCTAssertEqual(result.entries[0].options.headers, [
            HeaderField(name: "A", value: "1"), HeaderField(name: "B", value: "2"),
            HeaderField(name: "A", value: "3"), HeaderField(name: "Empty", value: ""),
        ])
        XCTAssertEqual(result.warnings, [], "header is repeatable")
    }

    func testBadHeadersAreRefused() {
        for bad in ["NoColon", ": value", "Bad Name: x", "Bad(Name): x", "X: a\rInjected: b", "X: bell\u{7}"] {
            assertError("https://e.com/a\n  header=\(bad)\n", InputFileError(line: 2, problem: .badHeader(bad)))
        }
    }

    func testUnknownOptionNamesTheKeyAndLine() {
        let text = "https://e.com/a\n  out=a\n  max-connection-per-server=4\n"
        assertError(text, InputFileError(line: 3, problem: .unknownOption("max-connection-per-server")))
        assertError("https://e.com/a\n  OUT=a\n", InputFileError(line: 2, problem: .unknownOption("OUT")))
        XCTAssertThrowsError(try InputFile.parse(text)) {
            XCTAssertEqual(
                "\($0)",
                "line 3: unknown option \"max-connection-per-server\" (known: out, dir, checksum, checksum-file, connections, split, header, auto-file-renaming, allow-overwrite)"
            )
        }
    }

    func testOptionBeforeAnyURLIsRefused() {
        assertError("# header comment\n  out=a\nhttps://e.com/a\n", InputFileError(line: 2, problem: .optionBeforeURL("out=a")))
    }

    func testIndentedLinesMustBeKeyValue() {
        assertError("https://e.com/a\n  out\n", InputFileError(line: 2, problem: .notKeyValue("out")))
        assertError("https://e.com/a\n  =a\n", InputFileError(line: 2, problem: .notKeyValue("=a")))
        assertError("https://e.com/a\n  https://e.com/b?x=1\n", InputFileError(line: 2, problem: .notKeyValue("https://e.com/b?x=1")))
    }

    func testEmptyValuesAreRefused() {
        for key in ["out", "dir", "checksum", "connections", "split", "header"] {
            assertError("https://e.com/a\n  \(key)=  \n", InputFileError(line: 2, problem: .missingValue(key: key)))
        }
    }

    func testOnlyHTTPAndHTTPSURLsAreAccepted() throws {
        let result = try XCTUnwrap(parse("HTTPS://E.com/a\nhttp://user:pw@[::1]:8080/x\nhttps://e.com:443\nhttps://e.com/файл\n"))
        XCTAssertEqual(
            result.entries.map(\.url),
            ["HTTPS://E.com/a", "http://user:pw@[::1]:8080/x", "https://e.com:443", "https://e.com/файл"]
        )

        // Refused with the whole text, for `DownloadURLRule`'s sentence (issue #52, point 1), the scheme included.
        assertError("https://e.com/a\nftp://e.com/b\n", InputFileError(line: 2, problem: .invalidURL("ftp://e.com/b")))
        assertError("file:///etc/passwd\n", InputFileError(line: 1, problem: .invalidURL("file:///etc/passwd")))
        for bad in ["example.com/file", "magnet:?xt=urn:btih:abc", "localhost:8080/x", "https:/e.com/a", "https://", "https:///path",
            "https://user@/x", "https://:80/x", "https://e.com/a b", "https://e.com/\u{1}", "1http://e.com/"]
        {
            assertError("\(bad)\n", InputFileError(line: 1, problem: .invalidURL(bad)))
        }
    }

    func testTabSeparatedURLsAreOneFileWithMirrors() throws {
        let result = try XCTUnwrap(parse("https://a.example/f.iso\thttps://b.example/f.iso\t\thttps://c.example/f.iso\n  out=f.iso\n"))
        XCTAssertEqual(result.entries, [InputFileEntry(
            url: "https://a.example/f.iso", mirrors: ["https://b.example/f.iso", "https://c.example/f.iso"], options: DownloadOptions(out: "f.iso"), line: 1
        )])
        XCTAssertEqual(result.warnings, [])
        assertError("https://a.example/f\tftp://b.example/f\n", InputFileError(line: 1, problem: .invalidURL("ftp://b.example/f")))
        assertError("ftp://a.example/f\thttps://b.example/f\n", InputFileError(line: 1, problem: .invalidURL("ftp://a.example/f")))
    }

    func testRepeatedSingleOptionsWarnAndTheLastWins() throws {
        let result = try XCTUnwrap(parse("https://e.com/a\n  out=1\n  connections=2\n  split=3\n  out=4\nhttps://e.com/b\n  out=5\n"))
        XCTAssertEqual(result.entries.map(\.options.out), ["4", "5"])
        XCTAssertEqual(result.entries[0].options.connections, 3)
        XCTAssertEqual(result.warnings, [
            InputFileWarning(line: 4, problem: .optionRepeated("split")),
            InputFileWarning(line: 5, problem: .optionRepeated("out")),
        ], "options given once per URL do not warn")
    }

    func testTheFirstErrorStopsParsing() {
        assertError("https://e.com/a\n  bogus=1\nftp://e.com/b\n", InputFileError(line: 2, problem: .unknownOption("bogus")))
    }
}
