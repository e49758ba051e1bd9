/// A game of the catalogue.
public struct GameRecord: Sendable, Equatable {
    /// The game's id.
    public let id: Int64
    /// The title.
    public let name: String
    /// The genre, e.g. `Puzzle`.
    public let genre: String
    /// The cover image URL.
    public let coverURL: String
    /// The average rating, 0 to 5.
    public let rating: Double
    /// The release day (midnight UTC), in Unix seconds.
    public let releasedAt: Int64
}

extension GameRecord {
    /// The columns `init(row:)` reads, in order.
    static let columns = "id, name, genre, cover_url, rating, released_at"

    /// Decodes a row selected with `columns`.
    init(row: Statement) throws(StoreError) {
        id = try row.integer(at: 0)
        name = try row.text(at: 1)
        genre = try row.text(at: 2)
        coverURL = try row.text(at: 3)
        rating = try row.real(at: 4)
        releasedAt = try row.integer(at: 5)
    }
}
