import JSON
import Store

/// `GET /api/v1/games`: the seeded catalogue, paged.
enum GamesHandler {
    static func list(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let (page, size) = try context.pagination()
        let result = try storeCall { () throws(StoreError) in try context.store.gamePage(page: page, size: size) }
        return Representations.page(result.items.map(Representations.game), page: page, size: size, total: result.total)
    }
}
