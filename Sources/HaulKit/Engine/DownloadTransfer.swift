import HaulCore

/// One run of a download: locks its `.part` file, then runs it over one connection or several.
struct DownloadTransfer: Sendable {
    let record: DownloadRecord
    let request: DownloadRequest
    let store: DownloadStore
    let transport: HTTPTransport
    let configuration: HaulConfiguration
    let counters: TransferCounters
    let emit: @Sendable (DownloadUpdate) -> Void

    func run() async -> TransferOutcome {
        let file: PartFile
        do {
            file = try PartFile(path: record.partPath)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        if request.connections > 1 {
            return await SegmentedTransfer(
                record: record, request: request, store: store, transport: transport, configuration: configuration,
                counters: counters, file: file, emit: emit
            ).run()
        }
        counters.planned(connections: 1)
        return await SingleConnectionTransfer(
            record: record, request: request, store: store, transport: transport, configuration: configuration,
            counters: counters, file: file, emit: emit
        ).run()
    }
}
