import Foundation
import XCTest

/// Every HaulCore type a public HaulKit declaration names is aliased in `PublicTypes.swift`, so an app can name it
/// with `import HaulKit` alone (`HostBudgetPolicy` and `LearnedHostBudget` were public API an app could not name).
/// Read from the sources with `PublicDocCommentTests`'s scan of public declarations (their first line).
final class PublicTypeAliasTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryHaulCoreTypeInHaulKitsPublicAPIIsAliased() throws {
        let coreTypes = try Self.publicTypeNames(in: "Sources/HaulCore")
        XCTAssertGreaterThan(coreTypes.count, 50, "the scan found HaulCore's public types")
        let aliases = try String(contentsOf: Self.root.appendingPathComponent("Sources/HaulKit/PublicTypes.swift"), encoding: .utf8)
        let aliased = Set(Self.matches(of: #"public typealias (\w+) = HaulCore\."#, in: aliases))
        let kitTypes = try Self.publicTypeNames(in: "Sources/HaulKit")
        var unnamed: Set<String> = []
        for file in try Self.swiftFiles(in: "Sources/HaulKit") {
            let source = try String(contentsOf: file, encoding: .utf8)
            for declaration in PublicDocCommentTests.publicDeclarations(in: source) {
                let code = declaration.text.components(separatedBy: "//")[0]
                for word in Self.matches(of: #"\b([A-Z]\w*)\b"#, in: code)
                where coreTypes.contains(word) && !aliased.contains(word) && !kitTypes.contains(word) {
                    unnamed.insert("\(word) (\(file.lastPathComponent): \(declaration.text))")
                }
            }
        }
        XCTAssertEqual(unnamed.sorted(), [], "HaulCore types in HaulKit's public API without an alias in PublicTypes.swift")
    }

    /// The members of an aliased HaulCore type are HaulKit's public API too: the types they name are aliased
    /// (`QueueSchedule.schedule` is a `WeeklySchedule`, its `init(parsing:)` throws a `ScheduleSyntaxError`; an app
    /// could not name either without `import HaulCore`). Read from the HaulCore files that declare or extend an
    /// aliased type, the public declarations inside them.
    func testTheTypesThatAliasedTypesMembersNameAreAliased() throws {
        let coreTypes = try Self.publicTypeNames(in: "Sources/HaulCore")
        let aliases = try String(contentsOf: Self.root.appendingPathComponent("Sources/HaulKit/PublicTypes.swift"), encoding: .utf8)
        let aliased = Set(Self.matches(of: #"public typealias (\w+) = HaulCore\."#, in: aliases))
        var unnamed: Set<String> = []
        for file in try Self.swiftFiles(in: "Sources/HaulCore") {
            let source = try String(contentsOf: file, encoding: .utf8)
            let declared = Set(Self.matches(of: #"public (?:final )?(?:struct|enum|class|actor) (\w+)"#, in: source))
                .union(Self.matches(of: #"(?m)^extension (\w+)"#, in: source))
            guard !declared.isDisjoint(with: aliased) else { continue }
            for declaration in PublicDocCommentTests.publicDeclarations(in: source) {
                let code = declaration.text.components(separatedBy: "//")[0]
                for word in Self.matches(of: #"\b([A-Z]\w*)\b"#, in: code)
                where coreTypes.contains(word) && !aliased.contains(word) && !declared.contains(word) {
                    unnamed.insert(word)
                }
            }
        }
        XCTAssertEqual(unnamed.sorted(), [], "HaulCore types named by aliased types' public members, without an alias")
    }

    private static func swiftFiles(in directory: String) throws -> [URL] {
        (FileManager.default.enumerator(at: root.appendingPathComponent(directory), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []).sorted { $0.path < $1.path }
    }

    /// The names of the public types, protocols and type aliases declared in a module's sources.
    private static func publicTypeNames(in directory: String) throws -> Set<String> {
        var names: Set<String> = []
        for file in try swiftFiles(in: directory) {
            let source = try String(contentsOf: file, encoding: .utf8)
            names.formUnion(matches(of: #"public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)"#, in: source))
        }
        return names
    }

    private static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
