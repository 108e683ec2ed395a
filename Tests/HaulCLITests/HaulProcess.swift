import Foundation
import HaulTestSupport
@testable import HaulKit
import XCTest

/// Runs the built `haul` binary as a child process, the way a person or a script would.
final class HaulProcess: @unchecked Sendable {
    /// The `haul` binary beside the test bundle.
    static var binary: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("haul")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return bundleDirectory.appendingPathComponent("haul")
    }

    let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private var outData = Data()
    private var errData = Data()
    private let group = DispatchGroup()

    /// Starts `haul args...` in `directory` with extra environment variables.
    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        Self.prepare(process, arguments, in: directory, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        for (pipe, keyPath) in [(stdout, \HaulProcess.outData), (stderr, \HaulProcess.errData)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                self[keyPath: keyPath] = data
                self.group.leave()
            }
        }
        try process.run()
    }

    /// Waits for the process to exit and returns its status and output.
    func finish(timeout: Double = 60) -> (status: Int32, stdout: String, stderr: String) {
        if !Self.waitForExit(process, timeout: timeout) { XCTFail("haul did not finish within \(timeout) s") }
        group.wait()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Points `process` at the `haul` binary with `arguments`, in `directory`, with this environment plus
    /// `environment` (an empty value removes the variable) and never the caller's `HAUL_STATE_DIR`.
    static func prepare(_ process: Process, _ arguments: [String], in directory: URL, environment: [String: String]) {
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "HAUL_STATE_DIR")
        // A proxy set on the machine running the tests would carry the test servers' loopback traffic elsewhere.
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            env.removeValue(forKey: name)
        }
        for (key, value) in environment { env[key] = value.isEmpty ? nil : value }
        process.environment = env
    }

    /// Waits up to `timeout` seconds for `process` to exit; kills it if it has not (and returns false).
    static func waitForExit(_ process: Process, timeout: Double) -> Bool {
        let exited = eventuallyBlocking(within: .milliseconds(Int64(timeout * 1000))) { !process.isRunning }
        if !exited { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return exited
    }

    /// Sends a signal.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Runs `haul args...` to completion.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: Double = 60) throws -> (status: Int32, stdout: String, stderr: String) {
        try HaulProcess(arguments, in: directory, environment: environment).finish(timeout: timeout)
    }
}

/// Polls until `condition` holds or `timeout` passes; returns whether it held (HaulTestSupport's
/// `eventuallyBlocking`, in seconds).
func waitUntil(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    eventuallyBlocking(within: .milliseconds(Int64(timeout * 1000)), condition)
}


/// The durable byte count (over every segment) the state database records for the download writing `partPath`.
func durableBytes(stateDirectory: URL, partPath: String) -> Int64? {
    guard let store = try? DownloadStore(directory: stateDirectory.path),
        let record = try? store.unfinished(partPath: partPath), let id = record.id
    else { return nil }
    return (try? store.segments(of: id)).map { $0.reduce(0) { $0 + ($1.next - $1.start) } }
}
