import HaulCore

/// What a listing shows of a download's request (`DownloadRequest`), for front-ends that show it: the daemon's
/// `tellStatus` and lists. A download held light (`Entry`) has no task and no request in memory: these values are
/// read from its stored options by SQL (`DownloadStore.requestDetails`), so that a page of 1,000 waiting downloads
/// makes no task and decodes no request.
package struct RequestDetail: Sendable, Equatable {
    /// The connections asked for.
    package var connections: Int
    /// The checksum's text (`sha-256=HEX`), if one was given.
    package var checksum: String?
    package var headers: [DownloadRequest.Header]
    package var inOrder: Bool
    package var minimumSplitSize: Int64
    /// The download's own rate limit now (`setRateLimit` changes it; the snapshot's is the one it was added with).
    package var rateLimit: Int64?

    init(connections: Int, checksum: String?, headers: [DownloadRequest.Header], inOrder: Bool, minimumSplitSize: Int64, rateLimit: Int64?) {
        self.connections = connections
        self.checksum = checksum
        self.headers = headers
        self.inOrder = inOrder
        self.minimumSplitSize = minimumSplitSize
        self.rateLimit = rateLimit
    }

    init(_ request: DownloadRequest, rateLimit: Int64?) {
        self.init(
            connections: request.connections, checksum: request.checksum?.description, headers: request.headers,
            inOrder: request.inOrder, minimumSplitSize: request.minimumSplitSize, rateLimit: rateLimit)
    }
}
