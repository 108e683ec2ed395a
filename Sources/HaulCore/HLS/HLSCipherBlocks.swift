/// The block bookkeeping of an AES-128-CBC segment (`EXT-X-KEY METHOD=AES-128`, RFC 8216 §5.2) decrypted as its
/// body arrives, so that an encrypted segment costs a chunk of memory in the cipher, not its size. Pure: the cipher
/// itself is swift-crypto's, run by HaulKit's `HLSSegmentDecryptor` on the runs this hands out.
///
/// The rules:
/// 1. Only whole 16-byte blocks are decrypted; a partial block waits for the next chunk.
/// 2. Each run chains from the ciphertext block before it: the IV for the first, then the last ciphertext block of
///    the run before (CBC), so runs decrypted one after another give the one-shot plaintext.
/// 3. The last whole block received is held back until the body ends: it may be the final one, whose plaintext
///    ends in the PKCS#7 padding to strip.
/// 4. At the end (`finish`), what is held must be exactly one block: a body that is empty or not a multiple of 16
///    bytes is refused (`Failure.notWholeBlocks`), as is a final block whose padding is not 1 to 16 bytes each
///    equal to its count (`Failure.badPadding`): a wrong key or a damaged segment.
///
/// At most one block (16 bytes) is held between chunks; each run is a chunk's worth of blocks.
public struct HLSCipherBlocks: Sendable {
    /// The AES block size.
    public static let blockSize = 16

    /// Why a segment does not decrypt.
    public enum Failure: Error, Sendable, Equatable {
        /// The ciphertext is empty or not a multiple of 16 bytes long (its length).
        case notWholeBlocks(Int64)
        /// The final block's PKCS#7 padding is wrong.
        case badPadding
    }

    /// Whole blocks to decrypt now, without padding, chaining from `iv`.
    public struct Run: Sendable, Equatable {
        /// A multiple of 16 bytes.
        public var ciphertext: [UInt8]
        /// The 16 bytes the first block chains from.
        public var iv: [UInt8]
    }

    /// The ciphertext block the next run chains from (the IV at first).
    private var chain: [UInt8]
    /// Ciphertext received and not yet handed out: the held-back last block and a partial one.
    private var held: [UInt8] = []
    /// Ciphertext bytes received so far.
    public private(set) var received: Int64 = 0

    /// Starts a segment whose first block chains from `iv` (16 bytes).
    public init(iv: [UInt8]) {
        precondition(iv.count == Self.blockSize, "an AES-128 IV is 16 bytes")
        chain = iv
    }

    /// Takes the next chunk of ciphertext; returns the whole blocks that can be decrypted now (rules 1-3), or
    /// `nil` when none can yet.
    public mutating func take(_ bytes: some Collection<UInt8>) -> Run? {
        received += Int64(bytes.count)
        let total = held.count + bytes.count
        // Keep back a partial block, and the last whole block (which may be the final, padded one).
        var keep = total % Self.blockSize
        if keep == 0 { keep = Self.blockSize }
        guard total > keep else {
            held += bytes
            return nil
        }
        var ciphertext = held
        ciphertext.reserveCapacity(total)
        ciphertext += bytes
        held = Array(ciphertext[(total - keep)...])
        ciphertext.removeLast(keep)
        let run = Run(ciphertext: ciphertext, iv: chain)
        chain = Array(ciphertext[(ciphertext.count - Self.blockSize)...])
        return run
    }

    /// Ends the segment: the final block to decrypt (rule 4), whose plaintext then goes through `stripPadding`.
    ///
    /// - Throws: `Failure.notWholeBlocks` when the ciphertext was empty or not a multiple of 16 bytes.
    public mutating func finish() throws -> Run {
        guard held.count == Self.blockSize else { throw Failure.notWholeBlocks(received) }
        let run = Run(ciphertext: held, iv: chain)
        held = []
        return run
    }

    /// The final block's plaintext without its PKCS#7 padding.
    ///
    /// - Throws: `Failure.badPadding` unless the last byte N is 1...16 and the last N bytes all equal N.
    public static func stripPadding(_ finalBlock: [UInt8]) throws -> [UInt8] {
        guard finalBlock.count == blockSize, let count = finalBlock.last, (1...UInt8(blockSize)).contains(count),
            finalBlock.suffix(Int(count)).allSatisfy({ $0 == count })
        else { throw Failure.badPadding }
        return Array(finalBlock.dropLast(Int(count)))
    }
}
