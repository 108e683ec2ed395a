import Foundation
import HaulCore

// The client's reads of its state database for the daemon and the command line: a failure's cause, the lists'
// details, a page of downloads, the bytes on the wire. Here in Engine/, beside `HaulClient`, rather than beside
// the queries in Storage/: Storage sits below Engine (docs/architecture.md, "Layers inside a target"), so it never
// names the client.

extension HaulClient {
    /// Why the stored download `id` failed, as an error of its kind with its message and HTTP status; `nil` when
    /// it is not failed. A failure stored before kinds were kept is `.internalError` with its message.
    package func storedFailure(id: Int64) throws -> HaulError? {
        guard let failure = try store.failure(of: id) else { return nil }
        return HaulError(failure.cause?.kind ?? .internalError, failure.message ?? "failed", httpStatus: failure.cause?.httpStatus)
    }
}

extension HaulClient {
    /// The stored details of the downloads `ids` (those the database has), read in one go: see `StoredDetail`.
    package func storedDetails(ids: [Int64]) throws -> [Int64: StoredDetail] {
        try store.details(of: ids)
    }
}

extension HaulClient {
    /// One page of the stored downloads `query` asks for (ids in order) and how many match, read on the caller's
    /// thread: for the daemon's `haul.listDownloads`.
    package func storedPageBlocking(_ query: DownloadQuery) throws -> DownloadPage {
        try store.page(query)
    }
}

extension HaulClient {
    /// What crossed the wire for each of the stored downloads `ids` and what their files kept, over all their runs
    /// (`haul list --json`'s `received` and `kept`); a download without a row is left out.
    package func storedWireBytesBlocking(ids: [Int64]) throws -> [Int64: WireBytes] {
        try store.wireBytes(of: ids)
    }
}
