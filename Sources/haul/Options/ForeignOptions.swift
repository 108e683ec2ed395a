/// Options people bring from curl and wget that haul does not take, each with what haul does instead: the line
/// `haul: error: unknown option '-L': ...` in place of ArgumentParser's bare "Unknown option" (issue 60, point 8).
///
/// Asked only once a line has failed to parse, so a subcommand that one day takes one of these names is not
/// second-guessed. `--output-dir` (curl) is not here: it is an alias of `-d`.
enum ForeignOptions {
    /// What to use instead, by option name.
    static let hints: [String: String] = [
        "-O": "haul names the file after the URL already (curl's -O); to choose the name use -o FILE (wget's -O FILE)",
        "--remote-name-all": "haul names each file after its URL already",
        "-L": "haul follows redirects already (up to --max-redirects, 10 by default); leave -L out",
        "--location": "haul follows redirects already (up to --max-redirects, 10 by default); leave --location out",
        "-s": "use -q (--quiet): haul then prints nothing but errors",
        "--silent": "use -q (--quiet): haul then prints nothing but errors",
        "-S": "haul always shows errors; leave -S out",
        "--show-error": "haul always shows errors; leave --show-error out",
        "-f": "haul fails on an HTTP error status already (exit 4) and keeps no error page; leave -f out",
        "--fail": "haul fails on an HTTP error status already (exit 4) and keeps no error page; leave --fail out",
        "-#": "the progress bar is haul's default on a terminal; leave -# out (--progress lines|json|none for the others)",
        "--progress-bar": "the progress bar is haul's default on a terminal (--progress bar asks for it)",
        "-V": "haul's version is --version",
        "-P": "use -d DIR (--dir, --output-dir): haul saves into DIR, creating it",
        "--directory-prefix": "use -d DIR (--dir, --output-dir): haul saves into DIR, creating it",
        "--create-dirs": "haul creates the directories of -o and -d itself; leave --create-dirs out",
        "-C": "resuming is always on: run the same command again (-c is accepted)",
        "--continue-at": "resuming is always on: run the same command again (-c is accepted)",
        "-t": "use --retries N",
        "--tries": "use --retries N",
        "--retry": "use --retries N",
        "-nc": "use --on-conflict skip (or fail)",
        "--no-clobber": "use --on-conflict skip (or fail)",
        "-A": "use --user-agent TEXT",
        "-U": "use --user-agent TEXT",
        "-e": "use --referer URL",
    ]

    /// Short options of the table that take a value, also given joined (`-Ofile`, `-P/tmp`, `-t3`).
    private static let joinable: Set<Character> = ["O", "P", "C", "t", "A", "U", "e"]

    /// Letters that may run together in one word (`-sSL`, `-fsSL`): curl's flags above, and haul's own short flags.
    private static let runTogether: Set<Character> = ["s", "S", "L", "O", "f", "#", "q", "c", "k", "J"]

    /// The first word of `arguments` (before `--`) that is one of these options, with what to use instead.
    static func firstHint(in arguments: [String]) -> (option: String, hint: String)? {
        for word in arguments {
            if word == "--" { return nil }
            if let hint = hint(for: word) { return (word, hint) }
        }
        return nil
    }

    /// What to use instead of `word` when it is one of these options (or runs some together), else nil.
    static func hint(for word: String) -> String? {
        if word.hasPrefix("--") {
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            return hints[name]
        }
        guard word.hasPrefix("-"), word.count >= 2 else { return nil }
        if let hint = hints[word] { return hint }
        let letters = Array(word.dropFirst())
        if joinable.contains(letters[0]), let hint = hints["-" + String(letters[0])] { return hint }
        // `-sSL`: each letter that is curl's, with its hint.
        guard letters.count > 1, letters.allSatisfy(runTogether.contains) else { return nil }
        let parts = letters.compactMap { letter in hints["-" + String(letter)].map { "-\(letter): \($0)" } }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
