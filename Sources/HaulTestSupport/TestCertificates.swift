import Foundation

/// A certificate authority and a server certificate for `127.0.0.1` and `localhost` signed by it, valid until 2126,
/// for HTTPS tests (``NginxServer/start(root:extraLocations:httpDirectives:tls:http2:logsRequests:)``). They were made once with openssl (EC P-256); the
/// key is a test key and protects nothing.
public enum TestCertificates {
    /// The authority a client must trust (`--cacert`).
    public static let authority = """
-----BEGIN CERTIFICATE-----
MIIBlDCCATugAwIBAgIUWacCifBWboA5Notg9/JnQ6kee7QwCgYIKoZIzj0EAwIw
FzEVMBMGA1UEAwwMSGF1bCBUZXN0IENBMCAXDTI2MTEyMTEzMDQxMloYDzIxMjYx
MDI4MTMwNDEyWjAXMRUwEwYDVQQDDAxIYXVsIFRlc3QgQ0EwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARgxHJbRpBvGzn79nlyxkxckkj/Nk1KccneWgXyu3iuKxpG
8Jh3MZUfKdLUfxLF7Qy89mQtHCTp6g1aJmHJujF0o2MwYTAdBgNVHQ4EFgQUNEiK
pEPwHfHuU8fHr/1wzN+xrvowHwYDVR0jBBgwFoAUNEiKpEPwHfHuU8fHr/1wzN+x
rvowDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwCgYIKoZIzj0EAwID
RwAwRAIgNwd3FjRvwAzYrOuwIcEj7nyzgizdKcGu6demWPMOYe8CIC1pDCq6GFbs
tJqFw4Y1sibqS2Strh6rizK+DJ/SlSe8
-----END CERTIFICATE-----
"""

    /// The server's certificate.
    public static let server = """
-----BEGIN CERTIFICATE-----
MIIBvzCCAWWgAwIBAgIUDBO/6TMbMqrHaievs00y+ywol/cwCgYIKoZIzj0EAwIw
FzEVMBMGA1UEAwwMSGF1bCBUZXN0IENBMCAXDTI2MTEyMTEzMDQxM1oYDzIxMjYx
MDI4MTMwNDEzWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggq
hkjOPQMBBwNCAAR2ZYMpGSjdynMKjOxej76egRWBMiAr3eCpQUjeI5vpG12V68MC
nG2wCTuFqGPxaPDZMFIbMH8BbNwFs4/XNQOgo4GPMIGMMBoGA1UdEQQTMBGHBH8A
AAGCCWxvY2FsaG9zdDAJBgNVHRMEAjAAMBMGA1UdJQQMMAoGCCsGAQUFBwMBMA4G
A1UdDwEB/wQEAwIHgDAdBgNVHQ4EFgQUh6koGrKJZnpz0bZ7lUVTd009ie4wHwYD
VR0jBBgwFoAUNEiKpEPwHfHuU8fHr/1wzN+xrvowCgYIKoZIzj0EAwIDSAAwRQIg
aLuUaRsAkXqNkNSypJjBUX/lak7Yo8fmbzo0zQTH3oUCIQD5WMj7wxLoREq6q2+9
mn7JEuxhCobARraFOeb3YMazqA==
-----END CERTIFICATE-----
"""

    /// The server's private key (PKCS#8).
    public static let serverKey = """
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4SybVSx1+fXk2/N4
4d2ONih2y0608BuTvQmLQAMGJrqhRANCAAR2ZYMpGSjdynMKjOxej76egRWBMiAr
3eCpQUjeI5vpG12V68MCnG2wCTuFqGPxaPDZMFIbMH8BbNwFs4/XNQOg
-----END PRIVATE KEY-----
"""

    /// Where ``write(to:)`` put the three files.
    public struct Files: Sendable {
        public var authority: String
        public var certificate: String
        public var key: String

        /// Files made elsewhere (e.g. by openssl in a test), as PEM paths.
        public init(authority: String, certificate: String, key: String) {
            self.authority = authority
            self.certificate = certificate
            self.key = key
        }
    }

    /// Writes the authority, the server certificate and its key as PEM files into `directory`.
    public static func write(to directory: URL) throws -> Files {
        let files = Files(
            authority: directory.appendingPathComponent("ca.pem").path,
            certificate: directory.appendingPathComponent("server.pem").path,
            key: directory.appendingPathComponent("server.key").path
        )
        try authority.write(toFile: files.authority, atomically: true, encoding: .utf8)
        try server.write(toFile: files.certificate, atomically: true, encoding: .utf8)
        try serverKey.write(toFile: files.key, atomically: true, encoding: .utf8)
        return files
    }
}
