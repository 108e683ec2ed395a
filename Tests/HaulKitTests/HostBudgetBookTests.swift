import HaulCore
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

@testable import HaulKit

/// The per-host budget the downloads of one client share, over a real state database: what each download may
/// open, how a lesson is kept, and that a new book on the same directory (a new process) starts within it.
final class HostBudgetBookTests: XCTestCase {
    private let policy = HostBudgetPolicy(defaultLimit: 16, easingEvery: .seconds(3600))
    private let host = "mirror.example.org:443"

    func testChosenCountsShareTheDefaultBudgetAndTypedCountsAreKept() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let heard = NIOLockedValueBox<[String]>([])
            func hear(_ name: String) -> HostBudgetBook.Adjust { { n in heard.withLockedValue { $0.append("\(name)=\(n)") } } }
            let first = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0, adjust: hear("first"))
            XCTAssertEqual(first.granted, 16)
            let second = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0, adjust: hear("second"))
            XCTAssertEqual(second.granted, 8, "a fair share, not the one left over")
            XCTAssertEqual(heard.withLockedValue { $0 }, ["first=8"], "the first is lowered to make room")
            XCTAssertEqual(book.granted(first), 8)
            let typed = book.reserve(host: host, wanted: 32, chosenByHaul: false, now: 0, adjust: hear("typed"))
            XCTAssertEqual(typed.granted, 32, "-x 32 is the person's word")
            book.release(first, now: 0)
            XCTAssertEqual(heard.withLockedValue { $0 }, ["first=8"], "the typed count holds the budget: nothing to give")
            book.release(typed, now: 0)
            XCTAssertEqual(heard.withLockedValue { $0 }.last, "second=16", "what came free goes to the one that wanted more")
            XCTAssertEqual(book.granted(second), 16)
            XCTAssertEqual(book.reserve(host: "other.example:80", wanted: 16, chosenByHaul: true, now: 0).granted, 16)
        }
    }

    /// A run over one connection gives back the rest of what it was granted.
    func testASingleConnectionRunGivesBackWhatItDoesNotUse() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let small = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0)
            let heard = NIOLockedValueBox<[Int]>([])
            let large = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0) { n in heard.withLockedValue { $0.append(n) } }
            XCTAssertEqual(large.granted, 8)
            book.planned(small, connections: 1, now: 0)
            XCTAssertEqual(book.granted(small), 1)
            XCTAssertEqual(heard.withLockedValue { $0 }, [15])
            let third = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0)
            // The share is counted among the runs that can change (16 / 2); the single connection keeps its one.
            XCTAssertEqual(heard.withLockedValue { $0 }, [15, 8])
            XCTAssertEqual(third.granted, 7)
        }
    }

    func testARefusalIsKeptBindsEveryCountAndEasesBack() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let reservation = book.reserve(host: host, wanted: 8, chosenByHaul: false, now: 1000)
            let learned = try XCTUnwrap(book.learn(
                reservation, connections: 3, reason: "HTTP 503 to one more connection", lesson: .refused, now: 1000))
            XCTAssertEqual(learned.limit, 3)
            XCTAssertNil(book.learn(reservation, connections: 3, reason: "again", lesson: .refused, now: 1001),
                "nothing new: not stored again")
            book.release(reservation, now: 1001)

            // A new process: a new store and book on the same directory.
            let later = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let typed = later.reserve(host: host, wanted: 8, chosenByHaul: false, now: 1010)
            XCTAssertEqual(typed.granted, 3, "a typed -x 8 too")
            later.release(typed, now: 1010)
            XCTAssertEqual(later.reserve(host: host, wanted: 16, chosenByHaul: true, now: 1000 + 2 * 3600).granted, 5, "two hours: +2")
        }
    }

    func testAMeasurementBindsOnlyChosenCounts() async throws {
        try await withTemporaryDirectory { dir in
            let book = HostBudgetBook(store: try DownloadStore(directory: dir.url.path), policy: policy)
            let reservation = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0)
            book.learn(reservation, connections: 4, reason: "16 were no faster than 4", lesson: .slower, now: 0)
            book.release(reservation, now: 0)
            let chosen = book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 10)
            XCTAssertEqual(chosen.granted, 4)
            book.release(chosen, now: 10)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: false, now: 10).granted, 16, "-x 16 typed")
        }
    }

    func testWhatOtherDownloadsHoldCountsInTheLesson() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.url.path)
            let book = HostBudgetBook(store: store, policy: policy)
            let first = book.reserve(host: host, wanted: 4, chosenByHaul: false, now: 0)
            let second = book.reserve(host: host, wanted: 8, chosenByHaul: false, now: 0)
            // The second download's fifth connection is refused while the first holds four: the host takes nine.
            book.learn(second, connections: 5, reason: "HTTP 429", lesson: .refused, now: 0)
            XCTAssertEqual(try store.hostBudget(for: host)?.limit, 9)
            book.release(first, now: 0)
            book.release(second, now: 0)
            XCTAssertEqual(try store.hostBudgets(at: 0, policy: policy).map(\.host), [host])
            XCTAssertEqual(try book.forget(hosts: [host]), 1)
            XCTAssertEqual(book.reserve(host: host, wanted: 16, chosenByHaul: true, now: 0).granted, 16, "forgotten: the default")
        }
    }
}
