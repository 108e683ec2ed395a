import Foundation
import HaulCore

extension CookieSession {
    /// The cookie session of one run of download `id`: the jar stored by an earlier run (cookies the server set,
    /// kept across pauses and restarts), plus the request's own cookies that it does not hold yet (a cookie the
    /// server replaced or deleted stays as the server left it), each change saved back to the store.
    ///
    /// A failed save is not a failed download: the cookie still goes with this run's requests, and only a resume
    /// after a restart would miss it, so it is ignored here.
    static func restoring(download id: Int64, request: DownloadRequest, store: DownloadStore) throws -> CookieSession {
        var jar = try store.cookies(of: id) ?? CookieJar()
        for cookie in request.cookies where !jar.holds(cookie) { jar.add(cookie) }
        jar.removeExpired(now: Int64(Date().timeIntervalSince1970))
        return CookieSession(jar) { changed in try? store.saveCookies(changed, of: id) }
    }
}
