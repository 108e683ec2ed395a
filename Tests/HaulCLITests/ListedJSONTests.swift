import Foundation
import HaulKit
import HaulTestSupport
import XCTest

@testable import haul

/// `haul list --json-lines` and `--json` are written by hand (`ListedJSON`) and must give the bytes
/// `JSONSerialization` gave (keys sorted, its escapes, its pretty form for the array), over seeded rows whose
/// strings hold every character an escape is about.
final class ListedJSONTests: XCTestCase {
    /// The object each row was before: what `JSONSerialization` is given here as the oracle.
    private func object(_ row: ListedDownload) -> [String: Any] {
        var object: [String: Any] = [
            "id": row.id, "name": row.name, "path": row.path, "url": row.url, "state": row.shownState,
            "bytes": row.bytes, "total": row.total ?? NSNull(), "speed": Int(row.speed), "error": row.error ?? NSNull(),
            "priority": row.priority,
        ]
        if let wire = row.wire {
            object["received"] = wire.received
            object["kept"] = wire.kept
        }
        return object
    }

    private func rows(count: Int, seed: UInt64) -> [ListedDownload] {
        var random = SeededGenerator(seed: seed)
        // Every ASCII character (controls, `"`, `\`, `/`, DEL), and some beyond: accents, the line separators
        // JavaScript minds, a byte order mark, an emoji.
        let alphabet = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) } + ["é", "€", "\u{2028}", "\u{2029}", "\u{FEFF}", "😀"]
        func text(_ most: Int) -> String {
            String((0..<Int.random(in: 0...most, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        return (0..<count).map { index in
            ListedDownload(
                id: Int64(index + 1) * Int64.random(in: 1...1_000_000, using: &random),
                path: "/" + text(12) + "/" + text(12), url: "http://127.0.0.1/" + text(20),
                shownState: ["queued", "paused", "failed", "interrupted"].randomElement(using: &random)!,
                bytes: Int64.random(in: 0...Int64.max, using: &random),
                total: Bool.random(using: &random) ? Int64.random(in: Int64.min...Int64.max, using: &random) : nil,
                speed: Double.random(in: 0...1e12, using: &random),
                error: Bool.random(using: &random) ? text(30) : nil,
                priority: Int.random(in: -10...10, using: &random),
                wire: Bool.random(using: &random)
                    ? WireBytes(received: Int64.random(in: 0...1 << 40, using: &random), kept: Int64.random(in: 0...1 << 40, using: &random))
                    : nil
            )
        }
    }

    func testEachLineIsTheBytesJSONSerializationGave() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            for row in rows(count: 50, seed: seed) {
                var bytes: [UInt8] = []
                ListedJSON.line(row, into: &bytes)
                let expected = try JSONSerialization.data(withJSONObject: object(row), options: [.sortedKeys]) + Data("\n".utf8)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self), "seed \(seed)")
            }
        }
    }

    func testTheArrayPrintedPageByPageIsTheBytesJSONSerializationGave() throws {
        for (seed, count) in [(1, 1), (2, 2), (3, 7), (4, 40)] as [(UInt64, Int)] {
            let all = rows(count: count, seed: seed)
            var bytes: [UInt8] = []
            var start = 0
            while start < all.count {  // pages of three, as `haul list` gives pages of 1,000
                let end = min(all.count, start + 3)
                ListedJSON.arrayItems(Array(all[start..<end]), first: start == 0, into: &bytes)
                start = end
            }
            bytes += ListedJSON.arrayEnd.utf8
            let expected = try JSONSerialization.data(withJSONObject: all.map(object), options: [.sortedKeys, .prettyPrinted]) + Data("\n".utf8)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self), "\(count) rows")
        }
    }
}
