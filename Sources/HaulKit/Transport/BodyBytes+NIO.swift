import NIOCore

/// Where AsyncHTTPClient's body chunks (and the direct client's head buffer) cross into Haul's type: the only place
/// a `ByteBuffer` becomes `BodyBytes`.
extension BodyBytes {
    /// The readable bytes of `buffer`, without a copy: the bytes stay in the buffer's storage, which this holds.
    ///
    /// Why wrap rather than copy: a copy is one more pass over every byte AsyncHTTPClient delivers (HTTP/2, SOCKS,
    /// https through a proxy), and holding the storage costs one retain per chunk. NIO's `ByteBuffer` is
    /// copy-on-write on its storage: while this holds it, a later write to any buffer sharing it copies first, so
    /// the bytes seen here never change.
    init(_ buffer: ByteBuffer) {
        self = buffer.withUnsafeReadableBytesWithStorageManagement { bytes, storage in
            BodyBytes(owner: storage.takeUnretainedValue(), base: bytes.baseAddress, count: bytes.count)
        }
    }
}
