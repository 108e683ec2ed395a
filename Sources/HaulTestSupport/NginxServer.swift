import Foundation

/// A private nginx (`/usr/sbin/nginx`) serving a directory on a free local port, as a reference for a correct server.
public final class NginxServer: Sendable {
    /// Why nginx could not be started.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong, with nginx's error log when there is one.
        public var description: String
    }

    /// Where nginx is expected.
    public static let executablePath = "/usr/sbin/nginx"

    /// One line of the access log (``start(root:extraLocations:httpDirectives:tls:http2:logsRequests:)`` with `logsRequests`).
    public struct LoggedRequest: Sendable, Equatable {
        /// nginx's serial number of the TCP connection the request came over (`$connection`).
        public var connection: Int
        /// `HTTP/1.1` or `HTTP/2.0` (`$server_protocol`).
        public var httpVersion: String
        public var status: Int
        /// The path asked for, without query.
        public var path: String
        /// The request's `Range` header, if any.
        public var range: String?
    }

    private let server: ServerProcess
    private var directory: TemporaryDirectory { server.directory }

    /// The TCP port nginx listens on.
    public let port: Int
    private let scheme: String

    /// The server's root URL, e.g. `http://127.0.0.1:8080` (`https://` when started with `tls`).
    public var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }

    /// The URL of a path on this server (`path` should start with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    private init(server: ServerProcess, port: Int, scheme: String) {
        self.server = server
        self.port = port
        self.scheme = scheme
    }

    deinit {
        stop()
    }

    /// Starts nginx serving `root`, or returns nil when nginx is not installed.
    ///
    /// - Parameters:
    ///   - root: The directory whose files are served at `/`.
    ///   - extraLocations: nginx directives inserted verbatim into the `server { }` block (e.g. more `location`s).
    ///   - httpDirectives: nginx directives inserted verbatim into the `http { }` block (e.g. `limit_conn_zone`).
    ///   - tls: serve HTTPS with this certificate and key (``TestCertificates``) instead of plain HTTP.
    ///   - http2: with `tls`, offer HTTP/2 in the TLS handshake (ALPN `h2`) besides HTTP/1.1. Written
    ///     `listen ... ssl http2`, which nginx 1.22 (Debian 12) needs and later versions still accept.
    ///   - logsRequests: keep an access log, read with ``loggedRequests()`` and ``bodyBytesSent()``.
    ///   - listenParameters: more parameters of the `listen` directive (e.g. `sndbuf=64k`: a small send buffer, so
    ///     that what the access log says nginx sent is close to what crossed the wire).
    /// - Returns: A running server, once its port accepts connections; nil without `/usr/sbin/nginx`.
    /// - Throws: ``StartError`` when nginx exits or does not listen within 10 s.
    public static func start(
        root: String, extraLocations: String = "", httpDirectives: String = "", tls: TestCertificates.Files? = nil,
        http2: Bool = false, logsRequests: Bool = false, listenParameters: String = ""
    ) throws -> NginxServer? {
        guard FileManager.default.isExecutableFile(atPath: executablePath) else { return nil }
        let directory = try TemporaryDirectory()
        let port = try PortProbe.freePort()
        let dir = directory.url.path
        let config = """
            daemon off;
            master_process off;
            worker_processes 1;
            \(geteuid() == 0 ? "user root;" : "")
            pid \(dir)/nginx.pid;
            error_log \(dir)/error.log warn;
            events { worker_connections 1024; }
            http {
                log_format haul '$connection $server_protocol $status $request_method $uri $http_range';
                access_log \(logsRequests ? "\(dir)/access.log haul" : "off");
                log_format haulbytes '$body_bytes_sent';
                \(logsRequests ? "access_log \(dir)/bytes.log haulbytes;" : "")
                sendfile on;
                tcp_nopush on;
                keepalive_requests 100000;
                default_type application/octet-stream;
                client_body_temp_path \(dir)/client_body;
                proxy_temp_path \(dir)/proxy;
                fastcgi_temp_path \(dir)/fastcgi;
                uwsgi_temp_path \(dir)/uwsgi;
                scgi_temp_path \(dir)/scgi;
                \(httpDirectives)
                server {
                    listen 127.0.0.1:\(port)\(tls == nil ? "" : " ssl")\(tls != nil && http2 ? " http2" : "") \(listenParameters);
                    \(tls.map { "ssl_certificate \"\($0.certificate)\"; ssl_certificate_key \"\($0.key)\";" } ?? "")
                    root "\(root)";
                    location / { }
                    \(extraLocations)
                }
            }

            """
        let configPath = directory.file("nginx.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)

        let server = try ServerProcess.launch(
            executablePath, ["-p", dir, "-e", "\(dir)/error.log", "-c", configPath], in: directory, port: port,
            name: "nginx", errorLog: "\(dir)/error.log", timeout: 10, failure: { StartError(description: $0) }
        )
        return NginxServer(server: server, port: port, scheme: tls == nil ? "http" : "https")
    }

    /// Writes `files` (name to bytes) into `directory/www` and starts nginx serving them at `/NAME`; nil without
    /// nginx. `extraLocations`, `httpDirectives`, `tls`, `http2`, `logsRequests` and `listenParameters` as in
    /// ``start(root:extraLocations:httpDirectives:tls:http2:logsRequests:)``.
    public static func serving(
        _ files: [String: [UInt8]], in directory: TemporaryDirectory, extraLocations: String = "",
        httpDirectives: String = "", tls: TestCertificates.Files? = nil, http2: Bool = false, logsRequests: Bool = false,
        listenParameters: String = ""
    ) throws -> NginxServer? {
        let root = directory.file("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: root.appendingPathComponent(name)) }
        return try start(
            root: root.path, extraLocations: extraLocations, httpDirectives: httpDirectives, tls: tls, http2: http2,
            logsRequests: logsRequests, listenParameters: listenParameters
        )
    }

    /// The requests answered so far, in the order nginx finished them (empty without `logsRequests`).
    public func loggedRequests() -> [LoggedRequest] {
        let text = (try? String(contentsOfFile: directory.file("access.log").path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 5).map(String.init)
            guard words.count == 6, let connection = Int(words[0]), let status = Int(words[2]) else { return nil }
            return LoggedRequest(
                connection: connection, httpVersion: words[1], status: status, path: words[4],
                range: words[5] == "-" ? nil : words[5]
            )
        }
    }

    /// The body bytes nginx sent for each request answered so far (`$body_bytes_sent`: what it wrote to the
    /// socket, also what sat unread in the client's buffers when the client closed); empty without `logsRequests`.
    public func bodyBytesSent() -> [Int64] {
        let text = (try? String(contentsOfFile: directory.file("bytes.log").path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int64($0) }
    }

    /// Stops nginx and deletes its configuration directory; safe to call twice.
    public func stop() {
        server.stop()
    }
}
