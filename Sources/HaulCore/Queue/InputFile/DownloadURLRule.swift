import Foundation

/// Whether a text is a URL Haul downloads, decided once for every front-end (issue #52, point 1): `haul get` and
/// `haul add` (and their `--mirror`s and webhooks), a library `DownloadRequest`, the daemon's `aria2.addUri`,
/// `aria2.changeUri` and `aria2.addMetalink`, the MCP `add_downloads` tool, `DownloadManager.changeSource` and
/// `--refresh-url-command`. Each keeps its own error type and code; the decision and its sentence are these.
///
/// A URL Haul downloads is what an `-i` list line must be (`InputFileOption.problem(withURL:)`, the same check): an
/// http or https scheme (any case), `//` and a host, no spaces or control characters (curl refuses them too: a
/// space is written `%20`), and one Foundation parses with that host, as the engine fetches Foundation's `URL`.
/// Credentials in it (`http://user:pass@host/`) are taken, as curl and aria2c take them.
package enum DownloadURLRule {
    /// Why `text` is not a URL Haul downloads, as the sentence every front-end refuses it with, or `nil` when it is:
    /// "'ftp://h/f' is not an http or https URL", "'http://' is not an http or https URL: it has no host".
    package static func refusal(of text: String) -> String? {
        guard let reason = problem(with: text) else { return nil }
        return "'\(shown(text))' is not an http or https URL" + reason
    }

    /// `refusal(of:)` for a URL already made (a library's `DownloadRequest`, a refreshed link): its text.
    package static func refusal(of url: URL) -> String? {
        refusal(of: url.absoluteString)
    }

    /// `text` as a URL when Haul downloads it (`refusal(of:)` is `nil`), else `nil`. Foundation reads it once (an
    /// `-i` line's URL and mirrors are read here, each once).
    package static func url(_ text: String) -> URL? {
        InputFileOption.problem(withURL: Substring(text)) == nil ? foundationURL(text) : nil
    }

    /// `text` as Foundation reads it, when it has a host: the URL the engine fetches.
    private static func foundationURL(_ text: String) -> URL? {
        guard let url = URL(string: text), url.host?.isEmpty == false else { return nil }
        return url
    }

    /// What follows "is not an http or https URL" in the refusal ("" when the scheme or form says it), or `nil`
    /// when `text` is one.
    private static func problem(with text: String) -> String? {
        switch InputFileOption.problem(withURL: Substring(text)) {
        case .unsupportedScheme?: return ""
        case .some:
            // Said only of a text that begins as one (`http://`): "not a url" is not one, whatever is in it.
            guard let colon = text.firstIndex(of: ":"), ["http", "https"].contains(text[..<colon].lowercased()),
                text[colon...].hasPrefix("://")
            else { return "" }
            if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
                return ": it has a space or control character (write a space as %20)"
            }
            return ": it has no host"
        case nil:
            // The engine fetches Foundation's `URL`: a text it cannot read (a bad port, say) or reads without the
            // host is refused here, not when the download starts.
            return foundationURL(text) == nil ? "" : nil
        }
    }

    /// `text` as a refusal shows it: control characters written as `\u{…}` (a CR in a message could hide the rest
    /// of the line), and cut after 200 characters (a URL printed by a command may be anything).
    private static func shown(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 200 ? shown + "…" : shown
    }
}
