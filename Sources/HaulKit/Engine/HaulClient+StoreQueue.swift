import Foundation

// The public calls that read or write the state database (`prepare`, `storedDownloads`, the host budgets...) are
// `async` and run the SQLite work on the client's own serial queue, never on the caller's executor: a call from the
// main actor leaves it free while SQLite waits (another process may hold the write lock for seconds: its busy
// timeout is 10 s), and a burst of calls blocks one thread of that queue rather than the cooperative pool's few.
// One queue per client keeps them in the order they were made. `haul`, whose commands are synchronous, calls the
// `...Blocking` twins.

extension HaulClient {
    /// Runs `body` on the client's store queue and returns what it returns (or throws what it throws).
    func onStoreQueue<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            storeCalls.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
