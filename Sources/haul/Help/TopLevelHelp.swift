import Foundation
import ArgumentParser

/// `haul --help`: five examples and the options people type first, the rest behind `haul help TOPIC`.
///
/// ArgumentParser's own top-level help lists only the subcommands, and `haul help get` lists every download option
/// (about 60). This screen is stitched from the generated texts (the same option definitions, so it never goes
/// stale): the usage, the common download options picked from `get`'s help, examples, the subcommands, and where
/// the rest is (`HelpTopic`).
enum TopLevelHelp {
    /// Whether the arguments ask for the top-level help.
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
    }

    /// The download options shown first, in this order (by their long names).
    static let commonOptions = [
        "output", "dir", "connections", "max-concurrent", "input-file", "continue", "limit-rate", "checksum", "quiet",
        "on-conflict",
    ]

    static let examples = [
        ("haul https://example.com/big.iso", "saves ./big.iso; run it again to resume"),
        ("haul -o debian.iso URL", "choose the name"),
        ("haul -d ~/Downloads -j 8 -i list.txt", "the URLs in list.txt, 8 at a time"),
        ("haul -x 16 --limit-rate 2M URL", "16 connections, at most 2 MiB/s"),
        ("haul --checksum sha256=9f86d0... URL", "verify; a mismatch keeps nothing"),
    ]

    static func text(columns: Int?) -> String {
        let root = HaulCommand.helpMessage(columns: columns)
        let download = HaulCommand.helpMessage(for: DownloadCommand.self, columns: columns)
        // The overview's first paragraph (the abstract) leads; its discussion follows the examples.
        let about = section(root, before: "USAGE:").trimmingCharacters(in: .whitespacesAndNewlines)
        let split = about.range(of: "\n\n")
        let overview = split.map { String(about[..<$0.lowerBound]) } ?? about
        let discussion = split.map { String(about[$0.upperBound...]) } ?? ""
        let usage = """
            USAGE: haul [<options>] <url> ...       download; the same command again resumes
                   haul <subcommand> ...            list, pause, resume, daemon ... (below)
            """
        let options = "OPTIONS:\n" + HelpEntries(download).named(commonOptions).joined(separator: "\n")
        let width = examples.map(\.0.count).max() ?? 0
        let exampleLines = examples.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "   " + $0.1 }
        // ArgumentParser's own pointer at `haul help <subcommand>` is in MORE HELP with the topics.
        let subcommands = section(section(root, from: "SUBCOMMANDS:"), before: "  See 'haul help")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return [
            overview, usage, "EXAMPLES:\n" + exampleLines.joined(separator: "\n"), options, discussion, subcommands,
            HelpTopic.index,
        ].filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// The part of `text` before the line starting with `marker` (all of it when there is none).
    static func section(_ text: String, before marker: String) -> String {
        guard let range = text.range(of: "\n" + marker) else { return text }
        return String(text[..<range.lowerBound])
    }

    /// The part of `text` from the line starting with `marker` (nothing when there is none).
    static func section(_ text: String, from marker: String) -> String {
        if text.hasPrefix(marker) { return text }
        guard let range = text.range(of: "\n" + marker) else { return "" }
        return String(text[text.index(after: range.lowerBound)...])
    }
}

/// The option entries of an ArgumentParser help text, each with its names: an entry starts on a line indented by
/// two spaces (`  -o, --output <output>   Save to FILE ...`) and goes on over the lines indented further.
struct HelpEntries {
    private(set) var entries: [(names: Set<String>, text: String)] = []

    init(_ help: String) {
        var current: [String] = []
        var names: Set<String> = []
        func flush() {
            if !current.isEmpty { entries.append((names, current.joined(separator: "\n"))) }
            current = []
            names = []
        }
        for line in help.components(separatedBy: "\n") {
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                flush()
                let body = line.dropFirst(2)
                let head = body.range(of: "  ").map { body[..<$0.lowerBound] } ?? body
                for word in head.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                    names.insert(String(word.drop(while: { $0 == "-" })))
                }
                current = [line]
            } else if line.hasPrefix("   "), !current.isEmpty {
                current.append(line)
            } else {
                flush()
            }
        }
        flush()
    }

    /// The entries with these long (or short) names, in the order given; a name no entry has is left out.
    func named(_ wanted: [String]) -> [String] {
        wanted.compactMap { name in entries.first { $0.names.contains(name) }?.text }
    }
}
