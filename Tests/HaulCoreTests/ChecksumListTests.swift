import XCTest

@testable import HaulCore

final class ChecksumListTests: XCTestCase {
    private let sha256 = String(repeating: "ab", count: 32)
    private let other256 = String(repeating: "cd", count: 32)
    private let md5 = String(repeating: "0f", count: 16)
    private let sha512 = String(repeating: "1e", count: 64)

    /// A download looks up its URL's name first, then the name it is saved as; the error names the first.
    func testTheFirstNameWithAnEntryIsUsed() throws {
        let list = try ChecksumList.parse("\(sha256)  a.iso\n\(other256)  b.iso\n", listName: "SHA256SUMS")
        XCTAssertEqual(try list.entry(forFirstOf: ["a.iso", "b.iso"]).hex, sha256, "the URL's name wins")
        XCTAssertEqual(try list.entry(forFirstOf: ["c.iso", "b.iso"]).hex, other256, "then the saved name")
        XCTAssertThrowsError(try list.entry(forFirstOf: ["x.iso", "y.iso"])) {
            XCTAssertEqual($0 as? ChecksumListError, .noEntry(fileName: "x.iso", entryCount: 2))
        }
    }

    func testGNUTextAndBinaryLines() throws {
        let list = try ChecksumList.parse("\(sha256)  a.iso\n\(other256) *b.iso\n", listName: "SHA256SUMS")
        XCTAssertEqual(list.entries, [
            .init(algorithm: "sha256", hex: sha256, name: "a.iso"),
            .init(algorithm: "sha256", hex: other256, name: "b.iso"),
        ])
        XCTAssertEqual(try list.entry(for: "b.iso").checksum, "sha256=\(other256)")
    }

    func testBSDAndOpenSSLTags() throws {
        let text = """
            SHA256 (a.iso) = \(sha256)
            MD5(b.txt)= \(md5)
            SHA2-512 (report (final).pdf) = \(sha512.uppercased())
            """
        let list = try ChecksumList.parse(text)
        XCTAssertEqual(try list.entry(for: "a.iso"), .init(algorithm: "sha256", hex: sha256, name: "a.iso"))
        XCTAssertEqual(try list.entry(for: "b.txt").algorithm, "md5")
        XCTAssertEqual(try list.entry(for: "report (final).pdf"), .init(algorithm: "sha512", hex: sha512, name: "report (final).pdf"))
    }

    func testAlgorithmFromTheHexLengthWhenTheNameSaysNothing() throws {
        let list = try ChecksumList.parse("\(md5)  m\n\(sha512)  s\n", listName: "CHECKSUMS")
        XCTAssertEqual(list.entries.map(\.algorithm), ["md5", "sha512"])
    }

    func testTheListNameWinsOverTheLength() {
        // BLAKE2's b2sum writes 128 digits, the length of sha512: read as sha512 it would be a false mismatch.
        XCTAssertThrowsError(try ChecksumList.parse("\(sha512)  a.iso\n", listName: "B2SUMS")) {
            XCTAssertEqual($0 as? ChecksumListError, .unsupportedAlgorithm("b2"))
        }
        // A line whose length disagrees with the list's name is not an entry.
        XCTAssertThrowsError(try ChecksumList.parse("\(md5)  a.iso\n", listName: "a.iso.sha256")) {
            XCTAssertEqual($0 as? ChecksumListError, .noChecksumLines)
        }
        XCTAssertEqual(try ChecksumList.parse("\(sha512)  a\n", listName: "sha512sum.txt").entries.first?.algorithm, "sha512")
    }

    func testUnsupportedBSDTag() {
        XCTAssertThrowsError(try ChecksumList.parse("SHA384 (a) = \(String(repeating: "a", count: 96))\n")) {
            XCTAssertEqual($0 as? ChecksumListError, .unsupportedAlgorithm("SHA384"))
        }
    }

    func testCommentsBlankLinesCRLFAndSignatureArmourAreSkipped() throws {
        let text = "-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA256\r\n\r\n# made by hand\r\n\(sha256)  a.iso\r\n-----BEGIN PGP SIGNATURE-----\r\n"
        XCTAssertEqual(try ChecksumList.parse(text).entries, [.init(algorithm: "sha256", hex: sha256, name: "a.iso")])
    }

    func testAnHTMLPageIsNotAList() {
        XCTAssertThrowsError(try ChecksumList.parse("<html><body>Not found</body></html>\n")) {
            XCTAssertEqual($0 as? ChecksumListError, .noChecksumLines)
        }
    }

    func testDotSlashPrefixAndDirectories() throws {
        let list = try ChecksumList.parse("\(sha256)  ./a.iso\n\(other256)  images/b.iso\n")
        XCTAssertEqual(try list.entry(for: "a.iso").hex, sha256)
        XCTAssertEqual(try list.entry(for: "b.iso").hex, other256)
    }

    func testExactNameBeatsADirectoryEntry() throws {
        let list = try ChecksumList.parse("\(other256)  old/a.iso\n\(sha256)  a.iso\n")
        XCTAssertEqual(try list.entry(for: "a.iso").hex, sha256)
    }

    func testTwoDirectoriesWithDifferentDigestsAreAmbiguous() throws {
        let list = try ChecksumList.parse("\(sha256)  x/a.iso\n\(other256)  y/a.iso\n\(sha256)  z/a.iso\n")
        XCTAssertThrowsError(try list.entry(for: "a.iso")) {
            XCTAssertEqual($0 as? ChecksumListError, .ambiguous(fileName: "a.iso", names: ["x/a.iso", "y/a.iso", "z/a.iso"]))
        }
        let same = try ChecksumList.parse("\(sha256)  x/a.iso\n\(sha256)  y/a.iso\n")
        XCTAssertEqual(try same.entry(for: "a.iso").hex, sha256)
    }

    func testNoEntry() throws {
        let list = try ChecksumList.parse("\(sha256)  a.iso\n\(sha256)  b.iso\n")
        XCTAssertThrowsError(try list.entry(for: "c.iso")) {
            XCTAssertEqual($0 as? ChecksumListError, .noEntry(fileName: "c.iso", entryCount: 2))
        }
        XCTAssertThrowsError(try list.entry(for: "A.ISO"), "names are compared exactly")
    }

    func testEscapedGNUName() throws {
        let list = try ChecksumList.parse("\\\(sha256)  back\\\\slash\\nline\n")
        XCTAssertEqual(list.entries.first?.name, "back\\slash\nline")
    }
}
