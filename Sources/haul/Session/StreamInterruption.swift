import Dispatch
import Foundation

/// Ctrl-C, SIGTERM and (on a terminal) `q` while an HLS stream downloads: the first stops the download's task (a
/// live recording then saves what it recorded, a finished stream keeps its segments for the same command to go on
/// from), a second signal ends the process at once with 130, as the signal would have.
final class StreamInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var stop: (@Sendable () -> Void)?
    private var signals = 0

    /// Whether a signal came.
    var happened: Bool { lock.withLock { signals > 0 } }

    /// Starts listening; `stop` is called on the first signal or `q`. Keys are read only when `readsKeys` (a
    /// terminal's progress bar, and nothing after the streams that would read them too).
    func begin(readsKeys: Bool, _ stop: @escaping @Sendable () -> Void) {
        lock.withLock { self.stop = stop }
        if readsKeys {
            _ = KeyReader.start { [weak self] key in
                if key == UInt8(ascii: "q") || key == UInt8(ascii: "Q") { self?.received(key: true) }
            }
        }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.received(key: false) }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    private func received(key: Bool) {
        let (count, stop) = lock.withLock { () -> (Int, (@Sendable () -> Void)?) in
            signals += 1
            return (signals, self.stop)
        }
        if count > 1 {
            guard !key else { return }
            KeyReader.current?.stop()
            exit(ExitCodes.interrupted)
        }
        stop?()
    }

    /// Stops listening; the signals' default actions are back.
    func end() {
        let ended = lock.withLock { () -> [DispatchSourceSignal] in
            defer { sources = [] }
            return sources
        }
        guard !ended.isEmpty else { return }
        KeyReader.current?.stop()
        for source in ended { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
