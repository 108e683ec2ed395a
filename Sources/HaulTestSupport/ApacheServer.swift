import Foundation

/// A private Apache httpd (Debian's `apache2` package) serving a directory on a free local port with mod_deflate on,
/// as Debian configures it: the other reference server of issue 56's byte counts.
///
/// Its configuration is its own, in a temporary directory (no system service, nothing under `/etc/apache2` read but
/// `/etc/mime.types`): the event MPM, mod_mime, mod_filter and mod_deflate with Debian's `deflate.conf` types
/// (`text/plain` among them), a pid file and logs of its own. It runs as one process (`-X`), so killing it stops it.
public final class ApacheServer: Sendable {
    /// Why Apache could not be started.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong, with Apache's error log when there is one.
        public var description: String
    }

    /// Where Debian installs it, and its modules.
    public static let executablePath = "/usr/sbin/apache2"
    public static let modulesPath = "/usr/lib/apache2/modules"

    /// One line of the access log: what Apache wrote to the socket for one request.
    public struct LoggedRequest: Sendable, Equatable {
        /// Bytes sent, headers included (`%O`, mod_logio): for a request the client dropped, what reached the socket.
        public var bytesSent: Int64
        /// The request's `Range` header, if any.
        public var range: String?
        public var status: Int
        /// The response's `Content-Encoding` (`gzip` when mod_deflate compressed it), if any.
        public var contentEncoding: String?
    }

    private let server: ServerProcess
    /// The TCP port Apache listens on.
    public let port: Int

    /// The URL of a path on this server (`path` should start with `/`).
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private init(server: ServerProcess, port: Int) {
        self.server = server
        self.port = port
    }

    deinit {
        stop()
    }

    /// Writes `files` (name to bytes) into `directory/www` and starts Apache serving them at `/NAME`.
    ///
    /// - Parameter sendBufferSize: `SendBufferSize` in bytes (the kernel doubles it): small, what the access log says
    ///   Apache sent is close to what crossed the wire.
    /// - Returns: A running server, once its port accepts connections; nil without `/usr/sbin/apache2`.
    /// - Throws: ``StartError`` when Apache exits or does not listen within 10 s.
    public static func serving(
        _ files: [String: [UInt8]], in directory: TemporaryDirectory, sendBufferSize: Int? = nil
    ) throws -> ApacheServer? {
        guard FileManager.default.isExecutableFile(atPath: executablePath) else { return nil }
        let root = directory.file("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let path = root.appendingPathComponent(name)
            try Data(bytes).write(to: path)
            // An hour old, as a file on a real server: one modified within the current second gets a weak ETag
            // (`W/"..."`) and a Last-Modified equal to the response's Date, which no client may split a download on.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path.path)
        }
        let own = try TemporaryDirectory()
        let port = try PortProbe.freePort()
        let dir = own.url.path
        // Run as root, Apache serves as www-data, which must read the files: the path to them is opened up.
        let asRoot = geteuid() == 0
        if asRoot {
            for path in [directory.url.path, root.path] { chmod(path, 0o755) }
            for name in files.keys { chmod(root.appendingPathComponent(name).path, 0o644) }
        }
        let config = """
            ServerRoot \(dir)
            ServerName 127.0.0.1
            Listen 127.0.0.1:\(port)
            PidFile \(dir)/apache.pid
            ErrorLog \(dir)/error.log
            LogLevel warn
            LoadModule mpm_event_module \(modulesPath)/mod_mpm_event.so
            LoadModule authz_core_module \(modulesPath)/mod_authz_core.so
            LoadModule mime_module \(modulesPath)/mod_mime.so
            LoadModule filter_module \(modulesPath)/mod_filter.so
            LoadModule deflate_module \(modulesPath)/mod_deflate.so
            TypesConfig /etc/mime.types
            AddOutputFilterByType DEFLATE text/html text/plain text/xml text/css text/javascript application/javascript
            \(asRoot ? "User www-data\nGroup www-data" : "")
            \(sendBufferSize.map { "SendBufferSize \($0)" } ?? "")
            DocumentRoot "\(root.path)"
            <Directory "\(root.path)">
                Require all granted
            </Directory>
            LogFormat "%O %>s \\"%{Range}i\\" \\"%{Content-Encoding}o\\"" haulbytes
            CustomLog \(dir)/bytes.log haulbytes

            """
        let configPath = own.file("apache.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let server = try ServerProcess.launch(
            executablePath, ["-X", "-f", configPath], in: own, port: port, name: "apache2",
            errorLog: "\(dir)/error.log", timeout: 10, failure: { StartError(description: $0) }
        )
        return ApacheServer(server: server, port: port)
    }

    /// The requests answered so far, in the order Apache finished them.
    public func loggedRequests() -> [LoggedRequest] {
        let text = (try? String(contentsOfFile: server.directory.file("bytes.log").path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3, let bytes = Int64(words[0]), let status = Int(words[1]) else { return nil }
            let quoted = words[2].split(separator: "\"", omittingEmptySubsequences: true).map(String.init).filter { $0 != " " }
            guard quoted.count == 2 else { return nil }
            return LoggedRequest(
                bytesSent: bytes, range: quoted[0] == "-" ? nil : quoted[0], status: status,
                contentEncoding: quoted[1] == "-" ? nil : quoted[1]
            )
        }
    }

    /// Stops Apache and deletes its configuration directory; safe to call twice.
    public func stop() {
        server.stop()
    }
}
