import Foundation
import HaulCore

/// What a download that is an HLS stream (`HLSStreamRule`) needs of its task beyond a file's (`StreamTransfer`).
extension DownloadTask {
    /// Whether this download is a stream.
    nonisolated var isStream: Bool {
        request.isStream
    }

    /// A cancelled stream leaves nothing: its `NAME.ts.part` or `NAME.mp4.part` (whichever the playlist made, under
    /// the name its run chose: `NAME.1.ts.part` when `NAME.ts` was taken, stored by `StreamTransfer`) and its saved
    /// point in the state database go, as a file's `.part` and segments do.
    func discardStreamFiles() {
        let stored = try? store.record(id: rowID)
        // A playlist recognised under another name became a stream in its run (`DownloadTransfer`), as stored.
        let recognised = stored.flatMap { try? JSONDecoder().decode(DownloadRequest.self, from: Data($0.optionsJSON.utf8)) }?.isRecognisedStream ?? false
        guard isStream || recognised else { return }
        let chosen = stored?.destination ?? record.destination
        var paths: [String] = []
        for destination in [request.destinationPath, chosen].compactMap({ $0 }) {
            let target = recognised
                ? HLSStreamRule.recognisedTarget(destinationPath: destination) : HLSStreamRule.target(destinationPath: destination)
            paths += HLSStreamRule.partPaths(url: request.url, target: target).filter { !paths.contains($0) }
        }
        for path in paths {
            try? FileSystemSteps.removeRegularFile(path)
            try? store.forgetHLSStream(partPath: path)
        }
    }
}

extension DownloadProgress {
    /// The same progress with a stream's segments (`TransferCounters.segments()`), or unchanged without them.
    func withSegments(_ segments: (done: Int, total: Int)?) -> DownloadProgress {
        guard let segments else { return self }
        var progress = self
        progress.segmentsDone = segments.done
        progress.segmentsTotal = segments.total
        return progress
    }
}
