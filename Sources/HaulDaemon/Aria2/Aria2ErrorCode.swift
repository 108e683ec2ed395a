import HaulKit

/// aria2's numeric error codes (the aria2c manual, "EXIT STATUS"), as `tellStatus` reports them in `errorCode`.
public enum Aria2ErrorCode {
    public static let unknown = 1
    public static let timeout = 2
    public static let resourceNotFound = 3
    public static let network = 6
    /// aria2: "If aria2 was downloading same file."
    public static let duplicateDownload = 11
    public static let fileExists = 13
    public static let fileIO = 17
    public static let badResponse = 22
    public static let authorizationFailed = 24
    public static let badOption = 28
    public static let checksumMismatch = 32

    /// The aria2 code closest to a Haul error.
    public static func code(for kind: HaulError.Kind, httpStatus: Int? = nil) -> Int {
        switch kind {
        case .network: return network
        case .http:
            switch httpStatus {
            case 404?, 410?: return resourceNotFound
            case 401?, 403?: return authorizationFailed
            default: return badResponse
            }
        case .tls, .protocolViolation: return badResponse
        case .fileExists: return fileExists
        case .destinationInUse: return duplicateDownload
        case .io: return fileIO
        case .checksumMismatch: return checksumMismatch
        case .usage: return badOption
        case .busy, .cancelled, .interrupted, .archive, .internalError: return unknown
        }
    }
}
