extension CanonicalRequest {
    /// The canonical request of the usual request, built straight from what arrived: each signed
    /// header sent at most once, every parameter signable, and no key twice (no parameter named
    /// like a signed header or like another parameter). Then the client's loop reduces to sorting
    /// the key and value pairs. Nil for any other request: `SigningInput.assemble` handles every
    /// case, and reports the unsignable ones.
    ///
    /// The arguments are `borrowing`: an initializer otherwise takes its own copy of each, retaining
    /// every array and string in them.
    init?(distinctKeysOf request: borrowing SignableRequest, parameters: borrowing RequestParameters,
          signedHeaders: borrowing SignedHeaderNames) {
        var pieces: [Piece] = []
        pieces.reserveCapacity(signedHeaders.spellings.count + parameters.entries.count)
        var found: UInt64 = 0
        for field in request.headers {
            guard let matched = signedHeaders.index(of: field.name) else { continue }
            guard found & (1 << matched) == 0 else { return nil }
            found |= 1 << matched
            let value = field.value.trimmingOptionalWhitespace
            let isToken = matched == signedHeaders.authorizationIndex
            pieces.append(Piece(key: signedHeaders.spellings[matched], value: value, isToken: isToken))
        }
        for entry in parameters.entries {
            guard entry.value.unsignableReason == nil else { return nil }
            pieces.append(Piece(key: entry.name, value: entry.value.rendered, isToken: false))
        }
        pieces.sort { $0.key < $1.key }
        for index in pieces.indices.dropFirst() where !(pieces[index - 1].key < pieces[index].key) { return nil }
        self.init(keys: nil, pieces: pieces)
    }
}
