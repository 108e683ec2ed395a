import Foundation
import ArgumentParser

/// `haul --help`: how to download comes first, since people type `haul --help` and then `haul URL`.
///
/// ArgumentParser's own top-level help lists only the subcommands, and the download options live under `haul help
/// get`. This screen is stitched from the generated texts (the same option definitions, so it never goes stale):
/// the overview, then `get`'s usage and options as `haul [get]`, then the other subcommands and the exit codes.
enum TopLevelHelp {
    /// Whether the arguments ask for the top-level help.
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
    }

    static func text(columns: Int?) -> String {
        let root = HaulCommand.helpMessage(columns: columns)
        let download = HaulCommand.helpMessage(for: DownloadCommand.self, columns: columns)
        let overview = section(root, before: "USAGE:")
        var usageAndOptions = section(download, from: "USAGE:")
        usageAndOptions = usageAndOptions.replacingOccurrences(of: "USAGE: haul get ", with: "USAGE: haul [get] ")
        let subcommands = section(root, from: "SUBCOMMANDS:")
        return [overview, usageAndOptions, subcommands]
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n") + "\n"
    }

    /// The part of `text` before the line starting with `marker` (all of it when there is none).
    private static func section(_ text: String, before marker: String) -> String {
        guard let range = text.range(of: "\n" + marker) else { return text }
        return String(text[..<range.lowerBound])
    }

    /// The part of `text` from the line starting with `marker` (nothing when there is none).
    private static func section(_ text: String, from marker: String) -> String {
        if text.hasPrefix(marker) { return text }
        guard let range = text.range(of: "\n" + marker) else { return "" }
        return String(text[text.index(after: range.lowerBound)...])
    }
}
