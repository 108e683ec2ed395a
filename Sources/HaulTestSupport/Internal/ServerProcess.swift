import Foundation
import NIOConcurrencyHelpers

/// A real server program (nginx, Apache, Squid) run by a test: started with a configuration of its own in a temporary
/// directory, awaited until its port on 127.0.0.1 accepts connections, and killed with the directory removed.
/// The shape `NginxServer`, `ApacheServer` and `SquidProxy` share.
final class ServerProcess: Sendable {
    private let process: NIOLockedValueBox<Process?>
    /// The directory that holds the configuration, the pid file and the logs; removed by ``stop()``.
    let directory: TemporaryDirectory

    private init(process: Process, directory: TemporaryDirectory) {
        self.process = NIOLockedValueBox(process)
        self.directory = directory
    }

    /// Runs `executable arguments` and waits until `port` accepts connections.
    ///
    /// - Parameters:
    ///   - name: the program's name in the error.
    ///   - errorLog: the file whose text the error quotes when the program exits or does not listen in time.
    /// - Throws: `failure(description)` when the program exits or does not listen within `timeout` seconds; the
    ///   directory is removed then.
    static func launch(
        _ executable: String, _ arguments: [String], in directory: TemporaryDirectory, port: Int, name: String,
        errorLog: String, timeout: TimeInterval, failure: (String) -> Error
    ) throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        while !PortProbe.acceptsConnections(port: port) {
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
                directory.remove()
                throw failure("\(name) did not start on port \(port): \(log)")
            }
            usleep(20_000)
        }
        return ServerProcess(process: process, directory: directory)
    }

    /// Kills the program and deletes its directory; safe to call twice.
    func stop() {
        let running = process.withLockedValue { process -> Process? in
            defer { process = nil }
            return process
        }
        guard let running else { return }
        // SIGKILL, not SIGTERM: a child started from a Dispatch worker thread inherits that thread's blocked
        // signals, so the program may never see a SIGTERM. It keeps nothing worth a graceful stop here; each server
        // runs as one process (nginx `master_process off`, Squid `-N`, Apache `-X`), so no worker outlives it.
        if running.isRunning { kill(running.processIdentifier, SIGKILL) }
        running.waitUntilExit()
        directory.remove()
    }
}
