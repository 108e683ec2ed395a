/// A heap buffer of raw bytes owned by one reader or writer.
final class ByteBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    /// Allocates `count` bytes, aligned for any scalar.
    init(count: Int) {
        bytes = .allocate(byteCount: count, alignment: 16)
    }

    deinit {
        bytes.deallocate()
    }

    var count: Int { bytes.count }

    /// The first `count` bytes, read-only.
    func prefix(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[0..<count])
    }
}
