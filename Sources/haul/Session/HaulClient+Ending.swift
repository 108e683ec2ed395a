import HaulKit

extension HaulClient {
    /// Shuts the client down at the end of a command that already fails with an error of its own: that error stays
    /// the one the command reports and exits with, and a state database whose log cannot be flushed as well is
    /// said on standard error (`HaulClient.shutdown()`; docs/http-rules.md, rule 19).
    func shutdownAfterFailure() async {
        do { try await shutdown() } catch let flush {
            Terminal.writeError("haul: error: \(HaulError.wrap(flush).commandLineMessage)\n")
        }
    }

    /// Shuts the client down at the end of a command whose downloads ended with exit code `code`, and returns the
    /// code the command exits with: `code` itself, or the local I/O code (7) when the downloads succeeded but the
    /// state database's log could not be flushed (said on standard error). A failed download's code is kept; the
    /// flush's error is then said besides it.
    func shutdown(endingWith code: Int32) async -> Int32 {
        do {
            try await shutdown()
            return code
        } catch {
            let error = HaulError.wrap(error)
            Terminal.writeError("haul: error: \(error.commandLineMessage)\n")
            return code == ExitCodes.success ? ExitCodes.code(for: error) : code
        }
    }
}
