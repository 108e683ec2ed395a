import ArgumentParser
import Foundation
import HaulArchive
import HaulKit

/// `haul URL...` with the handful of options most runs use, read without ArgumentParser's model of the commands
/// into the same `DownloadOptions` ArgumentParser fills, starting from the same defaults (`DownloadOptions.defaults`).
///
/// Why: ArgumentParser builds that model by reflection (a `Mirror` over every option group, then a dynamic cast and
/// a protocol-conformance scan of the whole binary for each property wrapper type): about 10 ms of CPU before a
/// 1 KB download could start, a third of what `haul -q URL` cost in all (docs/history/benchmarks-rounds.md, "Round 4").
///
/// What it reads: URLs (words not starting with `-`) and `-q`/`--quiet`, `--progress`, `-o`/`--output`,
/// `-d`/`--dir`/`--output-dir`, `-x`/`--connections`, `-j`/`--max-concurrent`, `-i`/`--input-file`, `--state-dir`, `--cacert`,
/// `--limit-rate`, `--overwrite`, `-c`/`--continue`, each spelt every way ArgumentParser takes it (`-x 16`, `-x16`,
/// `--connections 16`, `--connections=16`): their names are their declarations' (`OptionSpelling`).
///
/// Anything else gives `nil` and ArgumentParser reads the line as before: another option, `--help`, `--`, a
/// subcommand's name, an option given twice, a value that starts with `-` or does not parse, or a combination the
/// commands' `validate()` refuse (so every error message is still ArgumentParser's and ours, word for word).
/// `QuickDownloadArgumentsTests` checks that what this returns is what `haul get`'s parse gives, field by field.
/// The time it saves is measured on a release build (docs/benchmarks.md); it is kept while that figure holds.
enum QuickDownloadArguments {
    /// The download `arguments` (without the program's name) ask for, or nil when ArgumentParser must read them.
    /// `namesSubcommand` says whether a word is a subcommand's name: the top command's, which Commands/ gives
    /// (`options(_:)`, beside `HaulCommand`), as the commands are above the options they read.
    static func options(_ arguments: [String], namesSubcommand: (String) -> Bool) -> DownloadOptions? {
        guard !arguments.isEmpty else { return nil }
        var command = DownloadOptions.defaults
        var given = Set<Option>()
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                // `haul get URL` and `haul URL get` both go to ArgumentParser (routing, and checkURLs' message). A
                // word with a `.`, `/` or `:` (every URL) names no subcommand: it is not looked up, as the lookup
                // builds every subcommand's configuration.
                if !word.contains(where: { $0 == "." || $0 == "/" || $0 == ":" }), namesSubcommand(word) {
                    return nil
                }
                command.urls.append(word)
                continue
            }
            guard let (option, joined) = Option.named(in: word), given.insert(option).inserted else { return nil }
            if option.isFlag {
                guard joined == nil else { return nil }
                option.set(on: &command)
                continue
            }
            let value: String
            if let joined {
                value = joined
            } else {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-"), option.set(value, on: &command) else { return nil }
        }
        do {
            try command.validateAll()
        } catch {
            return nil
        }
        return command
    }

    /// The state directory a download line names, read before the line itself so that the store can start
    /// opening on the other core while it is read (`EarlyStart`): `nil` unless a word is an http(s)
    /// URL or `-i`/`--input-file`, and the first word is an option or a URL (not a subcommand's name). A guess that turns out wrong costs
    /// an open nobody takes.
    static func stateDirectoryOfDownload(_ arguments: [String]) -> String? {
        func isURL(_ word: String) -> Bool {
            let lowered = word.lowercased()
            return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
        }
        func isInputFile(_ word: String) -> Bool { word == "-i" || word == "--input-file" || word.hasPrefix("--input-file=") }
        guard let first = arguments.first, first.hasPrefix("-") || isURL(first),
              arguments.contains(where: { isURL($0) || isInputFile($0) })
        else { return nil }
        var directory: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            if word == "--state-dir", index + 1 < arguments.count {
                directory = arguments[index + 1]
            } else if word.hasPrefix("--state-dir=") {
                directory = String(word.dropFirst("--state-dir=".count))
            }
            index += 1
        }
        return directory ?? ProcessEnvironment.defaultStateDirectory
    }

    /// Whether the line reads a list (`-i`/`--input-file`, `-iFILE`, before a `--`): such a run does not give the
    /// program's `.bss` its pages at start (`haul_populate_bss`, for the start-up of one small download), of
    /// which a list touches about 0.5 of 1.4 MiB (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "Lists").
    static func readsList(_ arguments: [String]) -> Bool {
        for word in arguments {
            if word == "--" { return false }
            if word == "--input-file" || word.hasPrefix("--input-file=") || (word.hasPrefix("-i") && !word.hasPrefix("--")) { return true }
        }
        return false
    }

    /// The options read here.
    enum Option: Hashable, CaseIterable {
        case quiet, progress, output, directory, connections, maxConcurrent, inputFile, stateDirectory, certificates
        case limitRate, overwrite, continueFlag

        /// How the option is named, in its declaration too.
        var spelling: OptionSpelling {
            switch self {
            case .quiet: .quiet
            case .progress: .progress
            case .output: .output
            case .directory: .directory
            case .connections: .connections
            case .maxConcurrent: .maxConcurrent
            case .inputFile: .inputFile
            case .stateDirectory: .stateDirectory
            case .certificates: .certificates
            case .limitRate: .limitRate
            case .overwrite: .overwrite
            case .continueFlag: .continueFlag
            }
        }

        /// Every name of the option, short ones first, as `haul get --help` lists them.
        var names: [String] { spelling.spellings }

        var isFlag: Bool { self == .quiet || self == .overwrite || self == .continueFlag }

        /// The option `word` names, and the value joined to it (`--dir=D`, `-dD`), if any.
        static func named(in word: String) -> (Option, String?)? {
            if word.hasPrefix("--") {
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard let option = allCases.first(where: { $0.names.contains(name) }) else { return nil }
                return (option, parts.count == 2 ? String(parts[1]) : nil)
            }
            let name = String(word.prefix(2))
            guard let option = allCases.first(where: { $0.names.contains(name) }) else { return nil }
            guard word.count > 2 else { return (option, nil) }
            // `-qc` (flags run together) and `-x=16` are left to ArgumentParser.
            guard option.spelling.joinsShortValue, word.dropFirst(2).first != "=" else { return nil }
            return (option, String(word.dropFirst(2)))
        }

        func set(on command: inout DownloadOptions) {
            switch self {
            case .quiet: command.progressOptions.quiet = true
            case .overwrite: command.overwrite = true
            case .continueFlag: command.continueFlag = true
            default: break
            }
        }

        /// Stores `value`; false when it does not parse (ArgumentParser then says why).
        func set(_ value: String, on command: inout DownloadOptions) -> Bool {
            switch self {
            case .progress: command.progressOptions.progress = value
            case .output: command.output = value
            case .directory: command.directory = value
            case .connections:
                guard let count = ConnectionCount(argument: value) else { return false }
                command.transfer.connections = count
            case .maxConcurrent:
                guard let number = Int(value) else { return false }
                command.queueOptions.maxConcurrent = number
            case .inputFile: command.inputFile = value
            case .stateDirectory: command.stateDirectory = value
            case .certificates: command.transfer.certificates = value
            case .limitRate: command.transfer.limitRate = value
            case .quiet, .overwrite, .continueFlag: return false
            }
            return true
        }
    }
}
