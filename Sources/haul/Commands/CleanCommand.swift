import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `haul clean [--failed]`.
struct CleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Drop the records of completed downloads (their files stay); with --failed, forget failed downloads too."
    )

    @Flag(name: .customLong("failed"), help: "Also forget failed downloads, deleting their partial files (bytes they held are fetched again if the URL is downloaded again). Without it, failed downloads stay resumable and are only counted.")
    var failed = false

    @OptionGroup var state: StateOptions

    func run() async throws {
        var report = CleanReport()
        if failed {
            // Through the queue, as `haul remove` does: the partial file goes with the record, and one that another
            // process took up meanwhile is stopped there first.
            try await withIdleManager(state, ids: nil) { manager in
                for snapshot in await manager.snapshots where snapshot.state == .failed {
                    try await manager.remove(snapshot.id)
                    report.failed.append(.init(id: snapshot.id.rawValue, name: snapshot.name, bytes: snapshot.bytesDone))
                }
            }
        }
        let client = try state.client()
        do {
            report.completed = try client.removeCompletedRecordsBlocking()
            if !failed { report.failedKept = try client.storedDownloadsBlocking().filter { $0.state == .failed }.count }
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        try await client.shutdown()
        Terminal.writeOutput(report.lines.joined(separator: "\n") + "\n")
    }
}

/// What `haul clean` says it did: each failed download it forgot, the completed ones counted, and, without
/// `--failed`, how many failed ones it kept and how to forget them.
struct CleanReport: Equatable {
    struct Forgotten: Equatable {
        var id: Int64
        var name: String
        /// The bytes its partial file held, deleted with it.
        var bytes: Int64
    }

    var failed: [Forgotten] = []
    var completed = 0
    var failedKept = 0

    var lines: [String] {
        func count(_ number: Int, _ kind: String) -> String { "\(number) \(kind) download\(number == 1 ? "" : "s")" }
        var lines = failed.map { download in
            let held = download.bytes > 0 ? "its partial file of \(ByteCount.format(download.bytes)) deleted" : "no bytes held"
            return "removed failed download \(download.id) \(download.name) (\(held))"
        }
        lines.append("removed \(count(completed, "completed"))")
        if !failed.isEmpty { lines.append("removed \(count(failed.count, "failed"))") }
        if failedKept > 0 {
            lines.append("kept \(count(failedKept, "failed")) ('haul resume ID' retries one; 'haul clean --failed' forgets them)")
        }
        return lines
    }
}
