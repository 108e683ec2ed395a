/// One download's progress line as a terminal shows it: name, percent, bar, sizes, status, and optional extras
/// (a connection count, the keys), fitted to the terminal's width.
///
/// A line as wide as the terminal wraps, and a wrapped line breaks an in-place redraw, so `text(width:)` is always
/// shorter than `width`. When room is short it gives things up in this order: the keys, the fixed columns that keep
/// redraws from jumping, the extra, the bar, the total size (the percent still tells it), the bytes, the status; a
/// word is never cut (only a name wider than a terminal a few columns wide).
public struct ProgressLine: Sendable, Equatable {
    /// The file name.
    public var name: String
    /// Bytes held.
    public var bytesDone: Int64
    /// The complete length, when known.
    public var totalBytes: Int64?
    /// What is happening: speed and time left, "paused", "done in 3s"...
    public var status: String
    /// A short extra after the status ("16 conn").
    public var extra: String?
    /// The keys, shown only when the bar still gets a useful width beside them.
    public var hint: String?
    /// Pads or cuts names to one column (several lines under each other); `nil`: the name as long as it is, up
    /// to a quarter of the width.
    public var nameColumn: Int?
    /// The widest the bar gets.
    public var maxBarWidth: Int
    /// The bar's width whatever the other texts are, when it fits: rows drawn under each other (the multi view)
    /// then line up even when one says "paused" and another "1.2 MiB/s ETA 3m05s". `nil`: as wide as the room.
    public var fixedBarWidth: Int?
    /// Whether the sizes are shown beside a bar. A batch's rows on a terminal too narrow for the sizes and the
    /// status beside a bar leave the sizes out, all of them (`batchColumns`), so that they still line up.
    public var showsSizes: Bool

    public init(
        name: String, bytesDone: Int64, totalBytes: Int64?, status: String, extra: String? = nil, hint: String? = nil,
        nameColumn: Int? = nil, maxBarWidth: Int = 40, fixedBarWidth: Int? = nil, showsSizes: Bool = true
    ) {
        self.showsSizes = showsSizes
        self.name = name
        self.bytesDone = bytesDone
        self.totalBytes = totalBytes
        self.status = status
        self.extra = extra
        self.hint = hint
        self.nameColumn = nameColumn
        self.maxBarWidth = maxBarWidth
        self.fixedBarWidth = fixedBarWidth
    }

    /// The bar width that leaves room for a full row of the padded columns (`nameColumn` wide names): the same
    /// for every row of one terminal width, between `minimumBar` and `maxBarWidth`.
    public static func commonBarWidth(width: Int, nameColumn: Int, maxBarWidth: Int) -> Int {
        let fixed = nameColumn + 2 + 4 + 1 + 2 + sizesColumn + 2 + statusColumn
        return max(minimumBar, min(maxBarWidth, width - 1 - fixed))
    }

    /// The columns of a batch's rows on a terminal `width` columns wide, the same for every row: the bar's width,
    /// and whether the sizes fit beside it and the status. Where they do not (50 columns), the rows show name,
    /// percent, bar and status; before, each row chose for itself and the rows did not line up.
    public static func batchColumns(width: Int, nameColumn: Int, maxBarWidth: Int) -> (barWidth: Int, showsSizes: Bool) {
        let head = nameColumn + 2 + 4 + 1 + 2
        let full = width - 1 - head - sizesColumn - 2 - statusColumn
        if full >= minimumBar { return (min(maxBarWidth, full), true) }
        return (max(minimumBar, min(maxBarWidth, width - 1 - head - statusColumn)), false)
    }

    /// The bar's width for one download's line at `width` that stays the same whatever it says: while it runs
    /// (with a connection count) and while it is paused, with either text of the keys. It leaves room for the
    /// widest of those tails (the sizes and status slots, `extraColumn`, and `hintColumn` when keys are offered
    /// and still leave a bar of `minimumBarBesideHint`); nil when even the slots leave no bar of `minimumBar`.
    /// Before, the bar took whatever room the texts left, and widened by nine columns on a pause.
    public func steadyBarWidth(width: Int) -> Int? {
        let room = max(1, width - 1)
        let head = fittedName(width: width).count + 2 + 4
        let slots = Self.sizesColumn + 2 + Self.statusColumn + Self.extraColumn
        if hint != nil {
            let beside = room - head - 3 - slots - 2 - Self.hintColumn
            if beside >= Self.minimumBarBesideHint { return min(maxBarWidth, beside) }
        }
        let bar = room - head - 3 - slots
        return bar >= Self.minimumBar ? min(maxBarWidth, bar) : nil
    }

    /// The columns of one download's line at `width` that stay the same whatever it says (running, paused, with or
    /// without keys): `steadyBarWidth` with the sizes where it finds a bar; on a terminal too narrow for the sizes'
    /// slot (below about 80 columns) the sizes go, always, and the bar keeps the room of the status and extra slots.
    /// Before, below about 80 columns the bar took whatever the texts left and jumped on a pause (issue 60, point 9).
    /// Nil when not even that leaves a bar of `minimumBar`: the line then has no bar.
    public func steadyColumns(width: Int) -> (barWidth: Int, showsSizes: Bool)? {
        if let bar = steadyBarWidth(width: width) { return (bar, true) }
        let head = fittedName(width: width).count + 2 + 4
        let bar = max(1, width - 1) - head - 3 - Self.statusColumn - Self.extraColumn
        return bar >= Self.minimumBar ? (min(maxBarWidth, bar), false) : nil
    }

    /// Room kept for an extra (" 16 conn") and for the keys ("space: resume, q: quit") by `steadyBarWidth`.
    static let extraColumn = 8
    static let hintColumn = 22

    /// Columns of the sizes and status slots when there is room for them.
    static let sizesColumn = 21
    static let statusColumn = 22
    /// The narrowest bar worth drawing, and the narrowest that may share the line with the keys.
    static let minimumBar = 5
    static let minimumBarBesideHint = 10

    /// The fraction done, when the total is known (a zero-length file is done).
    public var fraction: Double? {
        guard let totalBytes else { return nil }
        return totalBytes == 0 ? 1 : min(1, Double(bytesDone) / Double(totalBytes))
    }

    /// The line for a terminal `width` columns wide: never `width` characters or more, never ending in a space.
    public func text(width: Int) -> String {
        let room = max(1, width - 1)
        let percent = fraction.map { Self.pad(String(Int($0 * 100)), left: 3) + "%" } ?? "  ?%"
        let done = ByteCount.format(bytesDone)
        let sizes = totalBytes.map { "\(done) / \(ByteCount.format($0))" } ?? done
        let shownName = fittedName(width: width)
        let head = "\(shownName)  \(percent)"
        let extraText = extra.map { " \($0)" } ?? ""

        let padded = Self.pad(sizes, Self.sizesColumn) + "  " + Self.pad(status, Self.statusColumn) + extraText
        let compact = "\(sizes)  \(status)\(extraText)"
        // Beside a fixed bar (`steadyBarWidth`), the keys show only where that bar leaves room for them: a bar
        // made narrower to fit them would change its width with the keys' text.
        if let hint, let line = withBar(
            head, tail: padded + "  " + hint, room: room, minimum: Self.minimumBarBesideHint, variable: fixedBarWidth == nil)
        {
            return line
        }
        // The padded slots stay when there is room, so that a changing speed text does not make the line jump.
        let plain = "\(sizes)  \(status)"
        let tails = showsSizes ? [padded, compact, plain] : [status + extraText, status]
        for tail in tails {
            if let line = withBar(head, tail: Self.trimmed(tail), room: room, minimum: Self.minimumBar) { return line }
        }
        // Without a bar, whole elements go, never part of one: the total, then the bytes (a stopped or paused
        // status says what is kept), then the status.
        let trimmedName = Self.trimmed(shownName)
        for tail in [plain, "\(done)  \(status)", status, done] {
            let line = "\(trimmedName)  \(percent)  \(tail)"
            if line.count <= room { return line }
        }
        return Self.cutAtWord("\(trimmedName)  \(percent)", room: room)
    }

    /// `text` when it fits in `room` characters, else its words that fit; a single word wider than `room` (a
    /// terminal a few columns wide) is cut, since something must show.
    public static func cutAtWord(_ text: String, room: Int) -> String {
        if text.count <= room { return trimmed(text) }
        let cut = text.prefix(max(1, room))
        let next = text[cut.endIndex]
        if next == " " { return trimmed(String(cut)) }
        if let space = cut.lastIndex(of: " ") {
            let words = trimmed(String(cut[..<space]))
            if !words.isEmpty { return words }
        }
        return String(cut)
    }

    private func fittedName(width: Int) -> String {
        let limit = nameColumn ?? min(max(8, width / 4), name.count)
        if name.count > limit { return String(name.prefix(max(1, limit - 1))) + "…" }
        return nameColumn == nil ? name : Self.pad(name, limit)
    }

    private func withBar(_ head: String, tail: String, room: Int, minimum: Int, variable: Bool = true) -> String? {
        if let fixedBarWidth, head.count + 1 + fixedBarWidth + 2 + tail.count <= room {
            return "\(head) \(Self.bar(fraction ?? 0, width: fixedBarWidth))  \(tail)"
        }
        guard variable else { return nil }
        let barWidth = min(maxBarWidth, room - head.count - 1 - 2 - tail.count)
        guard barWidth >= minimum else { return nil }
        return "\(head) \(Self.bar(fraction ?? 0, width: barWidth))  \(tail)"
    }

    /// `[=====>    ]` of exactly `width` characters.
    public static func bar(_ fraction: Double, width: Int) -> String {
        let inner = width - 2
        let filled = max(0, min(inner, Int(fraction * Double(inner))))
        var bar = String(repeating: "=", count: filled)
        if filled < inner { bar += ">" + String(repeating: " ", count: inner - filled - 1) }
        return "[" + bar + "]"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func pad(_ text: String, left width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
