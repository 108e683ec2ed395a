import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57, "Errors" and "Names, destinations": one public error type (`HaulError`, a `LocalizedError`) with the
/// details as properties, worded in the library's terms; destinations refused at the call with a sentence.
final class ErrorAndDestinationTests: XCTestCase {
    /// Pausing a completed download throws a `HaulError` (not HaulCore's `IllegalTransition`) whose
    /// `localizedDescription` is its sentence and whose `illegalTransition` says which.
    func testARefusedCommandIsAHaulErrorWithItsTransition() async throws {
        try await withClient { client, server, dir in
            let task = try await client.download(request(server, "/small", to: "a", in: dir))
            guard case .completed = try await task.outcome() else { return XCTFail("not completed") }
            let error = await haulError { try await task.pause() }
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertEqual(error?.illegalTransition?.state, .completed)
            XCTAssertEqual(error?.illegalTransition?.event, .pause)
            XCTAssertEqual((error as (any Error)?)?.localizedDescription, "cannot pause a download that is completed")

            let manager = try DownloadManager(client: client)
            let id = try await manager.add(request(server, "/small", to: "b", in: dir))
            await manager.waitUntilIdle()
            let refused = await haulError { try await manager.pause(id) }
            XCTAssertEqual(refused?.illegalTransition?.state, .completed)
            await manager.shutdown()
        }
    }

    /// A download's checksum mismatch carries the expected checksum and the digest computed, as `ChecksumError`
    /// does; a `ChecksumError` becomes the same `HaulError`.
    func testAChecksumMismatchCarriesBothDigests() async throws {
        try await withClient { client, server, dir in
            var wrong = request(server, "/small", to: "a", in: dir)
            let expected = try Checksum(parsing: "sha256=" + String(repeating: "0", count: 64))
            wrong.checksum = expected
            let task = try await client.download(wrong)
            guard case .failed(let error) = try await task.outcome() else { return XCTFail("a wrong checksum passed") }
            XCTAssertEqual(error.kind, .checksumMismatch)
            XCTAssertEqual(error.expectedChecksum, expected)
            XCTAssertEqual(error.actualDigest?.count, 64, "the sha256 computed, in hex")
            XCTAssertNotEqual(error.actualDigest, expected.hex)

            let file = dir.file("plain")
            try Data("hello, haul\n".utf8).write(to: file)
            do {
                try expected.verifyFile(at: file)
                XCTFail("a wrong checksum passed")
            } catch let checksumError as ChecksumError {
                XCTAssertEqual(checksumError.localizedDescription, checksumError.message)
                let folded = HaulError(checksumError)
                XCTAssertEqual(folded.kind, .checksumMismatch)
                XCTAssertEqual(folded.actualDigest, error.actualDigest)
                XCTAssertEqual(folded.expectedChecksum, expected)
            }
        }
    }

    /// A destination whose directory does not exist is refused at the call (`.io`), leaving no record.
    func testADestinationInAMissingDirectoryIsRefusedAtTheCall() async throws {
        try await withClient { client, server, dir in
            let missing = DownloadRequest(url: URL(string: server.url("/small"))!, destination: dir.file("no/such/dir/a"))
            let error = await haulError { _ = try await client.download(missing) }
            XCTAssertEqual(error?.kind, .io)
            XCTAssertTrue(error?.message.contains("does not exist") ?? false, error?.message ?? "")
            let left = try await client.storedDownloads()
            XCTAssertTrue(left.isEmpty, "no failed record is left")
            XCTAssertEqual(server.requests(for: "/small").count, 0)
        }
    }

    /// An existing directory as the destination is refused without a remedy that would not work, whatever the
    /// conflict policy, in the library's words (no command-line option named).
    func testADirectoryAsTheDestinationIsRefusedWithoutAFalseRemedy() async throws {
        try await withClient { client, server, dir in
            try FileManager.default.createDirectory(at: dir.file("folder"), withIntermediateDirectories: false)
            for policy in [ConflictPolicy.fail, .overwrite, .rename] {
                var into = request(server, "/small", to: "folder", in: dir)
                into.onConflict = policy
                let error = await haulError { _ = try await client.prepare(into) }
                XCTAssertEqual(error?.kind, .fileExists, "\(policy)")
                XCTAssertNil(error?.remedy, "\(policy): no remedy, since none works")
                XCTAssertFalse(error?.message.contains("--") ?? true, "library wording: \(error?.message ?? "")")
            }
        }
    }
}
