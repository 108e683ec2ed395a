import ArgumentParser
import Foundation

/// `haul help TOPIC`: what `haul --help` leaves out, by topic. A topic's options are picked from the generated help of
/// the command that has them (the same definitions as the manual page), with a few lines of its own around them;
/// the whole story of each is in docs/cli.md.
enum HelpTopic: String, CaseIterable {
    case options, network, proxy, cookies, hooks, mirrors, archive, queue
    case exitCodes = "exit-codes"
    case environment

    /// What `haul --help` ends with.
    static var index: String {
        let names = allCases.map(\.rawValue)
        let half = (names.count + 1) / 2
        return """
            MORE HELP:
              haul help TOPIC        \(names[..<half].joined(separator: ", ")),
                                     \(names[half...].joined(separator: ", "))
              haul help SUBCOMMAND   one subcommand (haul help resume = haul resume --help)
              docs/cli.md            the manual by topic
              docs/generated/haul.1  the manual page: man docs/generated/haul.1
            """
    }

    /// The topic a word names (`exit-codes`, also `exitcodes`, `proxies`, `archives`), or nil.
    static func named(_ word: String) -> HelpTopic? {
        let lowered = word.lowercased()
        if let topic = HelpTopic(rawValue: lowered) { return topic }
        switch lowered {
        case "exitcodes", "exit", "codes": return .exitCodes
        case "proxies": return .proxy
        case "archives", "zip", "extract": return .archive
        case "cookie", "referer": return .cookies
        case "hook", "webhook": return .hooks
        case "mirror", "metalink": return .mirrors
        case "env": return .environment
        case "retries", "tls", "https": return .network
        default: return nil
        }
    }

    func text(columns: Int?) -> String {
        let download = HaulCommand.helpMessage(for: DownloadCommand.self, columns: columns)
        func options(_ names: [String]) -> String {
            "OPTIONS:\n" + HelpEntries(download).named(names).joined(separator: "\n")
        }
        func abstracts(_ commands: [any ParsableCommand.Type]) -> String {
            let root = HaulCommand.helpMessage(columns: columns)
            let names = Set(commands.map { $0._commandName })
            let entries = HelpEntries(root).entries.filter { entry in
                names.contains { entry.text.hasPrefix("  \($0) ") || entry.text == "  \($0)" }
            }
            return "SUBCOMMANDS:\n" + entries.map(\.text).joined(separator: "\n")
        }
        let body: String
        switch self {
        case .options:
            body = download.replacingOccurrences(of: "USAGE: haul get ", with: "USAGE: haul [get] ")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        case .network:
            let optionList = options([
                "retries", "retry-wait", "retry-max-time", "stall-timeout", "lowest-speed-limit",
                "lowest-speed-time", "connect-timeout", "cacert", "insecure", "http1.1", "http2", "header", "user-agent",
                "remote-name", "min-split-size", "max-redirects", "allow-insecure-redirect", "refresh-url-command",
                "refresh-url-timeout",
            ])
            body = """
                How hard haul tries, and how it reaches servers. A failure is retried --retries times in a row without
                progress (an attempt that delivered bytes starts the count again), waiting 1, 2, 4, 8, 16, then 30 s
                (times 0.5-1), or a server's Retry-After. A source that is not there (a refused connection, a host
                name that does not resolve) before its first byte fails at once (exit 3), as curl does; an untrusted
                certificate is never retried (exit 11). With several sources (--mirror, a Metalink) such a source, or
                one answering 404 or failing TLS, is dropped and the others carry the download; it fails only when no
                source is left, naming each one's reason (docs/cli.md, "When a source fails").

                \(optionList)
                """
        case .proxy:
            let optionList = options(["proxy", "noproxy"])
            body = """
                --proxy, else the environment as curl reads it: http_proxy for http URLs, https_proxy (or HTTPS_PROXY)
                for https URLs, else all_proxy (or ALL_PROXY); upper-case HTTP_PROXY is ignored on purpose (httpoxy).
                Hosts in --noproxy (else no_proxy, else NO_PROXY) are reached directly. A proxy is
                [http://][USER:PASSWORD@]HOST[:PORT] (http URLs as absolute-form GETs, https through CONNECT) or
                socks5h://HOST[:PORT]; https:// and socks4:// proxies are refused (exit 2). A proxy's 407 exits 4; an
                unreachable one is retried with backoff, then exits 3.

                \(optionList)
                """
        case .cookies:
            let optionList = options(["load-cookies", "cookie", "referer"])
            body = """
                Files behind a login: export the site's cookies from the browser (cookies.txt) and hand them over. Each
                request (redirect hops, every connection, retries, resumes) gets the cookies its domain, path, Secure
                flag and expiry allow; cookies the server sets are kept with the download. Values are never shown.

                  haul --load-cookies cookies.txt --referer '*' https://example.com/a.iso
                  haul -b 'sid=abc123; lang=en' https://example.com/a.iso

                \(optionList)
                """
        case .hooks:
            let optionList = options([
                "on-download-start", "on-download-pause", "on-download-complete", "on-download-error",
                "on-download-stop", "on-download-webhook", "hook-timeout",
            ])
            body = """
                Run a program when a download starts, pauses, completes, fails or stops, as aria2's options do (aria2
                hook scripts work unchanged): arguments GID, 1, PATH; the rest in HAUL_EVENT, HAUL_GID, HAUL_ID,
                HAUL_PATH, HAUL_URL, HAUL_FINAL_URL, HAUL_SIZE, HAUL_CHECKSUM, HAUL_ERROR, HAUL_EXIT_CODE. Run directly,
                never through a shell; output to standard error; a hook never holds up or fails a download. haul,
                haul resume and haul daemon take them, on the command line only (never from an input file or RPC).

                  haul --on-download-complete ~/bin/notify.sh https://example.com/big.iso

                \(optionList)
                """
        case .mirrors:
            let optionList = options(["mirror", "metalink", "no-follow-metalink", "checksum", "checksum-file"])
            body = """
                Several sources of one file: connections spread over them and move toward the fast ones; a mirror that
                fails, crawls or serves another file (another length, a changed validator) is dropped, never stitched.
                The checksum decides at the end. In an input file, TAB-separated URLs on one line are mirrors.

                  haul --mirror https://mirror1.example/big.iso https://example.com/big.iso
                  haul --checksum-file https://example.com/SHA256SUMS URL

                \(optionList)
                """
        case .archive:
            let optionList = options(["extract", "extract-to", "max-size", "max-ratio", "max-entries"])
            let commandList = abstracts([VerifyCommand.self, UnzipCommand.self, ZipCommand.self])
            body = """
                Zip archives, safely: entries with .., absolute paths or symlinks out of the destination are refused,
                every CRC is checked, caps stop bombs, and a tree appears only once it is complete (exit 9 otherwise).

                  haul --extract https://example.com/data.zip   download, verify, unpack
                  haul unzip archive.zip -d out
                  haul zip out.zip dir1 file2
                  haul verify big.iso sha256=9f86d0...

                \(optionList)

                \(commandList)
                """
        case .queue:
            let optionList = options([
                "max-concurrent", "max-connections", "max-overall-rate", "speed-schedule", "queue-schedule", "state-dir",
            ])
            let commandList = abstracts([
                ListCommand.self, PauseCommand.self, ResumeCommand.self, CancelCommand.self, RemoveCommand.self,
                CleanCommand.self, MoveCommand.self, AddCommand.self, HostsCommand.self,
            ])
            body = """
                Every download is a record in the state database, so the queue is what it holds: haul list shows it,
                haul pause, resume, cancel, remove and move change it from any terminal, and the haul process (or
                daemon) running a download obeys within about a second. A download stays in the haul process
                that holds it: haul resume ID from another terminal resumes a paused one there (its bar waits for
                space) and leaves a running one there, says so, and exits 0.

                \(optionList)

                \(commandList)
                """
        case .exitCodes:
            body = """
                EXIT CODES:
                    0  success (for several URLs: every one succeeded)
                    1  internal error
                    2  usage error: a bad option or URL; a checksum list without the file
                    3  network failure after the retries, or a proxy that cannot be reached
                    4  HTTP error status (404, 403 ...), a refused redirect, or a proxy's 407
                    5  the server broke the protocol in a way that cannot be worked around
                    6  the destination is taken (--on-conflict fail)
                    7  local I/O error: disk full, permissions (the .part stays resumable)
                    8  checksum mismatch (the file is not kept)
                    9  archive error: unsafe, corrupt, truncated or over a cap
                   10  another haul process is downloading the same file right now
                   11  TLS failure: an untrusted certificate or one for another name
                  130  interrupted (Ctrl-C, SIGTERM, q; haul pause or cancel): resumable

                With several URLs, haul goes on after a failure, prints what failed and why, and exits with the code of
                the first failure. The whole table: docs/cli.md, "Exit codes".
                """
        case .environment:
            body = """
                ENVIRONMENT:
                  http_proxy                proxy for http URLs (not HTTP_PROXY: httpoxy)
                  https_proxy, HTTPS_PROXY  proxy for https URLs
                  all_proxy, ALL_PROXY      proxy for either, when the scheme's own is unset
                  no_proxy, NO_PROXY        hosts reached directly (--proxy, --noproxy win)
                  HAUL_STATE_DIR            the state directory (--state-dir wins)
                  XDG_STATE_HOME            else $XDG_STATE_HOME/haul, else ~/.local/state/haul
                  NO_COLOR                  no colours
                  HAUL_TRACE=1              what each connection does, on standard error
                """
        }
        return Self.reflowed(body, width: min(columns ?? 80, 100)) + "\n"
    }

    /// `text` with each paragraph of prose (a block of lines none of which is indented or a title) filled to
    /// `width` columns, the way ArgumentParser wraps the options; tables and examples stay as written.
    static func reflowed(_ text: String, width: Int) -> String {
        text.components(separatedBy: "\n\n").map { block in
            let lines = block.components(separatedBy: "\n")
            guard lines.allSatisfy({ !$0.hasPrefix(" ") && !$0.hasSuffix(":") }) else { return block }
            var filled: [String] = []
            var line = ""
            for word in lines.joined(separator: " ").split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width - 1 {
                    filled.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { filled.append(line) }
            return filled.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
