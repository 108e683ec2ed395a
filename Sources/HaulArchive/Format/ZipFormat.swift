/// Signatures, sizes and flags of the zip format (PKWARE APPNOTE 6.3.x).
enum ZipFormat {
    static let localHeaderSignature: UInt32 = 0x0403_4b50
    static let centralHeaderSignature: UInt32 = 0x0201_4b50
    static let endRecordSignature: UInt32 = 0x0605_4b50
    static let zip64EndRecordSignature: UInt32 = 0x0606_4b50
    static let zip64LocatorSignature: UInt32 = 0x0706_4b50

    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endRecordSize = 22
    static let zip64EndRecordSize = 56
    static let zip64LocatorSize = 20

    /// Extra field holding 64-bit sizes and offsets.
    static let zip64ExtraID: UInt16 = 0x0001
    /// Info-ZIP "extended timestamp" extra field: Unix modification time in seconds.
    static let extendedTimestampExtraID: UInt16 = 0x5455

    static let flagEncrypted: UInt16 = 1 << 0
    static let flagDataDescriptor: UInt16 = 1 << 3
    static let flagUTF8: UInt16 = 1 << 11

    static let methodStored: UInt16 = 0
    static let methodDeflated: UInt16 = 8

    /// Host systems (upper byte of "version made by") whose external attributes carry a Unix mode.
    static let unixHosts: Set<UInt8> = [3, 19]
    /// "Version made by": Unix, specification 6.3.
    static let versionMadeByUnix: UInt16 = (3 << 8) | 63
    static let versionNeededDefault: UInt16 = 20
    static let versionNeededZip64: UInt16 = 45

    /// The longest symlink target Haul reads from an archive (Linux `PATH_MAX`).
    static let maxSymlinkTargetLength = 4096
    /// The longest entry name Haul accepts.
    static let maxNameLength = 4096
}

/// Reads little-endian integers from a byte array; callers check lengths first.
struct ByteCursor {
    let bytes: [UInt8]
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() -> UInt16 {
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() -> UInt32 {
        defer { offset += 4 }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[offset + i]) << (8 * i) }
        return value
    }

    mutating func u64() -> UInt64 {
        defer { offset += 8 }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * i) }
        return value
    }

    mutating func take(_ count: Int) -> [UInt8] {
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func skip(_ count: Int) {
        offset += count
    }
}

/// Appends little-endian integers to a byte array.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { for i in 0..<2 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
    mutating func u32(_ value: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
    mutating func u64(_ value: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}
