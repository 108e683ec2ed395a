import Foundation

/// A real Squid (Debian's `squid` package) on a free local port, run by a test with Debian's stock access rules: the
/// proxy companies run, which allows `CONNECT` to port 443 only and plain http to the ports it calls safe.
///
/// The configuration is the stock `/etc/squid/squid.conf`'s `acl` and `http_access` lines, copied verbatim and in
/// order, and only what running unprivileged in a temporary directory needs besides: the port (on 127.0.0.1), the pid
/// file, the logs, no disk cache, no pinger helper, no wait at shutdown. So a test through it sees exactly what a
/// stock installation allows (`localhost` and `localnet` may use it).
public final class SquidProxy: Sendable {
    /// Why Squid did not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where Debian installs it.
    public static let executablePath = "/usr/sbin/squid"
    /// Debian's stock configuration, whose access rules the test proxy copies.
    public static let stockConfigurationPath = "/etc/squid/squid.conf"

    private let server: ServerProcess
    private var directory: TemporaryDirectory { server.directory }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    private init(server: ServerProcess, port: Int) {
        self.server = server
        self.port = port
    }

    /// The stock file's `acl` and `http_access` lines, verbatim and in order.
    public static func stockAccessRules(_ configuration: String) -> [String] {
        configuration.split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter {
            $0.hasPrefix("acl ") || $0.hasPrefix("http_access ")
        }
    }

    /// Starts Squid; `nil` when it (or its stock configuration) is not installed.
    ///
    /// - Parameter tunnelPorts: ports added to the stock `SSL_ports` list (which holds 443 alone), right after its
    ///   stock line: a test's TLS server listens on a free unprivileged port, and this is the one change that lets
    ///   a `CONNECT` reach it, everything else as stock. Empty: the stock rules unchanged.
    /// - Throws: ``StartError`` when Squid exits or does not listen within 20 s.
    public static func start(tunnelPorts: [Int] = []) throws -> SquidProxy? {
        guard FileManager.default.isExecutableFile(atPath: executablePath),
              let stock = try? String(contentsOfFile: stockConfigurationPath, encoding: .utf8)
        else { return nil }
        var rules = stockAccessRules(stock)
        if !tunnelPorts.isEmpty, let stockLine = rules.lastIndex(where: { $0.hasPrefix("acl SSL_ports ") }) {
            rules.insert(contentsOf: tunnelPorts.map { "acl SSL_ports port \($0)" }, at: stockLine + 1)
        }
        guard rules.contains(where: { $0.hasPrefix("http_access ") }) else {
            throw StartError(description: "\(stockConfigurationPath) has no http_access rules to copy")
        }
        let directory = try TemporaryDirectory()
        // Run as root, Squid drops to its own user (`proxy`), which must still write its logs here.
        chmod(directory.url.path, 0o777)
        let port = try PortProbe.freePort()
        let dir = directory.url.path
        let config = (rules + [
            "http_port 127.0.0.1:\(port)",
            "pid_filename \(dir)/squid.pid",
            "cache_log \(dir)/cache.log",
            "access_log stdio:\(dir)/access.log",
            "cache_store_log none",
            "coredump_dir \(dir)",
            "netdb_filename none",
            "pinger_enable off",
            "shutdown_lifetime 0 seconds",
        ]).joined(separator: "\n") + "\n"
        let configPath = directory.file("squid.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)

        // -N: in the foreground, one process, so stopping it stops everything.
        let server = try ServerProcess.launch(
            executablePath, ["-N", "-f", configPath], in: directory, port: port, name: "squid",
            errorLog: "\(dir)/cache.log", timeout: 20, failure: { StartError(description: $0) }
        )
        return SquidProxy(server: server, port: port)
    }

    /// The access log's lines so far (Squid's native format: time, elapsed, client, result/status, bytes, method,
    /// URL, ...).
    public func accessLog() -> [String] {
        let text = (try? String(contentsOfFile: directory.file("access.log").path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops Squid and deletes its directory; safe to call twice.
    public func stop() {
        server.stop()
    }
}
