import Foundation
import HaulKit
import XCTest

/// The manual's pages, the README, the library's articles, the web page and the sources' comments say
/// `ConnectionCount`'s numbers (range, default ceiling, automatic start, host budget, the pool's cap and idle time):
/// a number written there that disagrees with the constant fails here. `--help`, the man page and the MCP schema are
/// built from the constants (`ConnectionCountFrontEndTests` checks them, and the page's `min`/`max`); these texts
/// cannot be, so they are read back.
///
/// Two kinds of checks: phrases this repository words the numbers in (each must still be found, so a reworded
/// sentence is noticed and added here), and general patterns (`connections … 1-N`, `auto … up to N`,
/// `` `ConnectionCount.name` (N`` ) that catch a number in a sentence nobody listed.
final class ConnectionCountTextTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let most = ConnectionCount.range.upperBound
    private static let ceiling = ConnectionCount.automaticCeiling
    private static let start = ConnectionCount.automaticStart

    /// The constants a text may name as `` `ConnectionCount.name` ``.
    private static let named: [String: Int] = [
        "automaticStart": start, "automaticCeiling": ceiling, "hostBudget": ConnectionCount.hostBudget,
        "poolHostLimit": ConnectionCount.poolHostLimit, "poolIdleSeconds": Int(ConnectionCount.poolIdleSeconds),
    ]

    /// Phrases that state the numbers: file, pattern (on the text with its lines joined), the numbers its groups
    /// must read.
    private static let phrases: [(file: String, pattern: String, numbers: [Int])] = [
        ("docs/cli.md", #"up to the host's budget of (\d+)\) or 1[–-](\d+)"#, [ceiling, most]),
        ("docs/cli.md", #"starts with (\d+) connections, then tries the most it may have \((\d+), the host's budget\)"#,
         [start, ConnectionCount.hostBudget]),
        ("docs/cli.md", #"If the most were no faster than (\d+) \(by 15 %\), it goes back to (\d+)"#, [start, start]),
        ("docs/cli.md", #"measures from (\d+) up to the same ceiling"#, [start]),
        ("docs/cli.md", #"`-x N` \(1[–-](\d+)\) uses N"#, [most]),
        ("docs/cli.md", #"by default (\d+) connections \(aria2's cap"#, [ConnectionCount.hostBudget]),
        ("docs/cli.md", #"\((\d+) / n for n such downloads"#, [ConnectionCount.hostBudget]),
        ("docs/cli.md", #"the pool's cap for a host is (\d+), twice the most one download may type"#, [ConnectionCount.poolHostLimit]),
        ("docs/daemon.md", #"`getGlobalOption` shows (\d+) as `split`"#, [ceiling]),
        ("docs/daemon.md", #"a count outside 1[–-](\d+) is refused"#, [most]),
        ("docs/hls.md", #"the automatic ceiling of `ConnectionCount` \((\d+),"#, [ceiling]),
        ("docs/library.md", #"Haul starts with (\d+) and keeps the fewest up to (\d+)"#, [start, ceiling]),
        ("docs/library.md", #"asks for exactly N, 1-(\d+)"#, [most]),
        ("docs/agents.md", #"over `connections` \((\d+) to (\d+)\)"#, [ConnectionCount.range.lowerBound, most]),
        ("docs/web-page.md", #"`auto \(up to (\d+)\)`"#, [ceiling]),
        ("docs/architecture.md",
         #"valid range \(1-(\d+)\), the one default \(`automatic\(ceiling: (\d+)\)`\), the automatic start \((\d+)\) and ceiling \((\d+)\), the host budget \((\d+)\), the pool's cap per host \((\d+)\) and idle time \((\d+) s\)"#,
         [most, ceiling, start, ceiling, ConnectionCount.hostBudget, ConnectionCount.poolHostLimit, Int(ConnectionCount.poolIdleSeconds)]),
        ("docs/architecture.md", #"one idle for (\d+) s is closed"#, [Int(ConnectionCount.poolIdleSeconds)]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``range`` \| 1\.\.\.(\d+) \|"#, [most]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``default`` \| `automatic\(ceiling: (\d+)\)` \|"#, [ceiling]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``automaticStart`` \| (\d+) \|"#, [start]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``automaticCeiling`` \| (\d+) \|"#, [ceiling]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``hostBudget`` \| (\d+) \|"#, [ConnectionCount.hostBudget]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``poolHostLimit`` \| (\d+) \|"#, [ConnectionCount.poolHostLimit]),
        ("Sources/HaulCore/Connections/ConnectionCount.swift", #"\| ``poolIdleSeconds`` \| (\d+) \|"#, [Int(ConnectionCount.poolIdleSeconds)]),
        ("Sources/HaulKit/Engine/HostBudgetBook.swift", #"the policy's default of (\d+)\)"#, [ConnectionCount.hostBudget]),
    ]

    /// General patterns: any match's number must be the constant.
    private static let patterns: [(name: String, pattern: String, number: Int)] = [
        ("a count's range", #"(?i)connections?\b[^.;]{0,60}?\b1(?:[-–]|\.\.\.| to )(\d+)\b(?![.,]\d)"#, most),
        ("the automatic ceiling", #"(?i)(?:\bauto\b|automatic|Haul chooses)[^.;]{0,40}?\bup to (\d+)\b(?! ?[KMG]i?B)"#, ceiling),
    ]

    func testThePhrasesThatStateTheNumbersSayTheConstants() throws {
        for phrase in Self.phrases {
            let text = try Self.joined(phrase.file)
            let found = Self.matches(phrase.pattern, in: text)
            XCTAssertFalse(found.isEmpty, "\(phrase.file) no longer says /\(phrase.pattern)/: reword the check with the text")
            for numbers in found {
                XCTAssertEqual(numbers, phrase.numbers.map(String.init), "\(phrase.file): /\(phrase.pattern)/")
            }
        }
    }

    func testNoTextRepeatsANumberThatDiffersFromTheConstant() throws {
        let files = try Self.texts()
        XCTAssertGreaterThan(files.count, 100, "the scan found the docs and the sources")
        var checked = 0
        for file in files {
            let text = try Self.joined(file)
            for pattern in Self.patterns {
                for numbers in Self.matches(pattern.pattern, in: text) {
                    checked += 1
                    XCTAssertEqual(numbers, [String(pattern.number)], "\(file) says \(pattern.name) is \(numbers[0])")
                }
            }
            for groups in Self.matches(#"`ConnectionCount\.(\w+)`(?:\)|,)?\s*(?:\(|,\s*)(\d+)\b"#, in: text) {
                checked += 1
                guard let value = Self.named[groups[0]] else {
                    XCTFail("\(file) names ConnectionCount.\(groups[0]) with a number: add the constant to `named`")
                    continue
                }
                XCTAssertEqual(groups[1], String(value), "\(file) says ConnectionCount.\(groups[0]) is \(groups[1])")
            }
        }
        XCTAssertGreaterThan(checked, 10, "the general patterns found the texts that state the numbers")
    }

    /// The manual's pages (not the benchmark rounds), the README, the library's articles, the web page and every
    /// source file of Haul's own targets.
    private static func texts() throws -> [String] {
        var files = ["README.md"]
        let manager = FileManager.default
        for page in try manager.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        where page.hasSuffix(".md") && page != "benchmarks.md" {
            files.append("docs/" + page)
        }
        let sources = root.appendingPathComponent("Sources")
        for target in try manager.contentsOfDirectory(atPath: sources.path) where target.hasPrefix("Haul") || target == "haul" {
            for case let path as String in manager.enumerator(atPath: sources.appendingPathComponent(target).path) ?? .init()
            where [".swift", ".md", ".js", ".html"].contains(where: path.hasSuffix) {
                files.append("Sources/\(target)/\(path)")
            }
        }
        return files.sorted()
    }

    /// The file's text with its lines joined: a line break, the indentation and a comment's `//` or `///` become one
    /// space, so a sentence reads the same across lines.
    private static func joined(_ file: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        return text.replacingOccurrences(of: #"\n\s*(?:///?|\*)?\s*"#, with: " ", options: .regularExpression)
    }

    /// Each match's groups.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            XCTFail("not a pattern: \(pattern)")
            return []
        }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }
}
