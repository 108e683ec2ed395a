import Foundation
import XCTest

/// No public initializer or method of what `import HaulKit` gives stops the process on a value its caller passed: a
/// `precondition`, `preconditionFailure`, `fatalError`, `assert`, `assertionFailure` (an app's debug build stops on
/// them) or `try!` in the body of a `public` (or `open`) `init`, `func`, `subscript` or computed property fails this
/// test. A bad value from a caller is an error (`HaulError` `.usage`),
/// because in an app it is often a person's input (a settings field). Scanned: HaulKit, HaulArchive (re-exported),
/// and the files of the HaulCore types `PublicTypes.swift` names. Read from the sources, as `PublicDocCommentTests`
/// reads the doc comments, so it runs with the other tests.
///
/// What it does not see: a trap in an internal helper that a public method calls. Those stay for invariants of the
/// library's own (a state machine's impossible transition), never for a caller's value; review keeps it so.
final class PublicTrapScanTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testNoPublicDeclarationTrapsOnItsInput() throws {
        var traps: [String] = []
        var scanned = 0
        for file in try Self.publicSourceFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            scanned += 1
            for trap in Self.trapsInPublicDeclarations(in: text) {
                traps.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(trap.line): \(trap.declaration)")
            }
        }
        XCTAssertGreaterThan(scanned, 100, "the scan found HaulKit's sources")
        XCTAssertEqual(traps, [], "public declarations that trap instead of throwing")
    }

    func testTheScanFindsATrapInAPublicDeclarationOnly() {
        let source = """
            public struct Limits {
                public var count: Int
                /// Traps.
                public init(count: Int) {
                    precondition(count >= 0, "negative")
                    self.count = count
                }
                init(unchecked: Int) {
                    precondition(unchecked >= 0)
                    self.count = unchecked
                }
                public func scaled(
                    by factor: Int
                ) -> Int {
                    guard factor > 0 else { fatalError("zero") }
                    return [1].map { _ in count * factor }[0]
                }
                func helper() { preconditionFailure() }   // precondition( in a comment
                public var text: String { "precondition(" }
                public func none() -> Never { fatalError("always") }
                public func loaded() -> Int { try! load() }
                public var checked: Int { assert(count > 0); return count }
                func check() { assertionFailure("internal"); _ = try! load() }
            }
            """
        XCTAssertEqual(Self.trapsInPublicDeclarations(in: source).map(\.line), [5, 15, 20, 21, 22])
    }

    /// HaulKit's and HaulArchive's sources, and the HaulCore files that define the types `PublicTypes.swift` aliases.
    static func publicSourceFiles() throws -> [URL] {
        var files: [URL] = []
        for module in ["Sources/HaulKit", "Sources/HaulArchive"] {
            let directory = root.appendingPathComponent(module)
            files += FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        }
        let aliases = try String(contentsOf: root.appendingPathComponent("Sources/HaulKit/PublicTypes.swift"), encoding: .utf8)
        let names = aliases.components(separatedBy: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"= HaulCore\.\w+"#, options: .regularExpression) else { return nil }
            return String(line[range].dropFirst("= HaulCore.".count))
        }
        XCTAssertGreaterThan(names.count, 10, "PublicTypes.swift's aliases were read")
        let core = FileManager.default.enumerator(at: root.appendingPathComponent("Sources/HaulCore"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in core {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if names.contains(where: { text.range(of: #"public (struct|enum|final class|class|actor) \#($0)\b"#, options: .regularExpression) != nil }) {
                files.append(file)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    struct Trap: Equatable {
        var line: Int
        var declaration: String
    }

    /// The traps inside the body of a public declaration, with the declaration's first line. A closure or a
    /// nested block belongs to the declaration around it; a type or extension starts afresh.
    static func trapsInPublicDeclarations(in source: String) -> [Trap] {
        let lines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var found: [Trap] = []
        // For each open `{`: the function-like declaration it belongs to (nil inside a type or at the top).
        var scopes: [String?] = []
        enum Pending { case declaration(String), type }
        var pending: Pending?
        var inMultilineString = false
        for (index, line) in lines.enumerated() {
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString || line.hasPrefix("//") { continue }
            let code = code(of: line)
            if matches(code, #"\b(struct|class|actor|enum|protocol|extension)\s+\w"#), !matches(code, #"\bfunc\b"#) {
                pending = .type
            } else if matches(code, #"(^|\s)(func|init[?!]?|subscript)\b|^(init|deinit)\b|\b(var|let)\s+\w+\s*:[^=]*\{"#) {
                pending = .declaration(line)
            }
            // Where on the line a trap is called, if it is: the scope open at that point decides.
            let trapOffset = code.range(
                of: #"\b(precondition|preconditionFailure|fatalError|assert|assertionFailure)\s*\(|\btry!"#, options: .regularExpression)
                .map { code.distance(from: code.startIndex, to: $0.lowerBound) }
            for (offset, character) in code.enumerated() {
                if offset == trapOffset, let current = scopes.last ?? nil,
                    matches(current, #"^(@[\w.]+(\([^)]*\))?\s+)*(public|open)\s"#)
                {
                    found.append(Trap(line: index + 1, declaration: current))
                }
                if character == "{" {
                    switch pending {
                    case .declaration(let text)?: scopes.append(text)
                    case .type?: scopes.append(nil)
                    case nil: scopes.append(scopes.last ?? nil)
                    }
                    pending = nil
                } else if character == "}", !scopes.isEmpty {
                    scopes.removeLast()
                }
            }
        }
        return found
    }

    /// The line without string literals and a trailing `//` comment.
    private static func code(of line: String) -> String {
        let withoutStrings = line.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
        return withoutStrings.components(separatedBy: "//")[0]
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}
