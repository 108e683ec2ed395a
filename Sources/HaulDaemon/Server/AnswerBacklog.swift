/// What one connection owes its client, and whether to read or answer more of its requests: the decisions behind
/// the per-client bound of issue 33 (point 1), without I/O.
///
/// A client that sends requests and never reads the answers made the daemon hold every answer in memory (1,000
/// WebSocket batches: RSS 27 -> 855 MB; 300 pipelined HTTP requests: +224 MB). Three things are counted:
/// - the answer bytes handed to the connection and not yet taken by the kernel (`unwrittenBytes`);
/// - the calls being answered (`callsInProgress`);
/// - the requests read and waiting for their turn (`waitingCalls`: those of the last read).
///
/// A waiting request starts while fewer than `callsAtOnce` are being answered and the unwritten bytes are under
/// `pauseAtBytes`. Reading stops while any request waits or either bound is reached, and starts again once
/// nothing waits and the bytes are down to half the bound. So a connection holds at most one read's requests,
/// `pauseAtBytes` plus `callsAtOnce` answers, whatever its client sends. What reading cannot stop (aria2's
/// broadcast notifications) is bounded by closing the connection above `closeAboveBytes`.
struct AnswerBacklog {
    /// Answers wait and reading stops at this many unwritten bytes (`ServerLimits.maxUnreadAnswerBytes`).
    let pauseAtBytes: Int
    /// The connection is closed above this many: four times `pauseAtBytes`.
    let closeAboveBytes: Int
    /// Calls answered at once: `ServerLimits.maxCallsInProgress` on a WebSocket, 1 over HTTP (answers go in order).
    let callsAtOnce: Int

    private(set) var unwrittenBytes = 0
    private(set) var callsInProgress = 0
    private(set) var waitingCalls = 0
    /// A read was asked for and held back.
    private(set) var readHeld = false
    private(set) var closing = false

    init(pauseAtBytes: Int, callsAtOnce: Int) {
        self.pauseAtBytes = max(pauseAtBytes, 1)
        closeAboveBytes = 4 * self.pauseAtBytes
        self.callsAtOnce = max(callsAtOnce, 1)
    }

    /// Whether a call may start now.
    private var mayAnswer: Bool { callsInProgress < callsAtOnce && unwrittenBytes < pauseAtBytes && !closing }

    /// The pipeline asks to read more: `true` passes it on; otherwise it is held until `resumeReading()`.
    mutating func readRequested() -> Bool {
        if waitingCalls == 0 && mayAnswer { return true }
        readHeld = true
        return false
    }

    /// Whether a held read is to be passed on now: nothing waits, and the backlog has drained to half.
    mutating func resumeReading() -> Bool {
        guard readHeld, waitingCalls == 0, mayAnswer, unwrittenBytes <= pauseAtBytes / 2 else { return false }
        readHeld = false
        return true
    }

    /// A whole request was read; it waits for `startNext()`.
    mutating func received() {
        waitingCalls += 1
    }

    /// Whether the oldest waiting request starts now (counted as in progress if so).
    mutating func startNext() -> Bool {
        guard waitingCalls > 0, mayAnswer else { return false }
        waitingCalls -= 1
        callsInProgress += 1
        return true
    }

    /// A call's answer is made (and `queued` first, if it has one).
    mutating func callFinished() {
        callsInProgress = max(callsInProgress - 1, 0)
    }

    /// `bytes` were handed to the connection to write; `true`: close the connection, it owes too much.
    mutating func queued(_ bytes: Int) -> Bool {
        unwrittenBytes += bytes
        guard unwrittenBytes > closeAboveBytes, !closing else { return false }
        closing = true
        return true
    }

    /// `bytes` handed earlier were taken by the kernel (or dropped as the connection closed).
    mutating func written(_ bytes: Int) {
        unwrittenBytes = max(unwrittenBytes - bytes, 0)
    }
}
