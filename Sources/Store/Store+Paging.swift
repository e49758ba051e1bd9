extension Store {
    /// One page of a list, newest or first items first as `itemsSQL` orders them.
    ///
    /// `countSQL` counts the whole list; `itemsSQL` selects it and ends with
    /// `LIMIT ? OFFSET ?`. Both take `arguments` first. Both run in one read
    /// transaction, so the total matches the items. `page` starts at 1; a page or size
    /// below 1 (which the API rejects before) gives no items.
    func page<Record>(
        countSQL: String, itemsSQL: String, arguments: [DatabaseValue], page: Int, size: Int,
        decode: (Statement) throws(StoreError) -> Record
    ) throws(StoreError) -> (items: [Record], total: Int) {
        try database.transaction(.deferred) { () throws(StoreError) -> (items: [Record], total: Int) in
            let total = try database.fetchOne(countSQL, arguments) { row throws(StoreError) in
                Int(try row.integer(at: 0))
            } ?? 0
            guard page >= 1, size >= 1 else { return ([], total) }
            let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: size)
            guard !overflow, offset < total else { return ([], total) }
            let items = try database.fetchAll(
                itemsSQL, arguments + [.integer(Int64(size)), .integer(Int64(offset))], decode: decode)
            return (items, total)
        }
    }
}
