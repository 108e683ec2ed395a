import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Values a user types never stop the program: `DownloadRequest.init` used to `precondition` on them (an app
/// crashed on a connections field set to 0); now preparing the download throws `.usage` and nothing is stored.
final class RequestValidationTests: XCTestCase {
  func testOutOfRangeValuesAreUsageErrorsNotCrashes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        try await withHarness(dir, server: server) { harness in
          let url = URL(string: server.url("/f"))!
          let bad = [
            DownloadRequest(url: url, destination: harness.path("a"), connections: 0),
            DownloadRequest(url: url, destination: harness.path("b"), connections: 33),
            DownloadRequest(url: url, destination: harness.path("c"), maxBytesPerSecond: 0),
            DownloadRequest(url: url, destination: harness.path("d"), minimumSplitSize: -1),
          ]
          for request in bad {
            XCTAssertThrowsError(try harness.client.prepare(request), "\(request.destination)") {
              XCTAssertEqual(($0 as? HaulError)?.kind, .usage)
            }
          }
          XCTAssertEqual(try harness.client.store.all(), [], "nothing was stored for a refused request")

          server.serve("/f", FileResource(content: deterministicBytes(count: 1000, seed: 5)))
          let task = try harness.client.prepare(DownloadRequest(url: url, destination: harness.path("e")))
          do {
            try await task.setRateLimit(-1)
            XCTFail("a negative rate limit was taken")
          } catch let error as HaulError {
            XCTAssertEqual(error.kind, .usage)
          }
        }
      }
    }
  }
}
