import HaulKit

/// aria2's download key: 16 lowercase hex digits.
///
/// Haul's GID is its database id written as 16 hex digits of its 64-bit two's-complement value, so it is the same
/// after a restart (aria2 draws a random one each run unless a session file is saved; a front-end that remembered a
/// GID would lose track of it). aria2 accepts any unique prefix of a GID, and so does `GIDTable.resolve`.
package struct GID: Hashable, Sendable, CustomStringConvertible {
    /// The download's database id.
    package let id: Int64

    package init(_ id: Int64) { self.id = id }

    /// The GID of download `id`.
    @_disfavoredOverload
    package init(_ id: DownloadID) { self.id = id.rawValue }

    /// `id` as 16 lowercase hex digits, zero-padded.
    package var description: String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Parses a full 16-digit GID (upper or lower case); `nil` for anything else.
    package init?(parsing text: String) {
        guard text.count == 16, text.allSatisfy(\.isHexDigit), let value = UInt64(text, radix: 16) else { return nil }
        id = Int64(bitPattern: value)
    }
}

/// Finds a download by a GID or a unique prefix of one (aria2: "you can specify only the prefix of a GID as long as
/// it is unique among others").
package enum GIDTable {
    /// What a GID argument names.
    package enum Lookup: Equatable, Sendable {
        case found(Int64)
        /// No download has this GID or prefix.
        case unknown
        /// More than one download starts with this prefix.
        case ambiguous
        /// Not hex digits, empty, or longer than 16.
        case malformed
    }

    /// Looks `text` up among `ids`.
    package static func resolve(_ text: String, among ids: some Sequence<Int64>) -> Lookup {
        let prefix = text.lowercased()
        guard !prefix.isEmpty, prefix.count <= 16, prefix.allSatisfy(\.isHexDigit) else { return .malformed }
        if prefix.count == 16 {
            guard let gid = GID(parsing: prefix) else { return .malformed }
            return ids.contains(gid.id) ? .found(gid.id) : .unknown
        }
        var match: Int64?
        for id in ids where GID(id).description.hasPrefix(prefix) {
            if match != nil { return .ambiguous }
            match = id
        }
        return match.map { .found($0) } ?? .unknown
    }
}
