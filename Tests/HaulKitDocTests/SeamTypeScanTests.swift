import Foundation
import XCTest

/// The transport seam and the engine name Haul's types only (issue 61, point 4; docs/architecture.md, "The seam's
/// types"): no NIO `ByteBuffer`, and no import of NIO's networking modules or AsyncHTTPClient, in `Engine/`,
/// `Storage/` and the seam's own files, so a carrier without NIO (URLSession on Apple platforms) can implement
/// `Transport`. `NIOConcurrencyHelpers` (locks, no event loop or buffer) stays allowed. Read from the sources, as
/// `PublicTrapScanTests` reads them; comments are not code and are skipped.
final class SeamTypeScanTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Folders whose every file is scanned.
    static let folders = ["Sources/HaulKit/Engine", "Sources/HaulKit/Storage"]
    /// The seam's files: the protocol, the body and its chunks and bytes, the sink.
    static let seamFiles = [
        "Transport.swift", "BodyChunk.swift", "BodyBytes.swift", "BodySink.swift",
    ].map { "Sources/HaulKit/Transport/" + $0 }
    /// What the scanned code may not say.
    static let forbidden = [
        "ByteBuffer", "import NIOCore", "import NIOPosix", "import NIOHTTP1", "import NIOSSL", "import NIO\n",
        "import AsyncHTTPClient",
    ]

    func testTheEngineAndTheSeamNameNoNIOBufferOrCarrier() throws {
        var found: [String] = []
        var scanned = 0
        var files = Self.seamFiles.map { Self.root.appendingPathComponent($0) }
        for folder in Self.folders {
            let directory = Self.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
                files.append(directory.appendingPathComponent(name))
            }
        }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            scanned += 1
            for (line, word) in Self.forbiddenWords(in: text) {
                found.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(line): \(word)")
            }
        }
        XCTAssertGreaterThan(scanned, 40, "the scan found the engine's sources")
        XCTAssertEqual(found, [], "the engine or the seam names a dependency's type")
    }

    func testTheScanSeesCodeNotComments() {
        let source = """
            import Foundation
            import NIOCore
            /// Wraps a `ByteBuffer` somewhere else.
            struct Chunk {
                // a ByteBuffer used to be here
                var bytes: ByteBuffer
            }
            """
        XCTAssertEqual(Self.forbiddenWords(in: source).map(\.line), [2, 6])
        XCTAssertEqual(Self.forbiddenWords(in: source).map(\.word), ["import NIOCore", "ByteBuffer"])
    }

    /// The forbidden words on lines of code (a line that is a comment is skipped), with their line numbers.
    static func forbiddenWords(in source: String) -> [(line: Int, word: String)] {
        var found: [(line: Int, word: String)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            for word in forbidden where (code + "\n").contains(word) {
                found.append((index + 1, word.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        return found
    }
}
