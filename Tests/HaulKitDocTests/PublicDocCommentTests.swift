import Foundation
import XCTest

/// Every public declaration of what `import HaulKit` gives (HaulKit, and HaulArchive, which it re-exports) has a
/// doc comment, so the DocC catalog documents every public symbol: a `public` (or `open`) declaration, or a case of
/// a public enum, inside public types only (a `public` member of an internal or `package` type is not public), must
/// follow a `///` comment (attributes may stand between). Read from the sources, so it runs with the other tests.
final class PublicDocCommentTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryPublicDeclarationHasADocComment() throws {
        var undocumented: [String] = []
        var declarations = 0
        for module in ["Sources/HaulKit", "Sources/HaulArchive"] {
            let directory = Self.root.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files.sorted(by: { $0.path < $1.path }) {
                let found = Self.publicDeclarations(in: try String(contentsOf: file, encoding: .utf8))
                declarations += found.count
                for declaration in found where !declaration.documented {
                    undocumented.append("\(module)/\(file.lastPathComponent):\(declaration.line): \(declaration.text)")
                }
            }
        }
        XCTAssertGreaterThan(declarations, 200, "the scan found HaulKit's public API")
        XCTAssertEqual(undocumented, [], "public declarations without a /// comment")
    }

    func testTheScanSeesWhatIsPublicAndWhatIsDocumented() {
        let source = """
            /// A type.
            public struct A {
                /// Documented.
                public var a: Int
                public var b: Int
                var c: Int
                /// Documented, with an attribute between.
                @discardableResult
                public func d() -> Int { 1 }
            }
            struct Hidden {
                public var e: Int
            }
            /// An enum.
            public enum E {
                /// A case.
                case f
                case g
                public var h: Int {
                    switch self {
                    case .f: 1
                    case .g: 2
                    }
                }
            }
            extension A {
                public func i() {}
            }
            """
        let found = Self.publicDeclarations(in: source)
        XCTAssertEqual(found.map(\.text), [
            "public struct A {", "public var a: Int", "public var b: Int", "public func d() -> Int { 1 }",
            "public enum E {", "case f", "case g", "public var h: Int {", "public func i() {}",
        ])
        XCTAssertEqual(found.filter { !$0.documented }.map(\.text), [
            "public var b: Int", "case g", "public var h: Int {", "public func i() {}",
        ])
    }

    struct Declaration {
        var line: Int
        var text: String
        var documented: Bool
    }

    /// What owns a `{`: a public enum (its cases are public), another public type or an extension (their `public`
    /// members are public), or anything else (nothing inside is public).
    private enum Scope { case publicEnum, publicType, extensionBody, other }

    static func publicDeclarations(in source: String) -> [Declaration] {
        let lines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var found: [Declaration] = []
        var scopes: [Scope] = []
        var pending: Scope?
        var inMultilineString = false
        for (index, line) in lines.enumerated() {
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 {  // an odd number of `"""`
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            let code = Self.code(of: line)
            let inPublicScope = scopes.allSatisfy { $0 != .other }
            let isDeclaration = matches(line, #"^(@[\w.]+(\([^)]*\))?\s+)*(public|open)\s"#)
                && !matches(line, #"^(public\s+)?extension\b"#)
            let isCase = scopes.last == .publicEnum && matches(line, #"^(indirect\s+)?case\s"#)
            if inPublicScope, isDeclaration || isCase {
                var previous = index - 1
                while previous >= 0, lines[previous].hasPrefix("@") || lines[previous].hasPrefix("#") { previous -= 1 }
                let comment = previous >= 0 ? lines[previous] : ""
                found.append(Declaration(
                    line: index + 1, text: line, documented: comment.hasPrefix("///") || comment.hasSuffix("*/")))
            }
            if matches(code, #"\b(public|open)\s+((final|indirect)\s+)*enum\b"#) {
                pending = .publicEnum
            } else if matches(code, #"\b(public|open)\s+(final\s+)*(struct|class|actor|protocol)\b"#) {
                pending = .publicType
            } else if matches(code, #"^(public\s+)?extension\b"#) {
                pending = .extensionBody
            } else if matches(code, #"\b(struct|class|actor|enum|protocol|func|init|var|let|subscript)\b"#) {
                pending = .other
            }
            for character in code {
                if character == "{" {
                    scopes.append(pending ?? .other)
                    pending = nil
                } else if character == "}", !scopes.isEmpty {
                    scopes.removeLast()
                }
            }
        }
        return found
    }

    /// The line without string literals and a trailing `//` comment, for counting braces.
    private static func code(of line: String) -> String {
        let withoutStrings = line.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
        return withoutStrings.components(separatedBy: "//")[0]
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}
