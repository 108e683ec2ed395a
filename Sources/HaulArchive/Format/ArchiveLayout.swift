/// Where the central directory of an archive is, read from its end records.
struct ArchiveLayout: Hashable, Sendable {
    /// The number of entries the end record declares.
    var entryCount: UInt64
    var centralDirectoryOffset: UInt64
    var centralDirectorySize: UInt64
    /// Whether the archive has zip64 end records.
    var isZip64: Bool

    /// Reads the end-of-central-directory record (and its zip64 twin) at the end of `file`.
    /// - Parameter file: The archive.
    /// - Returns: The layout, checked to be self-consistent.
    /// - Throws: ``ZipError/Code/truncatedArchive``, ``ZipError/Code/corruptArchive`` or
    ///   ``ZipError/Code/unsupportedFeature`` (split archives, data prepended to the archive).
    static func read(from file: ArchiveFile) throws -> ArchiveLayout {
        let endOffset = try findEndRecord(in: file)
        var end = ByteCursor(try file.bytes(at: endOffset, count: ZipFormat.endRecordSize), offset: 4)
        let disk = end.u16()
        let directoryDisk = end.u16()
        let entriesOnDisk = end.u16()
        let entries = end.u16()
        let directorySize = end.u32()
        let directoryOffset = end.u32()

        if let zip64 = try readZip64(from: file, endOffset: endOffset) {
            return try zip64.checked(endsAt: zip64.recordOffset, file: file)
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entries else {
            throw ZipError(.unsupportedFeature, "\(file.path) is one part of a split (multi-disk) archive")
        }
        guard directorySize != .max, directoryOffset != .max else {
            throw ZipError(.corruptArchive, "\(file.path): the end record asks for zip64 records that are missing")
        }
        let layout = ArchiveLayout(
            entryCount: UInt64(entries), centralDirectoryOffset: UInt64(directoryOffset),
            centralDirectorySize: UInt64(directorySize), isZip64: false)
        return try layout.checked(endsAt: endOffset, file: file)
    }

    /// Checks that the central directory ends exactly where the end records begin.
    private func checked(endsAt end: UInt64, file: ArchiveFile) throws -> ArchiveLayout {
        let (directoryEnd, overflow) = centralDirectoryOffset.addingReportingOverflow(centralDirectorySize)
        if overflow || directoryEnd > end {
            throw ZipError(
                .truncatedArchive,
                "\(file.path): the central directory is truncated: it should span \(centralDirectorySize) bytes "
                    + "from offset \(centralDirectoryOffset), but the end record starts at \(end)")
        }
        if directoryEnd < end {
            throw ZipError(
                .corruptArchive,
                "\(file.path): \(end - directoryEnd) unexplained bytes lie between the central directory and the "
                    + "end record (damaged, or data prepended to the archive, which Haul does not support)")
        }
        return self
    }

    /// Scans backwards over the last 64 KiB for the end record whose comment reaches exactly to the end of file.
    private static func findEndRecord(in file: ArchiveFile) throws -> UInt64 {
        guard file.size >= UInt64(ZipFormat.endRecordSize) else {
            throw ZipError(
                .truncatedArchive, "\(file.path) is only \(file.size) bytes: it is truncated, or not a zip archive")
        }
        let tailLength = Int(min(file.size, UInt64(ZipFormat.endRecordSize + Int(UInt16.max))))
        let tailStart = file.size - UInt64(tailLength)
        let tail = try file.bytes(at: tailStart, count: tailLength)
        var fallback: Int?
        var index = tail.count - ZipFormat.endRecordSize
        while index >= 0 {
            var cursor = ByteCursor(tail, offset: index)
            if cursor.u32() == ZipFormat.endRecordSignature {
                cursor.skip(16)
                let end = index + ZipFormat.endRecordSize + Int(cursor.u16())
                if end == tail.count { return tailStart + UInt64(index) }
                if end < tail.count, fallback == nil { fallback = index }
            }
            index -= 1
        }
        if let fallback { return tailStart + UInt64(fallback) }
        throw ZipError(
            .truncatedArchive,
            "\(file.path) has no end-of-central-directory record: it is not a zip archive, or it is truncated")
    }

    private struct Zip64Layout {
        var layout: ArchiveLayout
        var recordOffset: UInt64

        func checked(endsAt end: UInt64, file: ArchiveFile) throws -> ArchiveLayout {
            try layout.checked(endsAt: end, file: file)
        }
    }

    /// Reads the zip64 locator just before the end record and the zip64 end record it points at.
    private static func readZip64(from file: ArchiveFile, endOffset: UInt64) throws -> Zip64Layout? {
        guard endOffset >= UInt64(ZipFormat.zip64LocatorSize) else { return nil }
        let locatorOffset = endOffset - UInt64(ZipFormat.zip64LocatorSize)
        var locator = ByteCursor(try file.bytes(at: locatorOffset, count: ZipFormat.zip64LocatorSize))
        guard locator.remaining == ZipFormat.zip64LocatorSize, locator.u32() == ZipFormat.zip64LocatorSignature else {
            return nil
        }
        let recordDisk = locator.u32()
        let recordOffset = locator.u64()
        let diskCount = locator.u32()
        guard recordDisk == 0, diskCount <= 1 else {
            throw ZipError(.unsupportedFeature, "\(file.path) is one part of a split (multi-disk) zip64 archive")
        }
        guard recordOffset <= locatorOffset, locatorOffset - recordOffset >= UInt64(ZipFormat.zip64EndRecordSize) else {
            throw ZipError(.corruptArchive, "\(file.path): the zip64 locator points past itself (\(recordOffset))")
        }
        var record = ByteCursor(try file.bytes(at: recordOffset, count: ZipFormat.zip64EndRecordSize))
        guard record.u32() == ZipFormat.zip64EndRecordSignature else {
            throw ZipError(.corruptArchive, "\(file.path): no zip64 end record at offset \(recordOffset)")
        }
        record.skip(12)
        let disk = record.u32()
        let directoryDisk = record.u32()
        let entriesOnDisk = record.u64()
        let entries = record.u64()
        let directorySize = record.u64()
        let directoryOffset = record.u64()
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entries else {
            throw ZipError(.unsupportedFeature, "\(file.path) is one part of a split (multi-disk) zip64 archive")
        }
        let layout = ArchiveLayout(
            entryCount: entries, centralDirectoryOffset: directoryOffset, centralDirectorySize: directorySize,
            isZip64: true)
        return Zip64Layout(layout: layout, recordOffset: recordOffset)
    }
}
