import Foundation

/// `haul daemon` as a child process; its standard error is read as it comes, for the port it prints.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    private let pipe = Pipe()
    private let lock = NSLock()
    private var text = ""

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
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.text += String(decoding: data, as: UTF8.self)
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
        for _ in 0..<600 {
            if let line = output.split(separator: "\n").first(where: { $0.contains("listening on") }),
                let port = line.split(separator: " ").first(where: { $0.contains(":") && $0.first?.isNumber == true })?
                    .split(separator: ":").last.flatMap({ Int($0) })
            {
                return port
            }
            if !process.isRunning { return nil }
            usleep(50_000)
        }
        return nil
    }

    /// Whether `text` appears in the output within `seconds`.
    func waitForOutput(_ text: String, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(20_000)
        }
        return output.contains(text)
    }

    /// Sends SIGTERM and returns the exit status (nil when it did not exit in time).
    func terminate(within seconds: Double) -> Int32? {
        process.terminate()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { return nil }
        return process.terminationStatus
    }

    /// Waits for the process to exit by itself; its status, or nil after `seconds`.
    func waitForExit(_ seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { return nil }
        usleep(50_000)  // the last output
        return process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
    }
}
