/// `haul --state-dir DIR pause 1`: the one option every queue subcommand shares, given before the subcommand's
/// name, as `git -C DIR status` and `docker --config DIR ps` take theirs. ArgumentParser only recognises a
/// subcommand as the first word, so the line is rewritten to `haul pause --state-dir DIR 1` before it is read.
///
/// Only a line that starts with `--state-dir DIR` (or `--state-dir=DIR`), with the subcommand's name right after it,
/// is moved, and only for a subcommand that takes `--state-dir`; every other line is returned as it came (a download
/// line `haul --state-dir DIR URL` is a download's own option already).
enum LeadingStateDirectory {
    /// `arguments` (without the program's name) with a leading `--state-dir` moved after the subcommand it precedes,
    /// when `takesStateDirectory` says that subcommand has the option.
    static func moved(_ arguments: [String], takesStateDirectory: (String) -> Bool) -> [String] {
        guard let first = arguments.first else { return arguments }
        let option: [String]
        if first == "--state-dir", arguments.count >= 2 {
            option = Array(arguments[0...1])
        } else if first.hasPrefix("--state-dir=") {
            option = [first]
        } else {
            return arguments
        }
        guard option.count < arguments.count else { return arguments }
        let subcommand = arguments[option.count]
        guard !subcommand.hasPrefix("-"), takesStateDirectory(subcommand) else { return arguments }
        return [subcommand] + option + arguments[(option.count + 1)...]
    }

    /// The subcommands whose options include `--state-dir`.
    static let subcommandsTakingIt: Set<String> = [
        "get", "list", "resume", "pause", "cancel", "remove", "move", "clean", "daemon", "add", "mcp", "hosts",
    ]
}
