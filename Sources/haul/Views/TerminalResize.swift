import Dispatch
import Foundation

/// Tells the live bar that the terminal changed its size (SIGWINCH), so that it is drawn again for the new width at
/// once. A running bar would be redrawn by its next progress anyway; a paused one receives none, and kept the width
/// it had (a line wider than a narrowed window wraps, and the next redraw leaves a piece of it above the bar).
final class TerminalResize: @unchecked Sendable {
    static let shared = TerminalResize()
    private let lock = NSLock()
    /// The live bar's redraw: one at a time (the newest bar is the one on screen).
    private var handler: (@Sendable () -> Void)?
    private var source: DispatchSourceSignal?

    /// Calls `handler` on every change of the terminal's size from now on, instead of the one given before.
    func onResize(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock {
            self.handler = handler
            guard source == nil else { return }
            signal(SIGWINCH, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let handler = self.lock.withLock { self.handler }
                handler?()
            }
            source.resume()
            self.source = source
        }
    }
}
