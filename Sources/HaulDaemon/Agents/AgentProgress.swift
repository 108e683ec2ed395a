import Foundation
import HaulCore

/// Where a long tool call tells its client how far it is: MCP's `notifications/progress`, sent only when the
/// client asked (a `progressToken` in the call's `_meta`, docs/agents.md). `MCPEndpoint` turns each report into a
/// notification on the call's SSE stream.
package struct AgentProgress: Sendable {
    /// One report: `progress` done of `total` (when known), `message` a short sentence.
    package typealias Send = @Sendable (_ progress: Double, _ total: Double?, _ message: String) -> Void

    private let send: Send

    package init(_ send: @escaping Send) {
        self.send = send
    }

    func report(_ report: WaitProgress.Report) {
        send(report.progress, report.total, report.message)
    }
}

/// What `wait_for_downloads` reports while it waits, and when: the bytes done over the downloads waited for, of
/// their bytes in all (once every size is known), with a sentence. Pure.
///
/// The rule (MCP: "the progress value MUST increase with each notification"): the first look is reported, and
/// after it only a look whose bytes done passed the last reported; a download that starts over (its server
/// ignored the range) is not reported until the sum passes what was said before.
struct WaitProgress {
    struct Report: Equatable {
        var progress: Double
        var total: Double?
        var message: String
    }

    private var lastSent: Double?

    /// The report for one look at the downloads waited for, `nil` when nothing is to be sent.
    mutating func look(_ downloads: [Aria2Download]) -> Report? {
        let done = downloads.reduce(Int64(0)) { $0 + max($1.bytesDone, 0) }
        let sizes = downloads.map(\.totalBytes)
        let total: Int64? = sizes.allSatisfy { ($0 ?? 0) > 0 } ? sizes.reduce(Int64(0)) { $0 + ($1 ?? 0) } : nil
        let progress = Double(done)
        if let lastSent, progress <= lastSent { return nil }
        lastSent = progress
        let finished = downloads.filter { [.complete, .error, .removed].contains($0.status) }.count
        var message = "\(finished) of \(downloads.count) finished; \(ByteCount.format(done))"
        if let total { message += " of \(ByteCount.format(total))" }
        return Report(progress: progress, total: total.map(Double.init), message: message)
    }
}
