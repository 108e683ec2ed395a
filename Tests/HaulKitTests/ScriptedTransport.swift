import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOCore

/// The engine's `Transport` over a `ScriptedServer`: no socket, no thread, no port.
///
/// Requests are the real transport's: built by the same `RequestBuilder` (the plan's `Range`, `If-Range`,
/// `Accept-Encoding`, the caller's headers, `User-Agent`, cookies, credentials); redirects are followed under the
/// same `RedirectTracker`. The body is the seam's `ResponseBody` made from a stream of chunks, so the engine's receive
/// loop runs unchanged; it fails with the `HaulError` a real transport gives when the connection closes early or
/// stalls (the stall timeout's error at once, since no real time needs to pass).
final class ScriptedTransport: Transport {
  let server: ScriptedServer
  let bandwidth: BandwidthLimiter
  private let redirectPolicy: RedirectPolicy
  /// Bytes per body chunk, as a socket read would deliver them.
  private let chunkSize: Int
  private let log = OpenLog()
  private let builder = RequestBuilder(userAgent: "haul/test")

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

  /// A web hook's POST: the scripted servers answer GETs only.
  func post(_ url: URL, body: [UInt8], fields: [HeaderField], timeout: Duration) async throws -> Int {
    throw HaulError(.network, "the scripted transport sends no POST")
  }

  /// The caps the engine set per host (`limitConnections`), the last one kept.
  var hostLimits: [HostKey: Int?] { log.lock.withLock { log.limits } }

  func limitConnections(toHost host: HostKey, to limit: Int?) {
    log.lock.withLock { log.limits[host] = .some(limit) }
  }

  func open(
    _ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField], session: RequestSession?
  ) async throws -> OpenedResponse {
    log.lock.withLock { log.entries.append((plan.range.map(\.rangeHeaderValue), role)) }
    var tracker = RedirectTracker(policy: redirectPolicy, startURL: url)
    while true {
      try Task.checkCancellation()
      let current = tracker.currentURL
      let request = builder.head(
        for: current, plan: plan, extraHeaders: extraHeaders, sendsCredentials: tracker.sendsCredentials,
        cookie: session?.headerValue(for: current))
      let headers = request.fields.map { (name: $0.name, value: $0.value) }
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

  /// The body as a socket would deliver it: `chunkSize` pieces, paced by the script's throttle, ending with the
  /// error a closed or stalled connection gives.
  private func body(of exchange: ScriptedExchange, host: String) -> ResponseBody {
    let declared = exchange.header("Content-Length").flatMap { Int($0) }
    let bytes = declared.map { exchange.body.prefix($0) } ?? exchange.body
    let complete = exchange.ending == .complete && (declared.map { $0 <= exchange.body.count } ?? true)
    let ending = exchange.ending
    let chunkSize = self.chunkSize
    let pace = exchange.bytesPerSecond
    let clock = self.clock
    let cursor = Cursor(bytes.startIndex)
    let stream = AsyncThrowingStream<BodyChunk, any Error> {
      try Task.checkCancellation()
      let offset = cursor.offset
      guard offset < bytes.endIndex else {
        if complete { return nil }
        if ending == .stalled { throw HaulError(.network, "\(host) sent nothing for too long (stall timeout)") }
        throw HaulError(.network, "\(host) closed the connection early")
      }
      let end = min(bytes.endIndex, offset + chunkSize)
      let chunk = BodyChunk(bytes[offset..<end])
      if let pace { try await clock.sleep(seconds: Double(end - offset) / Double(pace)) }
      cursor.offset = end
      return chunk
    }
    return ResponseBody(stream)
  }
}

/// The requests a `ScriptedTransport` opened, under its lock.
private final class OpenLog: @unchecked Sendable {
  let lock = NSLock()
  var entries: [(range: String?, role: ConnectionRole)] = []
  var limits: [HostKey: Int?] = [:]
}

/// Where a scripted body has got to; the stream asks for one element at a time, so there is never a second
/// reader or writer at once.
private final class Cursor: @unchecked Sendable {
  var offset: Int
  init(_ offset: Int) { self.offset = offset }
}
