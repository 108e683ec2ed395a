/// What a one-call fetch does with a body's bytes as they arrive, in place of keeping them as they are: an HLS
/// segment decrypted chunk by chunk (`HLSSegmentDecryptor`), so the ciphertext is never held whole beside its
/// plaintext. A new one is made for every attempt (a retry starts the body again).
protocol BodyTransform {
    /// Takes the next bytes of the body and appends what they give to `output` (it may keep some back). A failure
    /// is kept and thrown by `finish`: the body is read to its end and its length checked first, so a body cut short
    /// is retried as any is rather than reported as the transform's failure.
    mutating func take(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8])

    /// Ends the body: appends what was kept back, or throws why the body does not transform.
    mutating func finish(into output: inout [UInt8]) throws
}

extension BodyTransform {
    /// `bytes` transformed in one go (a part cut from a whole body in memory).
    mutating func transformWhole(_ bytes: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { take($0, into: &output) }
        try finish(into: &output)
        return output
    }
}

extension ResponseBody {
    /// The body in memory, each chunk passed through `transform` as it arrives; at most `maximumBytes` of the body
    /// are taken. Returns what `transform` gave (before its `finish`) and how many body bytes were received.
    ///
    /// - Throws: `TooLarge` past `maximumBytes`; `HaulError` as the body fails.
    func collect(upTo maximumBytes: Int, through transform: inout any BodyTransform) async throws -> (bytes: [UInt8], received: Int) {
        var bytes: [UInt8] = []
        var received = 0
        for try await chunk in self {
            precondition(!chunk.isWritten, "collect(upTo:through:) offers no sink")
            guard received + chunk.count <= maximumBytes else { throw TooLarge() }
            received += chunk.count
            chunk.bytes.withUnsafeBytes { transform.take($0, into: &bytes) }
        }
        return (bytes, received)
    }
}
