import Glibc

/// UTC offsets of one IANA time zone, read from the system's TZif file, so the check-in day is
/// computed in the configured zone without Foundation or a process-wide `TZ`.
public struct TimeZoneRules: Sendable {
    /// Why a zone could not be loaded.
    public enum LoadError: Error, Sendable, CustomStringConvertible {
        /// The zone database is there but has no such zone.
        case unknownZone(String)
        /// There is no zone database at all (the folder is missing).
        case noZoneDatabase(directory: String)
        case unreadable(String)

        public var description: String {
            switch self {
            case .unknownZone(let name):
                "unknown time zone '\(name)': not an IANA zone name such as Asia/Shanghai or UTC "
                    + "(list them with `timedatectl list-timezones` or `ls /usr/share/zoneinfo`)"
            case .noZoneDatabase(let directory): "no time zone database at \(directory): install tzdata"
            case .unreadable(let name): "time zone file for '\(name)' is not a valid TZif file"
            }
        }
    }

    /// The zone's IANA name.
    public let identifier: String
    /// Transition instants (Unix seconds), ascending.
    private let transitions: [Int64]
    /// The UTC offset in seconds in force from each transition on.
    private let offsets: [Int]
    /// The offset before the first transition (and when there are none).
    private let initialOffset: Int

    /// The rules of `identifier` (such as `Asia/Shanghai` or `UTC`) from `directory`.
    public init(identifier: String, directory: String = "/usr/share/zoneinfo") throws(LoadError) {
        guard !identifier.isEmpty, !identifier.contains(".."), !identifier.hasPrefix("/") else {
            throw .unknownZone(identifier)
        }
        guard let bytes = FileSystem.read("\(directory)/\(identifier)", maxBytes: 1 << 20) else {
            throw access(directory, F_OK) == 0 ? .unknownZone(identifier) : .noZoneDatabase(directory: directory)
        }
        guard let parsed = TZifParser.parse(bytes) else { throw .unreadable(identifier) }
        self.identifier = identifier
        transitions = parsed.transitions
        offsets = parsed.offsets
        initialOffset = parsed.initialOffset
    }

    /// The UTC offset in seconds at `unixSeconds`.
    public func offset(at unixSeconds: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= unixSeconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }

    /// The calendar day in this zone at `unixSeconds`.
    public func day(at unixSeconds: Int64) -> CalendarDay {
        let local = unixSeconds + Int64(offset(at: unixSeconds))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CalendarDay(daysSinceEpoch: Int(days))
    }
}
