#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HaulCore

/// The few environment variables a command reads, looked up one by one.
///
/// Why not `ProcessInfo.processInfo.environment`: it copies every variable into a new dictionary at each call,
/// and its first call also sets up Foundation's `ProcessInfo`; on the way to a download's first byte that was
/// about 0.5 ms of CPU (perf, 1 KiB download), for two or three names.
enum ProcessEnvironment {
    /// The variables among `names` that are set, by name.
    static func subset(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// What `ProxyRules` reads.
    static var proxyVariables: [String: String] { subset(ProxyRules.environmentNames) }

    /// What `HaulConfiguration.haulCommandStateDirectory(environment:)` reads.
    static var stateDirectoryVariables: [String: String] { subset(["HAUL_STATE_DIR", "XDG_STATE_HOME", "HOME"]) }
}
