import Foundation
import HaulKit

/// A program that did not do what the documentation says.
struct Unexpected: LocalizedError {
    let description: String
    var errorDescription: String? { description }
}

/// Throws `Unexpected(message)` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Unexpected(description: message()) }
}

/// One program: a name, and what it does with the server's base URL in a fresh folder.
struct Program: Sendable {
    let name: String
    let body: @Sendable (URL, URL, HaulClient) async throws -> Void

    /// Runs `body` with a client whose state lives in `folder`, shut down afterwards.
    func run(_ base: URL, _ folder: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let haul = try HaulClient(configuration: HaulConfiguration(
            stateDirectory: folder.appendingPathComponent("state"),
            intervals: .init(progress: .milliseconds(50))
        ))
        do {
            try await body(base, folder, haul)
        } catch {
            try? await haul.shutdown()
            throw error
        }
        try await haul.shutdown()
    }
}

enum Programs {
    static let all = [downloadWithProgress, pauseAndResume, queueOfFive, checksums, fetchIntoMemory, misuse]

    /// A 2 MiB file with its progress: updates arrive, the loop ends normally, the file is whole.
    static let downloadWithProgress = Program(name: "download-with-progress") { base, folder, haul in
        let file = folder.appendingPathComponent("big.bin")
        let task = try await haul.download(DownloadRequest(url: base.appendingPathComponent("slow/big.bin"), destination: file))
        var updates = 0
        for try await update in task.updates {
            if case .progress(let progress) = update {
                updates += 1
                _ = progress.timeRemaining
            }
        }
        try expect(updates > 0, "no progress update arrived")
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        try expect(size == 2 << 20, "the file has \(size ?? -1) bytes, not 2 MiB")
    }

    /// Pause while it runs, resume, complete; pausing the completed download is refused with the transition.
    static let pauseAndResume = Program(name: "pause-and-resume") { base, folder, haul in
        let task = try await haul.download(DownloadRequest(url: base.appendingPathComponent("slow/big.bin"), destination: folder.appendingPathComponent("big.bin")))
        for try await update in task.updates {
            if case .progress(let progress) = update, progress.bytesDone > 0 { break }
        }
        try await task.pause()
        try await task.pause()  // a second pause does nothing
        let paused = await task.state
        try expect(paused == .paused, "state \(paused) after pause()")
        try await task.resume()
        guard case .completed = try await task.outcome() else { throw Unexpected(description: "did not complete after resume()") }
        do {
            try await task.pause()
            throw Unexpected(description: "pausing a completed download was accepted")
        } catch let error as HaulError {
            try expect(error.kind == .usage && error.illegalTransition != nil, "refused as \(error.kind): \(error.message)")
        }
    }

    /// Five downloads, two at once: counted from the events alone, never more than two receiving.
    static let queueOfFive = Program(name: "queue-of-five-two-at-once") { base, folder, haul in
        let manager = try DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        let events = await manager.events()
        var ids: Set<DownloadID> = []
        for index in 0..<5 {
            let url = base.appendingPathComponent("slow/f\(index).bin")
            ids.insert(try await manager.add(DownloadRequest(url: url, destination: folder.appendingPathComponent("f\(index).bin"))))
        }
        var downloading = Set<DownloadID>(), finishing = Set<DownloadID>(), completed = Set<DownloadID>()
        var most = 0
        for await event in events {
            switch event {
            case .stateChanged(let id, .downloading): downloading.insert(id)
            case .stateChanged(let id, _): downloading.remove(id); finishing.remove(id)
            case .finishing(let id): finishing.insert(id)
            case .completed(let id, _): completed.insert(id)
            case .failed(_, let error): throw error
            default: break
            }
            most = max(most, downloading.subtracting(finishing).count)
            if completed == ids { break }
        }
        try expect(most <= 2, "\(most) downloads were receiving at once, with maxConcurrent 2")
        await manager.shutdown()
    }

    /// The right checksum passes, a wrong one fails with both digests, and `Checksum.hexDigest` agrees.
    static let checksums = Program(name: "checksums") { base, folder, haul in
        let url = base.appendingPathComponent("test")
        var right = DownloadRequest(url: url, destination: folder.appendingPathComponent("right"))
        right.checksum = try Checksum(parsing: "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
        guard case .completed(let file) = try await haul.download(right).outcome() else { throw Unexpected(description: "the right checksum failed") }
        try expect(try Checksum.hexDigest(ofFileAt: file, algorithm: .sha256) == right.checksum?.hex, "hexDigest disagrees")
        var wrong = DownloadRequest(url: url, destination: folder.appendingPathComponent("wrong"))
        wrong.checksum = try Checksum(parsing: "md5=" + String(repeating: "0", count: 32))
        guard case .failed(let error) = try await haul.download(wrong).outcome() else { throw Unexpected(description: "a wrong checksum passed") }
        try expect(error.kind == .checksumMismatch && error.actualDigest == "098f6bcd4621d373cade4e832627b4f6", "\(error.kind): \(error.message)")
    }

    /// A small file into `Data`; a larger one than allowed is refused.
    static let fetchIntoMemory = Program(name: "fetch-into-memory") { base, _, haul in
        let data = try await haul.fetch(base.appendingPathComponent("test"))
        try expect(data == Data("test".utf8), "fetched \(data.count) bytes")
        do {
            _ = try await haul.fetch(base.appendingPathComponent("slow/f0.bin"), maximumBytes: 1024)
            throw Unexpected(description: "a 256 KiB body was accepted with maximumBytes 1024")
        } catch is HaulError {}
    }

    /// What a new user gets wrong is an error, never a crash: 0 is no limit, negatives and bad times throw
    /// `.usage`, cancelling twice does nothing, and a shut-down client refuses at the call.
    static let misuse = Program(name: "misuse") { base, folder, haul in
        try haul.bandwidth.setGlobalLimit(0)
        let manager = try DownloadManager(client: haul)
        try await manager.setGlobalRateLimit(0)
        await manager.shutdown()
        for refused: () async throws -> Void in [
            { _ = try DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: -1, maxTotalConnections: 8)) },
            { try HaulConfiguration(intervals: .init(progress: .zero)).validate() },
            { try HaulConfiguration(timeouts: .init(connect: .seconds(-1))).validate() },
            { _ = try await haul.download(DownloadRequest(url: base.appendingPathComponent("test"), destination: folder.appendingPathComponent("no/such/dir/f"))) },
        ] {
            do {
                try await refused()
                throw Unexpected(description: "a bad value was accepted")
            } catch let error as HaulError {
                try expect([.usage, .io].contains(error.kind), "refused as \(error.kind): \(error.message)")
            }
        }
        let task = try await haul.download(DownloadRequest(url: base.appendingPathComponent("slow/big.bin"), destination: folder.appendingPathComponent("c")))
        try await task.cancel()
        try await task.cancel()
        let other = try HaulClient(configuration: HaulConfiguration(stateDirectory: folder.appendingPathComponent("other")))
        try await other.shutdown()
        do {
            _ = try await other.fetch(base.appendingPathComponent("test"))
            throw Unexpected(description: "a shut-down client fetched")
        } catch let error as HaulError {
            try expect(error.kind == .usage, "refused as \(error.kind)")
        }
    }
}
