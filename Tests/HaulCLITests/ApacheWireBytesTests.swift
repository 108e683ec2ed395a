import Foundation
import HaulTestSupport
import XCTest

/// Issue 56's first row: a 40 MB text file from Debian's Apache with mod_deflate on, `haul -x 8`. Apache's access log
/// says what it wrote to the socket for each request (`%O`, with a 64 KiB send buffer so that little more than what
/// crossed the wire is counted): at most 1.02x the file. Apache from `.ci/run`'s apt list; skipped locally without
/// it, a failure on CI.
final class ApacheWireBytesTests: XCTestCase {
    func testEightConnectionsFromApacheWithDeflateCarryTheFileAtMostOnceAndTwoPercent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let content = Self.text(count: 40_000_000, seed: 56)
        let apache = try requireInstalled(
            try ApacheServer.serving(["big.txt": content], in: directory, sendBufferSize: 65_536), package: "apache2"
        )
        defer { apache.stop() }

        let result = try HaulProcess.run(
            ["--progress", "json", "-x", "8", "--state-dir", directory.file("state").path, "-o", "big.txt", apache.url("/big.txt")],
            in: directory.url, timeout: 120
        )
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(contents(directory.file("big.txt")) == content, "the bytes differ from Apache's file")
        // Counted by Haul itself: the last progress object has the run's totals.
        let last = try XCTUnwrap(
            result.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.last { $0["type"] as? String == "progress" }, result.stdout
        )
        let kept = try XCTUnwrap(last["kept"] as? Int, "\(last)")
        let received = try XCTUnwrap(last["received"] as? Int, "\(last)")
        XCTAssertEqual(kept, content.count)
        XCTAssertTrue(received >= kept && Double(received) <= 1.02 * Double(content.count), "\(last)")

        let requests = apache.loggedRequests()
        let described = requests.map { "\($0.range ?? "whole file") \($0.status) \($0.bytesSent)" }
        XCTAssertGreaterThanOrEqual(requests.filter { $0.range != nil }.count, 2, "a split download: \(described)")
        // mod_deflate is on for text/plain, yet Haul asks for `Accept-Encoding: identity`: nothing came compressed.
        XCTAssertTrue(requests.allSatisfy { $0.contentEncoding == nil }, "\(described)")
        let total = requests.map(\.bytesSent).reduce(0, +)
        XCTAssertGreaterThanOrEqual(total, Int64(content.count))
        XCTAssertLessThanOrEqual(
            Double(total), 1.02 * Double(content.count), "Apache sent \(total) bytes for \(content.count): \(described)"
        )
    }

    /// `count` bytes of lines of words, the same for the same seed: text that mod_deflate would compress.
    static func text(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        let words: [[UInt8]] = (0..<500).map { _ in
            (0..<Int.random(in: 2...9, using: &generator)).map { _ in UInt8.random(in: 97...106, using: &generator) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 128)
        while bytes.count < count {
            for index in 0..<12 {
                if index > 0 { bytes.append(32) }
                bytes += words[Int.random(in: 0..<words.count, using: &generator)]
            }
            bytes.append(10)
        }
        return Array(bytes.prefix(count))
    }
}
