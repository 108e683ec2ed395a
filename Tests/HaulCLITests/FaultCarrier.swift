import Foundation
import HaulTestSupport

/// How a fault case reaches the misbehaving ``TestServer``: over plain http, or over https (issue 61, "How it is
/// tested": the fault cases and hostile-server modes that run over http also run over https) through either client
/// that carries https: AsyncHTTPClient (`--http2`: a download's only connection, HTTP/2 offered and declined by the
/// server's ALPN) and the direct client (the default, and `--http1.1`). A case runs for each, expecting the same
/// outcome.
enum FaultCarrier: String, CaseIterable {
    case http
    case https
    case httpsDirect = "https --http1.1"

    /// Whether the server speaks TLS (``TestServer/start(host:threads:tls:)``).
    var tls: Bool { self != .http }

    /// The options `haul` needs for this carrier, the test authority written into `directory` for https.
    func arguments(in directory: URL) throws -> [String] {
        guard tls else { return [] }
        let files = try TestCertificates.write(to: directory)
        return ["--cacert", files.authority] + (self == .httpsDirect ? ["--http1.1"] : ["--http2"])
    }
}
