/// Reads every record of the central directory, refusing any that is cut short or malformed.
enum CentralDirectoryParser {
    /// Parses the records the layout announces.
    /// - Parameters:
    ///   - file: The archive.
    ///   - layout: Where the central directory is.
    /// - Returns: One entry per record, in directory order.
    /// - Throws: ``ZipError/Code/truncatedArchive`` when the directory holds fewer records than declared,
    ///   ``ZipError/Code/corruptArchive`` for malformed records or extra fields.
    static func entries(in file: ArchiveFile, layout: ArchiveLayout) throws -> [CentralDirectoryEntry] {
        let start = layout.centralDirectoryOffset
        let end = start + layout.centralDirectorySize
        var position = start
        var entries: [CentralDirectoryEntry] = []
        entries.reserveCapacity(Int(min(layout.entryCount, 1 << 20)))
        for index in 0..<Int(layout.entryCount) {
            let truncated = ZipError(
                .truncatedArchive,
                "\(file.path): the central directory is truncated: it ends after \(index) of its "
                    + "\(layout.entryCount) entries")
            guard end - position >= UInt64(ZipFormat.centralHeaderSize) else { throw truncated }
            let fixed = try file.bytes(at: position, count: ZipFormat.centralHeaderSize)
            guard fixed.count == ZipFormat.centralHeaderSize else { throw truncated }
            var cursor = ByteCursor(fixed)
            guard cursor.u32() == ZipFormat.centralHeaderSignature else {
                throw ZipError(
                    .corruptArchive, "\(file.path): central directory record \(index) at offset \(position) is damaged")
            }
            var header = Header(&cursor)
            let variableLength = Int(header.nameLength) + Int(header.extraLength) + Int(header.commentLength)
            guard end - position - UInt64(ZipFormat.centralHeaderSize) >= UInt64(variableLength) else {
                throw truncated
            }
            let variable = try file.bytes(at: position + UInt64(ZipFormat.centralHeaderSize), count: variableLength)
            guard variable.count == variableLength else { throw truncated }
            let name = Array(variable[0..<Int(header.nameLength)])
            let extra = Array(variable[Int(header.nameLength)..<Int(header.nameLength) + Int(header.extraLength)])
            let displayName = String(decoding: name, as: UTF8.self)
            let time = try ExtraFields.apply(extra, to: &header, entry: displayName, path: file.path)
            entries.append(
                CentralDirectoryEntry(
                    index: index, name: name, versionMadeBy: header.versionMadeBy, flags: header.flags,
                    method: header.method, dosTime: DosDateTime(date: header.dosDate, time: header.dosTime),
                    crc32: header.crc32, compressedSize: header.compressedSize,
                    uncompressedSize: header.uncompressedSize, localHeaderOffset: header.localHeaderOffset,
                    externalAttributes: header.externalAttributes, unixModificationTime: time))
            position += UInt64(ZipFormat.centralHeaderSize + variableLength)
        }
        guard position == end else {
            throw ZipError(
                .corruptArchive,
                "\(file.path): \(end - position) bytes follow the last of the \(layout.entryCount) entries the "
                    + "end record declares")
        }
        return entries
    }

    /// The fixed-size part of a central directory record, sizes widened to 64 bits.
    struct Header {
        var versionMadeBy: UInt16
        var flags: UInt16
        var method: UInt16
        var dosTime: UInt16
        var dosDate: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var nameLength: UInt16
        var extraLength: UInt16
        var commentLength: UInt16
        var diskStart: UInt32
        var externalAttributes: UInt32
        var localHeaderOffset: UInt64

        /// Reads the 42 bytes after the signature.
        init(_ cursor: inout ByteCursor) {
            versionMadeBy = cursor.u16()
            cursor.skip(2)  // version needed to extract
            flags = cursor.u16()
            method = cursor.u16()
            dosTime = cursor.u16()
            dosDate = cursor.u16()
            crc32 = cursor.u32()
            compressedSize = UInt64(cursor.u32())
            uncompressedSize = UInt64(cursor.u32())
            nameLength = cursor.u16()
            extraLength = cursor.u16()
            commentLength = cursor.u16()
            diskStart = UInt32(cursor.u16())
            cursor.skip(2)  // internal attributes
            externalAttributes = cursor.u32()
            localHeaderOffset = UInt64(cursor.u32())
        }
    }
}
