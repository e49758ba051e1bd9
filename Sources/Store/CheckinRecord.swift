/// One daily check-in.
public struct CheckinRecord: Sendable, Equatable {
    /// The check-in's id.
    public let id: Int64
    /// The user who checked in.
    public let userID: Int64
    /// The day, `YYYY-MM-DD` in the configured time zone.
    public let day: String
    /// The `X-DEVICE-ID` of the request, if any.
    public let deviceID: String?
    /// When the check-in happened, in Unix seconds.
    public let createdAt: Int64
}

extension CheckinRecord {
    /// The columns `init(row:)` reads, in order.
    static let columns = "id, user_id, day, device_id, created_at"

    /// Decodes a row selected with `columns`.
    init(row: Statement) throws(StoreError) {
        id = try row.integer(at: 0)
        userID = try row.integer(at: 1)
        day = try row.text(at: 2)
        deviceID = row.optionalText(at: 3)
        createdAt = try row.integer(at: 4)
    }
}
