import Foundation

@testable import HaulArchive

/// Writes zip archives byte by byte, including the hostile ones no well-behaved tool produces: arbitrary names,
/// symlink entries, lying sizes, wrong CRCs, overlapping entries, truncated central directories.
struct ZipBuilder {
    struct Entry {
        var name: [UInt8]
        /// The content the entry stands for; its CRC and size are declared unless overridden.
        var content: [UInt8]
        /// The bytes written as entry data: `content`, or its deflate stream.
        var data: [UInt8]
        var method: UInt16 = 0
        var flags: UInt16 = 0
        var versionMadeBy: UInt16 = 0x031E  // Unix, 3.0 (Info-ZIP)
        var externalAttributes: UInt32
        var dosTime: UInt16 = 0
        var dosDate: UInt16 = 0x21  // 1980-01-01
        var unixTime: Int32?
        var crc32: UInt32?
        var compressedSize: UInt64?
        var uncompressedSize: UInt64?
        /// Write the sizes and offset as zip64 extra fields.
        var zip64 = false
        /// Declare sizes that cover this entry's data and the whole next entry (header and data): an overlap.
        var overlapsNext = false
        /// Point the central directory record at the local header of another entry instead of writing one.
        var reusesLocalHeaderOf: Int?

        static func file(_ name: String, _ content: [UInt8], mode: UInt32 = 0o644, deflate: Bool = false) -> Entry {
            Entry(
                name: Array(name.utf8), content: content, data: deflate ? ZipBuilder.deflate(content) : content,
                method: deflate ? 8 : 0, externalAttributes: (0o100000 | mode) << 16)
        }

        static func file(_ name: String, _ text: String, mode: UInt32 = 0o644, deflate: Bool = false) -> Entry {
            file(name, Array(text.utf8), mode: mode, deflate: deflate)
        }

        static func directory(_ name: String, mode: UInt32 = 0o755) -> Entry {
            Entry(name: Array(name.utf8), content: [], data: [], externalAttributes: (0o040000 | mode) << 16 | 0x10)
        }

        static func symlink(_ name: String, to target: String) -> Entry {
            Entry(
                name: Array(name.utf8), content: Array(target.utf8), data: Array(target.utf8),
                externalAttributes: (0o120000 | 0o777) << 16)
        }

        func with(_ change: (inout Entry) -> Void) -> Entry {
            var copy = self
            change(&copy)
            return copy
        }
    }

    var entries: [Entry]
    /// Declare this many entries in the end record instead of the real count.
    var declaredEntryCount: UInt64?
    /// Write zip64 end records even when not needed.
    var zip64End = false
    /// Drop this many bytes from the end of the central directory (the end records stay).
    var centralDirectoryBytesDropped = 0

    init(_ entries: [Entry]) {
        self.entries = entries
    }

    func build() -> [UInt8] {
        var out: [UInt8] = []
        var localOffsets: [UInt64] = []
        var dataRanges: [Range<Int>] = []
        for entry in entries {
            if let other = entry.reusesLocalHeaderOf {
                localOffsets.append(localOffsets[other])
                dataRanges.append(dataRanges[other])
                continue
            }
            localOffsets.append(UInt64(out.count))
            out += localHeader(entry)
            dataRanges.append(out.count..<out.count + entry.data.count)
            out += entry.data
        }
        let directoryOffset = out.count
        for (index, entry) in entries.enumerated() {
            var declared = entry
            if entry.overlapsNext, index + 1 < entries.count {
                let covered = Array(out[dataRanges[index].lowerBound..<dataRanges[index + 1].upperBound])
                declared.content = covered
                declared.data = covered
            }
            out += centralHeader(declared, offset: localOffsets[index])
        }
        out.removeLast(centralDirectoryBytesDropped)
        let directorySize = out.count - directoryOffset + centralDirectoryBytesDropped
        let count = declaredEntryCount ?? UInt64(entries.count)
        if zip64End || count >= 0xFFFF {
            let recordOffset = UInt64(out.count)
            out += le32(0x0606_4b50) + le64(44) + le16(0x031E) + le16(45) + le32(0) + le32(0)
            out += le64(count) + le64(count) + le64(UInt64(directorySize)) + le64(UInt64(directoryOffset))
            out += le32(0x0706_4b50) + le32(0) + le64(recordOffset) + le32(1)
        }
        out += le32(0x0605_4b50) + le16(0) + le16(0)
        out += le16(UInt16(min(count, 0xFFFF))) + le16(UInt16(min(count, 0xFFFF)))
        out += le32(UInt32(directorySize)) + le32(UInt32(directoryOffset)) + le16(0)
        return out
    }

    @discardableResult
    func write(to url: URL) throws -> URL {
        try Data(build()).write(to: url)
        return url
    }

    private func localHeader(_ entry: Entry) -> [UInt8] {
        let sizes = declaredSizes(entry)
        var extra: [UInt8] = []
        if entry.zip64 { extra += le16(1) + le16(16) + le64(sizes.uncompressed) + le64(sizes.compressed) }
        if let time = entry.unixTime { extra += le16(0x5455) + le16(5) + [1] + le32(UInt32(bitPattern: time)) }
        var out = le32(0x0403_4b50) + le16(entry.zip64 ? 45 : 20) + le16(entry.flags) + le16(entry.method)
        out += le16(entry.dosTime) + le16(entry.dosDate) + le32(entry.crc32 ?? Self.crc32(entry.content))
        out += entry.zip64 ? le32(.max) + le32(.max) : le32(UInt32(sizes.compressed)) + le32(UInt32(sizes.uncompressed))
        out += le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + entry.name + extra
        return out
    }

    private func centralHeader(_ entry: Entry, offset: UInt64) -> [UInt8] {
        let sizes = declaredSizes(entry)
        var extra: [UInt8] = []
        if entry.zip64 {
            extra += le16(1) + le16(24) + le64(sizes.uncompressed) + le64(sizes.compressed) + le64(offset)
        }
        if let time = entry.unixTime { extra += le16(0x5455) + le16(5) + [1] + le32(UInt32(bitPattern: time)) }
        var out = le32(0x0201_4b50) + le16(entry.versionMadeBy) + le16(entry.zip64 ? 45 : 20) + le16(entry.flags)
        out += le16(entry.method) + le16(entry.dosTime) + le16(entry.dosDate)
        out += le32(entry.crc32 ?? Self.crc32(entry.content))
        out += entry.zip64 ? le32(.max) + le32(.max) : le32(UInt32(sizes.compressed)) + le32(UInt32(sizes.uncompressed))
        out += le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0)
        out += le32(entry.externalAttributes) + (entry.zip64 ? le32(.max) : le32(UInt32(offset)))
        out += entry.name + extra
        return out
    }

    private func declaredSizes(_ entry: Entry) -> (compressed: UInt64, uncompressed: UInt64) {
        (entry.compressedSize ?? UInt64(entry.data.count), entry.uncompressedSize ?? UInt64(entry.content.count))
    }

    /// Raw deflate of `bytes`, through Haul's zlib wrapper.
    static func deflate(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        let deflater = try! Deflater(level: level)
        var output = [UInt8](repeating: 0, count: bytes.count + bytes.count / 100 + 1024)
        let produced = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { deflater.deflate(input, into: $0, finish: true).produced }
        }
        return Array(output[0..<produced])
    }

    /// CRC-32 from a table built here: independent of the zlib call under test.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = (crc >> 8) ^ crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}

func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
