/// What a request is to its download: the download's only connection, or one of the several connections of a
/// split download.
public enum ConnectionRole: Hashable, Sendable {
    /// The only connection the download has at that moment: the whole-file first request (which may later become
    /// a split download's first segment), every attempt of a single-connection run (`-x 1`, a file below two
    /// minimum splits, a server without ranges), a resume on one connection, `HaulClient.fetch`.
    case only
    /// The unbounded first request (or a retry of it) of a download that asked for a fixed count of more than one
    /// connection (`-x 16`): once the length is known it becomes the split download's first segment, so it is one
    /// TCP stream of HTTP/1.1 like the others (docs/transport.md, "Which client carries a request").
    case firstOfSplit
    /// One of the connections a split download opened after its first response, each with a bounded range.
    case segment

    /// The role of a `TransferAction.open(_, _, end:)`: `TransferMachine` bounds a connection's body (`end`) exactly
    /// when the download is split over several connections; an unbounded request is `firstOfSplit` when the
    /// download asked for `connections` > 1 as a fixed count (`choosesCount` false), else its only connection. A
    /// count Haul chooses (`-x auto`, the default) keeps `only`: every file of a list has it, so with HTTP/2
    /// allowed (`--http2`) many small files from one host share one connection.
    public init(bodyEnd end: Int64?, connections: Int = 1, choosesCount: Bool = false) {
        if end != nil {
            self = .segment
        } else {
            self = connections > 1 && !choosesCount ? .firstOfSplit : .only
        }
    }
}

/// Which HTTP versions a request may be sent with.
///
/// HTTP/2 multiplexes many requests over one TCP connection: for many small files from one host that saves a TCP
/// and TLS handshake per file (and per connection slot), which is most of what a small file costs. For a split
/// download it defeats the purpose: the point of several connections is several TCP flows, each with its own
/// congestion window and, at servers that cap each connection (nginx `limit_rate`, many CDNs), its own share;
/// streams of one HTTP/2 connection share one flow. So the decision is per request:
///
/// - a segment of a split download, and the first request of a download asked for a fixed count of connections
///   above one (`ConnectionRole.firstOfSplit`), always go over HTTP/1.1, one TCP connection per segment;
/// - any other request to an `https` URL offers HTTP/2 in the TLS handshake (ALPN `h2`, then `http/1.1`) and uses
///   whichever the server picks;
/// - an `http` URL always goes over HTTP/1.1: cleartext HTTP/2 (h2c, an `Upgrade` or prior knowledge) is not tried,
///   as browsers and curl by default do not, since it is rare and middleboxes break it.
///
/// With a count Haul chooses (`-x auto`), the first request of a big file may still ride HTTP/2 and then carry on
/// as the split download's first segment on that stream; the other segments get their own HTTP/1.1 connections.
///
/// All of this applies only where HTTP/2 is allowed at all (`allowsHTTP2`: `haul --http2`,
/// `HaulConfiguration.allowsHTTP2`), which is not the default. Measured (release build, loopback nginx with TLS):
/// one HTTP/2 stream of a 256 MiB file takes about 1.45x the wall time and twice the user CPU of HTTP/1.1 (NIOHTTP2
/// copies every DATA frame into its decoder's buffer), and 60 small files 8 at a time took 0.90 s over HTTP/2
/// against 0.66 s over Haul's own HTTP/1.1 client with its kept connections (docs/transport.md, "HTTP/2 or
/// HTTP/1.1, measured"), so HTTP/1.1 is the default and HTTP/2 an opt-in.
public enum HTTPVersionChoice: Hashable, Sendable {
    /// HTTP/1.1 only (ALPN offers `http/1.1` alone over TLS).
    case http1Only
    /// HTTP/2 when the server offers it in the TLS handshake, HTTP/1.1 otherwise.
    case http2WhenOffered

    /// The choice for a request to a URL with `scheme` in `role`; `allowsHTTP2` false (the default, and
    /// `--http1.1`) keeps every request on HTTP/1.1.
    public static func forRequest(scheme: String?, role: ConnectionRole, allowsHTTP2: Bool = true) -> HTTPVersionChoice {
        guard allowsHTTP2, role == .only, scheme?.lowercased() == "https" else { return .http1Only }
        return .http2WhenOffered
    }
}
