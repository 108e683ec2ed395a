import Foundation
import HaulCore
import HaulTestSupport
import NIOConcurrencyHelpers
import NIOCore
import XCTest

@testable import HaulKit

/// `BodySink`: the direct client writing a body's bytes into the file itself (Linux `splice`), against the project's
/// test server. Where the bytes land, that the sink's room and closing hold, and that the receiver counts what the
/// transport wrote as it counts what it wrote itself.
final class BodySinkTests: XCTestCase {
  private let content = deterministicBytes(count: 3 << 20, seed: 91)

  /// What the sink's writes did: each (offset, count), and those after `close()`.
  private final class Moves: Sendable {
    let all = NIOLockedValueBox<[(offset: Int64, count: Int)]>([])
    var total: Int { all.withLockedValue { $0.reduce(0) { $0 + $1.count } } }
    var furthest: Int64 { all.withLockedValue { $0.map { $0.offset + Int64($0.count) }.max() ?? 0 } }
  }

  private func send(_ url: String) throws -> DirectHTTPRequest {
    let target = try XCTUnwrap(DirectHTTPRequest.target(
      for: URL(string: url)!, fields: [("User-Agent", "haul-test")], tls: testTLSSettings(for: url)))
    return DirectHTTPRequest.send(target, lease: nil, connectTimeout: 2, stallTimeout: 5)
  }

  /// Serves the content, sends the direct client's GET for it and hands over its response, a new `.part` file and
  /// a record of the sink's writes.
  private func withResponse(
    tls: Bool = false, _ test: (DirectHTTPRequest.Response, PartFile, Moves) async throws -> Void
  ) async throws {
    try await withTestServer(tls: tls) { server in
      server.serve("/f", FileResource(content: content))
      try await withTemporaryDirectory { dir in
        let file = try PartFile(path: dir.file("f.part").path)
        try await test(try await send(server.url("/f")).response(), file, Moves())
      }
    }
  }

  private func sink(
    _ file: PartFile, start: Int64, end: Int64? = nil, wanted: Bool = true, moves: Moves
  ) -> BodySink {
    BodySink(
      bodyStart: start,
      move: { pipe, count, offset in
        try file.write(fromPipe: pipe, count: count, at: offset)
        moves.all.withLockedValue { $0.append((offset, count)) }
      },
      store: { bytes, offset in
        try file.write(bytes, at: offset)
        moves.all.withLockedValue { $0.append((offset, bytes.count)) }
      },
      room: { offset in end.map { $0 - offset } },
      isWanted: { wanted }
    )
  }

  private func bytes(of file: PartFile, _ count: Int, at offset: Int64) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let got = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
    return Array(bytes[0..<got])
  }

  /// Reads `body` as the receiver does, writing the buffers at their offsets from `start` (up to `end`) and counting
  /// the notices. Returns the bytes written by notice and by buffer.
  private func drain(
    _ body: ResponseBody, into file: PartFile, from start: Int64, end: Int64? = nil
  ) async throws -> (notices: Int, buffers: Int) {
    var offset = start
    var counts = (notices: 0, buffers: 0)
    for try await chunk in body {
      if let end, offset >= end { break }
      if chunk.isWritten {
        counts.notices += chunk.count
      } else {
        var kept = chunk
        if let end, Int64(chunk.count) > end - offset { kept = chunk.prefix(Int(end - offset)) }
        try kept.bytes.withUnsafeBytes { try file.write($0, at: offset) }
        counts.buffers += kept.count
      }
      offset += Int64(chunk.count)
    }
    return counts
  }

  func testALargeBodyIsWrittenByTheTransportAtItsOffsetsAndCountedInOrder() async throws {
    try await withResponse { response, file, moves in
      XCTAssertTrue(response.body.writeDirectly(into: sink(file, start: 7, moves: moves)))
      let counts = try await drain(response.body, into: file, from: 7)
      XCTAssertEqual(counts.notices + counts.buffers, content.count)
      XCTAssertEqual(counts.notices, moves.total, "a notice for every byte the sink wrote, none for others")
      #if os(Linux)
      XCTAssertGreaterThan(counts.notices, content.count / 2, "on Linux the bulk of a large body crosses by splice")
      XCTAssertLessThanOrEqual(
        moves.all.withLockedValue { $0.map(\.count).max() ?? 0 }, DirectHTTPRequest.largestSplice
      )
      #endif
      XCTAssertEqual(try bytes(of: file, content.count + 10, at: 0), [UInt8](repeating: 0, count: 7) + content)
    }
  }

  /// A TLS body is decrypted by the request's thread into one buffer and written from it through the sink
  /// (docs/transport.md, "TLS"): notices, not a new buffer per read handed to the reader; each write at most one
  /// read's worth, the bytes whole at their offsets.
  func testATLSBodyIsDecryptedAndWrittenByTheTransport() async throws {
    try await withResponse(tls: true) { response, file, moves in
      XCTAssertTrue(response.body.writeDirectly(into: sink(file, start: 7, moves: moves)))
      let counts = try await drain(response.body, into: file, from: 7)
      XCTAssertEqual(counts.notices + counts.buffers, content.count)
      XCTAssertEqual(counts.notices, moves.total, "a notice for every byte the sink wrote, none for others")
      #if os(Linux)
      XCTAssertGreaterThan(counts.notices, content.count / 2, "the bulk of a TLS body is written by the transport")
      XCTAssertLessThanOrEqual(
        moves.all.withLockedValue { $0.map(\.count).max() ?? 0 }, DirectHTTPRequest.largestDecryptedWrite
      )
      #endif
      XCTAssertEqual(try bytes(of: file, content.count + 10, at: 0), [UInt8](repeating: 0, count: 7) + content)
    }
  }

  /// The sink's room and closing hold for a TLS body as for a spliced one.
  func testATLSBodyKeepsTheRoomAndStopsAtAClosedSink() async throws {
    try await withResponse(tls: true) { response, file, moves in
      let end: Int64 = (1 << 20) + 12_345
      response.body.writeDirectly(into: sink(file, start: 0, end: end, moves: moves))
      _ = try await drain(response.body, into: file, from: 0, end: end)
      XCTAssertLessThanOrEqual(moves.furthest, end)
      XCTAssertEqual(try file.size(), end, "nothing past the end, whoever wrote it")
      XCTAssertEqual(try bytes(of: file, Int(end), at: 0), Array(content[0..<Int(end)]))
    }
    try await withResponse(tls: true) { response, file, moves in
      let sink = sink(file, start: 0, moves: moves)
      response.body.writeDirectly(into: sink)
      var iterator = response.body.makeAsyncIterator()
      var seen = 0
      while let chunk = try await iterator.next() {
        seen += chunk.count
        if chunk.isWritten { break }
        try chunk.bytes.withUnsafeBytes { try file.write($0, at: Int64(seen - chunk.count)) }
      }
      sink.close()
      let before = moves.all.withLockedValue { $0.count }
      do { while try await iterator.next() != nil {} } catch {}
      XCTAssertEqual(moves.all.withLockedValue { $0.count }, before, "no write through a closed sink")
      XCTAssertLessThan(try file.size(), Int64(content.count))
    }
  }

  func testTheRequestLetsGoOfTheSinkWhenTheBodyEnds() async throws {
    try await withTestServer { server in
      server.serve("/f", FileResource(content: content))
      try await withTemporaryDirectory { dir in
        let file = try PartFile(path: dir.file("f.part").path)
        let request = try send(server.url("/f"))
        let body = try await request.response().body
        XCTAssertTrue(body.writeDirectly(into: sink(file, start: 0, moves: Moves())))
        XCTAssertNotNil(request.sink.withLockedValue { $0.sink }, "held while the body streams")
        _ = try await drain(body, into: file, from: 0)
        XCTAssertNil(request.sink.withLockedValue { $0.sink }, "the sink (and its file) outlived the body")
        XCTAssertTrue(body.writeDirectly(into: sink(file, start: 0, moves: Moves())))
        XCTAssertNil(request.sink.withLockedValue { $0.sink }, "a sink offered after the body ended is not kept")
      }
    }
  }

  func testTheTransportNeverWritesPastTheRoomTheSinkGives() async throws {
    try await withResponse { response, file, moves in
      let end: Int64 = (1 << 20) + 12_345
      response.body.writeDirectly(into: sink(file, start: 0, end: end, moves: moves))
      _ = try await drain(response.body, into: file, from: 0, end: end)
      XCTAssertLessThanOrEqual(moves.furthest, end)
      XCTAssertEqual(try file.size(), end, "nothing past the end, whoever wrote it")
      XCTAssertEqual(try bytes(of: file, Int(end), at: 0), Array(content[0..<Int(end)]))
    }
  }

  func testAClosedSinkTakesNoMoreWritesAndTheBodyStops() async throws {
    try await withResponse { response, file, moves in
      let sink = sink(file, start: 0, moves: moves)
      response.body.writeDirectly(into: sink)
      var iterator = response.body.makeAsyncIterator()
      var seen = 0
      // Up to the first notice (on Linux), then the reader closes its sink, as the receiver does when it returns.
      while let chunk = try await iterator.next() {
        seen += chunk.count
        if chunk.isWritten { break }
        try chunk.bytes.withUnsafeBytes { try file.write($0, at: Int64(seen - chunk.count)) }
      }
      sink.close()
      let before = moves.all.withLockedValue { $0.count }
      do { while try await iterator.next() != nil {} } catch {}
      XCTAssertEqual(moves.all.withLockedValue { $0.count }, before, "no write through a closed sink")
      XCTAssertLessThan(try file.size(), Int64(content.count))
    }
  }

  func testASinkThatIsNotWantedLeavesTheBytesToTheReader() async throws {
    try await withResponse { response, file, moves in
      response.body.writeDirectly(into: sink(file, start: 0, wanted: false, moves: moves))
      let counts = try await drain(response.body, into: file, from: 0)
      XCTAssertEqual(counts.notices, 0, "a paced download reads into memory")
      XCTAssertEqual(counts.buffers, content.count)
      XCTAssertEqual(try bytes(of: file, content.count, at: 0), content)
    }
  }

  /// The engine's receiver with the direct client's body: the bytes land whole at the plan's offset, a segment's
  /// end holds, and the flushed offset counts what the transport wrote.
  func testTheReceiverCountsWhatTheTransportWrote() async throws {
    try await withTestServer { server in
      server.serve("/f", FileResource(content: content))
      try await withTemporaryDirectory { dir in
        for end in [nil, Int64(2 << 20) + 100] as [Int64?] {
          let file = try PartFile(path: dir.file("f\(end ?? 0).part").path)
          let bounds = ConnectionBounds(end: end)
          let reported = NIOLockedValueBox<Int64>(0)
          let receiver = ConnectionReceiver(
            connection: ConnectionID(1), download: 1, url: URL(string: server.url("/f"))!, file: file,
            bandwidth: BandwidthLimiter(), clock: MonotonicClock { 0 }, flushInterval: 1, bounds: bounds,
            counters: nil, digest: nil, report: { offset in reported.withLockedValue { $0 = offset } }
          )
          let response = try await send(server.url("/f")).response()
          let plan = BodyPlan(
            offset: 100, expectedLength: Int64(content.count),
            identity: ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: nil, lastModifiedIsStrong: false),
            discardsPartial: false
          )
          let ending = await receiver.receive(response.body, plan: plan)
          guard case .ended = ending else { return XCTFail("\(ending)") }
          let last = end ?? Int64(100 + content.count)
          XCTAssertEqual(bounds.flushed, last)
          XCTAssertEqual(reported.withLockedValue { $0 }, last)
          XCTAssertEqual(try file.size(), last, "nothing past the segment's end")
          XCTAssertEqual(try bytes(of: file, Int(last - 100), at: 100), Array(content[0..<Int(last - 100)]))
        }
      }
    }
  }
}
