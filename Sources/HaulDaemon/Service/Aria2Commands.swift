import Foundation

/// Why the service refused a command: told to an RPC client as aria2's error (code 1) with this message.
package struct CommandRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// `aria2.addUri`: one download of `uris[0]` (for aria2 the others are mirrors of one file; Haul fetches from the
/// first and never mixes two servers' bytes).
package struct AddURIs: Sendable, Equatable {
    /// At least one; http and https only (the RPC layer refuses the rest).
    package var uris: [URL]
    package var options: Aria2AddOptions
    /// The place in the waiting list (0: first); `nil`: the end.
    package var position: Int?

    package init(uris: [URL], options: Aria2AddOptions = Aria2AddOptions(), position: Int? = nil) {
        self.uris = uris
        self.options = options
        self.position = position
    }
}

/// `aria2.addMetalink`: the files of a Metalink v4 document, one download each.
package struct AddMetalink: Sendable, Equatable {
    /// The document's bytes (base64-decoded).
    package var document: Data
    package var options: Aria2AddOptions
    /// The first file's place in the waiting list (the others follow it); `nil`: the end.
    package var position: Int?

    package init(document: Data, options: Aria2AddOptions = Aria2AddOptions(), position: Int? = nil) {
        self.document = document
        self.options = options
        self.position = position
    }
}

/// `aria2.changeUri`: the URIs to delete from and add to one file of a download.
package struct ChangeURIs: Sendable, Equatable {
    package var gid: String
    /// 1-based, as aria2's; a Haul download has one file.
    package var fileIndex: Int
    package var delete: [String]
    package var add: [String]
    /// Where the added URIs go among aria2's list (Haul keeps one URL, so it does not matter).
    package var position: Int?

    package init(gid: String, fileIndex: Int, delete: [String], add: [String], position: Int? = nil) {
        self.gid = gid
        self.fileIndex = fileIndex
        self.delete = delete
        self.add = add
        self.position = position
    }
}

/// `aria2.changeOption`: what may change on a download that exists.
package struct ChangeDownloadOptions: Sendable, Equatable {
    package var gid: String
    /// `max-download-limit` in bytes per second (0: none); `nil`: unchanged.
    package var rateLimit: Int64?
    /// The other options, as given: each must say what `getOption` shows (`Aria2FixedOptions.checkChange`).
    package var others: [String: JSONValue] = [:]

    package init(gid: String, rateLimit: Int64? = nil) {
        self.gid = gid
        self.rateLimit = rateLimit
    }
}

/// `aria2.getGlobalStat`: counts and the overall speed.
package struct Aria2GlobalStat: Sendable, Equatable {
    /// Bytes per second over the active downloads.
    package var downloadSpeed: Int64
    package var active: Int
    package var waiting: Int
    package var stopped: Int
    /// aria2's `numStoppedTotal`: the stopped downloads held, and those this run forgot by `purgeDownloadResult`
    /// or `removeDownloadResult` (aria2 counts every download stopped in its session, results forgotten or not).
    package var stoppedTotal: Int
}

/// `aria2.tellStatus` of one download, with what only the state database knows (Haul's own keys).
package struct Aria2StatusDetail: Sendable, Equatable {
    package var download: Aria2Download
    /// The URL the redirects ended at.
    package var finalURL: String?
    /// The validators the bytes were fetched under.
    package var etag: String?
    package var lastModified: String?
    /// aria2's `bitfield` (`Aria2Bitfield`): the pieces held as of the last checkpoint.
    package var bitfield: String?
}
