/// Signed links that expire, as S3 and CDNs hand them out: `path?sig=S` serves a file while the signature `S` is
/// alive. The one `expiring` signature serves bytes only before file offset `afterByte` (a response is cut there,
/// the connection closing as the link runs out), and answers `status` (403 by default, as S3 does) to any request
/// for bytes at or past it; every other signature in `files` serves its file whole.
public struct SignedLinks: Sendable {
    public var files: [String: FileResource]
    public var expiring: String
    public var afterByte: Int
    public var status: Int

    public init(files: [String: FileResource], expiring: String = "1", afterByte: Int, status: Int = 403) {
        self.files = files
        self.expiring = expiring
        self.afterByte = afterByte
        self.status = status
    }

    /// The answer to one request.
    public func response(for request: TestRequest) -> TestResponse {
        let signature = request.uri.split(separator: "?", maxSplits: 1).dropFirst().first?
            .split(separator: "&").first { $0.hasPrefix("sig=") }.map { String($0.dropFirst(4)) }
        guard let signature, let file = files[signature] else {
            return .text(403, "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>")
        }
        var response = file.response(for: request)
        guard signature == expiring else { return response }
        let start = Self.rangeStart(request.header("Range")) ?? 0
        guard start < afterByte, (200..<300).contains(response.status) else {
            return .text(status, "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>")
        }
        response.closeAfterBodyBytes = afterByte - start
        return response
    }

    /// The first byte of `bytes=N-...`.
    static func rangeStart(_ header: String?) -> Int? {
        guard let header, header.hasPrefix("bytes=") else { return nil }
        return Int(header.dropFirst(6).prefix { $0.isNumber })
    }
}

extension RouteServing {
    /// Serves `links` at `path` (see ``SignedLinks``).
    public func serveSigned(_ path: String, _ links: SignedLinks) {
        route(path) { links.response(for: $0) }
    }
}
