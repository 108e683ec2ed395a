#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The MS-DOS date and time of zip headers: local time, two-second resolution, years 1980 to 2107.
struct DosDateTime: Hashable, Sendable {
    var date: UInt16
    var time: UInt16

    init(date: UInt16, time: UInt16) {
        self.date = date
        self.time = time
    }

    /// Converts seconds since 1970 to local DOS time, clamped to the representable years.
    /// - Parameter seconds: A Unix time.
    init(unixTime seconds: Int64) {
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else {
            self.init(date: (1 << 5) | 1, time: 0)
            return
        }
        let year = Int(parts.tm_year) + 1900
        if year < 1980 {
            self.init(date: (1 << 5) | 1, time: 0)
        } else if year > 2107 {
            self.init(date: UInt16(127 << 9 | 12 << 5 | 31), time: UInt16(23 << 11 | 59 << 5 | 29))
        } else {
            let date = (year - 1980) << 9 | Int(parts.tm_mon + 1) << 5 | Int(parts.tm_mday)
            let time = Int(parts.tm_hour) << 11 | Int(parts.tm_min) << 5 | Int(parts.tm_sec) / 2
            self.init(date: UInt16(date), time: UInt16(time))
        }
    }

    /// The Unix time of this local date and time; out-of-range fields are normalised by `mktime`.
    var unixTime: Int64 {
        var parts = tm()
        parts.tm_year = Int32(date >> 9) + 80
        parts.tm_mon = max(Int32((date >> 5) & 0xF), 1) - 1
        parts.tm_mday = max(Int32(date & 0x1F), 1)
        parts.tm_hour = Int32(time >> 11)
        parts.tm_min = Int32((time >> 5) & 0x3F)
        parts.tm_sec = Int32(time & 0x1F) * 2
        parts.tm_isdst = -1
        return Int64(mktime(&parts))
    }
}
