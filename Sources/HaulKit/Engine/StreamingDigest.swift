import HaulArchive

/// Hashes a download's bytes as they stream, so that a sequential download is verified without reading the file
/// again. It follows the file from byte 0: bytes that arrive in order extend it, bytes it has already seen (an
/// earlier 206 start) are skipped, and a gap (a jump forward) makes it give up, in which case the file is hashed
/// after completion instead.
struct StreamingDigest {
    private var hasher: ChecksumHasher
    private let algorithm: Checksum.Algorithm
    /// Every byte before this offset has been hashed.
    private(set) var position: Int64 = 0
    /// False once a gap made streaming impossible.
    private(set) var isUsable = true

    init(_ algorithm: Checksum.Algorithm) {
        self.algorithm = algorithm
        self.hasher = ChecksumHasher(algorithm)
    }

    /// Feeds a chunk that will be written at `offset`.
    mutating func feed(_ chunk: BodyBytes, at offset: Int64) {
        guard isUsable else { return }
        let end = offset + Int64(chunk.count)
        guard offset <= position else {
            isUsable = false
            return
        }
        guard end > position else { return }
        let skip = Int(position - offset)
        chunk.withUnsafeBytes { bytes in
            hasher.update(UnsafeRawBufferPointer(rebasing: bytes[skip...]))
        }
        position = end
    }

    /// Hashes the first `length` bytes of `file` (the part a resumed download already held).
    mutating func catchUp(with file: PartFile, to length: Int64) throws {
        guard isUsable, position < length else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while position < length {
            let want = Int(min(Int64(buffer.count), length - position))
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: position)
            guard got > 0 else {
                isUsable = false
                return
            }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            position += Int64(got)
        }
    }

    /// Starts over from byte 0 (the partial bytes were dropped).
    mutating func reset() {
        hasher = ChecksumHasher(algorithm)
        position = 0
        isUsable = true
    }

    /// The digest, when every byte of a `length`-byte file went through it.
    func digest(ofLength length: Int64) -> String? {
        isUsable && position == length ? hasher.finalize() : nil
    }
}
