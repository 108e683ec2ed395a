import AsyncHTTPClient
import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOCore

/// The engine's `Transport` over a `ScriptedServer`: no socket, no thread, no port.
///
/// Requests carry the headers the real transport sends (the plan's `Range`, `If-Range`, `Accept-Encoding`, the
/// caller's headers, `User-Agent`); redirects are followed under the same `RedirectTracker`. The body is the same
/// type the real transport returns (`HTTPClientResponse.Body`, a stream of `ByteBuffer`s), so the engine's receive
/// loops run unchanged; it fails the way AsyncHTTPClient does when the connection closes early or stalls (the stall
/// timeout's error at once, since no real time needs to pass).
final class ScriptedTransport: Transport {
  let server: ScriptedServer
  let bandwidth: BandwidthLimiter
  private let redirectPolicy: RedirectPolicy
  /// Bytes per body chunk, as a socket read would deliver them.
  private let chunkSize: Int
  private let log = OpenLog()

  /// Every request opened so far: its `Range` header (nil: the whole file) and the role the engine gave it.
  var opened: [(range: String?, role: ConnectionRole)] { log.lock.withLock { log.entries } }

  /// The time the script's throttle and the bandwidth limits wait on: the client's (`HaulConfiguration.clock`).
  private let clock: EngineClock

  init(
    _ server: ScriptedServer, redirectPolicy: RedirectPolicy = RedirectPolicy(), chunkSize: Int = 64 << 10,
    clock: EngineClock = .system
  ) {
    self.server = server
    self.redirectPolicy = redirectPolicy
    self.chunkSize = chunkSize
    self.clock = clock
    bandwidth = BandwidthLimiter(clock: clock.monotonic, sleep: { try? await clock.sleep(seconds: $0) })
  }

  func shutdown() async {}

  func open(
    _ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField], session: RequestSession?
  ) async throws -> OpenedResponse {
    log.lock.withLock { log.entries.append((plan.range.map(\.rangeHeaderValue), role)) }
    var tracker = RedirectTracker(policy: redirectPolicy, startURL: url)
    while true {
      try Task.checkCancellation()
      let current = tracker.currentURL
      let planned: Set<String> = ["range", "if-range", "accept-encoding"]
      let sensitive: Set<String> = ["authorization", "cookie", "proxy-authorization"]
      var headers: [(name: String, value: String)] = [("User-Agent", "haul/test")]
      for field in extraHeaders where !planned.contains(field.name.lowercased()) {
        if !tracker.sendsCredentials && sensitive.contains(field.name.lowercased()) { continue }
        headers.append((field.name, field.value))
      }
      headers += plan.headers.map { (name: $0.name, value: $0.value) }
      if let value = session?.headerValue(for: current) {
        let own = headers.filter { $0.name.lowercased() == "cookie" }.map(\.value)
        headers.removeAll { $0.name.lowercased() == "cookie" }
        headers.append(("Cookie", (own + [value]).joined(separator: "; ")))
      }
      let query = current.query.map { "?" + $0 } ?? ""
      let exchange = server.exchange(uri: (current.path.isEmpty ? "/" : current.path) + query, headers: headers)
      let head = ResponseHead(
        status: exchange.status, headers: exchange.headers.map { HeaderField(name: $0.name, value: $0.value) })
      session?.receive(head.headers, from: current)
      guard ResponseJudge.redirectStatuses.contains(head.status), let location = head["Location"] else {
        return OpenedResponse(url: current, head: head, body: body(of: exchange, host: current.host ?? "server"))
      }
      do {
        _ = try tracker.follow(location: location)
      } catch {
        throw HaulError(.http, "\(error)", httpStatus: head.status)
      }
    }
  }

  /// The body as AsyncHTTPClient would deliver it: `chunkSize` pieces, paced by the script's throttle, ending
  /// with the error a closed or stalled connection gives.
  private func body(of exchange: ScriptedExchange, host: String) -> HTTPClientResponse.Body {
    let declared = exchange.header("Content-Length").flatMap { Int($0) }
    let bytes = declared.map { exchange.body.prefix($0) } ?? exchange.body
    let complete = exchange.ending == .complete && (declared.map { $0 <= exchange.body.count } ?? true)
    let ending = exchange.ending
    let chunkSize = self.chunkSize
    let pace = exchange.bytesPerSecond
    let clock = self.clock
    let cursor = Cursor(bytes.startIndex)
    let stream = AsyncThrowingStream<ByteBuffer, any Error> {
      try Task.checkCancellation()
      let offset = cursor.offset
      guard offset < bytes.endIndex else {
        if complete { return nil }
        if ending == .stalled { throw HaulError(.network, "\(host) sent nothing for too long (stall timeout)") }
        throw HaulError(.network, "\(host) closed the connection early")
      }
      let end = min(bytes.endIndex, offset + chunkSize)
      let chunk = ByteBuffer(bytes: bytes[offset..<end])
      if let pace { try await clock.sleep(seconds: Double(end - offset) / Double(pace)) }
      cursor.offset = end
      return chunk
    }
    return .stream(stream)
  }
}

/// The requests a `ScriptedTransport` opened, under its lock.
private final class OpenLog: @unchecked Sendable {
  let lock = NSLock()
  var entries: [(range: String?, role: ConnectionRole)] = []
}

/// Where a scripted body has got to; the stream asks for one element at a time, so there is never a second
/// reader or writer at once.
private final class Cursor: @unchecked Sendable {
  var offset: Int
  init(_ offset: Int) { self.offset = offset }
}
