import Foundation
import HaulCore
import HaulTestSupport
import NIOCore
import XCTest

@testable import HaulKit

/// `BodyBytes`, Haul's own buffer type at the transport seam: the carriers hand their memory over without a copy,
/// and the bytes never change after; both carriers deliver the same bytes of the same file.
final class BodyBytesTests: XCTestCase {
  /// The direct client's way: it reads into a `BodyStorage` and hands the bytes over where they lie.
  func testStorageIsHandedOverWithoutACopyAndFreedWithItsLastBytes() {
    weak var freed: BodyStorage?
    var bytes: BodyBytes? = {
      let storage = BodyStorage(capacity: 16)
      freed = storage
      storage.memory.copyBytes(from: [1, 2, 3, 4, 5])
      let bytes = storage.bytes(count: 5)
      XCTAssertEqual(bytes.withUnsafeBytes { $0.baseAddress }, UnsafeRawPointer(storage.memory.baseAddress), "no copy")
      return bytes
    }()
    XCTAssertNotNil(freed, "the bytes keep their storage")
    XCTAssertEqual(bytes?.array, [1, 2, 3, 4, 5])
    let prefix = bytes?.prefix(2)
    XCTAssertEqual(prefix?.array, [1, 2])
    XCTAssertEqual(prefix?.withUnsafeBytes { $0.baseAddress }, bytes?.withUnsafeBytes { $0.baseAddress }, "a prefix shares")
    bytes = nil
    XCTAssertNotNil(freed, "the prefix still holds the storage")
    _ = prefix
  }

  /// AsyncHTTPClient's way: a `ByteBuffer` is wrapped where it lies, and a later write to the buffer copies first
  /// (NIO's copy-on-write sees the storage held), so the wrapped bytes never change.
  func testAByteBufferIsWrappedWithoutACopyAndKeepsItsBytes() {
    var buffer = ByteBufferAllocator().buffer(capacity: 64)
    buffer.writeBytes([0, 1, 2, 3, 4, 5, 6, 7])
    buffer.moveReaderIndex(forwardBy: 2)
    let address = buffer.withUnsafeReadableBytes { $0.baseAddress }
    let bytes = BodyBytes(buffer)
    XCTAssertEqual(bytes.withUnsafeBytes { $0.baseAddress }, address, "no copy")
    buffer.setBytes([9, 9, 9], at: buffer.readerIndex)
    buffer.clear()
    buffer.writeBytes([8, 8, 8, 8, 8, 8])
    XCTAssertEqual(bytes.array, [2, 3, 4, 5, 6, 7], "the wrapped bytes do not change")
    XCTAssertEqual(BodyBytes(ByteBuffer()).count, 0)
    XCTAssertEqual(BodyBytes(copying: [UInt8]()).array, [])
    XCTAssertEqual(BodyChunk([1, 2, 3]).prefix(2).bytes.array, [1, 2])
  }

  /// The same file through both carriers below the seam, read chunk by chunk as the engine reads it: over HTTP/2
  /// through AsyncHTTPClient (a download's only connection where h2 is offered, `allowsHTTP2`) and over HTTP/1.1 by the direct
  /// client's TLS (a segment), byte for byte the source, as nginx's log proves each carrier carried one.
  func testBothCarriersDeliverTheSameBytes() async throws {
    try await withTemporaryDirectory { dir in
      let content = deterministicBytes(count: 3 << 20 | 12345, seed: 61)
      let certificates = try TestCertificates.write(to: dir.url)
      guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates, http2: true, logsRequests: true)
      else { throw XCTSkip("nginx is not installed") }
      defer { nginx.stop() }
      try await withHarness(dir, trusting: certificates.authority, allowsHTTP2: true) { harness in
        let url = URL(string: nginx.url("/f.bin"))!
        for role in [ConnectionRole.only, .segment] {
          let opened = try await harness.client.transport.open(url, plan: .wholeFile, role: role, extraHeaders: [])
          var received: [UInt8] = []
          var digest = StreamingDigest(.sha256)
          for try await chunk in opened.body {
            XCTAssertFalse(chunk.isWritten, "no sink was offered")
            digest.feed(chunk.bytes, at: Int64(received.count))
            chunk.bytes.withUnsafeBytes { received += $0 }
          }
          XCTAssertTrue(received == content, "\(role): \(received.count) bytes, not the source's")
          var expected = StreamingDigest(.sha256)
          expected.feed(BodyBytes(copying: content), at: 0)
          XCTAssertEqual(digest.digest(ofLength: Int64(content.count)), expected.digest(ofLength: Int64(content.count)))
        }
      }
      XCTAssertEqual(nginx.loggedRequests().map(\.httpVersion), ["HTTP/2.0", "HTTP/1.1"], "one request per carrier")
    }
  }
}
