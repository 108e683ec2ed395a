/// Local file headers: where each entry's data begins, and the check that no two entries share bytes.
enum LocalHeaders {
    /// Reads the local header of every entry and returns where its data starts.
    /// - Parameters:
    ///   - entries: The central directory.
    ///   - file: The archive.
    ///   - layout: Where the central directory starts; all entry data must lie before it.
    /// - Returns: The data offset of each entry, indexed like `entries`.
    /// - Throws: ``ZipError/Code/corruptArchive`` when a header is missing, disagrees with the central directory
    ///   (name or method), or the data runs into the central directory.
    static func dataOffsets(
        for entries: [CentralDirectoryEntry], in file: ArchiveFile, layout: ArchiveLayout
    ) throws -> [UInt64] {
        let limit = layout.centralDirectoryOffset
        var offsets = [UInt64](repeating: 0, count: entries.count)
        for index in entries.indices.sorted(by: { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }) {
            let entry = entries[index]
            let name = entry.displayName
            let offset = entry.localHeaderOffset
            guard offset <= limit, limit - offset >= UInt64(ZipFormat.localHeaderSize) else {
                throw ZipError(
                    .corruptArchive, "\(file.path): entry '\(name)' points at offset \(offset), past the entry data",
                    entry: name)
            }
            var header = ByteCursor(try file.bytes(at: offset, count: ZipFormat.localHeaderSize))
            guard header.u32() == ZipFormat.localHeaderSignature else {
                throw ZipError(
                    .corruptArchive, "\(file.path): no local header for entry '\(name)' at offset \(offset)",
                    entry: name)
            }
            header.skip(4)
            let method = header.u16()
            header.skip(16)
            let nameLength = Int(header.u16())
            let extraLength = Int(header.u16())
            let localName = try file.bytes(at: offset + UInt64(ZipFormat.localHeaderSize), count: nameLength)
            guard localName == entry.name, method == entry.method else {
                throw ZipError(
                    .corruptArchive,
                    "\(file.path): the local header of entry '\(name)' disagrees with the central directory "
                        + "(name '\(String(decoding: localName, as: UTF8.self))', method \(method))",
                    entry: name)
            }
            let dataOffset = offset + UInt64(ZipFormat.localHeaderSize + nameLength + extraLength)
            guard dataOffset <= limit, limit - dataOffset >= entry.compressedSize else {
                throw ZipError(
                    .corruptArchive,
                    "\(file.path): the \(entry.compressedSize) data bytes of entry '\(name)' run into the central "
                        + "directory", entry: name)
            }
            offsets[index] = dataOffset
        }
        return offsets
    }

    /// Refuses archives in which two entries' header-and-data ranges overlap: the overlapping zip bomb, where
    /// many central directory entries reuse one highly compressed stream.
    /// - Parameters:
    ///   - entries: The central directory.
    ///   - dataOffsets: Where each entry's data starts, from ``dataOffsets(for:in:layout:)``.
    /// - Throws: ``ZipError/Code/overlappingEntries`` naming the first pair found.
    static func checkNoOverlap(_ entries: [CentralDirectoryEntry], dataOffsets: [UInt64]) throws {
        let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
        for (previous, next) in zip(order, order.dropFirst()) {
            let previousEnd = dataOffsets[previous] + entries[previous].compressedSize
            if entries[next].localHeaderOffset < previousEnd {
                let first = entries[previous].displayName
                let second = entries[next].displayName
                throw ZipError(
                    .overlappingEntries,
                    "entries '\(first)' and '\(second)' share bytes of the archive (an overlapping zip bomb)",
                    entry: second)
            }
        }
    }
}
