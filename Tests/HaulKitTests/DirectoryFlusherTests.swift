import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `DirectoryFlusher`: the I/O around `FlushRounds` (whose rules `FlushRoundsTests` checks).
final class DirectoryFlusherTests: XCTestCase {
    func testManyRenamesIntoOneDirectoryAllReturnFlushed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let errors = NSLock()
            nonisolated(unsafe) var failures: [any Error] = []
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                do {
                    let part = dir.file("f\(index).part").path, final = dir.file("f\(index)").path
                    FileManager.default.createFile(atPath: part, contents: Data([UInt8(index)]))
                    try FileSystemSteps.promote(part, to: final, replacing: false)
                } catch {
                    errors.lock()
                    failures.append(error)
                    errors.unlock()
                }
            }
            XCTAssertTrue(failures.isEmpty, "\(failures)")
            for index in 0..<16 { XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("f\(index)").path)) }
        }
    }

    func testADirectoryThatCannotBeOpenedFailsTheFlush() throws {
        XCTAssertThrowsError(try DirectoryFlusher.flush("/nonexistent/haul-\(UUID().uuidString)")) { error in
            let failure = error as? HaulError
            XCTAssertEqual(failure?.kind, .io)
            XCTAssertTrue(failure?.message.contains("cannot open directory") == true, "\(error)")
        }
        // A failure is not kept for the next caller of another directory, nor of the same one once it exists.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            XCTAssertNoThrow(try DirectoryFlusher.flush(dir.url.path))
            XCTAssertNoThrow(try DirectoryFlusher.flush(dir.url.path))
        }
    }
}
