import XCTest

@testable import HaulCore

/// `--checksum auto`: the places tried in order and what counts as an answer.
final class ChecksumDiscoveryTests: XCTestCase {
    func testThePlacesBesideTheFileInOrder() {
        let places = ChecksumDiscovery.places(for: "https://h.example/pub/x/big.iso?token=1#frag")
        XCTAssertEqual(places.map(\.url), [
            "https://h.example/pub/x/big.iso.sha256", "https://h.example/pub/x/big.iso.sha512",
            "https://h.example/pub/x/big.iso.md5", "https://h.example/pub/x/SHA256SUMS",
            "https://h.example/pub/x/SHA512SUMS",
        ])
        XCTAssertEqual(places.map(\.isSidecar), [true, true, true, false, false])
        XCTAssertEqual(places.first?.listName, "big.iso.sha256")
        XCTAssertEqual(ChecksumDiscovery.places(for: "https://h.example/dir/"), [], "no file name, nowhere to look")
        XCTAssertEqual(ChecksumDiscovery.places(for: "not a url"), [])
    }

    private let digest = String(repeating: "ab", count: 32)

    func testASidecarWithTheBareDigestIsTheFiles() throws {
        let place = try XCTUnwrap(ChecksumDiscovery.places(for: "http://h/big.iso").first)
        let entry = ChecksumDiscovery.checksum(in: "\(digest.uppercased())\n", from: place, fileNames: ["big.iso"])
        XCTAssertEqual(entry?.checksum, "sha256=\(digest)")
        XCTAssertNil(ChecksumDiscovery.checksum(in: "abcd\n", from: place, fileNames: ["big.iso"]), "wrong length")
        XCTAssertNil(ChecksumDiscovery.checksum(in: "<html>404</html>", from: place, fileNames: ["big.iso"]))
    }

    func testASidecarInSha256sumsFormMustNameTheFile() throws {
        let place = try XCTUnwrap(ChecksumDiscovery.places(for: "http://h/big.iso").first)
        XCTAssertEqual(
            ChecksumDiscovery.checksum(in: "\(digest)  big.iso\n", from: place, fileNames: ["big.iso"])?.hex, digest)
        XCTAssertNil(ChecksumDiscovery.checksum(in: "\(digest)  other.iso\n", from: place, fileNames: ["big.iso"]))
    }

    func testAListMustNameTheFileAndABareDigestInAListIsNothing() throws {
        let list = try XCTUnwrap(ChecksumDiscovery.places(for: "http://h/d/big.iso").first { !$0.isSidecar })
        let text = "\(String(repeating: "cd", count: 32))  small.iso\n\(digest) *big.iso\n"
        XCTAssertEqual(ChecksumDiscovery.checksum(in: text, from: list, fileNames: ["big.iso"])?.hex, digest)
        XCTAssertNil(ChecksumDiscovery.checksum(in: text, from: list, fileNames: ["absent.iso"]))
        XCTAssertNil(ChecksumDiscovery.checksum(in: digest, from: list, fileNames: ["big.iso"]))
    }

    func testTheSavedNameIsTriedAfterTheURLsName() throws {
        let list = try XCTUnwrap(ChecksumDiscovery.places(for: "http://h/d/x?id=1").last)
        let text = "\(String(repeating: "12", count: 64))  debian.iso\n"
        XCTAssertEqual(
            ChecksumDiscovery.checksum(in: text, from: list, fileNames: ["x", "debian.iso"])?.algorithm, "sha512")
    }
}
