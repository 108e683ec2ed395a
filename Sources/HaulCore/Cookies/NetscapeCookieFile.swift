/// The Netscape `cookies.txt` that browsers' export extensions, curl (`-c`) and wget (`--save-cookies`) write and
/// `--load-cookies` reads: one cookie per line, seven TAB-separated fields
/// `domain  include-subdomains  path  secure  expires  name  value`.
///
/// `#HttpOnly_` before the domain (curl's mark for HttpOnly cookies) is removed and the cookie kept: HttpOnly only
/// hides a cookie from scripts, and a download is no script. Other `#` lines and blank lines are comments.
/// `expires` 0 is a session cookie. A line with fewer than seven fields is an error naming the line, not skipped:
/// a cookie silently lost is a download that fails with 403 and no hint why. The error never shows a value.
public enum NetscapeCookieFile {
    /// Why a cookies file was refused.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line.
        public let line: Int
        /// What is wrong (never the cookie's value).
        public let reason: String

        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads a cookies file.
    /// - Throws: ``ParseError`` for a line that is not seven fields or has a bad flag or expiry.
    public static func parse(_ text: String) throws(ParseError) -> [Cookie] {
        var cookies: [Cookie] = []
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("#HttpOnly_") {
                line = line.dropFirst("#HttpOnly_".count)
            } else if line.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7 else {
                throw ParseError(line: number, reason: "expected 7 TAB-separated fields (domain, subdomains, path, secure, expires, name, value), got \(fields.count)")
            }
            guard let subdomains = flag(fields[1]), let secure = flag(fields[3]) else {
                throw ParseError(line: number, reason: "the subdomain and secure fields must be TRUE or FALSE")
            }
            guard let expires = Int64(fields[4]) else {
                throw ParseError(line: number, reason: "the expiry must be a Unix time in seconds (0 for a session cookie)")
            }
            let domain = String(fields[0])
            guard !domain.isEmpty, !fields[5].isEmpty else {
                throw ParseError(line: number, reason: "a cookie needs a domain and a name")
            }
            // A value may itself hold TABs: everything after the sixth TAB is the value.
            let value = fields[6...].joined(separator: "\t")
            cookies.append(Cookie(
                name: String(fields[5]), value: value, domain: domain,
                hostOnly: !subdomains, path: String(fields[2]), secure: secure, expires: expires == 0 ? nil : expires
            ))
        }
        return cookies
    }

    private static func flag(_ field: Substring) -> Bool? {
        switch field.uppercased() {
        case "TRUE": return true
        case "FALSE": return false
        default: return nil
        }
    }
}
