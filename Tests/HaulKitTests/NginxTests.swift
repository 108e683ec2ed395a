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
        let etag = try XCTUnwrap(harness.client.store.all().first?.etag)
        try harness.seedInterrupted(request, etag: etag, total: content.count, durable: 4 << 20)
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
