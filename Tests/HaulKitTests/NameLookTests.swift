import Foundation
import XCTest

@testable import HaulKit

/// `NameLook`: what the `lstat` of a name, and the `stat` that follows a symbolic link, say; the second call only
/// for a symbolic link.
final class NameLookTests: XCTestCase {
  private func status(_ kind: mode_t, size: Int = 0, modified: Int = 0) -> stat {
    var info = stat()
    info.st_mode = kind | 0o644
    info.st_size = off_t(size)
    info.st_mtim.tv_sec = modified
    return info
  }

  private func look(_ link: stat?, following followed: stat?) -> (NameLook, followed: Bool) {
    var asked = false
    let look = NameLook(link: link, following: {
      asked = true
      return followed
    })
    return (look, asked)
  }

  func testNothingAtTheName() {
    let (found, followed) = look(nil, following: status(S_IFREG, size: 1))
    XCTAssertEqual(found, .absent)
    XCTAssertFalse(found.isPresent)
    XCTAssertFalse(followed, "a failed lstat means stat fails too: not asked")
  }

  func testAFileOrDirectoryIsItsOwnTarget() {
    let (file, followedFile) = look(status(S_IFREG, size: 100, modified: 7), following: nil)
    XCTAssertEqual(file, NameLook(isPresent: true, target: .init(isRegularFile: true, size: 100, modified: 7)))
    XCTAssertFalse(followedFile, "not a symbolic link: stat would find the same file")
    let (directory, followedDirectory) = look(status(S_IFDIR, size: 4096), following: nil)
    XCTAssertEqual(directory, NameLook(isPresent: true, target: .init(isRegularFile: false, size: 4096, modified: 0)))
    XCTAssertFalse(followedDirectory)
  }

  func testASymbolicLinkIsFollowed() {
    let (linked, followed) = look(status(S_IFLNK, size: 9), following: status(S_IFREG, size: 100, modified: 3))
    XCTAssertTrue(followed)
    XCTAssertEqual(linked, NameLook(isPresent: true, target: .init(isRegularFile: true, size: 100, modified: 3)))
    let (dangling, _) = look(status(S_IFLNK, size: 9), following: nil)
    XCTAssertEqual(dangling, NameLook(isPresent: true, target: nil), "a dangling link holds the name, leading nowhere")
  }

  /// `NameLook.at` on real names: the same answers as `FileSystemSteps`' separate questions.
  func testALookAtRealNamesAnswersAsTheSeparateQuestions() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("haul-namelook-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("file").path
    FileManager.default.createFile(atPath: file, contents: Data(count: 42))
    XCTAssertEqual(symlink(file, folder.appendingPathComponent("link").path), 0)
    XCTAssertEqual(symlink(folder.appendingPathComponent("none").path, folder.appendingPathComponent("dangling").path), 0)
    for name in ["file", "link", "dangling", "none", "."] {
      let path = folder.appendingPathComponent(name).path
      let found = NameLook.at(path)
      XCTAssertEqual(found.isPresent, FileSystemSteps.isNamePresent(path), name)
      XCTAssertEqual(found.target?.size, FileSystemSteps.size(of: path), name)
      XCTAssertEqual(found.target?.isRegularFile ?? false, FileSystemSteps.isRegularFile(path), name)
    }
  }
}
