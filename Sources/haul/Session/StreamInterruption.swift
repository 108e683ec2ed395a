import Dispatch
import Foundation

/// Ctrl-C and SIGTERM while an HLS stream downloads: the first stops the download's task (a live recording then
/// saves what it recorded, a finished stream keeps its segments for the same command to go on from), a second one
/// ends the process at once with 130, as the signal would have.
final class StreamInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var stop: (@Sendable () -> Void)?
    private var signals = 0

    /// Whether a signal came.
    var happened: Bool { lock.withLock { signals > 0 } }

    /// Starts listening; `stop` is called on the first signal.
    func begin(_ stop: @escaping @Sendable () -> Void) {
        lock.withLock { self.stop = stop }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.received() }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    private func received() {
        let (count, stop) = lock.withLock { () -> (Int, (@Sendable () -> Void)?) in
            signals += 1
            return (signals, self.stop)
        }
        if count > 1 { exit(ExitCodes.interrupted) }
        stop?()
    }

    /// Stops listening; the signals' default actions are back.
    func end() {
        let ended = lock.withLock { () -> [DispatchSourceSignal] in
            defer { sources = [] }
            return sources
        }
        guard !ended.isEmpty else { return }
        for source in ended { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
