import Foundation
import HaulCore

extension DownloadPlan {
    /// What a download is fetched with beyond its URL's request (`request(...)`): its cookies, its mirrors and the
    /// HLS choice, as the user gave them to `haul get` (and its `-i` lines and Metalink files), `haul add` or the
    /// daemon's `addUri` (issue #52, point 1). Each front-end passes the values as given; `apply(to:now:)` decides
    /// what the request carries, once for all of them. A library app sets the same `DownloadRequest` fields itself;
    /// `URLFrontEndTests` checks that every front-end makes that request.
    package struct Extras: Sendable, Equatable {
        /// The cookies of a cookies file (`--load-cookies`), read by the front-end; an expired one is not kept.
        package var loadedCookies: [Cookie]
        /// `-b 'NAME=VALUE; ...'` texts: cookies for the download's own host (host-only).
        package var cookies: [String]
        /// Other sources of the same file as given (`--mirror`, an `-i` line's TAB-separated URLs, `addUri`'s
        /// other URIs); `nil` leaves the request's (a Metalink file's are its document's).
        package var mirrors: [String]?
        /// The HLS choice (`--hls-variant`/`--hls-audio`, the daemon's `haul-hls-variant`/`haul-hls-audio`); `nil`
        /// leaves the request's (`haul get` gives its choice to its stream runner, not to the request).
        package var hls: HLSChoice?

        package init(loadedCookies: [Cookie] = [], cookies: [String] = [], mirrors: [String]? = nil, hls: HLSChoice? = nil) {
            self.loadedCookies = loadedCookies
            self.cookies = cookies
            self.mirrors = mirrors
            self.hls = hls
        }

        /// Gives `request` its cookies, mirrors and HLS choice.
        ///
        /// The cookies go into `DownloadRequest.cookies`, not into a header: the engine picks, for every request
        /// (each redirect hop, retry and resume), the cookies whose domain, path, `Secure` flag and expiry match
        /// that request's URL, so a cookie for the site a redirect leads to is sent there and no cookie reaches a
        /// site it is not for. The loaded cookies that have not expired at `now` are kept with the download, so a
        /// resume after a restart sends them again without the file; `-b` cookies, read for the URL's host, come
        /// after them (the same name replaces). A mirror is kept when it is a URL Haul downloads
        /// (`DownloadURLRule`, the front-ends' own check).
        ///
        /// - Parameter now: Seconds since the epoch, for the loaded cookies' expiry.
        package func apply(to request: inout DownloadRequest, now: Int64) {
            if !loadedCookies.isEmpty || !cookies.isEmpty {
                let host = request.url.host ?? ""
                var jar = CookieJar(request.cookies)
                for cookie in loadedCookies where cookie.expires.map({ $0 > now }) ?? true { jar.add(cookie) }
                for text in cookies { for cookie in CookieJar.cookies(fromHeaderValue: text, host: host) ?? [] { jar.add(cookie) } }
                request.cookies = jar.cookies
            }
            if let mirrors { request.mirrors = mirrors.compactMap(DownloadURLRule.url) }
            if let hls {
                request.hlsVariant = hls.variant
                request.hlsAudioLanguage = hls.audioLanguage
            }
        }
    }

    /// Which variant of an HLS master playlist, and which of its audio renditions, a stream is saved from.
    package struct HLSChoice: Sendable, Equatable {
        package var variant: HLSVariantChoice
        /// The audio's language (`LANGUAGE`); `nil`: the variant's default audio.
        package var audioLanguage: String?

        /// The choice for what was asked: the highest bandwidth (`best`) when no variant was, the variant's default
        /// audio when no language was.
        package init(variant: HLSVariantChoice?, audioLanguage: String?) {
            self.variant = variant ?? .best
            self.audioLanguage = audioLanguage
        }
    }
}
