/// Streams the content of entries out of an archive, enforcing the declared size and verifying the CRC-32.
///
/// Compressed input is bounded by the declared compressed size, so a stream that never ends stops at that size
/// instead of reading on. Buffers are reused across entries.
final class EntryReader {
    /// Compressed input moves in 1 MiB reads. (Measured on tmpfs, 64 KiB to 1 MiB cost the same CPU; larger reads
    /// only mean fewer system calls.)
    static let readSize = 1 << 20
    /// Stored content moves in 128 KiB chunks, each read, checksummed and written while still in the core's cache.
    /// Larger writes hurt: the kernel gives each write page-cache folios of its size, and large ones are harder to
    /// find. The same loop in C on a 2 GiB stored entry, one thread, ext4, Linux 6.18 (2-core VM, medians of 8):
    /// 64 KiB 1.41 s, 128 KiB 1.27 s, 256 KiB 1.22 s, 1 MiB 4.1 s (system time 0.75 -> 3.6 s: the 1 MiB folios
    /// came partly from the DMA32 zone, memory the VM's host had taken back and faulted in again). 128 KiB keeps a
    /// margin below that.
    static let storedChunkSize = 128 << 10
    /// Inflate output goes out in 256 KiB pieces, which are still in the CPU cache when they are checksummed and
    /// copied to the page cache.
    static let inflateOutputSize = 256 << 10

    private let fd: Int32
    private let path: String
    private let input = ByteBuffer(count: EntryReader.readSize)
    private let output = ByteBuffer(count: EntryReader.inflateOutputSize)
    private var inflater: Inflater?

    /// - Parameters:
    ///   - fd: The archive, open for reading; borrowed. Only `pread` is used, so readers can share it.
    ///   - path: The archive path, for messages.
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Passes an entry's content to `sink` chunk by chunk, then checks its size and CRC-32.
    /// - Parameters:
    ///   - entry: The entry; store and deflate only.
    ///   - dataOffset: Where its data starts in the archive.
    ///   - sink: Receives each chunk; may throw to stop.
    /// - Throws: ``ZipError/Code/sizeMismatch`` as soon as the content exceeds the declared size or when it falls
    ///   short, ``ZipError/Code/crcMismatch``, ``ZipError/Code/truncatedArchive``, ``ZipError/Code/corruptArchive``
    ///   for bad deflate data, ``ZipError/Code/unsupportedFeature`` for other methods; or whatever `sink` throws.
    func read(
        _ entry: CentralDirectoryEntry, dataOffset: UInt64, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let crc: UInt32
        switch entry.method {
        case ZipFormat.methodDeflated where entry.compressedSize == 0 && entry.uncompressedSize == 0:
            crc = 0  // an empty file some writers mark deflated without writing the two-byte empty stream
        case ZipFormat.methodStored: crc = try copyStored(entry, dataOffset: dataOffset, sink: sink)
        case ZipFormat.methodDeflated: crc = try inflate(entry, dataOffset: dataOffset, sink: sink)
        default:
            throw ZipError(
                .unsupportedFeature, "entry '\(entry.displayName)' uses compression method \(entry.method)",
                entry: entry.displayName)
        }
        try Self.check(crc, of: entry)
    }

    /// Compares the CRC-32 of an entry's whole content with the one the archive records.
    /// - Throws: ``ZipError/Code/crcMismatch``.
    static func check(_ crc: UInt32, of entry: CentralDirectoryEntry) throws {
        guard crc == entry.crc32 else {
            throw ZipError(
                .crcMismatch,
                "CRC-32 mismatch in entry '\(entry.displayName)': the archive records \(hex(entry.crc32)) but the "
                    + "content has \(hex(crc))", entry: entry.displayName)
        }
    }

    /// Passes part of a stored entry's content to `sink` in chunks of at most ``storedChunkSize`` bytes.
    /// - Parameters:
    ///   - entry: A stored entry whose compressed and uncompressed sizes are equal.
    ///   - dataOffset: Where its data starts in the archive.
    ///   - range: The byte range of the content to copy, within `0..<entry.uncompressedSize`.
    ///   - sink: Receives each chunk and its offset in the content; may throw to stop.
    /// - Returns: The CRC-32 of the bytes in `range`; the caller checks it, or combines it with the other pieces'.
    /// - Throws: ``ZipError/Code/truncatedArchive`` when the archive ends first, ``ZipError/Code/io``, or what
    ///   `sink` throws.
    func copyStored(
        _ entry: CentralDirectoryEntry, dataOffset: UInt64, range: Range<UInt64>,
        sink: (UnsafeRawBufferPointer, UInt64) throws -> Void
    ) throws -> UInt32 {
        var crc: UInt32 = 0
        var position = range.lowerBound
        while position < range.upperBound {
            let count = Int(min(UInt64(Self.storedChunkSize), range.upperBound - position))
            let chunk = UnsafeMutableRawBufferPointer(rebasing: input.bytes[0..<count])
            guard try readFully(fd, into: chunk, at: dataOffset + position, what: "archive \(path)") == count else {
                throw truncated(entry)
            }
            let bytes = UnsafeRawBufferPointer(chunk)
            crc = crc32Update(crc, bytes)
            try sink(bytes, position)
            position += UInt64(count)
        }
        return crc
    }

    /// Reads the target of a symlink entry, at most 4096 bytes.
    /// - Throws: ``ZipError/Code/corruptArchive`` for longer targets, or any error of ``read(_:dataOffset:sink:)``.
    func symlinkTarget(_ entry: CentralDirectoryEntry, dataOffset: UInt64) throws -> [UInt8] {
        guard entry.uncompressedSize <= UInt64(ZipFormat.maxSymlinkTargetLength) else {
            throw ZipError(
                .corruptArchive,
                "symlink entry '\(entry.displayName)' declares a \(entry.uncompressedSize)-byte target; the limit is "
                    + "4096", entry: entry.displayName)
        }
        var target: [UInt8] = []
        try read(entry, dataOffset: dataOffset) { target.append(contentsOf: $0) }
        return target
    }

    private func copyStored(
        _ entry: CentralDirectoryEntry, dataOffset: UInt64, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> UInt32 {
        guard entry.compressedSize == entry.uncompressedSize else {
            throw corrupt(
                entry,
                "a stored entry declares \(entry.compressedSize) bytes stored, "
                    + "\(entry.uncompressedSize) bytes of content")
        }
        return try copyStored(entry, dataOffset: dataOffset, range: 0..<entry.uncompressedSize) { bytes, _ in
            try sink(bytes)
        }
    }

    private func inflate(
        _ entry: CentralDirectoryEntry, dataOffset: UInt64, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> UInt32 {
        let inflater = try self.inflater ?? Inflater()
        self.inflater = inflater
        inflater.reset()
        var crc: UInt32 = 0
        var produced: UInt64 = 0
        var offset = dataOffset
        var remaining = entry.compressedSize
        var pending = UnsafeRawBufferPointer(start: nil, count: 0)
        streaming: while true {
            if pending.isEmpty, remaining > 0 {
                let count = Int(min(UInt64(input.count), remaining))
                let chunk = UnsafeMutableRawBufferPointer(rebasing: input.bytes[0..<count])
                guard try readFully(fd, into: chunk, at: offset, what: "archive \(path)") == count else {
                    throw truncated(entry)
                }
                pending = UnsafeRawBufferPointer(chunk)
                offset += UInt64(count)
                remaining -= UInt64(count)
            }
            let step = inflater.inflate(pending, into: output.bytes)
            pending = UnsafeRawBufferPointer(rebasing: pending[step.consumed...])
            if step.produced > 0 {
                produced += UInt64(step.produced)
                guard produced <= entry.uncompressedSize else {
                    throw ZipError(
                        .sizeMismatch,
                        "entry '\(entry.displayName)' inflates past its declared \(entry.uncompressedSize) bytes",
                        entry: entry.displayName)
                }
                let bytes = output.prefix(step.produced)
                crc = crc32Update(crc, bytes)
                try sink(bytes)
            }
            switch step.status {
            case .streamEnd:
                break streaming
            case .progressed:
                continue
            case .needsInput:
                guard pending.isEmpty, remaining == 0 else { throw corrupt(entry, "zlib made no progress") }
                throw ZipError(
                    .truncatedArchive,
                    "the compressed data of entry '\(entry.displayName)' ends before its deflate stream does",
                    entry: entry.displayName)
            case .failed(let message):
                throw corrupt(entry, message)
            }
        }
        guard pending.isEmpty, remaining == 0 else {
            throw corrupt(entry, "\(UInt64(pending.count) + remaining) bytes follow the end of the deflate stream")
        }
        guard produced == entry.uncompressedSize else {
            throw ZipError(
                .sizeMismatch,
                "entry '\(entry.displayName)' inflates to \(produced) bytes, not the \(entry.uncompressedSize) it "
                    + "declares", entry: entry.displayName)
        }
        return crc
    }

    private func truncated(_ entry: CentralDirectoryEntry) -> ZipError {
        ZipError(
            .truncatedArchive, "\(path) ends inside the data of entry '\(entry.displayName)'",
            entry: entry.displayName)
    }

    private func corrupt(_ entry: CentralDirectoryEntry, _ detail: String) -> ZipError {
        ZipError(.corruptArchive, "entry '\(entry.displayName)' is corrupt: \(detail)", entry: entry.displayName)
    }
}

/// `0x` and eight hex digits.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
