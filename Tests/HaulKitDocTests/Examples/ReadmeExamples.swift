// The code of docs/library.md ("Using HaulKit", once the README's), one function per block, word for word
// (`DocExampleTests` checks that each block of that page appears here). Compiled, never run. Only `import HaulKit` (and Foundation).
import Foundation
import HaulKit

enum ReadmeExamples {
    /// The first example: one download.
    static func clientAndTask() async throws {
        let haul = try HaulClient(configuration: HaulConfiguration())   // state in the app's own directory by default
        let task = try await haul.download(DownloadRequest(url: URL(string: "https://example.com/big.iso")!,
                                                           destination: URL(fileURLWithPath: "/tmp/big.iso")))
        do {
            for try await update in task.updates {         // state changes, progress, retries, restarts; a pause goes on
                if case .progress(let p) = update { print(p.bytesDone, p.totalBytes ?? -1, p.currentSpeed, p.secondsRemaining ?? -1) }
            }
            print("saved", await task.destination.path)    // the loop ends normally only when the file is complete
        } catch let error as HaulError {
            print(error.message, error.kind)               // failed or cancelled: a kind to switch on and a sentence
        }
        try await task.pause(); try await task.resume(); try await task.cancel()   // cancel deletes the partial and record
        let small = try await haul.fetch(URL(string: "https://example.com/index.json")!, maximumBytes: 1 << 20)  // into Data
        print(small.count, "bytes")
        try await haul.shutdown()
    }

    /// A checksum, a resume after a restart, an archive.
    static func checksumAndRestart(haul: HaulClient, url: URL) async throws {
        var request = DownloadRequest(url: url, destination: URL(fileURLWithPath: "/tmp/big.iso"))
        request.checksum = try Checksum(parsing: "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")   // md5, sha1, sha256, sha512
        let task = try await haul.download(request)        // in a new process, the same request resumes where it stopped
        if case .failed(let error) = await task.outcome(), error.kind == .checksumMismatch { print(error.message) }
        try request.checksum?.verifyFile(at: URL(fileURLWithPath: "/tmp/big.iso"))
        try ZipExtractor.extract(archive: URL(fileURLWithPath: "/tmp/site.zip"), to: URL(fileURLWithPath: "/tmp/site"))
    }

    /// Many downloads through a manager.
    static func manager(haul: HaulClient, url: URL) async throws {
        let manager = DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 24))
        try await manager.restore()                        // the queue as the last process left it; running ones resume
        let id = try await manager.add(DownloadRequest(url: url, destination: URL(fileURLWithPath: "/tmp/a.iso")), priority: 1)
        Task { for await event in await manager.events() { print(event) } }   // added, stateChanged, progress, completed, failed, removed
        try await manager.pause(id); try await manager.resume(id); try await manager.moveToTop(id)
        await manager.setGlobalRateLimit(10 << 20); try await manager.setRateLimit(1 << 20, of: id)
        await manager.pauseAll(); await manager.resumeAll()
        try await manager.cancel(id)                       // or remove(id, deletingFile:) for a completed one
        await manager.waitUntilIdle(); await manager.shutdown()   // shutdown keeps running downloads queued for next time
    }
}
