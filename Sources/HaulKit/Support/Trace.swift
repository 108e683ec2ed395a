import Foundation

/// Lines on standard error when `HAUL_TRACE` is set: what each connection did, for debugging. Here, below both the
/// engine and the transport, so that each writes its own lines without pointing at the other.
enum Trace {
    /// Writes `line` (evaluated only when tracing is on).
    static func write(_ line: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data(("haul-trace: " + line() + "\n").utf8))
    }

    private static let enabled = getenv("HAUL_TRACE") != nil
}
