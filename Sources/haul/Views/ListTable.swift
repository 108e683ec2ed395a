import HaulCore

/// The table of `haul list`: ID, STATE, PROGRESS, SIZE, SPEED/ERROR, NAME. An error is cut at 40 characters (the
/// full text is in `--json`), and the name comes last, whole. Columns are as wide as their widest cell, or, for a
/// list printed a page at a time (`fixed`), as wide as any cell can be, so that every page lines up.
struct ListTable {
    let rows: [ListedDownload]
    /// What the NAME column shows, by id (`ListedDownload.distinctNames`).
    let names: [Int64: String]
    let fixed: Bool

    static let header = ["ID", "STATE", "PROGRESS", "SIZE", "SPEED/ERROR", "NAME"]
    static let detailLimit = 40
    /// The widest each column gets: ids of up to 8 digits, "interrupted", "100%", "1023.9 MiB / 1023.9 MiB", an error
    /// cut at `detailLimit`.
    static let fixedWidths = [8, 11, 8, 23, detailLimit, 0]

    func text(header: Bool) -> String {
        let table = rows.map { row -> [String] in
            let percent = row.fraction.map { "\(Int($0 * 100))%" } ?? "-"
            let size = row.total.map { "\(ByteCount.format(row.bytes)) / \(ByteCount.format($0))" } ?? ByteCount.format(row.bytes)
            let detail = row.error ?? (row.shownState == "downloading" ? ByteCount.formatRate(row.speed) : "")
            return [String(row.id), row.shownState, percent, size, detail, names[row.id] ?? row.name]
        }
        let shown = table.map { line in
            line.enumerated().map { index, cell in
                index == 4 && cell.count > Self.detailLimit ? String(cell.prefix(Self.detailLimit - 1)) + "…" : cell
            }
        }
        var widths = fixed ? Self.fixedWidths : Self.header.map(\.count)
        for line in shown { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func format(_ cells: [String]) -> String {
            var line = ""
            for (index, cell) in cells.enumerated() {
                let gap = String(repeating: " ", count: max(0, widths[index] - cell.count))
                if index == 0 {
                    line += gap + cell + "  "
                } else if index < cells.count - 1 {
                    line += cell + gap + "  "
                } else {
                    line += cell
                }
            }
            return line
        }
        return ((header ? [format(Self.header)] : []) + shown.map(format)).joined(separator: "\n") + "\n"
    }
}
