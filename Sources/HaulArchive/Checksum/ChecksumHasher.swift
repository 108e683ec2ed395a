internal import CNIOBoringSSL

/// An incremental digest over one of the ``Checksum/Algorithm``s, backed by BoringSSL's digests: the BoringSSL
/// swift-nio-ssl builds for the TLS transport, so the binary carries one copy of it (swift-crypto brought a second;
/// docs/packaging.md, "The map down to 40 MB").
///
/// The digest's state is BoringSSL's context struct, a value: a copy of the hasher goes on from where it was
/// copied, and ``finalize()`` finishes a copy, so the hasher can keep going afterwards.
public struct ChecksumHasher {
    private enum State {
        case md5(MD5_CTX)
        case sha1(SHA_CTX)
        case sha256(SHA256_CTX)
        case sha512(SHA512_CTX)
    }

    private var state: State
    /// The hash function.
    public let algorithm: Checksum.Algorithm

    /// Starts a digest.
    /// - Parameter algorithm: The hash function.
    public init(_ algorithm: Checksum.Algorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .md5:
            var context = MD5_CTX()
            MD5_Init(&context)
            state = .md5(context)
        case .sha1:
            var context = SHA_CTX()
            SHA1_Init(&context)
            state = .sha1(context)
        case .sha256:
            var context = SHA256_CTX()
            SHA256_Init(&context)
            state = .sha256(context)
        case .sha512:
            var context = SHA512_CTX()
            SHA512_Init(&context)
            state = .sha512(context)
        }
    }

    /// Adds bytes to the digest.
    /// - Parameter bytes: The next bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        switch state {
        case .md5(var context):
            MD5_Update(&context, base, bytes.count)
            state = .md5(context)
        case .sha1(var context):
            SHA1_Update(&context, base, bytes.count)
            state = .sha1(context)
        case .sha256(var context):
            SHA256_Update(&context, base, bytes.count)
            state = .sha256(context)
        case .sha512(var context):
            SHA512_Update(&context, base, bytes.count)
            state = .sha512(context)
        }
    }

    /// The digest of everything added, in lowercase hex; the hasher can keep going afterwards.
    /// - Returns: `2 × digestByteCount` hex digits.
    public func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA512_DIGEST_LENGTH))
        let length: Int
        switch state {
        case .md5(var context):
            MD5_Final(&digest, &context)
            length = Int(MD5_DIGEST_LENGTH)
        case .sha1(var context):
            SHA1_Final(&digest, &context)
            length = Int(SHA_DIGEST_LENGTH)
        case .sha256(var context):
            SHA256_Final(&digest, &context)
            length = Int(SHA256_DIGEST_LENGTH)
        case .sha512(var context):
            SHA512_Final(&digest, &context)
            length = Int(SHA512_DIGEST_LENGTH)
        }
        return Self.hex(digest.prefix(length))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
