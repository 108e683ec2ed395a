import HaulTestSupport
import XCTest

@testable import HaulKit

/// `CoalescingWriter` on a real temporary file: where bytes land and when they reach the file.
final class CoalescingWriterTests: XCTestCase {
  private func buffer(_ bytes: [UInt8]) -> BodyBytes { BodyBytes(copying: bytes) }

  private func read(_ file: PartFile, _ count: Int, at offset: Int64 = 0) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let got = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
    return Array(bytes[0..<got])
  }

  func testSmallChunksAreGatheredUntilTheBufferFillsOrAFlush() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let writer = CoalescingWriter(file: file, startingAt: 100, capacity: 8)
      XCTAssertFalse(try writer.append(buffer([1, 2, 3])), "gathered, not written")
      XCTAssertEqual(writer.offset, 103)
      XCTAssertEqual(writer.flushedOffset, 100)
      XCTAssertEqual(try file.size(), 0)
      XCTAssertTrue(try writer.append(buffer([4, 5, 6, 7, 8, 9])), "the buffer filled and was written")
      XCTAssertEqual(writer.flushedOffset, 108)
      XCTAssertEqual(writer.offset, 109)
      try writer.flush()
      XCTAssertEqual(writer.flushedOffset, 109)
      XCTAssertEqual(try read(file, 9, at: 100), [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
  }

  func testALargeChunkGoesStraightToTheFileAfterWhatWasGathered() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let writer = CoalescingWriter(file: file, startingAt: 0)
      let large = deterministicBytes(count: CoalescingWriter.directMinimum, seed: 3)
      XCTAssertFalse(try writer.append(buffer([9, 9])))
      XCTAssertTrue(try writer.append(buffer(large)))
      XCTAssertEqual(writer.flushedOffset, Int64(2 + large.count), "nothing left gathered")
      XCTAssertEqual(try read(file, 2 + large.count), [9, 9] + large)
    }
  }

  func testBytesTheTransportWroteGiveTheGatheringBufferBack() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let writer = CoalescingWriter(file: file, startingAt: 0)
      try writer.append(buffer([1, 2, 3]))
      XCTAssertTrue(writer.holdsBuffer)
      try writer.advance(by: 10)
      XCTAssertFalse(writer.holdsBuffer, "the sink writes the rest of the body: no buffer held for it")
      XCTAssertEqual(writer.offset, 13)
      XCTAssertEqual(try read(file, 3), [1, 2, 3], "what was gathered was written first")
      try writer.append(buffer([4]))
      XCTAssertEqual(writer.offset, 14, "a later small chunk is gathered again")
      try writer.flush()
      XCTAssertEqual(try read(file, 1, at: 13), [4])
    }
  }

  func testResetForgetsGatheredBytes() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let writer = CoalescingWriter(file: file, startingAt: 0)
      try writer.append(buffer([1, 2, 3]))
      writer.reset(to: 50)
      try writer.flush()
      XCTAssertEqual(writer.offset, 50)
      XCTAssertEqual(try file.size(), 0, "the forgotten bytes were never written")
    }
  }
}
