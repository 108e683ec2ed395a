import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `haul list`: the downloads in the state database. It reads them a page at a time, so that a queue of tens of
/// thousands starts printing at once and is never held whole (issue 62, point 5): `--state` and `--limit` choose
/// rows, `--json-lines` streams one object a line and `--json` one array, both written a page at a time
/// (`ListedJSON`). A list that fits in one page is printed as one table with columns as wide as their widest cell; a
/// longer one streams with columns of fixed widths. Whatever the form, it stops reading when its reader has gone
/// (`haul list --json-lines | head -1`), where it read the rest of the queue for nobody.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the downloads in the state database: id, state, progress, size, speed or error, name."
    )

    @OptionGroup var state: StateOptions

    @Flag(name: .customLong("json"), help: "One JSON array of objects on standard output.")
    var json = false

    @Flag(name: .customLong("json-lines"), help: "One JSON object a line on standard output, printed as they are read.")
    var jsonLines = false

    @Option(
        name: .customLong("state"),
        help: ArgumentHelp(
            "Only downloads in this state: queued, downloading, interrupted, paused, completed, failed, cancelled (repeat or separate with commas).",
            valueName: "STATE"))
    var states: [String] = []

    @Option(name: .customLong("limit"), help: ArgumentHelp("At most N downloads, the oldest first.", valueName: "N"))
    var limit: Int?

    /// Rows read from the database at a time.
    static let pageSize = 1000
    static let shownStates = ["queued", "downloading", "interrupted", "paused", "completed", "failed", "cancelled"]

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit takes a number of downloads, 1 or more (got \(limit)).") }
        for name in wanted ?? [] where !Self.shownStates.contains(name) {
            throw ValidationError("--state '\(name)' is not a state; one of: \(Self.shownStates.joined(separator: ", ")).")
        }
        if json && jsonLines { throw ValidationError("--json and --json-lines: choose one.") }
    }

    /// The shown states asked for, nil for all.
    private var wanted: Set<String>? {
        let names = states.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return names.isEmpty ? nil : Set(names)
    }

    /// The stored states that can show as the wanted ones ("interrupted" is a stored `downloading` no process runs, or
    /// a stored `queued` with bytes).
    private var storedStates: Set<DownloadState>? {
        guard let wanted else { return nil }
        var stored = Set(wanted.compactMap(DownloadState.init(rawValue:)))
        if wanted.contains("interrupted") { stored.formUnion([.downloading, .queued]) }
        return stored
    }

    func run() async throws {
        let client = try state.client()
        do {
            try list(client)
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        try await client.shutdown()
    }

    private func list(_ client: HaulClient) throws {
        var pages = ListedPages(client: client, stored: storedStates, shown: wanted, limit: limit, wireCounts: json || jsonLines)
        let first = try pages.next()
        if jsonLines {
            var page = first
            while !page.isEmpty {
                var bytes: [UInt8] = []
                for row in page { ListedJSON.line(row, into: &bytes) }
                guard Terminal.writeOutput(bytes: bytes) else { return }  // the reader has gone (`| head`)
                page = try pages.next()
            }
            return
        }
        if json {
            // One array, printed a page at a time as it is read.
            guard !first.isEmpty else {
                Terminal.writeOutput("[]\n")
                return
            }
            var page = first
            var opens = true
            while !page.isEmpty {
                var bytes: [UInt8] = []
                ListedJSON.arrayItems(page, first: opens, into: &bytes)
                guard Terminal.writeOutput(bytes: bytes) else { return }
                opens = false
                page = try pages.next()
            }
            Terminal.writeOutput(ListedJSON.arrayEnd)
            return
        }
        if first.isEmpty {
            Terminal.writeOutput(wanted == nil && limit == nil ? "no downloads (state: \(state.directory))\n" : "no downloads of those\n")
            return
        }
        let cwd = FileManager.default.currentDirectoryPath
        let second = try pages.next()
        guard !second.isEmpty else {
            let table = ListTable(rows: first, names: ListedDownload.distinctNames(first, workingDirectory: cwd), fixed: false)
            Terminal.writeOutput(table.text(header: true))
            return
        }
        // More than a page: names told apart over every row (one light query), columns of fixed widths.
        let names = ListedDownload.distinctNames(paths: try client.storedFilePathsBlocking(), workingDirectory: cwd)
        var page = first
        var header = true
        var next = second
        while !page.isEmpty {
            guard Terminal.writeOutput(ListTable(rows: page, names: names, fixed: true).text(header: header)) else { return }
            header = false
            page = next
            next = page.isEmpty ? [] : try pages.next()
        }
    }
}

/// The rows of `haul list`, read a page at a time and filtered by their shown state, up to a limit.
struct ListedPages {
    let client: HaulClient
    let stored: Set<DownloadState>?
    let shown: Set<String>?
    var left: Int?
    /// Read each page's wire counts too (one query a page; the JSON forms show them).
    let wireCounts: Bool
    private var after: Int64 = 0
    private var done = false

    init(client: HaulClient, stored: Set<DownloadState>?, shown: Set<String>?, limit: Int?, wireCounts: Bool = false) {
        self.client = client
        self.stored = stored
        self.shown = shown
        self.left = limit
        self.wireCounts = wireCounts
    }

    /// The next rows; empty at the end.
    mutating func next() throws -> [ListedDownload] {
        while !done {
            let wantedCount = min(ListCommand.pageSize, left ?? ListCommand.pageSize)
            let records = try client.storedDownloadsBlocking(after: after, limit: ListCommand.pageSize, states: stored)
            if records.count < ListCommand.pageSize { done = true }
            guard let last = records.last else { return [] }
            after = last.id.rawValue
            var rows = records.map(ListedDownload.init).filter { shown?.contains($0.shownState) ?? true }
            if rows.count > wantedCount { rows = Array(rows.prefix(wantedCount)) }
            if wireCounts, !rows.isEmpty {
                let counts = try client.storedWireBytesBlocking(ids: rows.map(\.id))
                for index in rows.indices { rows[index].wire = counts[rows[index].id] }
            }
            if let remaining = left {
                left = remaining - rows.count
                if left == 0 { done = true }
            }
            if !rows.isEmpty { return rows }
        }
        return []
    }
}
