import ArgumentParser
import Foundation
import HaulKit

/// `haul`: the command-line front of HaulKit. Entered through `ProcessEntry`; what the process runs
/// (`prepareProcess`, `runProcess`) is in Main/HaulCommand+Main.swift, above the help that reads these commands.
struct HaulCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haul",
        abstract: "Download big files fast, resumably, and without ever corrupting them.",
        discussion: """
            Run the same command again after an interruption (Ctrl-C, a crash, kill -9, a lost connection) and the \
            download resumes where its durable bytes end. A file is only given its final name once every byte is \
            there; until then it is NAME.part.

            Exit codes: 0 success, 2 usage error, 3 network, 4 HTTP status, 6 destination taken, 7 local I/O, \
            8 checksum mismatch, 10 file held by another haul, 130 interrupted (resumable): 'haul help exit-codes'. \
            Proxies and the state directory come from the environment: 'haul help environment'.

            Shell completions: haul --generate-completion-script bash|zsh|fish.
            """,
        version: BuildVersion.line,
        subcommands: [
            DownloadCommand.self, ListCommand.self, ResumeCommand.self, PauseCommand.self, CancelCommand.self,
            RemoveCommand.self, CleanCommand.self, MoveCommand.self, VerifyCommand.self, UnzipCommand.self, ZipCommand.self,
            DaemonCommand.self, AddCommand.self, MCPCommand.self,
            HostsCommand.self,
        ],
        defaultSubcommand: DownloadCommand.self
    )

    /// ArgumentParser's message with `haul: error:` in place of its `Error:`, the prefix run-time errors have.
    static func inOneVoice(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "haul: error: " + message.dropFirst("Error: ".count) : message
    }

    /// The subcommands' names (and `help`).
    static var subcommandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }

    static func isSubcommand(_ word: String) -> Bool { subcommandNames.contains(word) }

    /// The subcommand (or other name) a mistyped `word` most likely meant, or nil.
    static func suggestedSubcommand(for word: String, among names: [String] = subcommandNames) -> String? {
        Suggestion.closest(to: word, among: names)
    }

    /// `Usage: ...` of `command` and one pointer at its help.
    static func usageHint(for command: any ParsableCommand.Type) -> String {
        let name = command._commandName == "haul" ? "haul" : "haul \(command._commandName)"
        return "Usage: \(usageString(for: command))\n  See '\(name) --help' for more information.\n"
    }
}

extension QuickDownloadArguments {
    /// The quick reading of `haul URL...` (`options(_:namesSubcommand:)`) with this program's subcommands: a word
    /// that names one (`haul get URL`, `haul URL get`) leaves the line to ArgumentParser.
    static func options(_ arguments: [String]) -> DownloadOptions? {
        options(arguments) { word in HaulCommand.configuration.subcommands.contains(where: { $0._commandName == word }) }
    }
}
