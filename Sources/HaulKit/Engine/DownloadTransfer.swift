import HaulCore

/// One run of a download: locks its `.part` file, then runs it over one connection or several.
struct DownloadTransfer: Sendable {
    let record: DownloadRecord
    let context: TransferContext

    func run() async -> TransferOutcome {
        let file: PartFile
        do {
            file = try PartFile(path: record.partPath)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        if context.request.connections > 1 {
            return await SegmentedTransfer(record: record, context: context, file: file).run()
        }
        context.counters.planned(connections: 1)
        return await SingleConnectionTransfer(record: record, context: context, file: file).run()
    }
}
