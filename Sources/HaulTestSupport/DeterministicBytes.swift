/// `count` pseudo-random bytes from a xorshift64* generator; the same seed always gives the same bytes.
public func deterministicBytes(count: Int, seed: UInt64 = 1) -> [UInt8] {
    precondition(count >= 0, "count must not be negative")
    var state: UInt64 = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else {
            initialized = 0
            return
        }
        let raw = UnsafeMutableRawPointer(base)
        var offset = 0
        while offset < count {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let word = (state &* 0x2545_F491_4F6C_DD1D).littleEndian
            let n = min(8, count - offset)
            if n == 8 {
                raw.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            } else {
                withUnsafeBytes(of: word) { bytes in
                    (raw + offset).copyMemory(from: bytes.baseAddress!, byteCount: n)
                }
            }
            offset += n
        }
        initialized = count
    }
}
