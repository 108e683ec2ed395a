import Crypto

/// An incremental digest over one of the ``Checksum/Algorithm``s, backed by swift-crypto.
public struct ChecksumHasher {
    private enum State {
        case md5(Insecure.MD5)
        case sha1(Insecure.SHA1)
        case sha256(SHA256)
        case sha512(SHA512)
    }

    private var state: State
    /// The hash function.
    public let algorithm: Checksum.Algorithm

    /// Starts a digest.
    /// - Parameter algorithm: The hash function.
    public init(_ algorithm: Checksum.Algorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .md5: state = .md5(Insecure.MD5())
        case .sha1: state = .sha1(Insecure.SHA1())
        case .sha256: state = .sha256(SHA256())
        case .sha512: state = .sha512(SHA512())
        }
    }

    /// Adds bytes to the digest.
    /// - Parameter bytes: The next bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        switch state {
        case .md5(var hash):
            hash.update(bufferPointer: bytes)
            state = .md5(hash)
        case .sha1(var hash):
            hash.update(bufferPointer: bytes)
            state = .sha1(hash)
        case .sha256(var hash):
            hash.update(bufferPointer: bytes)
            state = .sha256(hash)
        case .sha512(var hash):
            hash.update(bufferPointer: bytes)
            state = .sha512(hash)
        }
    }

    /// The digest of everything added, in lowercase hex; the hasher can keep going afterwards.
    /// - Returns: `2 × digestByteCount` hex digits.
    public func finalize() -> String {
        switch state {
        case .md5(let hash): Self.hex(hash.finalize())
        case .sha1(let hash): Self.hex(hash.finalize())
        case .sha256(let hash): Self.hex(hash.finalize())
        case .sha512(let hash): Self.hex(hash.finalize())
        }
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
