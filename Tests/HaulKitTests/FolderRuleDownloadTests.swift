import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Folder rules in the engine, over real sockets: a name known from the URL places the `.part` file in the rule's
/// directory before the first request; a Content-Type rule or a `Content-Disposition` name moves the finished file
/// there (copied when it is on another file system); a name taken there follows the conflict policy; the record says
/// where the file ended. (Which rule matches is FolderRulesTests' and FolderPlacementTests' part; that a directory a
/// person chose is never given rules is the CLI's and the daemon's, FolderRuleCLITests and FolderRuleRPCTests.)
final class FolderRuleDownloadTests: XCTestCase {
  private let content = deterministicBytes(count: 300 << 10, seed: 37)

  private func rules(_ texts: String...) throws -> FolderRules {
    var rules = FolderRules()
    for text in texts { try rules.add(parsing: text) }
    return rules
  }

  private func request(
    _ harness: Harness, _ url: String, to name: String, rules: FolderRules, policy: ConflictPolicy = .fail,
    contentDisposition: Bool = false
  ) -> DownloadRequest {
    var request = DownloadRequest(
      url: URL(string: url)!, destination: harness.file(name), onConflict: policy,
      nameFromContentDisposition: contentDisposition, connections: 1)
    request.folderRules = rules
    return request
  }

  private func storedPath(_ harness: Harness, _ id: Int64) throws -> String? {
    try harness.client.storedDownloadBlocking(id: id)?.destination.path
  }

  func testANameFromTheURLIsWrittenInTheRulesDirectoryFromTheStart() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/disk.iso", FileResource(content: content))
        server.serve("/notes.txt", FileResource(content: content))
        try await withHarness(dir) { harness in
          let rules = try rules("*.iso=isos/new")
          let task = try harness.client.prepareBlocking(request(harness, server.url("/disk.iso"), to: "disk.iso", rules: rules))
          // Placed before the first request: a relative directory is below the request's own, created at once.
          let placed = await task.destination.path
          XCTAssertEqual(placed, harness.path("isos/new/disk.iso"))
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("isos/new")))
          XCTAssertEqual(try harness.client.store.record(id: task.id.rawValue)?.partPath, harness.path("isos/new/disk.iso.part"))
          try await task.start()
          guard case .completed(let file) = try await task.outcome() else { return XCTFail("not completed") }
          XCTAssertEqual(file.path, harness.path("isos/new/disk.iso"))
          XCTAssertTrue(contents(file.path) == content)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("disk.iso")))
          XCTAssertEqual(try storedPath(harness, task.id.rawValue), file.path, "the record says where it is")

          // A name no rule matches stays in the request's own directory.
          let (outcome, _) = try await harness.run(request(harness, server.url("/notes.txt"), to: "notes.txt", rules: rules))
          assertCompleted(outcome, at: harness.path("notes.txt"), equals: content)
        }
      }
    }
  }

  func testAContentTypeRuleMovesTheFinishedFile() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/watch", FileResource(content: content, contentType: "Video/MP4; codecs=avc1"))
        try await withHarness(dir) { harness in
          let videos = harness.path("media/videos")
          let (outcome, updates) = try await harness.run(
            request(harness, server.url("/watch"), to: "watch", rules: rules("*.iso=isos", "video/*=\(videos)")))
          assertCompleted(outcome, at: videos + "/watch", equals: content)
          XCTAssertTrue(updates.contains(.named(file: URL(fileURLWithPath: videos + "/watch"))), "said as soon as known")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("watch")))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("watch.part")), "moved, not copied")
          let record = try XCTUnwrap(harness.client.store.all().first)
          XCTAssertEqual(record.destination, videos + "/watch")
          XCTAssertEqual(record.downloadState, .completed)
        }
      }
    }
  }

  /// The bytes go to the `.part` beside the name the URL gave; the name the server gives decides the directory, and
  /// only there is it checked against the names taken (a `report.pdf` in the request's own directory is no conflict).
  func testAContentDispositionNameIsMovedAtFinish() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        server.serve(
          "/get", FileResource(content: content, contentDisposition: "attachment; filename=\"report.pdf\""),
          bytesPerSecond: 600 << 10, while: throttle)
        try await withHarness(dir) { harness in
          try Data("another report".utf8).write(to: dir.file("report.pdf"))
          let task = try harness.client.prepareBlocking(
            request(harness, server.url("/get"), to: "get", rules: rules("*.pdf=docs"), contentDisposition: true))
          let named = Task { () -> URL? in
            for try await update in task.updates { if case .named(let file) = update { return file } }
            return nil
          }
          try await task.start()
          let said = try await named.value?.path
          XCTAssertEqual(said, harness.path("docs/report.pdf"))
          XCTAssertEqual(try harness.client.store.record(id: task.id.rawValue)?.partPath, harness.path("get.part"), "the bytes stay")
          guard case .completed(let file) = try await task.outcome() else { return XCTFail("not completed") }
          XCTAssertEqual(file.path, harness.path("docs/report.pdf"))
          XCTAssertTrue(contents(file.path) == content)
          XCTAssertTrue(contents(harness.path("report.pdf")) == Array("another report".utf8))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("get.part")))
          XCTAssertEqual(try storedPath(harness, task.id.rawValue), file.path)
        }
      }
    }
  }

  func testANameTakenInTheRulesDirectoryFollowsTheConflictPolicy() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/clip.mp4", FileResource(content: content, contentType: "video/mp4"))
        server.serve("/watch", FileResource(content: content, contentType: "video/mp4"))
        try await withHarness(dir) { harness in
          let rules = try rules("video/*,*.mp4=videos")
          try FileManager.default.createDirectory(atPath: harness.path("videos"), withIntermediateDirectories: true)
          for name in ["clip.mp4", "watch"] { try Data("mine".utf8).write(to: dir.file("videos/" + name)) }

          // Placed by its URL's name: the store's planner decides, as for any destination.
          var (outcome, _) = try await harness.run(request(harness, server.url("/clip.mp4"), to: "clip.mp4", rules: rules, policy: .rename))
          assertCompleted(outcome, at: harness.path("videos/clip.1.mp4"), equals: content)

          // Moved by the type: refused before a byte is fetched with `.fail`...
          (outcome, _) = try await harness.run(request(harness, server.url("/watch"), to: "watch", rules: rules, policy: .fail))
          guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(error.kind, .fileExists)
          XCTAssertTrue(error.message.contains(harness.path("videos/watch")), error.message)
          XCTAssertTrue(contents(harness.path("videos/watch")) == Array("mine".utf8))

          // ...numbered with `.rename`, replaced with `.overwrite`.
          (outcome, _) = try await harness.run(request(harness, server.url("/watch"), to: "watch", rules: rules, policy: .rename))
          assertCompleted(outcome, at: harness.path("videos/watch.1"), equals: content)
          XCTAssertTrue(contents(harness.path("videos/watch")) == Array("mine".utf8))
          (outcome, _) = try await harness.run(request(harness, server.url("/watch"), to: "watch", rules: rules, policy: .overwrite))
          assertCompleted(outcome, at: harness.path("videos/watch"), equals: content)
        }
      }
    }
  }

  /// A file of the same name that arrives in the rule's directory while the download runs is not replaced: the
  /// name is chosen again at finish.
  func testANameTakenWhileDownloadingIsNumberedAtFinish() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/watch", FileResource(content: content, contentType: "video/mp4"), bytesPerSecond: 300 << 10)
        try await withHarness(dir) { harness in
          let task = try harness.client.prepareBlocking(
            request(harness, server.url("/watch"), to: "watch", rules: rules("video/*=videos"), policy: .rename))
          let named = Task { () -> URL? in
            for try await update in task.updates { if case .named(let file) = update { return file } }
            return nil
          }
          try await task.start()
          let said = try await named.value?.path
          XCTAssertEqual(said, harness.path("videos/watch"))
          try Data("arrived meanwhile".utf8).write(to: dir.file("videos/watch"))
          guard case .completed(let file) = try await task.outcome() else { return XCTFail("not completed") }
          XCTAssertEqual(file.path, harness.path("videos/watch.1"))
          XCTAssertTrue(contents(file.path) == content)
          XCTAssertTrue(contents(harness.path("videos/watch")) == Array("arrived meanwhile".utf8))
          XCTAssertEqual(try storedPath(harness, task.id.rawValue), file.path)
        }
      }
    }
  }

  /// To another file system (`/dev/shm`, a tmpfs), where `rename` answers `EXDEV`: copied, flushed, then the
  /// `.part` deleted.
  func testAMoveToAnotherFileSystemCopiesTheFile() async throws {
    let shm = "/dev/shm"
    guard access(shm, W_OK) == 0, try device(of: shm) != device(of: NSTemporaryDirectory()) else {
      throw XCTSkip("no writable /dev/shm on another file system")
    }
    let target = shm + "/haul-folder-rule-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: target) }
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/watch", FileResource(content: content, contentType: "video/webm"))
        try await withHarness(dir) { harness in
          let (outcome, _) = try await harness.run(
            request(harness, server.url("/watch"), to: "watch", rules: rules("video/*=\(target)")))
          assertCompleted(outcome, at: target + "/watch", equals: content)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("watch.part")))
          let left = try FileManager.default.contentsOfDirectory(atPath: target)
          XCTAssertEqual(left, ["watch"], "no temporary copy left")
        }
      }
    }
  }

  func testMoveAcrossFileSystemsNeverReplacesUnlessAskedAndKeepsTheSource() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let source = dir.file("a.part").path, destination = dir.file("b").path
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: source))
    try Data([9]).write(to: URL(fileURLWithPath: destination))
    XCTAssertThrowsError(try FileSystemSteps.moveAcrossFileSystems(source, to: destination, replacing: false)) {
      XCTAssertEqual(($0 as? HaulError)?.kind, .fileExists)
    }
    XCTAssertEqual(contents(source), [1, 2, 3], "the source is kept")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted(), ["a.part", "b"])
    try FileSystemSteps.moveAcrossFileSystems(source, to: destination, replacing: true)
    XCTAssertEqual(contents(destination), [1, 2, 3])
    XCTAssertFalse(FileManager.default.fileExists(atPath: source))
  }

  /// Rules are stored with the download; a record stored before they existed reads as none.
  func testRulesAreStoredWithTheRequestAndOldRecordsHaveNone() throws {
    var request = DownloadRequest(url: URL(string: "http://h/x.iso")!, destination: URL(fileURLWithPath: "/dl/x.iso"))
    request.folderRules = try rules("*.iso=~/Images")
    let placed = request.placedByFolderRules()
    let decoded = try JSONDecoder().decode(DownloadRequest.self, from: JSONEncoder().encode(placed))
    XCTAssertEqual(decoded, placed)
    XCTAssertEqual(decoded.folderRuleFallback, "/dl")
    XCTAssertEqual(decoded.destinationPath, DownloadRequest.homeDirectory + "/Images/x.iso")
    XCTAssertEqual(decoded.placedByFolderRules(), decoded, "placed once")
    let old = try JSONDecoder().decode(
      DownloadRequest.self, from: Data(#"{"url":"http://h/x.iso","destination":"/dl/x.iso"}"#.utf8))
    XCTAssertNil(old.folderRules)
    XCTAssertEqual(old.placedByFolderRules(), old)
  }

  private func device(of path: String) throws -> UInt64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw XCTSkip("cannot stat \(path)") }
    return UInt64(info.st_dev)
  }
}
