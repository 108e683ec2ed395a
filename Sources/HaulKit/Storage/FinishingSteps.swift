/// The steps that make a finished file durable under its name, in the order rule 18 asks (docs/http-rules.md):
/// its bytes flushed (`flushData`), then the rename and the flush of its directory (`promote`). A seam so that a
/// test can record the order in which `TransferFinisher` takes them.
struct FinishingSteps: Sendable {
    /// Puts the file's bytes on stable storage (grouped with other finishing files: `DataFlusher`).
    var flushData: @Sendable (PartFile) throws -> Void
    /// Renames the `.part` to its final name and flushes the directory (`FileSystemSteps.promote`).
    var promote: @Sendable (_ source: String, _ destination: String, _ replacing: Bool) throws -> Void

    static let system = FinishingSteps(
        flushData: { try DataFlusher.shared.flush($0) },
        promote: { try FileSystemSteps.promote($0, to: $1, replacing: $2) }
    )
}
