// The code of docs/library.md ("Using HaulKit", once the README's), one function per block, word for word
// (`DocExampleTests` checks that each block of that page appears here). Compiled here and in
// `Examples/HaulKitConsumer`, and run against a local server by `LibraryPageExampleRunTests` (`url` is the served
// file, `folder` a temporary directory). Only `import HaulKit` (and Foundation).
import Foundation
import HaulKit

enum ReadmeExamples {
    /// The first example: one download, a second paused, resumed and cancelled, a fetch.
    static func clientAndTask(url: URL, folder: URL) async throws {
        let haul = try HaulClient(configuration: HaulConfiguration())   // state in the app's own directory by default
        let task = try await haul.download(DownloadRequest(url: url, destination: folder.appendingPathComponent("big.iso")))
        do {
            for try await update in task.updates {         // state changes, progress, retries, restarts; a pause goes on
                if case .progress(let p) = update { print(p.bytesDone, p.totalBytes ?? -1, p.currentSpeed, p.secondsRemaining ?? -1) }
            }
            print("saved", await task.destination.path)    // the loop ends normally only when the file is complete
        } catch let error as HaulError {
            print(error.message, error.kind)               // failed or cancelled: a kind to switch on and a sentence
        }
        let other = try await haul.download(DownloadRequest(url: url, destination: folder.appendingPathComponent("other.iso")))
        try await other.pause(); try await other.resume()  // while it runs; a completed download refuses a pause
        try await other.cancel(); try await other.cancel() // cancel deletes the partial and record; again does nothing
        let small = try await haul.fetch(url, maximumBytes: 16 << 20)  // into Data
        print(small.count, "bytes")
        try await haul.shutdown()
    }

    /// The one error type, with a do/catch.
    static func errors(task: DownloadTask) async throws {
        do {
            try await task.pause()
        } catch let error as HaulError {
            switch error.kind {
            case .usage where error.illegalTransition != nil: print("not now:", error.localizedDescription)   // e.g. it completed
            case .checksumMismatch: print(error.expectedChecksum?.hex ?? "", "!=", error.actualDigest ?? "")
            default: print(error.kind, error.message, error.remedy.map { "\($0)" } ?? "")
            }
        }
    }

    /// A checksum, a resume after a restart, an archive.
    static func checksumAndRestart(haul: HaulClient, url: URL, folder: URL) async throws {
        var request = DownloadRequest(url: url, destination: folder.appendingPathComponent("big.iso"))
        request.checksum = try Checksum(parsing: "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")   // md5, sha1, sha256, sha512
        let task = try await haul.download(request)        // in a new process, the same request resumes where it stopped
        if case .failed(let error) = try await task.outcome(), error.kind == .checksumMismatch {
            print(error.message, error.expectedChecksum?.hex ?? "", error.actualDigest ?? "")
        }
        try request.checksum?.verifyFile(at: folder.appendingPathComponent("big.iso"))
        try ZipExtractor.extract(archive: folder.appendingPathComponent("site.zip"), to: folder.appendingPathComponent("site"))
    }

    /// Many downloads through a manager.
    static func manager(haul: HaulClient, url: URL, folder: URL) async throws {
        let manager = try DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 24))
        try await manager.restore()                        // the queue as the last process left it; running ones resume
        let id = try await manager.add(DownloadRequest(url: url, destination: folder.appendingPathComponent("a.iso")), priority: 1)
        Task { for await event in await manager.events() { print(event) } }   // added, stateChanged, progress, finishing, completed, failed, removed
        try await manager.pause(id); try await manager.resume(id); try await manager.moveToTop(id)
        try await manager.setGlobalRateLimit(10 << 20); try await manager.setRateLimit(1 << 20, of: id)
        await manager.pauseAll(); await manager.resumeAll()
        try await manager.cancel(id)                       // or remove(id, deletingFile:) for a completed one
        await manager.waitUntilIdle(); await manager.shutdown()   // shutdown keeps running downloads queued for next time
    }

    /// An HLS playlist's variant and audio, or its text.
    static func stream(playlist: URL, folder: URL) -> [DownloadRequest] {
        var request = DownloadRequest(url: playlist, destination: folder.appendingPathComponent("show.m3u8"))
        request.hlsVariant = .height(720)        // saved as show.ts (or show.mp4) beside it
        request.hlsAudioLanguage = "de"
        var text = DownloadRequest(url: playlist, destination: folder.appendingPathComponent("show.m3u8"))
        text.savesPlaylistAsStream = false       // show.m3u8, the playlist itself
        return [request, text]
    }
}
