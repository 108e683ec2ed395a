import CHaulSystem
import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `DetachedThread`: a finished thread waits for the next job instead of ending, and a job never waits for a busy one.
final class DetachedThreadTests: XCTestCase {
    /// A marker a job leaves on its thread: only the same thread can read it back.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0)
        return key
    }()

    func testAFinishedThreadTakesTheNextJob() throws {
        let marker = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer { marker.deallocate() }
        let markerAddress = UInt(bitPattern: marker)
        let first = DispatchSemaphore(value: 0)
        let idleWhileRunning = LockedValue<Int32>(-1)
        XCTAssertNil(DetachedThread.start {
            pthread_setspecific(Self.key, UnsafeRawPointer(bitPattern: markerAddress))
            // Its own thread is not listed while it runs (it may have been taken from the list, or be new).
            idleWhileRunning.set(haul_idle_workers_count())
            first.signal()
        })
        XCTAssertEqual(first.wait(timeout: .now() + 5), .success)
        // The thread parks after its job returns; wait until it is listed.
        eventuallyBlocking(within: .seconds(5), every: .milliseconds(1)) { haul_idle_workers_count() > idleWhileRunning.get() }
        XCTAssertGreaterThan(haul_idle_workers_count(), idleWhileRunning.get(), "a finished thread waits for the next job")

        let second = DispatchSemaphore(value: 0)
        let seen = LockedValue<UInt?>(nil)
        XCTAssertNil(DetachedThread.start {
            seen.set(pthread_getspecific(Self.key).map { UInt(bitPattern: $0) })
            pthread_setspecific(Self.key, nil)
            second.signal()
        })
        XCTAssertEqual(second.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(seen.get(), markerAddress, "the next job ran on the thread that finished the first (the most recently parked)")
    }

    func testAJobNeverWaitsForABusyThread() throws {
        // More jobs than threads may park, each blocked until every one of them has started: if a job waited for a
        // busy thread, they would never all start.
        let count = 24
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            XCTAssertNil(DetachedThread.start {
                started.signal()
                _ = release.wait(timeout: .now() + 10)
            })
        }
        for index in 0..<count {
            XCTAssertEqual(started.wait(timeout: .now() + 5), .success, "job \(index) of \(count) started")
        }
        for _ in 0..<count { release.signal() }
        // Once they end, at most 16 of them park.
        var idle = haul_idle_workers_count()
        eventuallyBlocking(within: .seconds(5), every: .milliseconds(1)) {
            idle = haul_idle_workers_count()
            return idle >= 16
        }
        XCTAssertEqual(idle, 16, "16 threads wait for work; the others ended")
    }
}

/// A value behind a lock, for a job to hand a result to the test.
private final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ new: Value) { lock.withLock { value = new } }
    func get() -> Value { lock.withLock { value } }
}
