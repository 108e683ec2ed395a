extension HTTP1Response {
    /// The bytes of heads one request may read before its final head: `maximumHeadSize` for all of them together,
    /// interim 1xx heads included. Each interim head alone is small, so a bound per head would let a server send
    /// `100 Continue` forever (issue 33, point 8: 1 GiB of them held 1.07 GB of memory); curl stops at 300 KB.
    public struct HeadBudget: Sendable, Equatable {
        /// Bytes of interim heads read and dropped so far.
        public private(set) var spent = 0

        public init() {}

        /// Counts an interim head of `size` bytes (its blank line included) that was read and dropped.
        ///
        /// - Throws: `.headTooLarge` once the heads read so far pass the bound.
        public mutating func spend(interim size: Int) throws(Failure) {
            spent += size
            guard spent <= HTTP1Response.maximumHeadSize else { throw .headTooLarge }
        }

        /// Checks the bytes of a head at hand, complete (`size` up to its blank line) or not yet (all bytes read).
        ///
        /// - Throws: `.headTooLarge` when they and the interim heads before them pass the bound.
        public func check(head size: Int) throws(Failure) {
            guard size <= HTTP1Response.maximumHeadSize - spent else { throw .headTooLarge }
        }
    }
}
