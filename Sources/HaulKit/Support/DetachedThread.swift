import CHaulSystem

/// A plain detached thread (a pthread with 256 KiB of stack, `haul_spawn_detached`), for blocking work that must
/// not hold one of Swift's cooperative threads (there is one per core) and needs nothing of Foundation's `Thread`:
/// a direct request's socket, the store opened early.
///
/// A thread that finished its job waits up to 10 s for the next one (at most 16 wait), so a list of small files does
/// not make and end a thread per file; a job never waits for a busy thread. A job must therefore leave nothing
/// behind on its thread that the next job could see (none of haul's do: they keep their state in their closure).
enum DetachedThread {
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread. Returns the error number when no thread could be made (then `body` never runs).
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let failure = haul_spawn_detached({ context in
            guard let context else { return }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #if canImport(Darwin)
            // The thread outlives the job: what the job autoreleased is released now, not when the thread ends.
            autoreleasepool { body.run() }
            #else
            body.run()
            #endif
        }, context)
        guard failure != 0 else { return nil }
        Unmanaged<Body>.fromOpaque(context).release()
        return failure
    }
}
