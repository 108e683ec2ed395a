import ArgumentParser
import HaulCore
import HaulKit

/// The checks of the options `haul get` and `haul add` both take, written once, in one wording (issue #52, point 1):
/// `-x`, `-H`, `--limit-rate` and `--checksum ALGO=HEX`. Each command still says for itself how many URLs `-o` and
/// `--checksum` go with.
enum OptionChecks {
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
}
