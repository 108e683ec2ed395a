/// Reading and writing byte counts the way people type and read them.
public enum ByteCount {
    /// Parses `123`, `4K`, `4k`, `4KiB`, `1.5M`, `2G`, `1T` (binary multiples: K = 1024). Returns `nil` for
    /// anything else, negative values or overflow.
    public static func parse(_ text: String) -> Int64? {
        var body = String(text.trimmingHTTPWhitespace())
        guard !body.isEmpty else { return nil }
        let upper = body.uppercased()
        var multiplier: Double = 1
        for (suffixes, value) in [
            (["TIB", "TB", "T"], 1_099_511_627_776.0), (["GIB", "GB", "G"], 1_073_741_824.0),
            (["MIB", "MB", "M"], 1_048_576.0), (["KIB", "KB", "K"], 1024.0), (["B"], 1.0),
        ] {
            if let suffix = suffixes.first(where: { upper.hasSuffix($0) }) {
                multiplier = value
                body = String(body.dropLast(suffix.count))
                break
            }
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            body.filter({ $0 == "." }).count <= 1, let number = Double(body)
        else { return nil }
        let value = number * multiplier
        guard value.isFinite, value >= 0, value < 9.2e18 else { return nil }
        return Int64(value.rounded())
    }

    /// Formats bytes with binary units and three significant digits: `512 B`, `1.50 KiB`, `120 MiB`, `1.00 GiB`.
    public static func format(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes)
        var unit = 0
        while abs(value) >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        return "\(threeSignificant(value)) \(units[unit])"
    }

    /// Formats a rate: `format(bytesPerSecond)/s`.
    public static func formatRate(_ bytesPerSecond: Double) -> String {
        guard bytesPerSecond.isFinite, bytesPerSecond >= 0 else { return "-" }
        return format(Int64(bytesPerSecond)) + "/s"
    }

    static func threeSignificant(_ value: Double) -> String {
        let digits = value >= 100 ? 0 : (value >= 10 ? 1 : 2)
        var scaled = (value * pow10(digits)).rounded() / pow10(digits)
        if scaled >= 1000 { scaled = 999.99 }
        let integer = Int(scaled)
        if digits == 0 { return String(integer) }
        let fraction = Int(((scaled - Double(integer)) * pow10(digits)).rounded())
        let fractionText = String(fraction)
        return "\(integer)." + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
    }

    private static func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }
}

/// Formatting durations for people: `42s`, `3m05s`, `1h02m`, `2d03h`.
public enum DurationText {
    /// A short, fixed-style rendering of `seconds`; `--` for unknown or absurd values.
    public static func format(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0, seconds < 100 * 86_400 else { return "--" }
        let total = Int(seconds.rounded(.up))
        let days = total / 86_400, hours = (total % 86_400) / 3600, minutes = (total % 3600) / 60, secs = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if days > 0 { return "\(days)d\(two(hours))h" }
        if hours > 0 { return "\(hours)h\(two(minutes))m" }
        if minutes > 0 { return "\(minutes)m\(two(secs))s" }
        return "\(secs)s"
    }

    /// A time that has passed (or a delay), as people read a stopwatch: tenths under 10 s (`0.3s`, `9.9s`, never
    /// less than `0.1s`), whole seconds truncated above (`16s` for 16.04 s), then as `format`. An ETA rounds up
    /// (it is a promise); an elapsed time must not: "1s" for 0.2 s, or "17s" for 16.04 s, overstates it.
    public static func elapsed(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--" }
        let tenths = (seconds * 10).rounded()
        if tenths < 100 {
            let shown = Int(max(1, tenths))
            return "\(shown / 10).\(shown % 10)s"
        }
        return format(seconds.rounded(.down))
    }
}
