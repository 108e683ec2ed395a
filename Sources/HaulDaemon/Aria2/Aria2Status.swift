import HaulCore

/// aria2's download status, from Haul's lifecycle state.
package enum Aria2Status: String, Sendable, CaseIterable {
    case active, waiting, paused, error, complete, removed

    /// queued -> waiting, downloading -> active, paused -> paused, failed -> error, completed -> complete,
    /// cancelled -> removed.
    package init(_ state: DownloadState) {
        switch state {
        case .queued: self = .waiting
        case .downloading: self = .active
        case .paused: self = .paused
        case .failed: self = .error
        case .completed: self = .complete
        case .cancelled: self = .removed
        }
    }

    /// Which of aria2's three lists (`tellActive`, `tellWaiting`, `tellStopped`) holds a download in this status.
    package var list: Aria2List {
        switch self {
        case .active: return .active
        case .waiting, .paused: return .waiting
        case .error, .complete, .removed: return .stopped
        }
    }
}

/// aria2's three lists of downloads.
package enum Aria2List: Sendable { case active, waiting, stopped }

/// What the daemon knows about one download, in the terms aria2's status dictionary needs.
package struct Aria2Download: Sendable, Equatable {
    package var id: Int64
    package var status: Aria2Status
    package var url: String
    /// The file's path (its final name once decided).
    package var path: String
    package var totalBytes: Int64?
    package var bytesDone: Int64
    /// Bytes per second now.
    package var speed: Double
    /// Connections moving bytes now.
    package var connections: Int
    /// The connections asked for (aria2's `split`).
    package var requestedConnections: Int
    /// aria2's numeric error code (see `Aria2ErrorCode`), for `error`.
    package var errorCode: Int?
    package var errorMessage: String?
    /// The expected digest in Haul's form, `sha256=HEX`.
    package var checksum: String?
    /// The download's own rate limit.
    package var rateLimit: Int64?
    package var headers: [String]
    /// aria2's `stream-piece-selector=inorder` (Haul's `--in-order`): the file's beginning first.
    package var inOrder = false
    /// aria2's `min-split-size` (`DownloadRequest.minimumSplitSize`); `nil` when the download's request is not at
    /// hand (`getOption` then shows Haul's default).
    package var minimumSplitSize: Int64?
    /// The body bytes the download's latest run received from the network, on every connection
    /// (`DownloadProgress.bytesReceived`); nil before this daemon heard its progress.
    package var bytesReceived: Int64?
    /// Of those, the file's bytes the run kept (`DownloadProgress.bytesKept`).
    package var bytesKept: Int64?
    /// For an HLS stream, its segments (and init sections) written and known, from the run's progress; `nil` for a
    /// file, or before this daemon heard the stream's progress.
    package var segmentsDone: Int?
    /// For an HLS stream, the segments its playlist names (see `segmentsDone`).
    package var segmentsTotal: Int?

    package init(
        id: Int64, status: Aria2Status, url: String, path: String, totalBytes: Int64?, bytesDone: Int64,
        speed: Double = 0, connections: Int = 0, requestedConnections: Int = 1, errorCode: Int? = nil,
        errorMessage: String? = nil, checksum: String? = nil, rateLimit: Int64? = nil, headers: [String] = [],
        inOrder: Bool = false, minimumSplitSize: Int64? = nil, bytesReceived: Int64? = nil, bytesKept: Int64? = nil,
        segmentsDone: Int? = nil, segmentsTotal: Int? = nil
    ) {
        self.segmentsDone = segmentsDone
        self.segmentsTotal = segmentsTotal
        self.bytesReceived = bytesReceived
        self.bytesKept = bytesKept
        self.inOrder = inOrder
        self.minimumSplitSize = minimumSplitSize
        self.id = id
        self.status = status
        self.url = url
        self.path = path
        self.totalBytes = totalBytes
        self.bytesDone = bytesDone
        self.speed = speed
        self.connections = connections
        self.requestedConnections = requestedConnections
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.checksum = checksum
        self.rateLimit = rateLimit
        self.headers = headers
    }

    /// The directory the file is in.
    package var directory: String { String(directoryInPath) }

    /// `directory` as a part of `path` (or a literal): a status written straight into bytes copies it from there.
    var directoryInPath: Substring {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : path[..<slash]
    }

    /// Haul's verdict on the checksum: `verified` once complete (a download with a checksum only completes when it
    /// matches), `mismatch` when it failed on it, `pending` before; `nil` without a checksum.
    package var checksumVerdict: String? {
        guard checksum != nil else { return nil }
        switch status {
        case .complete: return "verified"
        case .error where errorCode == Aria2ErrorCode.checksumMismatch: return "mismatch"
        default: return "pending"
        }
    }
}

/// Builds aria2's dictionaries (`tellStatus`, `getFiles`, `getUris`, `getServers`) from an `Aria2Download`.
/// Values are strings where aria2 sends strings (numbers and booleans included).
package enum Aria2StatusDictionary {
    /// aria2's piece length; Haul has no pieces, so `numPieces` is the length divided by this, for clients that show it.
    package static let pieceLength: Int64 = 1 << 20

    /// The status dictionary, reduced to `keys` when they are given and not empty (aria2's `keys` filter).
    package static func status(_ download: Aria2Download, keys: [String]? = nil) -> JSONValue {
        .object(fields(download, keys: keys))
    }

    /// `status(_:keys:)`'s members. The answers on the wire (`Aria2Results.status`) are written straight into bytes
    /// by `Aria2StatusWriter`, which must write what these members write: a member added here is added there too
    /// (`Aria2ResultsStatusTests` compares the two).
    static func fields(_ download: Aria2Download, keys: [String]?) -> [String: JSONValue] {
        let total = download.totalBytes ?? 0
        let completed = download.status == .complete ? max(download.bytesDone, total) : download.bytesDone
        // Made at its final size: 12 members and at most 8 more below.
        var fields = [String: JSONValue](minimumCapacity: 20)
        fields["gid"] = .string(GID(download.id).description)
        fields["status"] = .string(download.status.rawValue)
        fields["totalLength"] = .string(String(total))
        fields["completedLength"] = .string(String(completed))
        fields["uploadLength"] = "0"
        fields["downloadSpeed"] = .string(String(download.status == .active ? Int64(download.speed) : 0))
        fields["uploadSpeed"] = "0"
        fields["connections"] = .string(String(download.status == .active ? download.connections : 0))
        fields["pieceLength"] = .string(String(pieceLength))
        fields["numPieces"] = .string(String((total + pieceLength - 1) / pieceLength))
        fields["dir"] = .string(download.directory)
        fields["files"] = files(download)
        switch download.status {
        case .error:
            fields["errorCode"] = .string(String(download.errorCode ?? Aria2ErrorCode.unknown))
            fields["errorMessage"] = .string(download.errorMessage ?? "failed")
        case .complete, .removed:
            fields["errorCode"] = "0"
            fields["errorMessage"] = ""
        default:
            break
        }
        // Haul's own: the expected digest and whether it held (aria2 has no such keys).
        if let checksum = download.checksum, let verdict = download.checksumVerdict {
            fields["haulChecksum"] = .string(checksum)
            fields["haulChecksumVerdict"] = .string(verdict)
        }
        // Haul's own: what crossed the wire and what the file kept (issue 56).
        if let received = download.bytesReceived, let kept = download.bytesKept {
            fields["haulBytesReceived"] = .string(String(received))
            fields["haulBytesKept"] = .string(String(kept))
        }
        // Haul's own: an HLS stream's segments written and known (its totalLength is estimated from them and grows).
        if let done = download.segmentsDone, let total = download.segmentsTotal {
            fields["haulSegmentsDone"] = .string(String(done))
            fields["haulSegments"] = .string(String(total))
        }
        if let keys, !keys.isEmpty {
            fields = fields.filter { keys.contains($0.key) }
        }
        return fields
    }

    /// `getFiles`: Haul downloads one file per download.
    package static func files(_ download: Aria2Download) -> JSONValue {
        let total = download.totalBytes ?? 0
        let completed = download.status == .complete ? max(download.bytesDone, total) : download.bytesDone
        return [
            [
                "index": "1",
                "path": .string(download.path),
                "length": .string(String(total)),
                "completedLength": .string(String(completed)),
                "selected": "true",
                "uris": uris(download),
            ]
        ]
    }

    /// `getUris`: the one URL, `used`.
    package static func uris(_ download: Aria2Download) -> JSONValue {
        [["uri": .string(download.url), "status": "used"]]
    }

    /// `getServers`: the URL and the download's speed while it runs (none otherwise, as aria2).
    package static func servers(_ download: Aria2Download) -> JSONValue {
        guard download.status == .active else { return [] }
        return [
            [
                "index": "1",
                "servers": [
                    [
                        "uri": .string(download.url), "currentUri": .string(download.url),
                        "downloadSpeed": .string(String(Int64(download.speed))),
                    ]
                ],
            ]
        ]
    }
}
