extension CanonicalRequest {
    /// The canonical request of the usual request, built straight from what arrived: each signed
    /// header sent at most once, every parameter signable, and no key twice (no parameter named
    /// like a signed header or like another parameter). Then the client's loop reduces to sorting
    /// the key and value pairs. Nil for any other request: `SigningInput.assemble` handles every
    /// case, and reports the unsignable ones.
    ///
    /// `signedHeaders` (at most 64) must be distinct ignoring ASCII case, and `lowercasedSignedHeaders`
    /// their UTF-8 in ASCII lower case (`Canonicalizer` prepares both once).
    init?(distinctKeysOf request: SignableRequest, parameters: RequestParameters, signedHeaders: [String],
          lowercasedSignedHeaders: [[UInt8]]) {
        var pieces: [Piece] = []
        pieces.reserveCapacity(signedHeaders.count + parameters.entries.count)
        var found: UInt64 = 0
        for field in request.headers {
            let name = field.name.utf8
            let matched = name.withContiguousStorageIfAvailable { Self.index(of: $0, in: lowercasedSignedHeaders) }
                ?? Array(name).withUnsafeBufferPointer { Self.index(of: $0, in: lowercasedSignedHeaders) }
            guard let matched else { continue }
            guard found & (1 << matched) == 0 else { return nil }
            found |= 1 << matched
            pieces.append(Piece(key: signedHeaders[matched], value: field.value.trimmingOptionalWhitespace,
                                isToken: lowercasedSignedHeaders[matched] == Self.authorization))
        }
        for entry in parameters.entries {
            guard entry.value.unsignableReason == nil else { return nil }
            pieces.append(Piece(key: entry.name, value: entry.value.rendered, isToken: false))
        }
        pieces.sort { $0.key < $1.key }
        for index in pieces.indices.dropFirst() where !(pieces[index - 1].key < pieces[index].key) { return nil }
        self.init(keys: nil, pieces: pieces)
    }

    /// `authorization` in UTF-8.
    private static let authorization = Array("authorization".utf8)

    /// The position in `names` (lower-cased) of the field name `bytes`, compared ignoring ASCII case.
    private static func index(of bytes: UnsafeBufferPointer<UInt8>, in names: [[UInt8]]) -> Int? {
        names.firstIndex { name in
            name.count == bytes.count && zip(name, bytes).allSatisfy { $0 == $1.asciiLowercased }
        }
    }
}
