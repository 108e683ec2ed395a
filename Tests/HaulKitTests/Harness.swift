import Crypto
import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A client with fast retries, quick checkpoints and a private state directory, for engine tests: in memory
/// over a `ScriptedServer` when one is given, else over real sockets.
///
/// On a `ManualClock` (with a scripted server), the client's time is the test's: the retries keep the library's
/// own backoff (1 s, doubling, up to 30 s) instead of shrunk delays, and the script's throttle waits on that clock
/// too, so a test of a backoff, a stall or the lowest speed moves time instead of waiting for it.
struct Harness {
  let directory: TemporaryDirectory
  let client: HaulClient

  init(
    directory: TemporaryDirectory, retries: Int = 3, stallTimeout: Double = 5,
    retryAfterCap: Double = 300, trusting certificates: String? = nil, server: ScriptedServer? = nil,
    lowestSpeed: LowestSpeed? = .default, refreshURL: URLProvider? = nil, clock: ManualClock? = nil,
    chunkSize: Int = 64 << 10, allowsHTTP2: Bool = false
  ) throws {
    self.directory = directory
    var configuration = HaulConfiguration(
        stateDirectory: directory.file("state"),
        timeouts: .init(connect: .seconds(2), stall: .seconds(stallTimeout)),
        retryPolicy: RetryPolicy(
          maximumRetries: retries, initialDelay: 0.01, maximumDelay: 0.05,
          maximumRetryAfter: retryAfterCap),
        intervals: .init(checkpoint: .milliseconds(50), progress: .milliseconds(20)),
        extraTrustedCertificates: certificates.map(URL.init(fileURLWithPath:)),
        lowestSpeed: lowestSpeed,
        refreshURL: refreshURL,
        allowsHTTP2: allowsHTTP2
      )
    if let clock {
      precondition(server != nil, "a manual clock moves a scripted server's time, not a socket's")
      configuration.clock = EngineClock(clock)
      configuration.retryPolicy = RetryPolicy(maximumRetries: retries, maximumRetryAfter: retryAfterCap)
    }
    if let server {
      self.client = try HaulClient(
        configuration: configuration,
        transport: ScriptedTransport(
          server, redirectPolicy: configuration.redirectPolicy, chunkSize: chunkSize, clock: configuration.clock))
    } else {
      self.client = try HaulClient(configuration: configuration)
    }
  }

  func path(_ name: String) -> String { directory.file(name).path }

  /// The file URL of `name` in the test's directory (a `DownloadRequest`'s destination).
  func file(_ name: String) -> URL { URL(fileURLWithPath: path(name)) }

  /// Runs a download to its end and returns its outcome and every update it published.
  func run(_ request: DownloadRequest) async throws -> (DownloadOutcome, [DownloadUpdate]) {
    let task = try client.prepareBlocking(request)
    let updates = task.updates
    let collector = Task { () -> [DownloadUpdate] in
      var seen: [DownloadUpdate] = []
      do { for try await update in updates { seen.append(update) } } catch {}  // a failure ends it: seen is all
      return seen
    }
    try await task.start()
    let outcome = try await task.outcome()
    if case .completed = outcome {} else { collector.cancel() }
    return (outcome, await collector.value)
  }

  func request(
    _ url: String, to name: String = "file.bin", overwrite: Bool = false,
    headers: [DownloadRequest.Header] = [], contentDisposition: Bool = false, connections: Int = 1,
    minimumSplitSize: Int64 = 4 << 20
  ) -> DownloadRequest {
    DownloadRequest(
      url: URL(string: url)!, destination: file(name), headers: headers, overwrite: overwrite,
      nameFromContentDisposition: contentDisposition, connections: connections,
      minimumSplitSize: minimumSplitSize)
  }

  /// Records `request` as an interrupted download of the version `etag` (`total` bytes), with its first
  /// `durable` bytes checkpointed, as a crashed earlier run would have left it. Returns the record's id.
  @discardableResult
  func seedInterrupted(_ request: DownloadRequest, etag: String, total: Int, durable: Int64) throws -> DownloadID {
    let id = try client.prepareBlocking(request).id
    var record = try XCTUnwrap(client.store.record(id: id.rawValue))
    record.etag = etag
    record.totalBytes = Int64(total)
    try client.store.update(record)
    try client.store.saveSegments(
      [SegmentRecord(downloadId: id.rawValue, start: 0, end: Int64(total), next: durable)], of: id.rawValue)
    return id
  }

  func shutdown() async throws { try await client.shutdown() }
}

/// Runs `body` with a harness whose client is always shut down (AsyncHTTPClient traps on a client that is not).
func withHarness<Result>(
  _ directory: TemporaryDirectory,
  server: ScriptedServer? = nil,
  retries: Int = 3,
  stallTimeout: Double = 5,
  trusting certificates: String? = nil,
  lowestSpeed: LowestSpeed? = .default,
  refreshURL: URLProvider? = nil,
  clock: ManualClock? = nil,
  chunkSize: Int = 64 << 10,
  allowsHTTP2: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (Harness) async throws -> Result
) async throws -> Result {
  let harness = try Harness(
    directory: directory, retries: retries, stallTimeout: stallTimeout, trusting: certificates, server: server,
    lowestSpeed: lowestSpeed, refreshURL: refreshURL, clock: clock, chunkSize: chunkSize, allowsHTTP2: allowsHTTP2)
  do {
    let result = try await body(harness)
    try await harness.shutdown()
    return result
  } catch {
    try await harness.shutdown()
    throw error
  }
}

func contents(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func sha256(_ bytes: [UInt8]) -> String {
  SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
}

func assertCompleted(
  _ outcome: DownloadOutcome, at path: String, equals expected: [UInt8],
  file: StaticString = #filePath, line: UInt = #line
) {
  guard case .completed(let got) = outcome else {
    return XCTFail("expected completion, got \(outcome)", file: file, line: line)
  }
  XCTAssertEqual(got.path, path, file: file, line: line)
  let actual = contents(path)
  XCTAssertEqual(actual?.count, expected.count, "size", file: file, line: line)
  XCTAssertTrue(
    actual == expected, "the file's bytes differ from the server's", file: file, line: line)
  XCTAssertFalse(
    FileManager.default.fileExists(atPath: path + ".part"), "the .part file must be gone",
    file: file, line: line)
}

func notices(_ updates: [DownloadUpdate]) -> [String] {
  updates.compactMap { if case .notice(let text) = $0 { return text } else { return nil } }
}

func restarts(_ updates: [DownloadUpdate]) -> [String] {
  updates.compactMap { if case .restarted(let reason) = $0 { return reason } else { return nil } }
}

/// Serves `file` but cuts the first response short after `cut` body bytes, so the engine must resume.
func cutFirstResponse(_ file: FileResource, after cut: Int) -> TestServer.Handler {
  { request in
    var response = file.response(for: request)
    if request.index == 0 { response.closeAfterBodyBytes = cut }
    return response
  }
}

/// The start offset of a request's `Range: bytes=N-` header.
func resumeOffset(_ request: TestRequest) -> Int64? {
  guard let range = request.header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-") else {
    return nil
  }
  return Int64(range.dropFirst(6).dropLast())
}
