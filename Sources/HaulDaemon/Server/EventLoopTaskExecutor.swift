import NIOCore

/// Runs a task's jobs on one event loop: a small HTTP call's answer (`HTTPServerHandler.route`, `SmallCalls`) is made
/// on the loop that read the request and writes the answer, and so is the work of the actors it calls while they are
/// free (Swift runs a default actor's jobs on the calling task's preferred executor, SE-0417).
///
/// Why (issue 62 point 4): each call was handed from its event loop to the global pool and back, two thread
/// wake-ups a call; under a page's polling load (`Benchmarks/daemon-load.py`) the context switches were about 15 %
/// of the daemon's samples in a release build. A call answered here holds its loop's other connections while it
/// runs, so only calls whose work is bounded are (`SmallCalls`); `RPCEndpoint` sends the others to the pool.
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
