#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes entries (local header, content, patched header) and returns their central directory records.
///
/// CRC-32 comes from zlib's `crc32` and deflate from zlib. When deflate does not make a file smaller, the entry
/// is rewritten stored, as Info-ZIP `zip` does.
final class EntryEncoder {
    private let writer: ZipWriter
    private let compression: ZipCompression
    private let input = ByteBuffer(count: 1 << 20)
    private var deflater: Deflater?
    private static let sentinel32 = UInt64(UInt32.max)

    init(writer: ZipWriter, compression: ZipCompression) {
        self.writer = writer
        self.compression = compression
    }

    /// Writes `item` at the end of the archive.
    /// - Parameters:
    ///   - item: What to archive.
    ///   - onRead: Called with the size of each chunk of file content read.
    /// - Returns: The record for the central directory.
    /// - Throws: ``ZipError/Code/sourceChanged`` when a file's length differs from when it was listed,
    ///   ``ZipError/Code/io``.
    func write(_ item: SourceItem, onRead: (Int) -> Void) throws -> CentralRecord {
        let headerOffset = writer.position
        let isFile = item.kind == .file
        var method =
            isFile && compression.level != nil && item.size > 0 ? ZipFormat.methodDeflated : ZipFormat.methodStored
        let usesZip64 = isFile && item.size >= Self.sentinel32
        let unixTime = Int32(exactly: item.modificationTime.seconds)
        let flags = Self.isNonASCIIUTF8(item.archiveName) ? ZipFormat.flagUTF8 : 0
        let dosTime = DosDateTime(unixTime: item.modificationTime.seconds)

        var extra = ByteWriter()
        if usesZip64 {
            extra.u16(ZipFormat.zip64ExtraID)
            extra.u16(16)
            extra.u64(item.size)
            extra.u64(0)
        }
        if let unixTime { extra.append(CentralRecord.timestampField(unixTime)) }
        var header = ByteWriter(capacity: ZipFormat.localHeaderSize + item.archiveName.count + extra.bytes.count)
        header.u32(ZipFormat.localHeaderSignature)
        header.u16(usesZip64 ? ZipFormat.versionNeededZip64 : ZipFormat.versionNeededDefault)
        header.u16(flags)
        header.u16(method)
        header.u16(dosTime.time)
        header.u16(dosTime.date)
        header.u32(0)  // CRC-32, patched
        header.u32(usesZip64 ? UInt32.max : 0)  // compressed size, patched
        header.u32(usesZip64 ? UInt32.max : 0)  // uncompressed size, patched
        header.u16(UInt16(item.archiveName.count))
        header.u16(UInt16(extra.bytes.count))
        header.append(item.archiveName)
        header.append(extra.bytes)
        try writer.append(header.bytes)

        let dataStart = writer.position
        var crc: UInt32 = 0
        switch item.kind {
        case .directory:
            break
        case .symlink:
            let target = item.linkTarget ?? []
            crc = target.withUnsafeBytes { crc32Update(0, $0) }
            try writer.append(target)
        case .file:
            let source = try openSource(item)
            if method == ZipFormat.methodDeflated {
                crc = try deflate(source.raw, item: item, onRead: onRead)
                if writer.position - dataStart >= item.size {
                    try writer.truncate(to: dataStart)
                    guard lseek(source.raw, 0, SEEK_SET) == 0 else {
                        throw ZipError.system("cannot rewind \(item.displayName)", entry: item.displayName)
                    }
                    method = ZipFormat.methodStored
                    try writer.patch(at: headerOffset + 8, [UInt8(method & 0xFF), UInt8(method >> 8)])
                    crc = try store(source.raw, item: item, onRead: { _ in })
                }
            } else {
                crc = try store(source.raw, item: item, onRead: onRead)
            }
        }
        let compressedSize = writer.position - dataStart
        var patch = ByteWriter()
        patch.u32(crc)
        if usesZip64 {
            try writer.patch(at: headerOffset + 14, patch.bytes)
            var sizes = ByteWriter()
            sizes.u64(item.size)
            sizes.u64(compressedSize)
            try writer.patch(
                at: headerOffset + UInt64(ZipFormat.localHeaderSize + item.archiveName.count + 4), sizes.bytes)
        } else {
            patch.u32(UInt32(compressedSize))
            patch.u32(UInt32(item.kind == .directory ? 0 : item.size))
            try writer.patch(at: headerOffset + 14, patch.bytes)
        }
        let typeBits: UInt32 = item.kind == .directory ? 0x10 : 0
        return CentralRecord(
            name: item.archiveName, flags: flags, method: method, dosTime: dosTime, unixTime: unixTime, crc32: crc,
            compressedSize: compressedSize, uncompressedSize: item.kind == .directory ? 0 : item.size,
            localHeaderOffset: headerOffset, externalAttributes: UInt32(item.mode) << 16 | typeBits)
    }

    private func openSource(_ item: SourceItem) throws -> FileDescriptor {
        let raw = withCPath(item.path) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard raw >= 0 else {
            throw ZipError.system("cannot open \(String(decoding: item.path, as: UTF8.self))", entry: item.displayName)
        }
        return FileDescriptor(taking: raw)
    }

    /// Copies exactly `item.size` bytes from `source` into the archive.
    private func store(_ source: Int32, item: SourceItem, onRead: (Int) -> Void) throws -> UInt32 {
        var crc: UInt32 = 0
        var remaining = item.size
        while remaining > 0 {
            var got = 0
            try writer.produce { space in
                let want = Int(min(UInt64(space.count), remaining))
                got = try readFully(
                    source, into: UnsafeMutableRawBufferPointer(rebasing: space[0..<want]), what: item.displayName)
                crc = crc32Update(crc, UnsafeRawBufferPointer(rebasing: space[0..<got]))
                return got
            }
            guard got > 0 else { throw changed(item) }
            remaining -= UInt64(got)
            onRead(got)
        }
        try checkEnded(source, item: item)
        return crc
    }

    /// Deflates exactly `item.size` bytes from `source` into the archive.
    private func deflate(_ source: Int32, item: SourceItem, onRead: (Int) -> Void) throws -> UInt32 {
        let deflater = try self.deflater ?? Deflater(level: compression.level ?? 6)
        self.deflater = deflater
        deflater.reset()
        var crc: UInt32 = 0
        var remaining = item.size
        var done = false
        while !done {
            let want = Int(min(UInt64(input.count), remaining))
            let got = try readFully(
                source, into: UnsafeMutableRawBufferPointer(rebasing: input.bytes[0..<want]), what: item.displayName)
            guard got == want else { throw changed(item) }
            remaining -= UInt64(got)
            onRead(got)
            var pending = input.prefix(got)
            crc = crc32Update(crc, pending)
            let finish = remaining == 0
            repeat {
                try writer.produce { space in
                    let step = deflater.deflate(pending, into: space, finish: finish)
                    pending = UnsafeRawBufferPointer(rebasing: pending[step.consumed...])
                    done = step.done
                    return step.produced
                }
            } while !pending.isEmpty || (finish && !done)
        }
        try checkEnded(source, item: item)
        return crc
    }

    /// Refuses a file that grew after it was listed.
    private func checkEnded(_ source: Int32, item: SourceItem) throws {
        var byte: UInt8 = 0
        let extra = withUnsafeMutableBytes(of: &byte) { space in
            retryingOnInterrupt { read(source, space.baseAddress, 1) }
        }
        guard extra == 0 else { throw changed(item) }
    }

    /// Whether a name needs the UTF-8 flag: valid UTF-8 with at least one non-ASCII byte.
    private static func isNonASCIIUTF8(_ name: [UInt8]) -> Bool {
        !name.allSatisfy { $0 < 0x80 } && Array(String(decoding: name, as: UTF8.self).utf8) == name
    }

    private func changed(_ item: SourceItem) -> ZipError {
        ZipError(
            .sourceChanged, "\(item.displayName) changed size while it was archived (expected \(item.size) bytes)",
            entry: item.displayName)
    }
}
