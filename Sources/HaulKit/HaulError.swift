import Foundation
import HaulArchive
import HaulCore

/// The one error HaulKit throws: what happened, in words a person can act on (`message`, also its
/// `localizedDescription`), a kind that programs can switch on, and the details as properties.
///
/// Every public method throws it (and `CancellationError` where a Swift task's cancellation ends a wait), as
/// `AFError` and AsyncHTTPClient's `HTTPClientError` are their libraries' one error:
///
/// ```swift
/// do {
///     try await task.pause()
/// } catch let error as HaulError {
///     switch error.kind {
///     case .usage where error.illegalTransition != nil: print("not now:", error.message)  // e.g. already completed
///     case .checksumMismatch: print(error.expectedChecksum ?? "-", error.actualDigest ?? "-")
///     default: print(error.localizedDescription)
///     }
/// }
/// ```
///
/// Kinds map one-to-one onto the `haul` command's exit codes (see the README). A command that does not apply to a
/// download's state (pausing a completed download) is a `.usage` error with `illegalTransition` set; a checksum
/// that does not match is `.checksumMismatch` with `expectedChecksum` and `actualDigest`.
public struct HaulError: Error, Sendable, CustomStringConvertible, Equatable, LocalizedError {
    /// The family of an error.
    public enum Kind: String, Sendable, CaseIterable {
        /// Bad arguments: a malformed URL, an impossible option.
        case usage
        /// The network failed after all retries (connect, reset, timeout, stall).
        case network
        /// The server answered with an error status or a refused redirect.
        case http
        /// The TLS handshake failed, most often because the server's certificate could not be verified. Not retried:
        /// trying again does not change a certificate.
        case tls
        /// The server broke the protocol so that the download cannot continue.
        case protocolViolation
        /// The destination file already exists.
        case fileExists
        /// Another unfinished download (here, or in another process) writes the destination: it is never touched.
        case destinationInUse
        /// Reading or writing local files failed (disk full, permissions, fsync).
        case io
        /// A checksum did not match.
        case checksumMismatch
        /// Another process is downloading the same file.
        case busy
        /// The download was cancelled.
        case cancelled
        /// The download's run was stopped by `DownloadTask.interrupt()` (or a shutdown) keeping its bytes: it
        /// resumes where it stopped on the next start. Ends a task's `updates` when no `DownloadManager` holds it.
        case interrupted
        /// An archive could not be extracted.
        case archive
        /// Anything else.
        case internalError
    }

    /// The one clear step that fixes an error, when there is one.
    ///
    /// The library names the step, not how to take it: the `haul` command words it as its options
    /// (`--overwrite`, `--cacert FILE`), an app as its own settings or buttons. So `message` never speaks a
    /// particular front end's language.
    public enum Remedy: String, Sendable, CaseIterable {
        /// Allow the existing file to be replaced (`DownloadRequest.overwrite`).
        case allowOverwrite
        /// Trust the authority that signed the server's certificate (`HaulConfiguration.extraTrustedCertificates`).
        case trustCertificateAuthority
        /// Use the id of a download the store holds (`DownloadManager.snapshots`).
        case useAKnownDownloadID
        /// Let the new download take a numbered name (`DownloadRequest.onConflict = .rename`), or remove the
        /// download that holds this one first.
        case renameOnConflict
    }

    /// The family.
    public let kind: Kind
    /// A sentence saying what happened, in terms of the library's own inputs.
    public let message: String
    /// The HTTP status, for `.http`.
    public let httpStatus: Int?
    /// What fixes it, when one step does.
    public let remedy: Remedy?
    /// For a command that does not apply to a download's state (kind `.usage`): the state and the refused event,
    /// such as pausing a completed download.
    public internal(set) var illegalTransition: IllegalTransition?
    /// For `.checksumMismatch`: the checksum that was expected.
    public internal(set) var expectedChecksum: Checksum?
    /// For `.checksumMismatch`: the digest computed, in lowercase hex.
    public internal(set) var actualDigest: String?
    /// The source is not there: the connection was refused (nothing listens there) or the host name does not
    /// resolve, for `SourceFailureRule` (given up at once, or the source dropped, before it delivered).
    var isUnreachable = false
    /// The server closed the connection before the response's end (`ConnectionReceiver` then says how many of the
    /// announced bytes came).
    var isClosedEarly = false

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, httpStatus: Int? = nil, remedy: Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.httpStatus = httpStatus
        self.remedy = remedy
    }

    /// Creates the error for a command that does not apply to a download's state (kind `.usage`, with
    /// `illegalTransition`): what `pause()`, `resume()`, `start()` and `cancel()` throw for one.
    public init(_ transition: IllegalTransition) {
        self.init(.usage, transition.description)
        illegalTransition = transition
    }

    /// Creates the error for a failed `Checksum.verifyFile(at:)` or `Checksum(parsing:)`: `.checksumMismatch`
    /// with the expected checksum and the digest computed for a mismatch, `.io` when the file could not be read,
    /// `.usage` for a checksum that cannot be read.
    public init(_ error: ChecksumError) {
        switch error.code {
        case .mismatch:
            self.init(.checksumMismatch, error.message)
            expectedChecksum = error.expected
            actualDigest = error.actual
        case .io:
            self.init(.io, error.message)
        default:
            self.init(.usage, error.message)
        }
    }

    /// `message`.
    public var description: String { message }

    /// `message`: what `localizedDescription` gives, so that code written for any `Error` shows the sentence.
    public var errorDescription: String? { message }

    /// `error` itself when it is a `HaulError`, else an `.internalError` describing it.
    package static func wrap(_ error: any Error) -> HaulError {
        if let error = error as? HaulError { return error }
        if let error = error as? IllegalTransition { return HaulError(error) }
        if let error = error as? ChecksumError { return HaulError(error) }
        return HaulError(.internalError, "\(error)")
    }

    static func io(_ what: String, path: String, errno code: Int32) -> HaulError {
        // A full disk or a file-size limit is the one I/O failure a person fixes by waiting or deleting something;
        // say what to do then (the partial file and its record stay, so the same command goes on).
        let remedy = code == ENOSPC || code == EFBIG || code == EDQUOT
            ? "; make room and run the same command again to go on" : ""
        return HaulError(.io, "\(what) \(path): \(String(cString: strerror(code)))\(remedy)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HaulError {
    /// The error for a destination `DestinationPlanner` refused.
    init(_ conflict: DestinationConflict) {
        switch conflict {
        case .fileExists(let path):
            self.init(.fileExists, "\(path) already exists", remedy: .allowOverwrite)
        case .heldByDownload(let path, let id, let url):
            self.init(
                .destinationInUse, "\(path) is the destination of download \(id) (\(url)), which is not finished",
                remedy: .renameOnConflict)
        case .heldByOtherProcess(let path):
            self.init(
                .destinationInUse, "another haul process (with another state directory) is downloading \(path)",
                remedy: .renameOnConflict)
        case .noFreeName(let path):
            self.init(.fileExists, "\(path) and its numbered names up to .\(DestinationPlanner.maxNumber) are all taken")
        }
    }
}

/// `ChecksumError` (what `Checksum.verifyFile(at:)` and `Checksum(parsing:)` throw) reads as its sentence too;
/// `HaulError(error)` turns it into the one error type, details kept.
extension ChecksumError: LocalizedError {
    /// `message`.
    public var errorDescription: String? { message }
}
