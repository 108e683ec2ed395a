/// How many terminal rows lines drawn earlier take up now, for an in-place redraw that must erase all of them.
///
/// A terminal that is narrowed reflows what it shows (tmux, VTE, iTerm2, kitty, Windows Terminal): a line drawn
/// for 100 columns takes two rows at 50. A redraw that went up one row per line drawn left the upper halves of
/// such lines above the new ones (issue 60, point 9). Counting each line's rows at the width the terminal has
/// now finds the top of what was drawn.
public enum RedrawArea {
    /// The rows lines of `lengths` visible characters take on a terminal `width` columns wide (at least one each).
    public static func rows(of lengths: [Int], width: Int) -> Int {
        let width = max(1, width)
        return lengths.reduce(0) { $0 + max(1, ($1 + width - 1) / width) }
    }

    /// The text that takes the cursor, on the last row of lines of `lengths` just drawn, back to the start of the
    /// first and clears from there to the end of the screen; empty when nothing was drawn.
    public static func erase(_ lengths: [Int], width: Int) -> String {
        guard !lengths.isEmpty else { return "" }
        let up = rows(of: lengths, width: width) - 1
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }
}
