import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `DownloadStore.occupant`: what holds a destination for a new download, from one look at each name (`NameLook`).
/// The decisions are those of `FileSystemSteps`' separate questions; a fresh name's absent `.part` is not opened.
final class DestinationOccupantTests: XCTestCase {
  private let url = "http://127.0.0.1:9/f.bin"

  private func occupant(_ store: DownloadStore, _ path: String, url: String? = nil) throws -> (DestinationOccupant, [String: Int64]) {
    let url = url ?? self.url
    return try store.write { db in
      var abandoned: [String: Int64] = [:]
      let found = try DownloadStore.occupant(of: path, for: url, in: db, abandoned: &abandoned)
      return (found, abandoned)
    }
  }

  private func record(_ path: String, _ state: DownloadState, url: String? = nil, total: Int64? = nil) -> DownloadRecord {
    DownloadRecord(
      id: nil, url: url ?? self.url, finalURL: nil, destination: path, partPath: path + ".part", etag: nil,
      lastModified: nil, lastModifiedIsStrong: false, totalBytes: total, state: state.rawValue, errorMessage: nil,
      priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
    )
  }

  /// A fresh name is free, and its `.part`, not there, is not opened to test a lock (it had been, for every add).
  func testAFreshNameIsFreeAndItsAbsentPartIsNotOpened() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let opened = PartFile.openedToTestLock.withLockedValue { $0 }
      for index in 0..<20 {
        let (found, abandoned) = try occupant(store, dir.file("f\(index).bin").path)
        XCTAssertEqual(found, .free)
        XCTAssertEqual(abandoned, [:])
      }
      XCTAssertEqual(PartFile.openedToTestLock.withLockedValue { $0 } - opened, 0, "absent .part files were opened")
    }
  }

  /// A `.part` no record names holds the name only while another process locks it; a failed download of another
  /// URL that left no byte holds it too while its `.part` is locked, and gives it up (`abandoned`) once not.
  func testALockedPartHoldsTheNameAndAnUnlockedOneDoesNot() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let path = dir.file("f.bin").path
      FileManager.default.createFile(atPath: path + ".part", contents: Data(count: 10))
      XCTAssertEqual(try occupant(store, path).0, .free, "a left-over .part holds nothing")
      // flock locks belong to open file descriptions: one not made by `PartFile` counts as another process's.
      let fd = open(path + ".part", O_RDONLY)
      XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
      XCTAssertEqual(try occupant(store, path).0, .otherProcess)
      let failed = try store.insert(record(path, .failed, url: "http://127.0.0.1:9/other"))
      XCTAssertEqual(try occupant(store, path).0, .unfinishedDownload(id: failed.id!, url: "http://127.0.0.1:9/other"))
      close(fd)
      let (found, abandoned) = try occupant(store, path)
      XCTAssertEqual(found, .free, "a failed download whose .part holds no byte gives the name up")
      XCTAssertEqual(abandoned, [path: failed.id!])
    }
  }

  /// A file at the name holds it unless a completed download of it left it with its length; a symbolic link is
  /// followed for that, and a dangling one holds the name all the same.
  func testWhatIsAtTheNameItself() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let path = dir.file("f.bin").path
      FileManager.default.createFile(atPath: path, contents: Data(count: 100))
      XCTAssertEqual(try occupant(store, path).0, .file)
      let completed = try store.insert(record(path, .completed, total: 100))
      XCTAssertEqual(try occupant(store, path).0, .completedDownload(id: completed.id!, url: url))
      FileManager.default.createFile(atPath: path, contents: Data(count: 99))
      XCTAssertEqual(try occupant(store, path).0, .file, "its file has another length now")

      let linked = dir.file("linked.bin").path
      let target = dir.file("target.bin").path
      FileManager.default.createFile(atPath: target, contents: Data(count: 100))
      XCTAssertEqual(symlink(target, linked), 0)
      let linkedDownload = try store.insert(record(linked, .completed, total: 100))
      XCTAssertEqual(try occupant(store, linked).0, .completedDownload(id: linkedDownload.id!, url: url), "the link is followed")
      let toDirectory = dir.file("directory.bin").path
      XCTAssertEqual(symlink(dir.url.path, toDirectory), 0)
      _ = try store.insert(record(toDirectory, .completed, total: nil))
      XCTAssertEqual(try occupant(store, toDirectory).0, .file, "a directory is no download's file")
      let dangling = dir.file("dangling.bin").path
      XCTAssertEqual(symlink(dir.file("nowhere").path, dangling), 0)
      XCTAssertEqual(try occupant(store, dangling).0, .file)
    }
  }

  /// An unfinished download that was running, whose `.part` is gone and whose file is at the name: completed before
  /// a kill, its completion not yet written (`isRenamedPart`); with its `.part` still there it is unfinished.
  func testARenamedPartIsACompletedDownload() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let path = dir.file("f.bin").path
      let running = try store.insert(record(path, .downloading, total: 100))
      XCTAssertEqual(try occupant(store, path).0, .unfinishedDownload(id: running.id!, url: url), "nothing at the name yet")
      FileManager.default.createFile(atPath: path, contents: Data(count: 100))
      XCTAssertEqual(try occupant(store, path).0, .completedDownload(id: running.id!, url: url))
      FileManager.default.createFile(atPath: path + ".part", contents: Data())
      XCTAssertEqual(try occupant(store, path).0, .unfinishedDownload(id: running.id!, url: url))
    }
  }
}
