/// aria2's `bitfield` in `tellStatus`: which pieces of the file are held, as hexadecimal, one bit a piece, the
/// first piece in the highest bit of the first digit, the bits past the last piece zero (the aria2c manual:
/// "Hexadecimal representation of the download progress. The highest bit corresponds to the piece at index 0.
/// ... Spare bits at the end are set to zero."). AriaNg draws its piece map from it.
///
/// Haul has no pieces: a piece of `Aria2StatusDictionary.pieceLength` bytes counts as held when the byte ranges
/// held cover it whole. Pure: the daemon passes the ranges (a checkpoint's segments, or the whole file once complete).
package enum Aria2Bitfield {
    /// The bitfield of a file of `total` bytes (> 0) cut into pieces of `pieceLength` bytes, of which the byte
    /// ranges `held` (in any order, overlapping or not, clipped to the file) are held. `nil` when the length is not
    /// known: aria2 leaves the key out then.
    package static func hex(held: [Range<Int64>], total: Int64, pieceLength: Int64) -> String? {
        guard total > 0, pieceLength > 0 else { return nil }
        let pieces = Int((total - 1) / pieceLength) + 1
        var bits = [UInt8](repeating: 0, count: (pieces + 7) / 8)
        // The held ranges merged in order, so that a piece covered by two adjacent ranges counts.
        var merged: [Range<Int64>] = []
        for range in held.map({ max(0, $0.lowerBound)..<min(total, $0.upperBound) }).filter({ !$0.isEmpty })
            .sorted(by: { $0.lowerBound < $1.lowerBound })
        {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        for range in merged {
            // The pieces wholly inside the range: from the first piece starting at or after its start, to the
            // last piece ending at or before its end (the file's last piece ends at `total`).
            let first = (range.lowerBound + pieceLength - 1) / pieceLength
            let end = range.upperBound == total ? Int64(pieces) : range.upperBound / pieceLength
            guard first < end else { continue }
            for piece in Int(first)..<Int(end) { bits[piece / 8] |= 0x80 >> UInt8(piece % 8) }
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bits.count * 2)
        for byte in bits {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
