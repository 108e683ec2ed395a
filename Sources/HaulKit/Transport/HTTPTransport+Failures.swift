import AsyncHTTPClient
import Foundation
import HaulCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Every failure of a request or its body said once, as a `HaulError` a person can act on: the one place the
/// transport's own error types (AsyncHTTPClient's, NIO's, BoringSSL's) are read.
extension HTTPTransport {
    /// Maps a transport failure to a `.network` error with a readable message.
    static func networkError(_ error: any Error, url: URL, proxy: ProxyEndpoint? = nil) -> HaulError {
        if let error = error as? HaulError { return error }
        let host = url.host ?? url.absoluteString
        if let proxy, let failure = proxyError(error, proxy: proxy) { return failure }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return HaulError(.network, "connecting to \(host) timed out")
            case .readTimeout: return HaulError(.network, "\(host) sent nothing for too long (stall timeout)")
            case .remoteConnectionClosed: return closedEarly(host)
            case .deadlineExceeded: return HaulError(.network, "\(host) did not answer in time")
            default: return HaulError(.network, "\(host): \(error)")
            }
        }
        if let error = error as? HTTPParserError {
            switch error {
            case .invalidEOFState, .closedConnection:
                // The message was cut short by the connection's end: a network failure, retried.
                return closedEarly(host)
            default:
                // Bytes that are not HTTP/1.1 (a bad status line, chunk size, header): not retried (README, exit
                // code 5; issue 33, point 11).
                return HaulError(.protocolViolation, "\(host): malformed response (\(error))")
            }
        }
        if error is CancellationError { return HaulError(.cancelled, "cancelled") }
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            return tlsError(error, host: host)
        }
        if isUnresolvedName(error) {
            var failure = HaulError(.network, "\(host): the host name does not resolve")
            failure.isUnreachable = true
            return failure
        }
        if let code = connectErrno(error) {
            // NIO's own text for a refused connect reads "connection reset (error set): Connection refused
            // (errno: 111)"; say what happened, with the port, the way curl does.
            let port = url.port.map { ":\($0)" } ?? ""
            var failure = HaulError(.network, "\(host)\(port): \(socketErrorText(code))")
            failure.isUnreachable = code == ECONNREFUSED
            return failure
        }
        return HaulError(.network, "\(host): \(error)")
    }

    static func closedEarly(_ host: String) -> HaulError {
        var failure = HaulError(.network, "\(host) closed the connection early")
        failure.isClosedEarly = true
        return failure
    }

    /// A failure that is the proxy's, said as such (a refused connection to the proxy is not the origin's fault).
    ///
    /// A proxy that cannot be reached is a network failure retried with the usual backoff, not given up at once as a
    /// refused origin is (`RetryPolicy`): that rule is about a typo in a port, and a company's proxy that restarts
    /// or fails over comes back.
    static func proxyError(_ error: any Error, proxy: ProxyEndpoint) -> HaulError? {
        if let error = error as? HTTPClientError {
            switch error {
            case .proxyAuthenticationRequired:
                return proxyWantsCredentials(proxy)
            case .invalidProxyResponse:
                return HaulError(.network, "the proxy \(proxy.address) refused the tunnel or answered something else than 200")
            case .socksHandshakeTimeout:
                return HaulError(.network, "the SOCKS proxy \(proxy.address) did not answer the handshake")
            case .httpProxyHandshakeTimeout:
                return HaulError(.network, "the proxy \(proxy.address) did not answer CONNECT in time")
            case .connectTimeout:
                return HaulError(.network, "cannot connect to the proxy \(proxy.address): timed out")
            default:
                return nil
            }
        }
        if let code = connectErrno(error) {
            return HaulError(.network, "cannot connect to the proxy \(proxy.address): \(socketErrorText(code))")
        }
        return nil
    }

    /// The proxy answered 407: it wants credentials, or refused the ones it got.
    static func proxyWantsCredentials(_ proxy: ProxyEndpoint) -> HaulError {
        let text = proxy.user == nil
            ? "the proxy \(proxy.address) wants credentials (407): give them as http://USER:PASSWORD@\(proxy.address)"
            : "the proxy \(proxy.address) refused its credentials (407)"
        return HaulError(.http, text, httpStatus: 407)
    }

    /// Whether NIO failed to resolve the host name: its resolver's error, or every address family's lookup failed
    /// and no connect was tried.
    static func isUnresolvedName(_ error: any Error) -> Bool {
        if error is SocketAddressError.UnknownHost { return true }
        if let error = error as? NIOConnectionError {
            return error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
        }
        return false
    }

    /// The error number of a failed connect, as NIO reports it: an `IOError`, or the `NIOConnectionError` that
    /// gathers each address's attempt (its text reads "Connection errors: SingleConnectionFailure(...)").
    static func connectErrno(_ error: any Error) -> CInt? {
        if let error = error as? IOError { return error.errnoCode }
        if let error = error as? NIOConnectionError {
            return error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
        }
        return nil
    }

    /// A failed TLS handshake, said the way a person can act on.
    static func tlsError(_ error: any Error, host: String) -> HaulError {
        let text = "\(error)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return HaulError(
                .tls,
                "\(host): the server's certificate is not signed by an authority this machine trusts",
                remedy: .trustCertificateAuthority
            )
        }
        if (error as? NIOSSLExtraError) == .failedToValidateHostname {
            return HaulError(.tls, "\(host): the server's certificate is for another name")
        }
        return HaulError(.tls, "\(host): TLS handshake failed: \(text)")
    }

    /// A lower-case description of a socket errno ("connection refused").
    static func socketErrorText(_ code: CInt) -> String {
        guard let text = strerror(code) else { return "socket error \(code)" }
        return String(cString: text).lowercased()
    }
}
