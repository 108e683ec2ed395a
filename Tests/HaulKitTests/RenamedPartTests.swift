import Foundation
import HaulCore
import XCTest

@testable import HaulKit

/// `DownloadStore.isRenamedPart`: a file at a download's name counts as its renamed `.part` (completed just before a
/// kill -9, the completion not yet written) only for a download that was running, and only with its length when it
/// knew one. A paused, failed or cancelled download takes nothing at its name for its own (docs/integrity.md).
final class RenamedPartTests: XCTestCase {
    private func record(_ state: DownloadState, total: Int64?, path: String) -> DownloadRecord {
        DownloadRecord(
            id: 1, url: "http://127.0.0.1:9/f.bin", finalURL: nil, destination: path, partPath: path + ".part", etag: nil,
            lastModified: nil, lastModifiedIsStrong: false, totalBytes: total, state: state.rawValue, errorMessage: nil,
            priority: 0, optionsJSON: "{}", createdAt: Date().timeIntervalSince1970 - 60, updatedAt: 0
        )
    }

    func testOnlyARunningDownloadOfKnownLengthTakesTheFileAtItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("haul-renamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let path = folder.appendingPathComponent("f.bin").path
            try Data(count: 1000).write(to: URL(fileURLWithPath: path))
            let renamed = { (record: DownloadRecord) in DownloadStore.isRenamedPart(of: record, path: path, partPath: path + ".part") }
            XCTAssertTrue(renamed(record(.downloading, total: 1000, path: path)), "completed just before the kill")
            XCTAssertTrue(renamed(record(.queued, total: 1000, path: path)), "stopped with Ctrl-C as it completed")
            XCTAssertFalse(renamed(record(.downloading, total: 999, path: path)), "another length")
            XCTAssertTrue(renamed(record(.downloading, total: nil, path: path)), "a small file completes before a checkpoint stores its length")
            for state in [DownloadState.paused, .failed, .cancelled] {
                XCTAssertFalse(renamed(record(state, total: 1000, path: path)), "\(state) renames nothing")
            }
            try Data().write(to: URL(fileURLWithPath: path + ".part"))
            XCTAssertFalse(renamed(record(.downloading, total: 1000, path: path)), "its .part is still there")
        }
    }
}
