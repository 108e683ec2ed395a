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
            DownloadRequest(url: url, destination: harness.file("a"), connections: 0),
            DownloadRequest(url: url, destination: harness.file("b"), connections: 33),
            DownloadRequest(url: url, destination: harness.file("c"), maxBytesPerSecond: -1),  // 0 is no limit (aria2)
            DownloadRequest(url: url, destination: harness.file("d"), minimumSplitSize: -1),
            DownloadRequest(url: url, destination: URL(string: "https://example.com/not-a-file")!),
          ]
          for request in bad {
            XCTAssertThrowsError(try harness.client.prepareBlocking(request), "\(request.destination)") {
              XCTAssertEqual(($0 as? HaulError)?.kind, .usage)
            }
          }
          XCTAssertEqual(try harness.client.store.all(), [], "nothing was stored for a refused request")

          server.serve("/f", FileResource(content: deterministicBytes(count: 1000, seed: 5)))
          let task = try harness.client.prepareBlocking(DownloadRequest(url: url, destination: harness.file("e")))
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

  /// The library uses the count `haul` and the daemon use unless told otherwise: `ConnectionCount.default`,
  /// automatic (it was a fixed 8 while `haul`'s was automatic); a count given is fixed.
  func testARequestUsesTheOneDefaultCount() {
    let request = DownloadRequest(url: URL(string: "https://example.com/f")!, destination: URL(fileURLWithPath: "/tmp/f"))
    XCTAssertEqual(request.connectionCount, .automatic(ceiling: 16))
    XCTAssertEqual(request.connectionCount, ConnectionCount.default)
    XCTAssertTrue(request.autoConnections)
    XCTAssertEqual(request.connections, 16)
    let typed = DownloadRequest(url: URL(string: "https://example.com/f")!, destination: URL(fileURLWithPath: "/tmp/f"), connections: 5)
    XCTAssertEqual(typed.connectionCount, .fixed(5))
  }

  /// `connections` and `autoConnections` are the two parts of `connectionCount`, as it is stored: setting either
  /// keeps the other, and a stored request reads back the same count.
  func testTheTwoFieldsAreOneCount() throws {
    var request = DownloadRequest(url: URL(string: "https://example.com/f")!, destination: URL(fileURLWithPath: "/tmp/f"), connections: 5)
    request.autoConnections = true
    XCTAssertEqual(request.connectionCount, .automatic(ceiling: 5))
    request.connections = 9
    XCTAssertEqual(request.connectionCount, .automatic(ceiling: 9))
    request.connectionCount = .fixed(3)
    XCTAssertEqual(request.connections, 3)
    XCTAssertFalse(request.autoConnections)
    for count in [ConnectionCount.fixed(3), .default, .automatic(ceiling: 7)] {
      request.connectionCount = count
      let read = try JSONDecoder().decode(DownloadRequest.self, from: JSONEncoder().encode(request))
      XCTAssertEqual(read.connectionCount, count)
    }
  }

  /// The destination is a file URL and the checksum a `Checksum`, but a request is stored as before (a path and
  /// the checksum's text), so records written by earlier versions read the same and new ones read back equal.
  func testTypedDestinationAndChecksumAreStoredAsBefore() throws {
    let hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    let old = #"{"url":"http://a.example/f","destination":"/tmp/f","headers":[],"overwrite":false,"#
      + #""nameFromContentDisposition":false,"connections":4,"minimumSplitSize":4194304,"#
      + #""checksum":"SHA-256:\#(hex.uppercased())"}"#
    let read = try JSONDecoder().decode(DownloadRequest.self, from: Data(old.utf8))
    XCTAssertEqual(read.destination, URL(fileURLWithPath: "/tmp/f", isDirectory: false), "a file, whatever is at that path now")
    XCTAssertEqual(read.destinationPath, "/tmp/f")
    XCTAssertEqual(read.checksum, try Checksum(algorithm: .sha256, hex: hex))
    XCTAssertEqual(read.connections, 4)

    let written = try JSONEncoder().encode(read)
    let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    XCTAssertEqual(fields["destination"] as? String, "/tmp/f")
    XCTAssertEqual(fields["checksum"] as? String, "sha256=" + hex)
    XCTAssertEqual(try JSONDecoder().decode(DownloadRequest.self, from: written), read)
  }
}
