import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `DownloadRequest.proxy`: one download's own proxy (aria2's per-download `all-proxy`), under the client's bypass
/// list.
final class DownloadProxyTests: XCTestCase {
  private let content = deterministicBytes(count: 200_000, seed: 61)

  private func client(_ dir: TemporaryDirectory, bypass: String) throws -> HaulClient {
    try HaulClient(configuration: HaulConfiguration(
      stateDirectory: dir.file("state"),
      proxies: ProxyRules(explicit: .some(nil), bypass: NoProxyList(bypass))))
  }

  func testADownloadGoesThroughItsOwnProxyAndOthersDoNot() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f.bin", FileResource(content: content))
        let proxy = try TestProxy(user: "u", password: "p")
        defer { proxy.shutdown() }
        let client = try client(dir, bypass: "")
        var request = DownloadRequest(url: URL(string: server.url("/f.bin"))!, destination: dir.file("a.bin"), connections: 2, minimumSplitSize: 64 << 10)
        request.proxy = proxy.url(user: "u", password: "p")
        let outcome = try await (try await client.download(request)).outcome()
        let plain = DownloadRequest(url: URL(string: server.url("/f.bin"))!, destination: dir.file("b.bin"))
        let direct = try await (try await client.download(plain)).outcome()
        try await client.shutdown()
        assertCompleted(outcome, at: dir.file("a.bin").path, equals: content)
        assertCompleted(direct, at: dir.file("b.bin").path, equals: content)
        XCTAssertFalse(proxy.requests.isEmpty, "the download with a proxy did not use it")
        XCTAssertTrue(proxy.requests.allSatisfy { $0.method == "GET" && $0.target == server.url("/f.bin") }, "absolute-form GETs")
        XCTAssertTrue(proxy.requests.allSatisfy { $0["Proxy-Authorization"] != nil }, "with the proxy's credentials")
        XCTAssertEqual(proxy.requests.count, server.requests(for: "/f.bin").count - 1, "every request of the first download, none of the second")
      }
    }
  }

  func testTheClientsBypassListStillApplies() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f.bin", FileResource(content: content))
        let proxy = try TestProxy()
        defer { proxy.shutdown() }
        let client = try client(dir, bypass: "127.0.0.1")
        var request = DownloadRequest(url: URL(string: server.url("/f.bin"))!, destination: dir.file("a.bin"))
        request.proxy = proxy.url()
        let outcome = try await (try await client.download(request)).outcome()
        try await client.shutdown()
        assertCompleted(outcome, at: dir.file("a.bin").path, equals: content)
        XCTAssertTrue(proxy.requests.isEmpty, "a host on the bypass list is reached directly")
      }
    }
  }

  func testABadProxyIsAUsageErrorThatHidesItsCredentials() async throws {
    try await withTemporaryDirectory { dir in
      let client = try client(dir, bypass: "")
      var request = DownloadRequest(url: URL(string: "http://127.0.0.1:9/f")!, destination: dir.file("a.bin"))
      request.proxy = "ftp://user:s3cr3t@proxy.example:21"
      XCTAssertThrowsError(try client.prepareBlocking(request)) { error in
        XCTAssertEqual((error as? HaulError)?.kind, .usage)
        XCTAssertFalse("\(error)".contains("s3cr3t"), "\(error)")
      }
      try await client.shutdown()
    }
  }
}
