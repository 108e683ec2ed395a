// The code of `Sources/HaulKit/HaulKit.docc/GettingStarted.md`, one function per block, word for word
// (`DocExampleTests` checks that each block of the article appears here), each taking the `url`, `folder`, client or
// request it works on: `ArticleExampleRunTests` runs them against a local server. Only `import HaulKit` (and
// Foundation, for `URL`): what a user of the library writes.
import Foundation
import HaulKit

enum GettingStartedExamples {
    /// Download a file and show its progress.
    static func downloadWithProgress(url: URL, folder: URL) async throws {
        let haul = try HaulClient()
        let request = DownloadRequest(
            url: url,
            destination: folder.appendingPathComponent("big.iso")
        )
        let task = try await haul.download(request)
        do {
            for try await update in task.updates {
                switch update {
                case .progress(let progress):
                    print(progress.bytesDone, "of", progress.totalBytes ?? -1, "bytes at", progress.currentSpeed, "B/s")
                case .retrying(let attempt, let delay, let reason):
                    print("retry", attempt, "in", delay, ":", reason)  // delay is a Duration: "2.0 seconds"
                default:
                    break
                }
            }
            print("saved", await task.destination.path)
        } catch {
            print("failed:", error)
        }
        try await haul.shutdown()
    }

    /// Retry a failed download.
    static func retryAFailedDownload(haul: HaulClient, request: DownloadRequest) async throws {
        let task = try await haul.download(request)
        var attempts = 0
        while true {
            do {
                for try await update in task.updates {
                    if case .progress(let progress) = update { print(progress.fraction ?? 0) }
                }
                break
            } catch let error as HaulError where error.kind == .network && attempts < 3 {
                attempts += 1
                try await task.resume()
            }
        }
    }

    /// Pause and resume.
    static func pauseAndResume(haul: HaulClient, request: DownloadRequest) async throws {
        let task = try await haul.download(request)
        try await task.pause()
        print(await task.state)
        try await task.resume()
        print(try await task.outcome())
    }

    /// Resume after a restart.
    static func resumeAfterRestart(request: DownloadRequest) async throws {
        let haul = try HaulClient()
        let task = try await haul.download(request)
        _ = try await task.outcome()
        try await haul.shutdown()
    }

    /// Run a queue and observe it.
    static func runAQueue(haul: HaulClient, url: URL, folder: URL) async throws {
        let manager = try DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 24))
        try await manager.restore()
        let observer = Task {
            for await event in await manager.events() {
                switch event {
                case .completed(let id, let file): print(id, "saved", file.path)
                case .failed(let id, let error): print(id, "failed:", error.message)
                default: break
                }
            }
        }
        let id = try await manager.add(DownloadRequest(url: url, destination: folder.appendingPathComponent("a.iso")))
        try await manager.setRateLimit(1 << 20, of: id)
        await manager.waitUntilIdle()
        await manager.shutdown()
        await observer.value
    }

    /// Fetch a small file into memory.
    static func fetchIntoMemory(haul: HaulClient, url: URL) async throws {
        let data = try await haul.fetch(url, maximumBytes: 1 << 20)
        print(data.count, "bytes")
    }

    /// Verify a checksum.
    static func verifyAChecksum(haul: HaulClient, request: DownloadRequest) async throws {
        var checked = request
        checked.checksum = try Checksum(parsing: "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
        let task = try await haul.download(checked)
        if case .failed(let error) = try await task.outcome(), error.kind == .checksumMismatch {
            print(error.message)
        }
        let expected = try Checksum(parsing: "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
        try expected.verifyFile(at: checked.destination)
        print(try Checksum.hexDigest(ofFileAt: checked.destination, algorithm: .sha512))
    }

    /// Unzip a download.
    static func unzip(folder: URL) throws {
        let summary = try ZipExtractor.extract(
            archive: folder.appendingPathComponent("site.zip"),
            to: folder.appendingPathComponent("site")
        )
        print(summary.fileCount, "files in", summary.destination.path)
    }
}
