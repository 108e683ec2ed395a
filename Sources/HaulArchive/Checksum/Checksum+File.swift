import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes the digest of a file: the free-function spelling of `Checksum.hexDigest(ofFileAt:algorithm:)`, kept
/// so that code written before it compiles (with a warning that names the replacement).
/// - Parameters:
///   - file: The file, a file URL.
///   - algorithm: The hash function.
/// - Returns: The digest in lowercase hex.
/// - Throws: ``ChecksumError/Code/io`` when the file cannot be opened or read.
@available(*, deprecated, renamed: "Checksum.hexDigest(ofFileAt:algorithm:)")
public func checksumOfFile(at file: URL, algorithm: Checksum.Algorithm) throws -> String {
    try Checksum.hexDigest(ofFileAt: file, algorithm: algorithm)
}

/// `checksumOfFile(at:algorithm:)` for a path (`haul` and the engine speak paths).
package func checksumOfFile(atPath path: String, algorithm: Checksum.Algorithm) throws -> String {
    let raw = open(path, O_RDONLY | O_CLOEXEC)
    guard raw >= 0 else { throw ChecksumError.system("cannot open \(path)") }
    let file = FileDescriptor(taking: raw)
    let buffer = ByteBuffer(count: 1 << 20)
    var hasher = ChecksumHasher(algorithm)
    while true {
        let count = retryingOnInterrupt { read(file.raw, buffer.bytes.baseAddress, buffer.count) }
        guard count >= 0 else { throw ChecksumError.system("cannot read \(path)") }
        if count == 0 { break }
        hasher.update(buffer.prefix(count))
    }
    return hasher.finalize()
}

extension Checksum {
    /// Computes the digest of a file, reading it in 1 MiB chunks (constant memory, whatever its size).
    ///
    /// A static member rather than a free function, as Swift APIs are found (`Checksum.` completes to it); to check
    /// a file against a digest you were given, `verifyFile(at:)` does both steps.
    /// - Parameters:
    ///   - file: The file, a file URL.
    ///   - algorithm: The hash function.
    /// - Returns: The digest in lowercase hex.
    /// - Throws: ``ChecksumError/Code/io`` when the file cannot be opened or read.
    public static func hexDigest(ofFileAt file: URL, algorithm: Algorithm) throws -> String {
        try checksumOfFile(atPath: file.path, algorithm: algorithm)
    }

    /// Computes the file's digest and compares it with this checksum.
    /// - Parameter file: The file, a file URL.
    /// - Throws: ``ChecksumError/Code/mismatch`` showing both digests, ``ChecksumError/Code/io``.
    public func verifyFile(at file: URL) throws {
        try verify(actualHex: checksumOfFile(atPath: file.path, algorithm: algorithm), path: file.path)
    }
}

extension ChecksumError {
    static func system(_ what: String) -> ChecksumError {
        let cause = SystemError(errno: errno)
        return ChecksumError(.io, "\(what): \(cause)", cause: cause)
    }
}
