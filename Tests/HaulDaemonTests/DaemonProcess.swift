import Foundation
import HaulTestSupport

/// `haul daemon` as a child process; its standard error is read as it comes, for the port it prints.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    private let pipe = Pipe()
    private let lock = NSLock()
    private var text = ""
    /// Whether the pipe reached its end: every holder of it (the process and any child) closed it.
    private var ended = false

    /// Starts `executable` (by default the built `haul`) with `arguments`.
    init(_ arguments: [String], environment: [String: String] = [:], executable: URL? = nil) throws {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("haul") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? bundle.appendingPathComponent("haul")
        process.executableURL = executable ?? binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "HAUL_STATE_DIR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardError = pipe
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock()
            if data.isEmpty { self.ended = true } else { self.text += String(decoding: data, as: UTF8.self) }
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    /// The port from "listening on ADDRESS:PORT", within 30 s.
    func waitForPort() -> Int? {
        var port: Int?
        eventuallyBlocking(within: .seconds(30), every: .milliseconds(20)) {
            if let line = output.split(separator: "\n").first(where: { $0.contains("listening on") }) {
                port = line.split(separator: " ").first(where: { $0.contains(":") && $0.first?.isNumber == true })?
                    .split(separator: ":").last.flatMap({ Int($0) })
            }
            return port != nil || !process.isRunning
        }
        return port
    }

    /// Whether `text` appears in the output within `seconds`.
    func waitForOutput(_ text: String, within seconds: Double) -> Bool {
        eventuallyBlocking(within: .milliseconds(Int64(seconds * 1000)), every: .milliseconds(20)) { output.contains(text) }
    }

    /// Sends SIGTERM and returns the exit status (nil when it did not exit in time).
    func terminate(within seconds: Double) -> Int32? {
        process.terminate()
        return waitForExit(seconds)
    }

    /// Waits for the process to exit by itself; its status, or nil after `seconds`. Its output is then read to
    /// the pipe's end (2 s at most, for a child that keeps the pipe open).
    func waitForExit(_ seconds: Double) -> Int32? {
        guard eventuallyBlocking(within: .milliseconds(Int64(seconds * 1000)), every: .milliseconds(20), { !process.isRunning }) else {
            return nil
        }
        eventuallyBlocking(within: .seconds(2), every: .milliseconds(5)) { lock.withLock { ended } }
        return process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
    }
}
