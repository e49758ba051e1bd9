extension SigningInput {
    /// How the client sorted its keys.
    enum KeyOrdering {
        /// Swift's `String <`: Unicode scalar order of the NFC forms (the contract).
        case unicodeScalar
        /// By `lowercased()`: the `lowercase-keys-sort` mistake.
        case caseInsensitive
    }

    /// One key of the sorted key list with where its value comes from.
    private struct Item {
        let key: String
        let sortKey: String
        let value: String
        let isHeader: Bool
        let isToken: Bool
        /// Position before sorting: the first of two parameters with one name wins.
        let order: Int
    }

    /// The canonical request the client builds from this input (SIGNING.md's loop): keys are the
    /// parameter names plus the header keys, sorted; for each key, the header's key and value
    /// when a header has that key, then the parameter's key and rendering when a parameter has it.
    /// A key that is both a header and a parameter is in the list twice, so both pieces appear twice.
    /// A parameter name repeated on the wire counts once, with its first value.
    func assemble(ordering: KeyOrdering = .unicodeScalar) -> CanonicalRequest {
        var items: [Item] = []
        items.reserveCapacity(headers.count + parameters.count)
        for header in headers {
            items.append(Item(key: header.key, sortKey: sortKey(header.key, ordering), value: header.value,
                              isHeader: true, isToken: header.isAuthorization, order: items.count))
        }
        for parameter in parameters {
            items.append(Item(key: parameter.name, sortKey: sortKey(parameter.name, ordering), value: parameter.rendered,
                              isHeader: false, isToken: false, order: items.count))
        }
        items.sort { $0.sortKey < $1.sortKey }

        var keys: [String] = []
        var pieces: [CanonicalRequest.Piece] = []
        keys.reserveCapacity(items.count)
        pieces.reserveCapacity(items.count)
        var runStart = 0
        while runStart < items.count {
            // Keys that sort as equal are neighbours: resolve lookups within their run.
            var runEnd = runStart + 1
            while runEnd < items.count, !(items[runStart].sortKey < items[runEnd].sortKey) { runEnd += 1 }
            let run = items[runStart..<runEnd]
            for item in run where item.isHeader || Self.firstParameter(named: item.key, in: run)?.order == item.order {
                keys.append(item.key)
                if let header = run.first(where: { $0.isHeader && $0.key == item.key }) {
                    pieces.append(.init(key: item.key, value: header.value, isToken: header.isToken))
                }
                if let parameter = Self.firstParameter(named: item.key, in: run) {
                    pieces.append(.init(key: item.key, value: parameter.value, isToken: false))
                }
            }
            runStart = runEnd
        }
        return CanonicalRequest(keys: keys, pieces: pieces)
    }

    private func sortKey(_ key: String, _ ordering: KeyOrdering) -> String {
        switch ordering {
        case .unicodeScalar: key
        case .caseInsensitive: key.lowercased()
        }
    }

    private static func firstParameter(named name: String, in run: ArraySlice<Item>) -> Item? {
        run.lazy.filter { !$0.isHeader && $0.key == name }.min { $0.order < $1.order }
    }
}
