import ArgumentParser
import CHaulSystem
import Foundation
import HaulKit

/// The program's entry point, above every folder it routes to (docs/architecture.md, "Layers inside a target"):
/// `haul --help` and `haul help TOPIC` (Help/, whose text is built from the commands' help), `--version`, the quick
/// reading of `haul URL` (Options/), and ArgumentParser's parse of the commands (Commands/). `HaulCommand` itself, the
/// commands' tree that the help reads, stays in Commands/.
extension HaulCommand {
    /// What the process sets for itself first, on the main thread while no other thread runs.
    static func prepareProcess() {
        // First, while no other thread runs: the runtime's caches in `.bss` get their pages now, not by a TLB
        // shoot-down at each first write once the threads run (docs/history/benchmarks-rounds.md, Round 21). Not for
        // a list, whose runtime touches about a third of them: the rest would be resident for nothing (issue 62).
        if !QuickDownloadArguments.readsList(Array(CommandLine.arguments.dropFirst())) { haul_populate_bss() }
        // One malloc arena, not up to 16: the memory of a list of 100,000 stays flat (docs/cli.md, "Long lists").
        // One rather than two: 1.7 MiB less at the peak of a list of 5,000 in release, at the same CPU (the
        // second arena kept its own free memory).
        _ = haul_limit_malloc_arenas(1)
        // A parent may have started us with SIGINT/SIGTERM blocked (threads of Dispatch block them): unblock them
        // so that Ctrl-C and SIGTERM always reach the handler that keeps partial files resumable.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        // Past a file-size limit (`ulimit -f`) a write should fail with EFBIG and become exit code 7 with the partial
        // file kept, not kill the process with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        // A closed pipe on standard output (`| head`) is an EPIPE for `Terminal.writeOutput` to shrug off, not a
        // signal that kills the download.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Parses arguments, runs the command and maps failures to the documented exit codes (usage errors exit 2,
    /// not 64). Returns when the command succeeded; every failure exits.
    static func runProcess() async {
        // `haul --state-dir DIR pause 1` read as `haul pause --state-dir DIR 1` (LeadingStateDirectory).
        let arguments = LeadingStateDirectory.moved(Array(CommandLine.arguments.dropFirst())) {
            LeadingStateDirectory.subcommandsTakingIt.contains($0)
        }
        // The store starts opening on the other core while the line is read (`EarlyStart`), before anything else:
        // its open is what a small download waits for. Only a line that downloads starts it (a URL or `-i`, first
        // an option or a URL: not `help`, a subcommand or `--version`), and what a help or usage error below ends
        // early only drops it.
        let early = QuickDownloadArguments.stateDirectoryOfDownload(arguments).map { EarlyStart(stateDirectory: $0) }
        // `haul --help` shows how to download first: people type it, then `haul URL`.
        if TopLevelHelp.isAsked(arguments) {
            Terminal.writeOutput(TopLevelHelp.text(columns: nil))
            Foundation.exit(ExitCodes.success)
        }
        // `haul help TOPIC` (hooks, cookies, exit-codes ...): what `haul --help` leaves out. `haul help SUBCOMMAND`
        // stays ArgumentParser's.
        if arguments.count == 2, arguments[0] == "help" || arguments[1] == "--help" || arguments[1] == "-h" {
            let word = arguments[0] == "help" ? arguments[1] : arguments[0]
            if !isSubcommand(word), let topic = HelpTopic.named(word) {
                Terminal.writeOutput(topic.text(columns: nil))
                Foundation.exit(ExitCodes.success)
            }
            if arguments[0] == "help", !isSubcommand(word) {
                let suggestion = suggestedSubcommand(for: word, among: subcommandNames + HelpTopic.allCases.map(\.rawValue))
                let meant = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                Terminal.writeError("haul: error: no help topic or subcommand '\(word)'\(meant)\n\n" + HelpTopic.index + "\n")
                Foundation.exit(ExitCodes.usage)
            }
        }
        // `haul version`, as `--version` (go, cargo and docker take the word).
        if arguments == ["version"] {
            Terminal.writeOutput(BuildVersion.line + "\n")
            Foundation.exit(ExitCodes.success)
        }
        // `haul lsit`: a first word that is no subcommand, option or URL but close to a subcommand's name.
        if let first = arguments.first, !first.hasPrefix("-"), !isSubcommand(first),
            !first.contains("."), !first.contains("/"), !first.contains(":"),
            let suggestion = suggestedSubcommand(for: first)
        {
            Terminal.writeError("haul: error: '\(first)' is not a subcommand; did you mean '\(suggestion)'?\n  See 'haul --help' for more information.\n")
            Foundation.exit(ExitCodes.usage)
        }
        // `haul --version` answers before ArgumentParser builds its model of every command: that model is built by
        // reflection (Mirror over each option group, protocol-conformance scans of a large binary), more than half
        // of the CPU time `--version` took. The output is ArgumentParser's own: the version and a newline.
        if arguments == ["--version"] {
            Terminal.writeOutput(BuildVersion.line + "\n")
            Foundation.exit(ExitCodes.success)
        }
        // `haul [-q] [-o FILE] ... URL...` is read without ArgumentParser's reflection (QuickDownloadArguments)
        // into the options ArgumentParser would give; everything else, and every mistake, goes through ArgumentParser.
        let quick = QuickDownloadArguments.options(arguments)
        var command: (any ParsableCommand)?
        do {
            if quick == nil { command = try parseAsRoot(arguments) }
        } catch {
            // A curl or wget option (`-L`, `-O`, `-s`, `-V` ...): what haul does instead, not a bare "Unknown
            // option" (nor, for `-V`, a request for a URL).
            if let (option, hint) = ForeignOptions.firstHint(in: arguments) {
                let named = configuration.subcommands.first { $0._commandName == arguments.first } ?? DownloadCommand.self
                Terminal.writeError("haul: error: unknown option '\(option)': \(hint)\n" + usageHint(for: named))
                Foundation.exit(ExitCodes.usage)
            }
            // A parse error: ArgumentParser's message already ends with the usage and one "See 'haul X --help'"
            // for the subcommand at fault.
            if exitCode(for: error) == .validationFailure {
                Terminal.writeError(inOneVoice(fullMessage(for: error)) + "\n")
                Foundation.exit(ExitCodes.usage)
            }
            exit(withError: error)
        }
        var commandType: any ParsableCommand.Type = DownloadCommand.self
        if let command { commandType = type(of: command) }
        do {
            // The line `QuickDownloadArguments` read runs without a cast: `as? AsyncParsableCommand` is a
            // conformance lookup, and the runtime answers its first one for a type by scanning every conformance
            // record of the binary (about 9,500, some 70 µs each time).
            if let quick {
                try await quick.run(early: early)
            } else if let download = command as? DownloadCommand {
                try await download.options.run(early: early)
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command?.run()
            }
        } catch let error as HaulError {
            Terminal.writeError("haul: error: \(error.commandLineMessage)\n")
            if error.kind == .usage { Terminal.writeError(usageHint(for: commandType)) }
            Foundation.exit(ExitCodes.code(for: error))
        } catch {
            if exitCode(for: error) == .validationFailure {
                // Found while running (e.g. a checksum without `algo=`): the same shape as a parse error, with the
                // usage and help of the subcommand that was run, not the top level's.
                Terminal.writeError("haul: error: \(message(for: error))\n" + usageHint(for: commandType))
                Foundation.exit(ExitCodes.usage)
            }
            exit(withError: error)
        }
    }
}
