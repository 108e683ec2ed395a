import HaulKit

/// The exit codes of `haul`, documented in docs/cli.md, "Exit codes". Like curl and aria2c, each failure family has its own code so
/// scripts can tell "try again later" from "fix your command".
enum ExitCodes {
    static let success: Int32 = 0
    static let internalError: Int32 = 1
    static let usage: Int32 = 2
    static let network: Int32 = 3
    static let http: Int32 = 4
    static let protocolViolation: Int32 = 5
    static let fileExists: Int32 = 6
    static let io: Int32 = 7
    static let checksumMismatch: Int32 = 8
    static let archive: Int32 = 9
    static let busy: Int32 = 10
    /// The TLS handshake failed (an untrusted or wrong certificate); like curl's 60, it is its own code.
    static let tls: Int32 = 11
    /// Stopped by Ctrl-C, SIGTERM or the `q` key: partial files and records are kept, the next run resumes.
    static let interrupted: Int32 = 130

    /// The exit code for an error.
    static func code(for error: HaulError) -> Int32 {
        switch error.kind {
        case .usage: return usage
        case .network: return network
        case .http: return http
        case .protocolViolation: return protocolViolation
        case .fileExists, .destinationInUse: return fileExists
        case .io: return io
        case .checksumMismatch: return checksumMismatch
        case .archive: return archive
        case .busy: return busy
        case .tls: return tls
        case .cancelled, .interrupted: return interrupted
        case .internalError: return internalError
        }
    }
}
