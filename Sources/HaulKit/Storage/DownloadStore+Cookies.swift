import Foundation
import GRDB
import HaulCore

/// The cookies a download holds, kept in their own column beside the request.
///
/// The request (`optionsJSON`) holds the cookies it was given; this column holds the jar as it stands after the
/// server's `Set-Cookie`s, so a resume, in this process or after a restart, sends what the server last set. Apart
/// from `optionsJSON` because the running task rewrites its options (a `Content-Disposition` name, a new rate limit)
/// from its own copy, which would drop a cookie set meanwhile.
extension DownloadStore {
    /// Stores the jar of download `id`.
    func saveCookies(_ jar: CookieJar, of id: Int64) throws {
        let json = String(decoding: try JSONEncoder().encode(jar), as: UTF8.self)
        try write { db in
            try db.execute(sql: "UPDATE download SET cookieJar = ? WHERE id = ?", arguments: [json, id])
        }
    }

    /// The stored jar of download `id`, or `nil` when no response has set a cookie yet.
    func cookies(of id: Int64) throws -> CookieJar? {
        let json = try read { db in
            // A cached statement: this runs for every download a run starts, and preparing the SQL cost more than
            // the query (about 1.5 % of the CPU of 60 small files, perf, issue 61), as in `record(id:)`.
            try String.fetchOne(db.cachedStatement(sql: "SELECT cookieJar FROM download WHERE id = ?"), arguments: [id])
        }
        guard let json else { return nil }
        return try? JSONDecoder().decode(CookieJar.self, from: Data(json.utf8))
    }
}
