/// Writes `tellStatus`'s dictionary and `getGlobalStat`'s straight into JSON bytes: the same text as building the
/// dictionary (`Aria2StatusDictionary.fields` with the stored keys) and writing it (`JSONValue.data`), without a
/// `[String: JSONValue]` per download and without sorting keys. Under a page's polling the dictionaries and their
/// sorted writing were about 14 % of the daemon's CPU (issue 62 point 4; docs/daemon.md).
///
/// The members are written in the order `JSONValue.data` sorts them (by their UTF-8 bytes), fixed here by hand:
/// `Aria2ResultsStatusTests` compares the two writers' bytes for every status, with and without the stored keys
/// and under `keys` filters.
struct Aria2StatusWriter {
    /// The members a status can have, in the order they are written (sorted, as `JSONValue.data` sorts keys).
    enum Key: String, CaseIterable {
        case bitfield, completedLength, connections, dir, downloadSpeed, errorCode, errorMessage, files, gid
        case haulBytesKept, haulBytesReceived, haulChecksum, haulChecksumVerdict, haulETag, haulFinalURL
        case haulLastModified, haulSegments, haulSegmentsDone, numPieces, pieceLength, status, totalLength
        case uploadLength, uploadSpeed
        // `getGlobalStat`'s (`downloadSpeed` and `uploadSpeed` above).
        case numActive, numStopped, numStoppedTotal, numWaiting
    }

    /// The keys `keys` asks for (names no status has are dropped); `nil` for all (absent or empty, as aria2's
    /// filter). Looked up once per call, not once per download.
    private let wanted: Set<Key>?
    private var bytes: [UInt8]
    /// Whether the object being written has a member yet (the next one is preceded by a comma).
    private var hasMember = false

    init(keys: [String]?, capacity: Int) {
        wanted = keys.flatMap { $0.isEmpty ? nil : Set($0.compactMap(Key.init(rawValue:))) }
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// `tellStatus`'s dictionary (what `Aria2Results.status` answers).
    static func status(_ detail: Aria2StatusDetail, keys: [String]?) -> JSONText {
        var writer = Aria2StatusWriter(keys: keys, capacity: 1024)
        writer.write(detail)
        return JSONText(bytes: writer.bytes)
    }

    /// An array of them, one buffer for the whole list.
    static func statuses(_ details: [Aria2StatusDetail], keys: [String]?) -> JSONText {
        var writer = Aria2StatusWriter(keys: keys, capacity: 64 + details.count * (keys == nil ? 900 : 300))
        writer.bytes.append(UInt8(ascii: "["))
        for (index, detail) in details.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.write(detail)
        }
        writer.bytes.append(UInt8(ascii: "]"))
        return JSONText(bytes: writer.bytes)
    }

    /// `getGlobalStat`'s dictionary, every number a string.
    static func globalStat(_ stat: Aria2GlobalStat) -> JSONText {
        var writer = Aria2StatusWriter(keys: nil, capacity: 160)
        writer.bytes.append(UInt8(ascii: "{"))
        writer.member(.downloadSpeed, number: Int64(stat.downloadSpeed))
        writer.member(.numActive, number: Int64(stat.active))
        writer.member(.numStopped, number: Int64(stat.stopped))
        writer.member(.numStoppedTotal, number: Int64(stat.stoppedTotal))
        writer.member(.numWaiting, number: Int64(stat.waiting))
        writer.member(.uploadSpeed, number: 0)
        writer.bytes.append(UInt8(ascii: "}"))
        return JSONText(bytes: writer.bytes)
    }

    /// One download's dictionary: the values as `Aria2StatusDictionary.fields` and `Aria2Results.status` decide
    /// them, the members in sorted order.
    private mutating func write(_ detail: Aria2StatusDetail) {
        let download = detail.download
        let total = download.totalBytes ?? 0
        let completed = download.status == .complete ? max(download.bytesDone, total) : download.bytesDone
        let active = download.status == .active
        let pieceLength = Aria2StatusDictionary.pieceLength
        var errorCode: Int?
        var errorMessage: String?
        switch download.status {
        case .error: (errorCode, errorMessage) = (download.errorCode ?? Aria2ErrorCode.unknown, download.errorMessage ?? "failed")
        case .complete, .removed: (errorCode, errorMessage) = (0, "")
        default: break
        }
        let checksum = download.checksumVerdict.flatMap { verdict in download.checksum.map { ($0, verdict) } }
        let bytesCounted = download.bytesReceived.flatMap { received in download.bytesKept.map { (received, $0) } }
        let segments = download.segmentsDone.flatMap { done in download.segmentsTotal.map { (done, $0) } }

        bytes.append(UInt8(ascii: "{"))
        hasMember = false
        member(.bitfield, string: detail.bitfield)
        member(.completedLength, number: completed)
        member(.connections, number: Int64(active ? download.connections : 0))
        if wants(.dir) {
            open(.dir)
            JSONValue.write(string: download.directoryInPath, to: &bytes)
        }
        member(.downloadSpeed, number: active ? Int64(download.speed) : 0)
        member(.errorCode, number: errorCode.map(Int64.init))
        member(.errorMessage, string: errorMessage)
        if wants(.files) {
            open(.files)
            writeFiles(download, total: total, completed: completed)
        }
        if wants(.gid) {
            open(.gid)
            writeGID(download.id)
        }
        member(.haulBytesKept, number: bytesCounted?.1)
        member(.haulBytesReceived, number: bytesCounted?.0)
        member(.haulChecksum, string: checksum?.0)
        member(.haulChecksumVerdict, string: checksum?.1)
        member(.haulETag, string: detail.etag)
        member(.haulFinalURL, string: detail.finalURL)
        member(.haulLastModified, string: detail.lastModified)
        member(.haulSegments, number: segments.map { Int64($0.1) })
        member(.haulSegmentsDone, number: segments.map { Int64($0.0) })
        member(.numPieces, number: (total + pieceLength - 1) / pieceLength)
        member(.pieceLength, number: pieceLength)
        member(.status, string: download.status.rawValue)
        member(.totalLength, number: total)
        member(.uploadLength, number: 0)
        member(.uploadSpeed, number: 0)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `files` (`Aria2StatusDictionary.files`): the one file, its one URI (`keys` filters the status's members, not these).
    private mutating func writeFiles(_ download: Aria2Download, total: Int64, completed: Int64) {
        bytes.append(contentsOf: #"[{"completedLength":"#.utf8)
        quoted(completed)
        bytes.append(contentsOf: #","index":"1","length":"#.utf8)
        quoted(total)
        bytes.append(contentsOf: #","path":"#.utf8)
        JSONValue.write(string: download.path, to: &bytes)
        bytes.append(contentsOf: #","selected":"true","uris":[{"status":"used","uri":"#.utf8)
        JSONValue.write(string: download.url, to: &bytes)
        bytes.append(contentsOf: "}]}]".utf8)
    }

    private func wants(_ key: Key) -> Bool { wanted?.contains(key) ?? true }

    /// Starts a member: the comma before all but the first, and the key (plain ASCII: no escape needed).
    private mutating func open(_ key: Key) {
        if hasMember { bytes.append(UInt8(ascii: ",")) }
        hasMember = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.rawValue.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    /// A string member, when it has a value and `keys` asks for it.
    private mutating func member(_ key: Key, string value: String?) {
        guard let value, wants(key) else { return }
        open(key)
        JSONValue.write(string: value, to: &bytes)
    }

    /// A number member written as a string (aria2's way), when it has a value and `keys` asks for it.
    private mutating func member(_ key: Key, number value: Int64?) {
        guard let value, wants(key) else { return }
        open(key)
        quoted(value)
    }

    /// `GID(id).description` in quotes, its 16 hex digits written here (no `String` made for each download).
    private mutating func writeGID(_ id: Int64) {
        let value = UInt64(bitPattern: id)
        bytes.append(UInt8(ascii: "\""))
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func quoted(_ value: Int64) {
        bytes.append(UInt8(ascii: "\""))
        JSONValue.write(integer: value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
