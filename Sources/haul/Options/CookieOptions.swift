import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `--load-cookies FILE`, `-b/--cookie 'NAME=VALUE; ...'` and `--referer URL|*` for `haul get`.
///
/// The cookies become the download's own (`DownloadRequest.cookies`, see `DownloadPlan.Extras`); a `-H Cookie:`
/// header stays a header and, like every credential header, is dropped when a redirect leaves the URL's origin
/// (http-rules.md rule 14). Cookie values are never printed: errors name the file and line, not the value.
struct CookieOptions: Equatable, Sendable {
    var cookieFile: String?
    var cookies: [String]
    var referer: String?

    static let defaults = CookieOptions(cookieFile: nil, cookies: [], referer: nil)

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

    /// Gives `request` its cookies (and `mirrors` and the HLS choice, when given: `DownloadPlan.Extras` decides
    /// them, as for every front-end) and its `Referer`.
    ///
    /// `-b` cookies belong to the download's own host (host-only); the cookies of `--load-cookies` that have not
    /// expired are kept with the download, so `haul resume` after a restart sends them again without the file.
    func apply(to request: inout DownloadRequest, loaded: [Cookie], mirrors: [String]? = nil, hls: DownloadPlan.HLSChoice? = nil) {
        DownloadPlan.Extras(loadedCookies: loaded, cookies: cookies, mirrors: mirrors, hls: hls)
            .apply(to: &request, now: Int64(Date().timeIntervalSince1970))
        if let value = Referer.value(option: referer, downloadURL: request.url.absoluteString),
            !request.headers.contains(where: { $0.name.lowercased() == "referer" }) {
            request.headers.append(DownloadRequest.Header(name: "Referer", value: value))
        }
    }
}
