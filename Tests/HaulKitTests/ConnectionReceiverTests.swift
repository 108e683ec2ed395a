import HaulCore
import HaulTestSupport
import NIOConcurrencyHelpers
import NIOCore
import XCTest

@testable import HaulKit

/// The engine's one receive loop on a temporary file and an in-memory body: where bytes land, where it stops, what
/// it reports, and how it ends. No socket, no sleep.
final class ConnectionReceiverTests: XCTestCase {
  private final class Reports: Sendable {
    let offsets = NIOLockedValueBox<[Int64]>([])
  }

  /// A body of `chunks`, then the end of the message, or `failure`.
  private func body(_ chunks: [[UInt8]], failingWith failure: (any Error)? = nil) -> ResponseBody {
    let (stream, continuation) = AsyncThrowingStream<BodyChunk, any Error>.makeStream()
    for chunk in chunks { continuation.yield(BodyChunk(chunk)) }
    continuation.finish(throwing: failure)
    return ResponseBody(stream)
  }

  private func receiver(_ file: PartFile, end: Int64?, reports: Reports, counters: TransferCounters? = nil) -> (ConnectionReceiver, ConnectionBounds) {
    let bounds = ConnectionBounds(end: end)
    let receiver = ConnectionReceiver(
      connection: ConnectionID(1), download: 1, url: URL(string: "http://example.org/f")!, file: file,
      bandwidth: BandwidthLimiter(), clock: MonotonicClock { 0 }, flushInterval: 1, bounds: bounds,
      counters: counters, digest: nil, report: { offset in reports.offsets.withLockedValue { $0.append(offset) } }
    )
    return (receiver, bounds)
  }

  private func read(_ file: PartFile, _ count: Int, at offset: Int64) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let got = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
    return Array(bytes[0..<got])
  }

  private func plan(offset: Int64, length: Int64?) -> BodyPlan {
    BodyPlan(
      offset: offset, expectedLength: length,
      identity: ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: nil, lastModifiedIsStrong: false),
      discardsPartial: false
    )
  }

  func testABodyIsWrittenAtItsOffsetAndTheEndIsReportedOnce() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let reports = Reports()
      let counters = TransferCounters()
      let (receiver, bounds) = receiver(file, end: nil, reports: reports, counters: counters)
      let end = await receiver.receive(body([[1, 2], [3, 4, 5]]), plan: plan(offset: 10, length: 5))
      guard case .ended = end else { return XCTFail("\(end)") }
      XCTAssertEqual(try read(file, 5, at: 10), [1, 2, 3, 4, 5])
      XCTAssertEqual(reports.offsets.withLockedValue { $0 }, [15], "small bodies report at their end only")
      XCTAssertEqual(bounds.flushed, 15)
      XCTAssertEqual(counters.snapshot().bytesDone, 15, "a single connection counts per chunk")
    }
  }

  func testItReportsTheFirstBytesAtOnceThenAboutEvery256KiB() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let reports = Reports()
      let (receiver, _) = receiver(file, end: nil, reports: reports)
      let chunk = deterministicBytes(count: 64 << 10, seed: 1)
      _ = await receiver.receive(body(Array(repeating: chunk, count: 9)), plan: plan(offset: 0, length: nil))
      XCTAssertEqual(reports.offsets.withLockedValue { $0 }, [64 << 10, 320 << 10, 576 << 10])
    }
  }

  func testItStopsAtTheSegmentsEndEvenInsideAChunk() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let reports = Reports()
      let (receiver, _) = receiver(file, end: 4, reports: reports)
      let end = await receiver.receive(body([[1, 2, 3], [4, 5, 6]]), plan: plan(offset: 0, length: 6))
      guard case .ended = end else { return XCTFail("\(end)") }
      XCTAssertEqual(try file.size(), 4, "not a byte past the end")
      XCTAssertEqual(reports.offsets.withLockedValue { $0 }, [4])
    }
  }

  /// Issue 56: the bytes received count every byte read, also the part of a chunk cut off at the segment's end.
  func testEveryByteReadIsCountedAsReceivedAlsoPastTheEnd() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let counters = TransferCounters()
      var (receiver, _) = receiver(file, end: 4, reports: Reports())
      receiver.wire = counters
      _ = await receiver.receive(body([[1, 2, 3], [4, 5, 6], [7]]), plan: plan(offset: 0, length: 7))
      XCTAssertEqual(try file.size(), 4)
      XCTAssertEqual(counters.wire().received, 6, "both chunks read, the second cut after its first byte")
    }
  }

  func testAShortenedEndIsHeardAtTheNextReport() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let reports = Reports()
      let (receiver, bounds) = receiver(file, end: 1 << 20, reports: reports)
      let chunk = deterministicBytes(count: 128 << 10, seed: 2)
      let produced = NIOLockedValueBox(0)
      let stream = AsyncThrowingStream<BodyChunk, any Error> {
        let count = produced.withLockedValue { $0 += 1; return $0 }
        // While the first chunk is on its way, another connection takes the rest from 300 KiB: heard at the first
        // report, right after it.
        if count == 1 { bounds.end = 300 << 10 }
        return count <= 8 ? BodyChunk(chunk) : nil
      }
      let end = await receiver.receive(ResponseBody(stream), plan: plan(offset: 0, length: 1 << 20))
      guard case .ended = end else { return XCTFail("\(end)") }
      XCTAssertEqual(try file.size(), 300 << 10, "the third chunk was cut at the new end")
      XCTAssertEqual(reports.offsets.withLockedValue { $0 }, [128 << 10, 300 << 10])
      XCTAssertEqual(produced.withLockedValue { $0 }, 3, "nothing read past the end but the end of the message")
    }
  }

  func testMoreBytesThanAnnouncedIsAProtocolViolation() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let (receiver, _) = receiver(file, end: nil, reports: Reports())
      let end = await receiver.receive(body([[1, 2, 3], [4, 5]]), plan: plan(offset: 0, length: 4))
      guard case .failed(let error) = end else { return XCTFail("\(end)") }
      XCTAssertEqual(error.kind, .protocolViolation)
    }
  }

  func testANetworkFailureKeepsAndReportsWhatArrived() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let reports = Reports()
      let (receiver, bounds) = receiver(file, end: nil, reports: reports)
      let failure = HaulError(.network, "example.org closed the connection early")
      let end = await receiver.receive(body([[1, 2, 3]], failingWith: failure), plan: plan(offset: 0, length: 10))
      guard case .failed(let error) = end else { return XCTFail("\(end)") }
      XCTAssertEqual(error.message, failure.message)
      XCTAssertEqual(try read(file, 3, at: 0), [1, 2, 3])
      XCTAssertEqual(reports.offsets.withLockedValue { $0 }, [3])
      XCTAssertEqual(bounds.flushed, 3)
    }
  }
}
