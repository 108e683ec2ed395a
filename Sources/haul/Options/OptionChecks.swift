import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// The checks of the options `haul get` and `haul add` both take, written once, in one wording (issue #52, point 1):
/// those of `RequestArguments` and `BandwidthArguments`, `--checksum ALGO=HEX`, and what an http(s) URL is. Each
/// command still says for itself how many URLs `-o` and `--checksum` go with.
enum OptionChecks {
    /// `RequestArguments`' values, each alone: `-o` is not `-` (standard output), every `--folder-rule` reads, every
    /// `-H` is 'Name: value', `--hls-variant` is a choice.
    static func request(output: String?, folderRules: [String], headers: [String], hlsVariant: String?) throws {
        // curl's `-o -` streams to standard output. A stream cannot be resumed, split over connections, or kept
        // out of sight until it is complete and verified, which is what haul is for; so it is refused rather than
        // saved as a file named "-".
        if let output, DownloadPlan.refusal(ofName: output, bare: false) == .standardOutput {
            throw ValidationError("-o - (standard output) is not supported: haul saves files it can resume and verify; give a file name, then read the file")
        }
        if let hlsVariant, HLSVariantChoice(hlsVariant) == nil {
            throw ValidationError(HLSVariantChoice.refusal(of: hlsVariant, option: "--hls-variant"))
        }
        try Self.headers(headers)
        _ = try DownloadOptions.folderRules(folderRules)
    }

    /// `BandwidthArguments`' values: `-x` and `--limit-rate`.
    static func bandwidth(connections count: ConnectionCount?, limitRate: String?) throws {
        try Self.connections(count)
        try Self.limitRate(limitRate)
    }

    /// `-x`: a count `ConnectionCount` takes ("--connections must be auto or a count between 1 and 32, not 40").
    static func connections(_ count: ConnectionCount?) throws {
        if let problem = count?.optionProblem { throw ValidationError(problem) }
    }

    /// `-H`: each header is 'Name: value'.
    static func headers(_ headers: [String]) throws {
        for header in headers where !header.contains(":") {
            throw ValidationError("header '\(header)' is not of the form 'Name: value'")
        }
    }

    /// `--limit-rate`: a rate of at least 1 byte per second.
    static func limitRate(_ limitRate: String?) throws {
        if let limitRate, (ByteCount.parse(limitRate) ?? 0) < 1 {
            throw ValidationError("--limit-rate must be a rate of at least 1 byte per second, like 500K or 2M")
        }
    }

    /// `--checksum ALGO=HEX` read, `nil` when not given.
    static func checksum(_ text: String?) throws -> Checksum? {
        guard let text else { return nil }
        do { return try Checksum(parsing: text) } catch { throw ValidationError("--checksum: \(error)") }
    }

    /// Whether `text` is a URL Haul downloads (`DownloadURLRule`, every front-end's): what a download's URL, a
    /// `--mirror` and a webhook must be.
    static func isWebURL(_ text: String) -> Bool {
        DownloadURLRule.refusal(of: text) == nil
    }

    /// The refusal of `text` where an http or https URL must be (`DownloadURLRule`'s sentence), after the option it
    /// was given to, if any: "'ftp://h/f' is not an http or https URL", "--mirror 'ftp://h/f' is not an http or
    /// https URL".
    static func notWebURL(_ text: String, option: String? = nil) -> ValidationError {
        ValidationError((option.map { $0 + " " } ?? "") + (DownloadURLRule.refusal(of: text) ?? "'\(text)' is not an http or https URL"))
    }
}
