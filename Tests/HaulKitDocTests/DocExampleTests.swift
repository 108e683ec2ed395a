import Foundation
import XCTest

/// The examples in the DocC article and docs/library.md are compiled (`Examples/*.swift` in this target, with
/// `import HaulKit` alone) and must be the same code: a block edited in the documentation but not here, or the
/// reverse, fails this test, so documented code cannot rot.
final class DocExampleTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryArticleBlockIsCompiled() throws {
        try assertBlocks(of: "Sources/HaulKit/HaulKit.docc/GettingStarted.md", compiledIn: "GettingStartedExamples.swift", count: 8)
    }

    /// docs/library.md's blocks are in `ReadmeExamples.swift` (the page was the README's "Using HaulKit"); its
    /// `Package.swift` lines are a plain block, not Swift compiled here (`Examples/HaulKitConsumer` is that manifest).
    func testEveryLibraryPageBlockIsCompiled() throws {
        try assertBlocks(of: "docs/library.md", compiledIn: "ReadmeExamples.swift", count: 5)
    }

    /// The README is a front door: it points at docs/library.md and holds no Swift block nothing would compile.
    func testTheReadmeHasNoUncheckedSwiftBlock() throws {
        try assertBlocks(of: "README.md", compiledIn: "ReadmeExamples.swift", count: 0)
    }

    func testTheExamplesImportHaulKitAlone() throws {
        for name in ["GettingStartedExamples.swift", "ReadmeExamples.swift"] {
            let imports = try source(name).filter { $0.hasPrefix("import ") }
            XCTAssertEqual(imports, ["import Foundation", "import HaulKit"], name)
        }
    }

    func testABlockThatDiffersIsFound() {
        let compiled = ["let a = 1", "print(a)"]
        XCTAssertTrue(Self.contains(compiled, ["print(a)"]))
        XCTAssertFalse(Self.contains(compiled, ["print(b)"]))
        XCTAssertFalse(Self.contains(compiled, ["print(a)", "let a = 1"]), "order matters")
    }

    private func assertBlocks(of document: String, compiledIn examples: String, count: Int, line: UInt = #line) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: text)
        XCTAssertEqual(blocks.count, count, "\(document): Swift blocks (add the new one to \(examples))", line: line)
        let compiled = try source(examples)
        for block in blocks {
            XCTAssertTrue(
                Self.contains(compiled, block),
                "\(document): this block is not in \(examples) word for word:\n\(block.joined(separator: "\n"))",
                line: line)
        }
    }

    private func source(_ name: String) throws -> [String] {
        let url = Self.root.appendingPathComponent("Tests/HaulKitDocTests/Examples").appendingPathComponent(name)
        return Self.normalised(try String(contentsOf: url, encoding: .utf8))
    }

    /// The lines of each ```swift block, normalised; `import` lines are dropped (the examples' file has its own).
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(normalised(current!.joined(separator: "\n")).filter { !$0.hasPrefix("import ") })
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without their indentation (the examples sit inside functions) and without blank lines.
    static func normalised(_ text: String) -> [String] {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `block` appears in `lines` as consecutive lines.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { Array(lines[$0..<($0 + block.count)]) == block }
    }
}
