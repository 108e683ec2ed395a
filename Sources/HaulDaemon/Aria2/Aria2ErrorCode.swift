import HaulKit

/// aria2's numeric error codes (the aria2c manual, "EXIT STATUS"), as `tellStatus` reports them in `errorCode`.
package enum Aria2ErrorCode {
    package static let unknown = 1
    package static let timeout = 2
    package static let resourceNotFound = 3
    package static let network = 6
    /// aria2: "If aria2 was downloading same file."
    package static let duplicateDownload = 11
    package static let fileExists = 13
    package static let fileIO = 17
    package static let badResponse = 22
    package static let authorizationFailed = 24
    package static let badOption = 28
    package static let checksumMismatch = 32

    /// The aria2 code closest to a Haul error.
    package static func code(for kind: HaulError.Kind, httpStatus: Int? = nil) -> Int {
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
