import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `DownloadHolders`: a note counts only while its process holds the lock beside it.
final class DownloadHoldersTests: XCTestCase {
  /// Writes another process's note, as that process would, and returns the descriptor of its lock (locked unless
  /// `alive` is false: then it is closed, as the kernel closes it when a process is killed).
  private func note(_ text: String, pid: Int32, in state: String, alive: Bool) -> Int32 {
    let folder = state + "/holders"
    mkdir(folder, 0o700)
    FileManager.default.createFile(atPath: folder + "/\(pid).note", contents: Data(text.utf8))
    let lock = open(folder + "/\(pid).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    // A lock taken through another open file: this process's own check sees it as another process's.
    if alive { XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0) } else { close(lock) }
    return alive ? lock : -1
  }

  func testALiveProcessesNoteNamesTheHolderOfItsDownloads() throws {
    try withTemporaryDirectorySync { dir in
      let lock = note("4242 waits\n3 7\n", pid: 4242, in: dir.url.path, alive: true)
      defer { close(lock) }
      let notes = DownloadHolders.others(stateDirectory: dir.url.path)
      XCTAssertEqual(notes, [DownloadHolders.Note(pid: 4242, waitsWhenPaused: true, ids: [3, 7])])
      XCTAssertEqual(DownloadHolders.holder(of: 7, in: notes), .otherProcess(pid: 4242, waitsWhenPaused: true))
      XCTAssertEqual(DownloadHolders.holder(of: 5, in: notes), DownloadHolder.none)
    }
  }

  /// A note whose process ended (its lock free) is no holder, and the next process to write a note sweeps it.
  func testANoteLeftByAnEndedProcessCountsForNothingAndIsSwept() throws {
    try withTemporaryDirectorySync { dir in
      _ = note("4343 waits\n3\n", pid: 4343, in: dir.url.path, alive: false)
      XCTAssertEqual(DownloadHolders.others(stateDirectory: dir.url.path), [])
      let mine = try XCTUnwrap(DownloadHolders.hold([3], waitsWhenPaused: false, stateDirectory: dir.url.path))
      XCTAssertFalse(FileManager.default.fileExists(atPath: dir.url.path + "/holders/4343.note"))
      XCTAssertEqual(DownloadHolders.others(stateDirectory: dir.url.path), [], "this process's own note is not another's")
      let own = dir.url.path + "/holders/\(getpid()).note"
      XCTAssertEqual(
        FileManager.default.contents(atPath: own).flatMap { DownloadHolders.parse(String(decoding: $0, as: UTF8.self)) },
        DownloadHolders.Note(pid: getpid(), waitsWhenPaused: false, ids: [3])
      )
      withExtendedLifetime(mine) {}
    }
  }

  /// The note goes with the value that holds it.
  func testTheNoteIsDeletedWhenReleased() throws {
    try withTemporaryDirectorySync { dir in
      var mine = DownloadHolders.hold([1], waitsWhenPaused: true, stateDirectory: dir.url.path)
      let own = dir.url.path + "/holders/\(getpid()).note"
      XCTAssertTrue(FileManager.default.fileExists(atPath: own))
      XCTAssertNotNil(mine)
      mine = nil
      XCTAssertFalse(FileManager.default.fileExists(atPath: own))
    }
  }

  private func withTemporaryDirectorySync(_ body: (TemporaryDirectory) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try body(directory)
  }
}
