#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HaulCore
import HaulKit

/// The few environment variables a command reads, looked up one by one.
///
/// Why not `ProcessInfo.processInfo.environment`: it copies every variable into a new dictionary at each call,
/// and its first call also sets up Foundation's `ProcessInfo`; on the way to a download's first byte that was
/// about 0.5 ms of CPU (perf, 1 KiB download), for two or three names.
enum ProcessEnvironment {
    /// The variable `name`, if it is set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, by name.
    static func subset(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }

    /// What `ProxyRules` reads.
    static var proxyVariables: [String: String] { subset(ProxyRules.environmentNames) }

    /// The state directory when `--state-dir` is not given: `HaulConfiguration.haulCommandStateDirectory`, from the
    /// variables it reads.
    static var defaultStateDirectory: String {
        HaulConfiguration.haulCommandStateDirectoryPath(environment: subset(["HAUL_STATE_DIR", "XDG_STATE_HOME", "HOME"]))
    }
}
