import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The per-host budget the downloads of one client share, over a real state database: what each download may
/// open, how a lesson is kept, and that a new book on the same directory (a new process) starts within it.
final class HostBudgetBookTests: XCTestCase {
    private let policy = HostBudgetPolicy(defaultLimit: 16, easeSeconds: 3600)
    private let host = "mirror.example.org:443"

    func testChosenCountsShareTheDefaultBudgetAndTypedCountsAreKept() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0), 16)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0), 1, "the first holds them all")
            XCTAssertEqual(book.reserve(host: host, wanted: 32, chosenByHaul: false, now: 0), 32, "-x 32 is the person's word")
            book.release(host: host, connections: 16)
            book.release(host: host, connections: 32)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0), 15, "one is still held")
            XCTAssertEqual(book.reserve(host: "other.example:80", wanted: 16, chosenByHaul: true, now: 0), 16)
        }
    }

    func testARefusalIsKeptBindsEveryCountAndEasesBack() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let granted = book.reserve(host: host, wanted: 8, chosenByHaul: false, now: 1000)
            let learned = try XCTUnwrap(book.learn(
                host: host, connections: 3, granted: granted, reason: "HTTP 503 to one more connection", lesson: .refused,
                now: 1000))
            XCTAssertEqual(learned.limit, 3)
            XCTAssertNil(book.learn(host: host, connections: 3, granted: granted, reason: "again", lesson: .refused, now: 1001),
                "nothing new: not stored again")
            book.release(host: host, connections: granted)

            // A new process: a new store and book on the same directory.
            let later = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            XCTAssertEqual(later.reserve(host: host, wanted: 8, chosenByHaul: false, now: 1010), 3, "a typed -x 8 too")
            later.release(host: host, connections: 3)
            XCTAssertEqual(later.reserve(host: host, wanted: 16, chosenByHaul: true, now: 1000 + 2 * 3600), 5, "two hours: +2")
        }
    }

    func testAMeasurementBindsOnlyChosenCounts() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let granted = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0)
            book.learn(host: host, connections: 4, granted: granted, reason: "16 were no faster than 4", lesson: .slower, now: 0)
            book.release(host: host, connections: granted)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 10), 4)
            book.release(host: host, connections: 4)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: false, now: 10), 16, "-x 16 typed")
        }
    }

    func testWhatOtherDownloadsHoldCountsInTheLesson() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.url.path)
            let book = HostBudgetBook(store: store, policy: policy)
            let first = book.reserve(host: host, wanted: 4, chosenByHaul: false, now: 0)
            let second = book.reserve(host: host, wanted: 8, chosenByHaul: false, now: 0)
            // The second download's fifth connection is refused while the first holds four: the host takes nine.
            book.learn(host: host, connections: 5, granted: second, reason: "HTTP 429", lesson: .refused, now: 0)
            XCTAssertEqual(try store.hostBudget(for: host)?.limit, 9)
            book.release(host: host, connections: first)
            book.release(host: host, connections: second)
            XCTAssertEqual(try store.hostBudgets(at: 0, policy: policy).map(\.host), [host])
            XCTAssertEqual(try book.forget(hosts: [host]), 1)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0), 16, "forgotten: the default")
        }
    }
}
