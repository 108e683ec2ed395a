import Foundation
import HaulArchive
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `StoredOptionsText`: a record's `optionsJSON` written by hand is the JSON value `JSONEncoder` makes of the same
/// request, and reads back as the same request, over seeded random requests (`HAUL_STRESS_SEEDS` replays others).
/// `StoredOptionsTextCoverageTests` checks that it covers every stored property.
final class StoredOptionsTextTests: XCTestCase {
    /// Text with what JSON must escape (quote, backslash, slash, control characters) and what it must not (UTF-8,
    /// DEL, the line separator).
    private static let alphabet = Array("ab Z09-_.~\"\\/é漢😀\n\t\r\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}\u{7f}\u{2028}")

    private func text(_ generator: inout SeededGenerator, most: Int = 12) -> String {
        String((0..<Int.random(in: 0...most, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! })
    }

    private func request(_ generator: inout SeededGenerator) throws -> DownloadRequest {
        let segment = text(&generator).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))!
        let checksum = try Checksum(parsing: "sha256=" + String(repeating: "0f", count: 32))
        let url = URL(string: "https://h\(Int.random(in: 0...9, using: &generator)).example/d/\(segment)?q=\(segment)")!
        let destination = "/tmp/dir \(text(&generator))/f\(text(&generator))".replacingOccurrences(of: "\u{0}", with: "0")
        var request = DownloadRequest(
            url: url, destination: URL(fileURLWithPath: destination, isDirectory: false),
            headers: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                DownloadRequest.Header(name: "X-\(text(&generator, most: 4))", value: text(&generator))
            },
            onConflict: ConflictPolicy.allCases.randomElement(using: &generator)!,
            nameFromContentDisposition: Bool.random(using: &generator),
            connections: Bool.random(using: &generator) ? Int.random(in: 1...32, using: &generator) : nil,
            minimumSplitSize: Int64.random(in: 1...(1 << 40), using: &generator),
            checksum: Bool.random(using: &generator) ? checksum : nil,
            maxBytesPerSecond: Bool.random(using: &generator) ? Int64.random(in: 0...Int64.max, using: &generator) : nil,
            proxy: Bool.random(using: &generator) ? "http://p\(text(&generator, most: 3)):3128" : nil
        )
        if Bool.random(using: &generator) { request.autoConnections.toggle() }
        request.mirrors = (0..<Int.random(in: 0...2, using: &generator)).map { URL(string: "http://m\($0).example/a%20b/\(segment)")! }
        request.expectedLength = Bool.random(using: &generator) ? Int64.random(in: Int64.min...Int64.max, using: &generator) : nil
        request.inOrder = Bool.random(using: &generator)
        request.folderRuleFallback = Bool.random(using: &generator) ? text(&generator) : nil
        request.savesPlaylistAsStream = Bool.random(using: &generator)
        request.hlsVariant = [HLSVariantChoice.best, .worst, .height(720), .bandwidth(2_000_000)].randomElement(using: &generator)!
        request.hlsAudioLanguage = Bool.random(using: &generator) ? text(&generator, most: 3) : nil
        request.isRecognisedStream = Bool.random(using: &generator)
        // What is left to JSONEncoder, now and then; folder rules without a rule are stored by neither.
        switch Int.random(in: 0..<16, using: &generator) {
        case 0: request.cookies = [Cookie(name: text(&generator), value: text(&generator), domain: "example", hostOnly: true)]
        case 1: request.pieceHashes = PieceLedger.Hashes(length: 1 << 20, algorithm: "sha1", digests: [text(&generator)])
        case 2:
            var rules = FolderRules()
            try rules.add(parsing: "*.iso=/d\(text(&generator))")
            request.folderRules = rules
        case 3: request.folderRules = FolderRules()
        default: break
        }
        return request
    }

    private func jsonObject(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, text)
    }

    private func decoded(_ text: String) throws -> DownloadRequest {
        try JSONDecoder().decode(DownloadRequest.self, from: Data(text.utf8))
    }

    func testTheTextIsTheValueJSONEncoderWritesAndReadsBackAsTheSameRequest() throws {
        var written = 0
        var left = 0
        for seed in SeededGenerator.stressSeeds([62, 3, 2026]) {
            var generator = SeededGenerator(seed: seed)
            for _ in 0..<500 {
                let request = try request(&generator)
                let encoded = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
                let stored = HaulClient.encode(request)
                if let text = StoredOptionsText.text(of: request) {
                    written += 1
                    XCTAssertEqual(stored, text)
                } else {
                    left += 1
                    XCTAssertTrue(!request.cookies.isEmpty || request.pieceHashes != nil || request.folderRules?.rules.isEmpty == false)
                }
                XCTAssertEqual(try jsonObject(stored), try jsonObject(encoded), "seed \(seed)")
                // Folder rules without a rule are not stored (by either), so they read back as none.
                var expected = request
                if expected.folderRules?.rules.isEmpty == true { expected.folderRules = nil }
                XCTAssertEqual(try decoded(stored), expected, "seed \(seed): \(stored)")
            }
        }
        // Both paths were taken.
        XCTAssertGreaterThan(written, 1000)
        XCTAssertGreaterThan(left, 50)
    }

    /// A string's bytes are `JSONEncoder`'s (`JSONEncoder` writes a lone string as a JSON string).
    func testAStringIsWrittenInJSONEncodersBytes() throws {
        var generator = SeededGenerator(seed: 623)
        var strings = [""] + (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        strings += (0..<2000).map { _ in text(&generator, most: 40) }
        for string in strings {
            XCTAssertEqual(StoredOptionsText.quoted(string), String(decoding: try JSONEncoder().encode(string), as: UTF8.self), string.debugDescription)
        }
    }

    func testAPlainAddsTextIsExact() throws {
        var request = DownloadRequest(
            url: URL(string: "http://127.0.0.1:9/d/f000001.bin")!, destination: URL(fileURLWithPath: "/s/downloads/f000001.bin"))
        request.headers = [.init(name: "A", value: "\"1\"\n")]
        XCTAssertEqual(
            StoredOptionsText.text(of: request),
            #"{"url":"http:\/\/127.0.0.1:9\/d\/f000001.bin","destination":"\/s\/downloads\/f000001.bin","#
                + #""headers":[{"name":"A","value":"\"1\"\n"}],"onConflict":"fail","nameFromContentDisposition":false,"#
                + #""connections":\#(ConnectionCount.default.most),"minimumSplitSize":4194304,"cookies":[],"mirrors":[],"autoConnections":true}"#
        )
    }
}
