import HaulArchive

/// Reads a piece back from the part file and hashes it: the thin I/O half of piece checking (`PieceLedger` and
/// `TransferMachine+Pieces` decide). Reading back rather than hashing the stream needs no proof that bytes arrived
/// in order, and works the same for pieces that landed before a restart.
enum PieceReader {
    /// The hex digest of `range` in `file`; "" when the bytes cannot be read whole or the algorithm is unknown
    /// (which no piece hash matches: the piece is fetched again).
    static func digest(of range: Range<Int64>, in file: PartFile, algorithm: String) -> String {
        guard let algorithm = Checksum.Algorithm(rawValue: algorithm) else { return "" }
        var hasher = ChecksumHasher(algorithm)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
        defer { buffer.deallocate() }
        var position = range.lowerBound
        while position < range.upperBound {
            let want = Int(min(Int64(buffer.count), range.upperBound - position))
            guard let got = try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: position), got > 0 else {
                return ""
            }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            position += Int64(got)
        }
        return hasher.finalize()
    }
}
