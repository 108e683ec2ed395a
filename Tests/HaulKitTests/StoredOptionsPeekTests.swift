import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `StoredOptionsPeek`: the two options a restored download's queue entry needs, read from its stored JSON without
/// SQLite's JSON functions (issue 62, point 3). It must say what those functions said: the same validity as
/// `json_valid`, the same top-level values as `json_extract` (pure; the oracle is SQLite in memory).
final class StoredOptionsPeekTests: XCTestCase {
    private func peek(_ text: String) -> StoredOptionsPeek? {
        Array(text.utf8).withUnsafeBytes(StoredOptionsPeek.read)
    }

    func testAStoredRequestGivesItsCountAndLimitAndNothingNestedIsTakenForThem() throws {
        var request = DownloadRequest(
            url: URL(string: "http://example.com/a?connections=3")!, destination: URL(fileURLWithPath: "/tmp/\"connections\":9"),
            headers: [DownloadRequest.Header(name: "connections", value: "{\"connections\":7,\"maxBytesPerSecond\":1}")],
            connections: 5, maxBytesPerSecond: 123_456)
        request.mirrors = [URL(string: "http://mirror.example/b")!]
        let text = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        XCTAssertEqual(peek(text), StoredOptionsPeek(connections: 5, maxBytesPerSecond: 123_456, hasConnectionsKey: true))
        let plain = String(decoding: try JSONEncoder().encode(DownloadRequest(
            url: URL(string: "http://example.com/b")!, destination: URL(fileURLWithPath: "/tmp/b"), connections: 2)), as: UTF8.self)
        XCTAssertEqual(peek(plain), StoredOptionsPeek(connections: 2, maxBytesPerSecond: nil, hasConnectionsKey: true))
        XCTAssertEqual(peek(#"{"headers":[{"connections":4}],"x":{"maxBytesPerSecond":9}}"#), StoredOptionsPeek())
    }

    /// What a queue entry asks for when the options say little: 1 for options that predate the count (or a `null`
    /// one, as `COALESCE` gave), the default count for options that cannot be read or a count that is no integer.
    func testTheCountWhenTheOptionsSayLittle() {
        XCTAssertEqual(DownloadStore.requestedConnections(peek(#"{"connections":12}"#)), 12)
        XCTAssertEqual(DownloadStore.requestedConnections(peek("{}")), 1)
        XCTAssertEqual(DownloadStore.requestedConnections(peek(#"{"connections":null}"#)), 1)
        XCTAssertEqual(DownloadStore.requestedConnections(peek(#"{"connections":"4"}"#)), ConnectionCount.default.most)
        XCTAssertEqual(DownloadStore.requestedConnections(peek(#"{"connections":4.5}"#)), ConnectionCount.default.most)
        XCTAssertEqual(DownloadStore.requestedConnections(peek(#"{"connections":4"#)), ConnectionCount.default.most)
        XCTAssertEqual(DownloadStore.requestedConnections(nil), ConnectionCount.default.most)
        XCTAssertEqual(peek(#"{"maxBytesPerSecond":-7,"connections":-0}"#), StoredOptionsPeek(connections: 0, maxBytesPerSecond: -7, hasConnectionsKey: true))
        XCTAssertNil(peek(#"{"maxBytesPerSecond":99999999999999999999}"#)?.maxBytesPerSecond, "out of range is no integer")
    }

    func testNestingPastTheBoundIsRefusedNotRecursedInto() {
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        XCTAssertNil(peek(deep))
        let fine = "{\"a\":" + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + "}"
        XCTAssertNotNil(peek(fine))
    }

    /// Seeded mutations of stored requests (bytes deleted, inserted, replaced by JSON's own characters): for each,
    /// the peek's verdict and values equal SQLite's `json_valid` and `json_extract` on the same text (for an object;
    /// a valid document that is not one is unreadable options for both the queue and the request decoder).
    func testMutatedDocumentsAreJudgedAsSQLiteJudgesThem() throws {
        let database = try DatabaseQueue()
        let alphabet = Array(#"{}[]",:\ -+.0123456789eEtrufalsnbx/"#.utf8) + [0x0A, 0x09, 0x01, 0x7F]
        var seeds: [String] = []
        for connections in [1, 16] {
            let request = DownloadRequest(
                url: URL(string: "http://127.0.0.1:9/d/f.bin")!, destination: URL(fileURLWithPath: "/tmp/f.bin"),
                headers: [DownloadRequest.Header(name: "A", value: "b\"c\\d")], connections: connections, maxBytesPerSecond: 1 << 20)
            seeds.append(String(decoding: try JSONEncoder().encode(request), as: UTF8.self))
        }
        seeds.append(#"{"connections":3, "maxBytesPerSecond": 10e2, "x": [true, false, null, -0.5E-3, "\u00e9\n"]}"#)
        var checked = 0
        var valid = 0
        for seed in SeededGenerator.stressSeeds([1, 2, 3]) {
            var random = SeededGenerator(seed: seed)
            for _ in 0..<1500 {
                var bytes = Array(seeds.randomElement(using: &random)!.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                    default: bytes[at] = alphabet.randomElement(using: &random)!
                    }
                    if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                let oracle = try database.read { db in
                    try Row.fetchOne(
                        db,
                        sql: """
                            SELECT CASE WHEN json_valid(?1) THEN json_type(?1) = 'object' ELSE 0 END,
                            CASE WHEN json_valid(?1) THEN json_type(?1, '$.connections') END,
                            CASE WHEN json_valid(?1) THEN json_extract(?1, '$.connections') END,
                            CASE WHEN json_valid(?1) THEN json_type(?1, '$.maxBytesPerSecond') END,
                            CASE WHEN json_valid(?1) THEN json_extract(?1, '$.maxBytesPerSecond') END
                            """, arguments: [text])!
                }
                let isObject: Bool = oracle[0]
                let got = bytes.withUnsafeBytes(StoredOptionsPeek.read)
                XCTAssertEqual(got != nil, isObject, "validity of \(text)")
                checked += 1
                guard isObject, let got else { continue }
                valid += 1
                let connectionsType: String? = oracle[1]
                let limitType: String? = oracle[3]
                XCTAssertEqual(got.connections, connectionsType == "integer" ? oracle[2] as Int64? : nil, text)
                XCTAssertEqual(got.hasConnectionsKey, connectionsType != nil && connectionsType != "null", text)
                XCTAssertEqual(got.maxBytesPerSecond, limitType == "integer" ? oracle[4] as Int64? : nil, text)
            }
        }
        XCTAssertGreaterThan(valid, checked / 20, "the mutations leave some documents valid, so values are compared too")
        XCTAssertGreaterThan(checked - valid, checked / 5, "and most of them invalid")
    }
}
