import Foundation
import HaulKit

/// The service's answers in aria2's result shapes (what `Aria2StatusDictionary` and `Aria2GlobalOptions` do not
/// already write).
enum Aria2Results {
    /// The `tellStatus` keys read from the state database: aria2's `bitfield` (the pieces held as of the last
    /// checkpoint), and Haul's own: the URL the redirects ended at (`haulFinalURL`) and the validators the bytes were
    /// fetched under (`haulETag`, `haulLastModified`).
    static let keysFromStore = ["bitfield", "haulFinalURL", "haulETag", "haulLastModified"]

    /// The stored keys that `keys` asks for (all of them when `keys` is absent or empty, as for aria2's own).
    static func storedKeys(_ keys: [String]?) -> [String] {
        keysFromStore.filter { keys?.isEmpty != false || keys!.contains($0) }
    }

    /// `tellStatus`: aria2's fields, then Haul's keys that have a value, written straight into JSON text
    /// (`Aria2StatusWriter`: the bytes `Aria2StatusDictionary.fields` with the stored keys added would write).
    static func status(_ detail: Aria2StatusDetail, keys: [String]?) -> JSONValue {
        .encoded(Aria2StatusWriter.status(detail, keys: keys))
    }

    /// `tellActive`, `tellWaiting`, `tellStopped`: each download as `tellStatus` gives it, with the same keys.
    static func statuses(_ details: [Aria2StatusDetail], keys: [String]?) -> JSONValue {
        .encoded(Aria2StatusWriter.statuses(details, keys: keys))
    }

    /// `getGlobalOption`, plus Haul's `haul-allow-dir`: the directories RPC clients may save into, one per line (the
    /// web page offers them when adding a download).
    static func globalOptions(_ globals: Aria2GlobalOptions, allowed: [String]) -> JSONValue {
        guard case .object(var fields) = globals.dictionary else { return globals.dictionary }
        fields["haul-allow-dir"] = .string(allowed.joined(separator: "\n"))
        return .object(fields)
    }

    /// `getGlobalStat`: every number a string, as aria2's (written straight into JSON text: a page polls it each
    /// second).
    static func globalStat(_ stat: Aria2GlobalStat) -> JSONValue {
        .encoded(Aria2StatusWriter.globalStat(stat))
    }

    /// `haul.getHostBudgets`: one struct per host, numbers as strings as aria2's, `learnedAt` an ISO 8601 time;
    /// `lesson` is `refused` (binds every download) or `slower` (more connections were no faster: binds `-x auto`).
    static func hostBudgets(_ budgets: [Aria2HostBudget]) -> JSONValue {
        .array(budgets.map { budget in
            [
                "host": .string(budget.learned.host),
                "connections": .string(String(budget.connections)),
                "learned": .string(String(budget.learned.limit)),
                "learnedAt": .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: budget.learned.learnedAt))),
                "reason": .string(budget.learned.reason),
                "lesson": .string(budget.learned.lesson.rawValue),
            ]
        })
    }

    /// aria2's names of the features Haul has (`getVersion`'s `enabledFeatures`; front-ends such as webui-aria2
    /// offer "By Metalinks" only when `Metalink` is listed). None that Haul lacks: no `BitTorrent`, no `GZip`
    /// (content codings are not decoded: the file is saved as served), no `Async DNS` (names are resolved by the
    /// system's resolver on a worker thread, not c-ares), no `Firefox3 Cookie`, `SFTP` or `XML-RPC`.
    static let enabledFeatures = ["HTTPS", "Message Digest", "Metalink"]

    /// `getVersion`: the aria2 version whose RPC interface Haul follows (clients compare it to enable features), and
    /// Haul's own.
    static let version: JSONValue = [
        "version": "1.37.0",
        "enabledFeatures": .array(enabledFeatures.map { .string($0) }),
        "haulVersion": .string(HaulVersion.string),
    ]
}
