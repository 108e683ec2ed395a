import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `--load-cookies FILE`, `-b/--cookie 'NAME=VALUE; ...'` and `--referer URL|*` for `haul get`.
///
/// How cookies travel today: the cookies that match a download's URL (``CookieJar``: domain, path, `Secure`,
/// expiry) are sent as one `Cookie` header with its requests. Like a `-H Cookie:` header, it is dropped when a
/// redirect leaves the URL's origin (http-rules.md rule 14), so a cookie never reaches another site; a cookie meant
/// only for the redirect's target is not sent either (that needs the jar consulted per request by the engine).
/// Cookie values are never printed: errors name the file and line, not the value.
struct CookieOptions: ParsableArguments {
    @Option(name: .customLong("load-cookies"), help: ArgumentHelp("Send the cookies of this Netscape cookies.txt file (as browsers export it, and curl and wget write it) that match each URL.", valueName: "FILE"))
    var cookieFile: String?

    @Option(name: [.customShort("b", allowingJoined: true), .customLong("cookie")], help: ArgumentHelp("Send these cookies to the download's own host (repeatable).", valueName: "'NAME=VALUE; ...'"))
    var cookies: [String] = []

    @Option(name: .customLong("referer"), help: ArgumentHelp("The Referer header; '*' is the download's own URL (as in aria2c).", valueName: "URL"))
    var referer: String?

    func validate() throws {
        for cookie in cookies where CookieJar.cookies(fromHeaderValue: cookie, host: "h") == nil {
            throw ValidationError("-b/--cookie takes 'NAME=VALUE; NAME2=VALUE2' (a part has no NAME=)")
        }
        if let referer, referer != "*" {
            guard let url = URL(string: referer), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--referer takes an http or https URL, or '*' for the download's own URL")
            }
        }
    }

    /// The cookies of `--load-cookies`, read once.
    /// - Throws: `HaulError(.usage)` naming the file (and line), never a value.
    func loadedCookies() throws -> [Cookie] {
        guard let cookieFile else { return [] }
        guard let data = FileManager.default.contents(atPath: cookieFile) else {
            throw HaulError(.usage, "cannot read the cookies file \(cookieFile)")
        }
        do {
            return try NetscapeCookieFile.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw HaulError(.usage, "cookies file \(cookieFile): \(error)")
        }
    }

    /// `headers` with this download's `Cookie` (merged into one header with any `-H Cookie:`) and `Referer`.
    func headers(for url: URL, loaded: [Cookie], adding headers: [DownloadRequest.Header]) -> [DownloadRequest.Header] {
        var result = headers
        let host = url.host ?? ""
        var jar = CookieJar(loaded)
        for text in cookies { for cookie in CookieJar.cookies(fromHeaderValue: text, host: host) ?? [] { jar.add(cookie) } }
        let path = url.path.isEmpty ? "/" : url.path
        if let value = jar.headerValue(scheme: url.scheme ?? "http", host: host, path: path, now: Int64(Date().timeIntervalSince1970)) {
            if let index = result.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
                result[index].value += "; " + value
            } else {
                result.append(DownloadRequest.Header(name: "Cookie", value: value))
            }
        }
        if let value = Referer.value(option: referer, downloadURL: url.absoluteString),
            !result.contains(where: { $0.name.lowercased() == "referer" }) {
            result.append(DownloadRequest.Header(name: "Referer", value: value))
        }
        return result
    }
}
