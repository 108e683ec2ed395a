/// The files `haul daemon` serves at `/`: a placeholder page until the web interface (a later issue) replaces it.
///
/// Every answer carries the security headers of issue 13: a CSP that allows only the daemon's own origin (no
/// inline script, nothing from elsewhere), no framing (clickjacking), no MIME sniffing, no referrer (the secret
/// travels in the URL fragment, which browsers never send, but a referrer policy costs nothing).
public enum WebAssets {
    /// One file.
    public struct Asset: Sendable {
        public var contentType: String
        public var body: String
    }

    /// The headers every page answer carries.
    public static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'"),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    /// The file at `path` (query ignored), or `nil`.
    public static func asset(for path: String) -> Asset? {
        let bare = String(path.prefix { $0 != "?" && $0 != "#" })
        return files[bare == "/" ? "/index.html" : bare]
    }

    static let files: [String: Asset] = [
        "/index.html": Asset(contentType: "text/html; charset=utf-8", body: indexPage),
        "/haul.css": Asset(contentType: "text/css; charset=utf-8", body: "body{font-family:sans-serif;margin:2em;max-width:40em}code{background:#eee;padding:0 .2em}\n"),
    ]

    static let indexPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>haul daemon</title>
        <link rel="stylesheet" href="/haul.css">
        </head>
        <body>
        <h1>haul daemon</h1>
        <p>The daemon is running. It speaks aria2's JSON-RPC at <code>/jsonrpc</code> (HTTP POST and WebSocket):
        point AriaNg, aria2p or any aria2 front-end at this address with the secret from the daemon's state
        directory (<code>rpc-secret</code>).</p>
        </body>
        </html>

        """
}
