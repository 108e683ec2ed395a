internal import CNIOBoringSSL
import Foundation
import NIOConcurrencyHelpers
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The TLS settings every https connection of the direct client shares (docs/transport.md, "TLS"): BoringSSL's
/// `SSL_CTX` (the copy swift-nio-ssl already links into `haul`: no second TLS library), TLS 1.2 or newer, the
/// certificate chain checked against the system's trust store and `--cacert`'s authorities, or nothing checked with
/// `--insecure`. Made once per transport; connections are made from it on any thread.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer
    let checksCertificates: Bool

    /// Where Linux distributions keep the system's trust store, as swift-nio-ssl looks for it (LinuxCABundle).
    static let systemBundles = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/tls/cacert.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem",
    ]
    static let systemDirectory = "/etc/ssl/certs"

    /// Where the system's trust store is read from: the hashed directory (`/etc/ssl/certs/<hash>.0`, as
    /// update-ca-certificates and OpenSSL's rehash make it) when there is one, from which BoringSSL reads only the
    /// authorities a chain names; else the first bundle found, parsed whole when the context is made (about 150
    /// certificates: 95 ms in a debug build, docs/transport.md).
    static func systemTrustStore(
        directory: String = systemDirectory, bundles: [String] = systemBundles
    ) -> (bundle: String?, directory: String?) {
        if holdsHashedName(directory) { return (nil, directory) }
        return (bundles.first { FileManager.default.fileExists(atPath: $0) }, nil)
    }

    /// Whether `directory` has an entry named like a hashed link (`<8 hex digits>.0`: ten characters ending `.0`),
    /// read entry by entry up to the first one. This runs on the first https request's path in every process;
    /// FileManager's listing made a path and a String of each of Debian's 290 entries first (about 1.3 % of the CPU
    /// of a 1 KiB https download, perf, issue 61).
    static func holdsHashedName(_ directory: String) -> Bool {
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.count == 10 && name.hasSuffix(".0") { return true }
        }
        return false
    }

    private init(context: OpaquePointer, checksCertificates: Bool) {
        self.context = context
        self.checksCertificates = checksCertificates
    }

    deinit { SSL_CTX_free(context) }

    /// The context for `extraAuthorities` (a PEM file, `--cacert`) and `insecure`, or `nil` where the direct
    /// client does not carry https: not Linux (Apple platforms keep AsyncHTTPClient and the platform's trust
    /// evaluation), or a file it cannot load (AsyncHTTPClient then reports it in its own words).
    static func make(extraAuthorities: URL?, insecure: Bool) -> TLSContext? {
        #if os(Linux)
        guard let context = SSL_CTX_new(TLS_client_method()) else { return nil }
        let made = TLSContext(context: context, checksCertificates: !insecure)
        guard SSL_CTX_set_min_proto_version(context, UInt16(TLS1_2_VERSION)) == 1 else { return nil }
        if insecure {
            SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
            return made
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        let (bundle, directory) = systemTrustStore()
        if bundle != nil || directory != nil,
           SSL_CTX_load_verify_locations(context, bundle, directory) != 1 { return nil }
        if let extraAuthorities,
           SSL_CTX_load_verify_locations(context, extraAuthorities.path, nil) != 1 { return nil }
        ERR_clear_error()
        return made
        #else
        return nil
        #endif
    }
}

/// The direct client's TLS settings of one transport: what `TLSContext` is made from, and the context, made by the
/// first request's own thread that needs it (parsing a `--cacert` bundle of a hundred authorities takes
/// milliseconds: on that thread it overlaps the store's opening instead of delaying the request). `nil` from
/// `make` where the direct client carries no https (not Linux).
final class TLSSettings: Sendable {
    let extraAuthorities: URL?
    let insecure: Bool
    private let made = NIOLockedValueBox<TLSContext??>(nil)

    private init(extraAuthorities: URL?, insecure: Bool) {
        self.extraAuthorities = extraAuthorities
        self.insecure = insecure
    }

    static func make(extraAuthorities: URL?, insecure: Bool) -> TLSSettings? {
        #if os(Linux)
        return TLSSettings(extraAuthorities: extraAuthorities, insecure: insecure)
        #else
        return nil
        #endif
    }

    /// The context, made once; `nil` when it cannot be (a `--cacert` file BoringSSL cannot read).
    func context() -> TLSContext? {
        made.withLockedValue { made in
            if let made { return made }
            let context = TLSContext.make(extraAuthorities: extraAuthorities, insecure: insecure)
            made = .some(context)
            return context
        }
    }
}

/// One TLS connection over a non-blocking socket, driven by the direct client's thread (`DirectHTTPRequest+TLS`):
/// the handshake in steps, then reads and writes that say when they must wait for the socket. Used by one thread at
/// a time; freed by `close()` before its socket is closed.
final class TLSConnection {
    private var ssl: OpaquePointer?
    let host: String

    /// What a handshake step or an I/O call needs next.
    enum Step: Equatable {
        case done
        case wantRead
        case wantWrite
        /// The connection ended (or was reset) before the handshake did.
        case closed
        /// A TLS failure: `reason` is BoringSSL's (e.g. "CERTIFICATE_VERIFY_FAILED"), `verifyResult` the chain's
        /// check (`X509_V_OK` when it was not the cause).
        case failed(reason: String, verifyResult: Int)
    }

    /// A client connection to `host` (a name or an address literal, without brackets) on `socket`: SNI for a name,
    /// ALPN `http/1.1`, and the certificate checked for `host` (its DNS name or IP address) unless the context
    /// checks nothing.
    init?(context: TLSContext, socket: Int32, host: String) {
        self.host = host
        guard let ssl = SSL_new(context.context) else { return nil }
        self.ssl = ssl
        guard SSL_set_fd(ssl, socket) == 1 else { return nil }
        let isAddress = Self.isAddressLiteral(host)
        if !isAddress, SSL_set_tlsext_host_name(ssl, host) != 1 { return nil }
        let alpn: [UInt8] = [8] + Array("http/1.1".utf8)
        guard SSL_set_alpn_protos(ssl, alpn, alpn.count) == 0 else { return nil }
        if context.checksCertificates {
            let parameters = SSL_get0_param(ssl)
            let set = isAddress
                ? X509_VERIFY_PARAM_set1_ip_asc(parameters, host)
                : X509_VERIFY_PARAM_set1_host(parameters, host, host.utf8.count)
            guard set == 1 else { return nil }
        }
        SSL_set_connect_state(ssl)
    }

    deinit { close() }

    /// Frees the connection (without a close_notify: every byte the body's framing asked for has been read, and
    /// the socket is closed next).
    func close() {
        if let ssl { SSL_free(ssl) }
        ssl = nil
    }

    /// Whether decrypted bytes wait in the session's buffers: after a response read to its end there must be none
    /// for the connection to be kept.
    var hasBufferedBytes: Bool {
        guard let ssl else { return false }
        return SSL_pending(ssl) > 0
    }

    /// One step of the handshake.
    func handshake() -> Step {
        guard let ssl else { return .closed }
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        return result == 1 ? .done : step(after: result)
    }

    /// Reads decrypted bytes into `buffer`: as many records as are at hand, up to `count` bytes. Returns the count
    /// (0 at the end of the stream), or -1 with `errno` EAGAIN (wait until readable) or the socket's error.
    ///
    /// - Throws: `Step.failed` as an error for a record that fails its checks (`TLSConnection.Failure`).
    func read(_ buffer: UnsafeMutableRawPointer?, count: Int) throws -> Int {
        guard let ssl, let buffer else { return 0 }
        var total = 0
        while total < count {
            ERR_clear_error()
            let read = SSL_read(ssl, buffer + total, Int32(clamping: count - total))
            if read > 0 {
                total += Int(read)
                continue
            }
            if total > 0 { return total }
            switch step(after: read) {
            case .wantRead, .wantWrite:
                errno = EAGAIN
                return -1
            case .closed, .done:
                return 0
            case .failed(let reason, _):
                throw Failure(reason: reason)
            }
        }
        return total
    }

    /// Writes all of `bytes`, waiting through `wait` (given `.wantRead` or `.wantWrite`) when the socket is full.
    func write(_ bytes: UnsafeRawBufferPointer, wait: (Step) throws -> Void) throws {
        guard let ssl, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            ERR_clear_error()
            let written = SSL_write(ssl, base + offset, Int32(clamping: bytes.count - offset))
            if written > 0 {
                offset += Int(written)
                continue
            }
            let next = step(after: written)
            switch next {
            case .wantRead, .wantWrite: try wait(next)
            case .closed, .done: throw Failure(reason: "the connection closed")
            case .failed(let reason, _): throw Failure(reason: reason)
            }
        }
    }

    /// A TLS record that failed after the handshake (a bad MAC, an alert from the server).
    struct Failure: Error {
        var reason: String
    }

    private func step(after result: Int32) -> Step {
        guard let ssl else { return .closed }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN, SSL_ERROR_SYSCALL:
            // The peer closed or reset the connection (BoringSSL reports an end of stream without close_notify
            // as SYSCALL with no error queued).
            return .closed
        default:
            let code = ERR_peek_last_error()
            let reason = ERR_reason_error_string(code).map { String(cString: $0) } ?? "error \(code)"
            ERR_clear_error()
            return .failed(reason: reason, verifyResult: Int(SSL_get_verify_result(ssl)))
        }
    }

    static func isAddressLiteral(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
    }
}
