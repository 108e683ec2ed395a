import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// The engine against a real nginx from Debian's packages (skipped where nginx is not installed).
final class NginxTests: XCTestCase {
  func testDownloadAndResumeFromNginx() async throws {
    try await withTemporaryDirectory { dir in
      let root = dir.file("www").path
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      let content = deterministicBytes(count: 8 << 20, seed: 11)
      try Data(content).write(to: URL(fileURLWithPath: root + "/big.bin"))
      guard let nginx = try NginxServer.start(root: root) else {
        throw XCTSkip("nginx is not installed")
      }
      defer { nginx.stop() }
      try await withHarness(dir) { harness in

        let (outcome, _) = try await harness.run(harness.request(nginx.url("/big.bin")))
        assertCompleted(outcome, at: harness.path("file.bin"), equals: content)

        // A crash left half of the file durable: nginx's strong ETag lets the next run resume it.
        let request = harness.request(nginx.url("/big.bin"), to: "again.bin")
        let task = try harness.client.prepare(request)
        let etag = try XCTUnwrap(harness.client.store.all().first?.etag)
        var record = try XCTUnwrap(harness.client.store.record(id: task.id))
        record.etag = etag
        record.totalBytes = Int64(content.count)
        try harness.client.store.update(record)
        try harness.client.store.saveSegments(
          [SegmentRecord(downloadId: task.id, start: 0, end: Int64(content.count), next: 4 << 20)],
          of: task.id)
        try Data(content[0..<(4 << 20)]).write(to: dir.file("again.bin.part"))
        let (resumed, updates) = try await harness.run(request)
        assertCompleted(resumed, at: harness.path("again.bin"), equals: content)
        XCTAssertTrue(restarts(updates).isEmpty, "nginx honours If-Range with its own ETag")

        let (missing, _) = try await harness.run(
          harness.request(nginx.url("/nope.bin"), to: "nope.bin"))
        guard case .failed(let error) = missing else { return XCTFail("\(missing)") }
        XCTAssertEqual(error.httpStatus, 404)
      }
    }
  }
}
