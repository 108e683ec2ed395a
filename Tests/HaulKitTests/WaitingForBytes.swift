import HaulKit
import XCTest

/// Reads `task`'s updates until more than `bytes` bytes are done: the download is then under way with that much
/// in. A wait on the download's own events (issue #52, point 4), where tests slept a few hundred milliseconds and
/// hoped the download had started.
func waitUntilReceived(
    _ task: DownloadTask, moreThan bytes: Int64 = 0, file: StaticString = #filePath, line: UInt = #line
) async throws {
    for try await update in task.updates {
        if case .progress(let progress) = update, progress.bytesDone > bytes { return }
    }
    XCTFail("the download ended before \(bytes) bytes arrived", file: file, line: line)
}
