/// The extra fields Haul reads: zip64 sizes and offsets, and the Unix modification time.
enum ExtraFields {
    /// Replaces the 32-bit sentinels of `header` with the zip64 values and returns the Unix modification time.
    /// - Parameters:
    ///   - extra: The extra-field bytes of a central directory record.
    ///   - header: The record; fields equal to `0xFFFFFFFF` (`0xFFFF` for the disk) are taken from the zip64 field.
    ///   - entry: The entry name, for messages.
    ///   - path: The archive path, for messages.
    /// - Returns: The modification time from an extended-timestamp field, if any.
    /// - Throws: ``ZipError/Code/corruptArchive`` for a field running past the extra data or a missing zip64 value,
    ///   ``ZipError/Code/unsupportedFeature`` for an entry on another disk.
    static func apply(
        _ extra: [UInt8], to header: inout CentralDirectoryParser.Header, entry: String, path: String
    ) throws -> Int64? {
        var needsUncompressed = header.uncompressedSize == UInt64(UInt32.max)
        var needsCompressed = header.compressedSize == UInt64(UInt32.max)
        var needsOffset = header.localHeaderOffset == UInt64(UInt32.max)
        var needsDisk = header.diskStart == UInt32(UInt16.max)
        var modificationTime: Int64?
        var cursor = ByteCursor(extra)
        while cursor.remaining >= 4 {
            let id = cursor.u16()
            let size = Int(cursor.u16())
            guard size <= cursor.remaining else {
                throw ZipError(.corruptArchive, "\(path): entry '\(entry)' has a malformed extra field", entry: entry)
            }
            var field = ByteCursor(cursor.take(size))
            switch id {
            case ZipFormat.zip64ExtraID:
                if needsUncompressed, field.remaining >= 8 {
                    header.uncompressedSize = field.u64()
                    needsUncompressed = false
                }
                if needsCompressed, field.remaining >= 8 {
                    header.compressedSize = field.u64()
                    needsCompressed = false
                }
                if needsOffset, field.remaining >= 8 {
                    header.localHeaderOffset = field.u64()
                    needsOffset = false
                }
                if needsDisk, field.remaining >= 4 {
                    header.diskStart = field.u32()
                    needsDisk = false
                }
            case ZipFormat.extendedTimestampExtraID:
                if field.remaining >= 5, field.u8() & 1 != 0 {
                    modificationTime = Int64(Int32(bitPattern: field.u32()))
                }
            default:
                break
            }
        }
        guard !(needsUncompressed || needsCompressed || needsOffset || needsDisk) else {
            throw ZipError(
                .corruptArchive, "\(path): entry '\(entry)' lacks the zip64 sizes or offset its header refers to",
                entry: entry)
        }
        guard header.diskStart == 0 else {
            throw ZipError(
                .unsupportedFeature, "\(path): entry '\(entry)' lives on another disk of a split archive", entry: entry)
        }
        return modificationTime
    }
}
