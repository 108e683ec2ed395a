import HaulCore

/// One run of a download: locks its `.part` file, then runs `TransferMachine` over one connection or several.
struct DownloadTransfer: Sendable {
    let record: DownloadRecord
    let context: TransferContext

    func run() async -> TransferOutcome {
        // A playlist is a stream: its segments are fetched into one file (HLSStreamRule, docs/hls.md).
        if context.request.isStream {
            return await StreamTransfer(record: record, context: context).run()
        }
        let file: PartFile
        do {
            file = try PartFile(path: record.partPath)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        return await TransferRunner(record: record, context: context, file: file).run()
    }
}
