#if canImport(Glibc)
import Glibc
#endif

/// Time stamps, from the two clocks the app reads.
public enum Time {
    /// Seconds on `CLOCK_MONOTONIC`: never goes backwards, unaffected by
    /// changes to the wall clock. For intervals and deadlines.
    public static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// Whole seconds since 1970 on the wall clock, for names and dates a
    /// user reads.
    public static func secondsSince1970() -> Int {
        Int(time(nil))
    }

    /// Microseconds since 1970 on the wall clock, for time stamps other
    /// programs order by (two within one second still differ).
    public static func microsecondsSince1970() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return spec.tv_sec * 1_000_000 + spec.tv_nsec / 1000
    }

    /// Sleeps the whole `seconds`, a signal notwithstanding.
    public static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}


/// A moment as calendar fields, in UTC or in the local time zone, for
/// time stamps in file names.
public struct CalendarDate: Equatable, Sendable {
    public let year, month, day, hour, minute, second: Int

    public static func utc(_ secondsSince1970: Int) -> CalendarDate {
        var seconds = time_t(secondsSince1970)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return CalendarDate(fields)
    }

    public static func local(_ secondsSince1970: Int) -> CalendarDate {
        var seconds = time_t(secondsSince1970)
        var fields = tm()
        localtime_r(&seconds, &fields)
        return CalendarDate(fields)
    }

    private init(_ fields: tm) {
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
        second = Int(fields.tm_sec)
    }

    /// `YYYYMMDDTHHMMSS` (ISO 8601's basic format).
    public var compact: String {
        Self.digits(year, 4) + Self.digits(month) + Self.digits(day)
            + "T" + Self.digits(hour) + Self.digits(minute) + Self.digits(second)
    }

    /// `YYYY-MM-DD HH.MM.SS`: readable, and with no colon, which some file
    /// systems and file managers refuse in a name.
    public var readable: String {
        "\(Self.digits(year, 4))-\(Self.digits(month))-\(Self.digits(day)) "
            + "\(Self.digits(hour)).\(Self.digits(minute)).\(Self.digits(second))"
    }

    private static func digits(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
