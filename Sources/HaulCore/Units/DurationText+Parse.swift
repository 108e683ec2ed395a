extension DurationText {
    /// Seconds in a duration as people type it: `90` or `90s`, `10m`, `1h`, `1h30m`, `2.5m`: numbers each followed
    /// by `h`, `m` or `s` (a bare number is seconds), largest unit first, each unit once. `nil` for anything else, or
    /// for a duration of zero.
    public static func parse(_ text: String) -> Double? {
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return seconds }
        let units: [Character: Double] = ["h": 3600, "m": 60, "s": 1]
        var total = 0.0
        var number = ""
        var lastUnit = Double.infinity
        for character in text {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units[character], unit < lastUnit, let value = Double(number), value.isFinite {
                total += value * unit
                lastUnit = unit
                number = ""
            } else {
                return nil
            }
        }
        guard number.isEmpty, total > 0, total.isFinite else { return nil }
        return total
    }
}
