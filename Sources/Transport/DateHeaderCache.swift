import Glibc
import HTTP

/// The `Date` header value, formatted once per second per event loop.
struct DateHeaderCache {
    private var second = -1
    private var text = ""

    /// The IMF-fixdate of the current second.
    mutating func current() -> String {
        let now = Int(time(nil))
        if now != second {
            second = now
            text = HTTPDate.format(unixSeconds: now)
        }
        return text
    }
}
