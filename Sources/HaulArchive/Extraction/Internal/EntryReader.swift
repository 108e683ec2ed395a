/// Streams the content of entries out of an archive, enforcing the declared size and verifying the CRC-32.
///
/// Compressed input is bounded by the declared compressed size, so a stream that never ends stops at that size
/// instead of reading on. Buffers are reused across entries.
final class EntryReader {
    /// Stored content and compressed input move in 1 MiB reads. (Measured on tmpfs, 64 KiB to 1 MiB cost the same
    /// CPU; larger reads only mean fewer system calls.)
    static let readSize = 1 << 20
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
        guard crc == entry.crc32 else {
            throw ZipError(
                .crcMismatch,
                "CRC-32 mismatch in entry '\(entry.displayName)': the archive records \(hex(entry.crc32)) but the "
                    + "content has \(hex(crc))", entry: entry.displayName)
        }
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
        var crc: UInt32 = 0
        var offset = dataOffset
        var remaining = entry.uncompressedSize
        while remaining > 0 {
            let count = Int(min(UInt64(input.count), remaining))
            let chunk = UnsafeMutableRawBufferPointer(rebasing: input.bytes[0..<count])
            guard try readFully(fd, into: chunk, at: offset, what: "archive \(path)") == count else {
                throw truncated(entry)
            }
            let bytes = UnsafeRawBufferPointer(chunk)
            crc = crc32Update(crc, bytes)
            try sink(bytes)
            offset += UInt64(count)
            remaining -= UInt64(count)
        }
        return crc
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
