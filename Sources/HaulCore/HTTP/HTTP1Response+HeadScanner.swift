extension HTTP1Response {
    /// Finds the final response head in the bytes read so far, dropping interim (1xx) heads, within one
    /// `HeadBudget`: the one decision behind every loop that reads a head off a socket (an origin's answer, and a
    /// proxy's answer to `CONNECT`), so that the bound and the interim rule are written once.
    ///
    /// The caller owns the bytes: it calls `scan` with what it holds, drops `size` bytes after `.interim` and
    /// `.final`, and reads more after `.needMore`. Where the last search ended is kept, so a head arriving a byte at
    /// a time is searched once, not from the start at every read.
    public struct HeadScanner: Sendable {
        public enum Step: Sendable, Equatable {
            /// No blank line yet in bytes that are still within the budget: read more.
            case needMore
            /// An interim head of `size` bytes (its blank line included) was found and counted: drop it and scan again.
            case interim(size: Int)
            /// The final head, `size` bytes long; the bytes after it are the body's (or the tunnel's).
            case final(Head, size: Int)
        }

        private var budget = HeadBudget()
        /// Bytes already searched without finding the end of a head.
        private var searched = 0

        public init() {}

        /// The next step for `bytes`, the bytes held from the start of the head being read.
        ///
        /// - Throws: `.headTooLarge` when the heads read pass `maximumHeadSize`; the parse's failure for a malformed
        ///   head.
        public mutating func scan(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Step {
            guard let end = HTTP1Response.headEnd(in: bytes, from: max(searched - 3, 0)) else {
                searched = bytes.count
                try budget.check(head: searched)
                return .needMore
            }
            try budget.check(head: end)
            let head = try HTTP1Response.parseHead(UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
            searched = 0
            guard head.isInterim else { return .final(head, size: end) }
            try budget.spend(interim: end)
            return .interim(size: end)
        }
    }
}
