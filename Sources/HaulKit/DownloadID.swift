/// A download's identity: the number its record has in the state database, given by `HaulClient.prepare` or
/// `DownloadManager.add` and kept for the record's life (across restarts of the process, which find it again through
/// `HaulClient.storedDownloads()` or `DownloadManager.restore()`).
///
/// A type of its own, not a bare `Int64`, so that an id cannot be passed where a byte count, a priority or a queue
/// position is meant. It is still a number where one is handy: a literal is an id (`manager.pause(42)`), it sorts
/// by the number (ids grow as downloads are added), it reads as the number (`"\(id)"`), and it encodes as a bare
/// JSON number (`{"id":42}`), so stored or sent JSON keeps its shape. `rawValue` gives the number to store
/// elsewhere; `DownloadID(rawValue:)` takes it back.
///
/// ```swift
/// let id = try await manager.add(DownloadRequest(url: url, destination: file))
/// try await manager.pause(id)
/// UserDefaults.standard.set(id.rawValue, forKey: "current")  // later: DownloadID(rawValue: ...)
/// ```
public struct DownloadID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The record's number in the state database.
    public var rawValue: Int64

    /// The id whose number is `rawValue`.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The id whose number is `rawValue`, without the label.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders by the number: the order the downloads were added in.
    public static func < (lhs: DownloadID, rhs: DownloadID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The number, as `haul list` shows it.
    public var description: String { String(rawValue) }
}

extension DownloadID: ExpressibleByIntegerLiteral {
    /// An id written as a number: `manager.pause(42)`.
    public init(integerLiteral value: Int64) {
        self.rawValue = value
    }
}

extension DownloadID: Codable {
    /// Reads a bare number (`42`), the shape `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Writes the bare number (`42`), not an object: JSON that carried an `Int64` id keeps its shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
