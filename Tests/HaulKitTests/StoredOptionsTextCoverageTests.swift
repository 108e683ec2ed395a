import Foundation
import HaulArchive
import HaulCore
import XCTest

@testable import HaulKit

/// `StoredOptionsText` is a second copy of `DownloadRequest.encode(to:)`: these tests fail when a stored property is
/// added to `DownloadRequest` (or `DownloadRequest.Header`) and not to the hand writer, even one with a default value.
///
/// How: `Mirror` lists the stored properties, which must be the writer's lists; the request below must set each of
/// them away from its default (so a new one must be set here too); and set so, the writer's text must be the JSON
/// value `JSONEncoder` makes of it.
final class StoredOptionsTextCoverageTests: XCTestCase {
    private func labels(_ value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    /// Each stored property's value as text, by name (`Mirror`).
    private func fields(_ value: Any) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: value).children.map { ($0.label ?? "?", String(reflecting: $0.value)) })
    }

    private func jsonObject(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, text)
    }

    private func encoded(_ request: DownloadRequest) throws -> String {
        String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
    }

    /// Every stored property away from its default, but those the writer leaves to `JSONEncoder` (which must be unset
    /// for it to write the text); strings with what JSON escapes.
    private func everyPropertySet() throws -> DownloadRequest {
        var request = DownloadRequest(
            url: URL(string: "https://h.example:8443/a%20b/%22f%22.iso?q=%5C&r=%C3%A9")!,
            destination: URL(fileURLWithPath: "/tmp/d \"q\" \\ é\n/f\u{1}.bin"),
            headers: [.init(name: "X-A", value: "v \"1\" \\ / \u{1f}\t é 漢"), .init(name: "X-B", value: "")],
            onConflict: .rename,
            nameFromContentDisposition: true,
            minimumSplitSize: 1 << 21,
            checksum: try Checksum(parsing: "sha1=" + String(repeating: "ab", count: 20)),
            maxBytesPerSecond: 123_456,
            proxy: "socks5://u:p%2F@p.example:1080"
        )
        request.takesUpSameDownload = false
        request.connectionCount = .automatic(ceiling: 7)
        request.mirrors = [URL(string: "http://m1.example/x%20y")!, URL(string: "ftp://m2.example/z")!]
        request.inOrder = true
        request.expectedLength = 1 << 40
        request.folderRuleFallback = "/tmp/fallback \"x\"/"
        request.savesPlaylistAsStream = false
        request.hlsVariant = .height(720)
        request.hlsAudioLanguage = "pt-BR"
        request.isRecognisedStream = true
        return request
    }

    func testTheWritersListsAreTheStoredPropertiesOfWhatItWrites() throws {
        let written = StoredOptionsText.writtenProperties
        let left = StoredOptionsText.leftToJSONEncoder
        let notStored = StoredOptionsText.notStored
        XCTAssertTrue(written.isDisjoint(with: left) && written.isDisjoint(with: notStored) && left.isDisjoint(with: notStored))
        let request = try everyPropertySet()
        XCTAssertEqual(labels(request), written.union(left).union(notStored), "a stored property of DownloadRequest the hand writer does not cover")
        XCTAssertEqual(labels(request.headers[0]), StoredOptionsText.headerProperties, "a stored property of DownloadRequest.Header the hand writer does not cover")
    }

    func testARequestWithEveryPropertySetIsWrittenAsJSONEncoderWritesIt() throws {
        let request = try everyPropertySet()
        let plain = fields(DownloadRequest(url: URL(string: "http://o.example/f")!, destination: URL(fileURLWithPath: "/o/f")))
        let set = fields(request)
        for name in StoredOptionsText.writtenProperties.union(StoredOptionsText.notStored) {
            XCTAssertNotEqual(set[name], plain[name], "everyPropertySet() leaves \(name) at its default: set it")
        }
        for name in StoredOptionsText.leftToJSONEncoder {
            XCTAssertEqual(set[name], plain[name], "\(name) must be unset for the hand writer to write the request")
        }
        let written = try XCTUnwrap(StoredOptionsText.text(of: request))
        XCTAssertEqual(try jsonObject(written), try jsonObject(encoded(request)), written)
        XCTAssertEqual(HaulClient.encode(request), written)

        // Read back, it differs from the request only in what is not stored.
        let decoded = try JSONDecoder().decode(DownloadRequest.self, from: Data(written.utf8))
        let back = fields(decoded)
        XCTAssertEqual(Set(set.keys.filter { set[$0] != back[$0] }), StoredOptionsText.notStored, written)
        var expected = request
        expected.takesUpSameDownload = decoded.takesUpSameDownload
        XCTAssertEqual(decoded, expected)
    }

    func testARequestHoldingWhatIsLeftToJSONEncoderIsStoredByIt() throws {
        var rules = FolderRules()
        try rules.add(parsing: "*.iso,video/*=/tmp/Images \"i\"")
        let setting: [String: (inout DownloadRequest) -> Void] = [
            "cookies": { $0.cookies = [Cookie(name: "a", value: "b\"/", domain: "example", hostOnly: true)] },
            "pieceHashes": { $0.pieceHashes = PieceLedger.Hashes(length: 1 << 20, algorithm: "sha256", digests: ["0f", "a1"]) },
            "folderRules": { $0.folderRules = rules },
        ]
        XCTAssertEqual(Set(setting.keys), StoredOptionsText.leftToJSONEncoder)
        for (name, set) in setting {
            var request = try everyPropertySet()
            set(&request)
            XCTAssertNil(StoredOptionsText.text(of: request), name)
            let stored = HaulClient.encode(request)
            XCTAssertEqual(try jsonObject(stored), try jsonObject(encoded(request)), name)
            var expected = request
            expected.takesUpSameDownload = true
            XCTAssertEqual(try JSONDecoder().decode(DownloadRequest.self, from: Data(stored.utf8)), expected, name)
        }
        // Folder rules without a rule are not stored, by either.
        var request = try everyPropertySet()
        request.folderRules = FolderRules()
        let written = try XCTUnwrap(StoredOptionsText.text(of: request))
        XCTAssertEqual(try jsonObject(written), try jsonObject(encoded(request)))
    }
}
