import HaulCore
import XCTest

/// `HTTPDate` reads bytes; the `String` parser it replaced is kept here as the oracle. Seeded random texts built
/// from the pieces of dates (and their near misses: signs, empty fields, wrong separators, odd case) must get the
/// same answer from both.
final class HTTPDateFuzzTests: XCTestCase {
    func testTheByteParserAgreesWithTheStringParserOnSeededTexts() {
        var random = SeededRandom(seed: 0x4854_5450_4441_5445)
        // Each slot: mostly a valid value, sometimes a near miss.
        let slots: [String: (good: [String], bad: [String])] = [
            "wd": (["Sun", "Sunday", "Mon"], ["", "Sun,", "x"]),
            "day": (["06", "6", "31", "1"], ["+6", "-6", "32", "0", "", "99999999999999999999", "6x"]),
            "mon": (["Nov", "nov", "NOV", "Jan", "dec"], ["Foo", "Ja", "janu", "N0v", ""]),
            "year": (["1994", "2026", "0001", "9999"], ["10000", "-1994", "+1994", "0000", "123456789012345678", ""]),
            "dmy": (["06-Nov-94", "6-nov-1994", "01-Jan-70", "01-Jan-69"], ["06--Nov-94", "x-Nov-94", "06-Nov", "06-Nov-94-1"]),
            "time": (["08:49:37", "8:9:7", "23:59:60", "00:00:00"], ["24:00:00", "12:ab:30:40", "12::30:40", "12:30", ":12:30:", "+1:+2:+3", "1:60:0"]),
            "zone": (["GMT"], ["gmt", "UTC", "", "GMT+1"]),
        ]
        let forms = [["wd", "day", "mon", "year", "time", "zone"], ["wd", "dmy", "time", "zone"], ["wd", "mon", "day", "time", "year"]]
        let separators = [" ", ", ", " ", " ", ",", "  ", "\t", "-"]
        var dates = 0
        for _ in 0..<40_000 {
            var text = ""
            for (index, slot) in forms.randomElement(using: &random)!.enumerated() {
                if index > 0 { text += separators.randomElement(using: &random)! }
                let choices = slots[slot]!
                text += (Int.random(in: 0..<10, using: &random) < 8 ? choices.good : choices.bad).randomElement(using: &random)!
            }
            let expected = StringHTTPDate.secondsSinceEpoch(text)
            XCTAssertEqual(HTTPDate.secondsSinceEpoch(text), expected, text)
            if expected != nil { dates += 1 }
        }
        XCTAssertGreaterThan(dates, 2_000, "the texts reach the dates, not only the refusals")
    }

    func testTheThreeFormsFromABridgedString() {
        // A Foundation-bridged or otherwise non-contiguous text takes the copying path.
        let text = String("Sun, 06 Nov 1994 08:49:37 GMT".reversed().reversed())
        XCTAssertEqual(HTTPDate.secondsSinceEpoch(text), 784_111_777)
        XCTAssertEqual(HTTPDate.secondsSinceEpoch(Substring("xSun Nov  6 08:49:37 1994").dropFirst().description), 784_111_777)
    }
}

/// The parser before it read bytes, word for word: the oracle.
private enum StringHTTPDate {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func secondsSinceEpoch(_ text: String) -> Int64? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if tokens.count == 6, tokens[5] == "GMT" {
            guard let day = Int(tokens[1]), let month = month(tokens[2]), let year = Int(tokens[3]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[4])
        }
        if tokens.count == 4, tokens[3] == "GMT" {
            let parts = tokens[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let day = Int(parts[0]), let month = month(parts[1]), var year = Int(parts[2])
            else { return nil }
            if year < 100 { year += year < 70 ? 2000 : 1900 }
            return compose(year: year, month: month, day: day, time: tokens[2])
        }
        if tokens.count == 5 {
            guard let month = month(tokens[1]), let day = Int(tokens[2]), let year = Int(tokens[4]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[3])
        }
        return nil
    }

    static func month(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    static func compose(year: Int, month: Int, day: Int, time: String) -> Int64? {
        let hms = time.split(separator: ":").compactMap { Int($0) }
        guard hms.count == 3, (1...31).contains(day), (0...23).contains(hms[0]), (0...59).contains(hms[1]),
            (0...60).contains(hms[2]), (1...9999).contains(year)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return Int64(era * 146_097 + doe - 719_468) * 86_400 + Int64(hms[0] * 3600 + hms[1] * 60 + hms[2])
    }
}
