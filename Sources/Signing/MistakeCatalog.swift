/// Builds the client mistakes of each `LikelyCause` from what arrived, one alteration at a time.
struct MistakeCatalog {
    /// The request as received.
    let input: SigningInput
    /// The app's scheme.
    let scheme: SignatureScheme
    /// The values that details show as `SensitiveValues.marker`.
    let sensitive: SensitiveValues
    /// The request's header fields outside the signed set (the signature header left out), as received.
    var unsignedHeaders: [(name: String, value: String)] = []

    /// The candidates for `cause`, most likely first (none for `unknown`).
    func mistakes(for cause: LikelyCause) -> [ClientMistake] {
        switch cause {
        case .boolEncodedAsNumber: boolEncodedAsNumber()
        case .authorizationNotSigned: authorizationNotSigned()
        case .headerNotSigned: headerNotSigned()
        case .headerNameSpelling: headerNameSpelling()
        case .headerOutsideSignedSet: headerOutsideSignedSet()
        case .percentEncodedValues: percentEncodedValues()
        case .plusAsSpace: plusAsSpace()
        case .doubleFormatting: doubleFormatting()
        case .queryNotSigned: queryNotSigned()
        case .secretPrepended: secretPrepended()
        case .lowercaseKeysSort: lowercaseKeysSort()
        case .nestedObject: nestedObject()
        case .jvmRendering: jvmRendering()
        case .objcRendering: objcRendering()
        case .unknown: []
        }
    }

    /// A mistake signed as `altered` under the app's scheme.
    func mistake(_ altered: SigningInput, detail: String) -> ClientMistake {
        ClientMistake(canonical: altered.assemble(), scheme: scheme, detail: detail)
    }

    private func authorizationNotSigned() -> [ClientMistake] {
        guard input.headers.contains(where: \.isAuthorization) else { return [] }
        var altered = input
        altered.headers.removeAll(where: \.isAuthorization)
        return [mistake(altered, detail: "the signature matches without the Authorization header: the token was added "
            + "after the signature was computed. Add Authorization to the headers you sign, in the same adapter or "
            + "interceptor that sets the token, before computing X-SIGNATURE.")]
    }

    private func headerNotSigned() -> [ClientMistake] {
        let others = input.headers.filter { !$0.isAuthorization }.map(\.key)
        return Self.combinations(of: others.count).map { $0.map { others[$0] } }.map { dropped in
            var altered = input
            altered.headers.removeAll { dropped.contains($0.key) }
            let names = English.list(dropped)
            let noun = dropped.count == 1 ? "header" : "headers"
            return mistake(altered, detail: "the signature matches without the \(names) \(noun): the client added "
                + "\(dropped.count == 1 ? "it" : "them") after signing. Put \(names) in the headers dictionary you sign.")
        }
    }

    private func headerNameSpelling() -> [ClientMistake] {
        var spellings: [[String]] = [input.headers.map(\.wireName)]
        for respell in [{ (name: String) in name.lowercased() }, English.titleCased] {
            let all = input.headers.map { respell($0.key) }
            for index in input.headers.indices {
                var one = input.headers.map(\.key)
                one[index] = all[index]
                spellings.append(one)
            }
            spellings.append(all)
        }
        let configured = input.headers.map(\.key)
        var tried: [[String]] = [configured]
        return spellings.compactMap { keys in
            guard !tried.contains(keys) else { return nil }
            tried.append(keys)
            var altered = input
            for index in altered.headers.indices { altered.headers[index].key = keys[index] }
            let changed = configured.indices.filter { keys[$0] != configured[$0] }
            let plural = changed.count > 1
            let lowercased = input.receivedOverHTTP2 && changed.allSatisfy { keys[$0] == configured[$0].lowercased() }
            let http2 = lowercased ? "HTTP/2 always sends header names lowercase (RFC 9113 §8.2.2), and the server signs "
                + "them under its configured spelling \(English.list(changed.map { configured[$0] }, quoted: false)), whatever "
                + "case arrives; " : ""
            return mistake(altered, detail: http2 + "the signature matches with the header \(plural ? "keys" : "key") "
                + "\(English.list(changed.map { keys[$0] })) instead of \(English.list(changed.map { configured[$0] })): "
                + "sign headers under their exact spelling \(English.list(changed.map { configured[$0] }, quoted: false)) "
                + "(the spelling changes both the string and the sort order).")
        }
    }

    /// The request signed with one more of its fields, under the spelling received, uppercase or
    /// title case (over HTTP/2 the name arrived lowercase whatever the app signed); the first 16 fields.
    private func headerOutsideSignedSet() -> [ClientMistake] {
        unsignedHeaders.prefix(16).flatMap { field in
            var spellings: [String] = []
            for spelling in [field.name, English.titleCased(field.name), field.name.uppercased()] where !spellings.contains(spelling) {
                spellings.append(spelling)
            }
            return spellings.map { spelling in
                var altered = input
                altered.headers.append(SigningInput.Header(key: spelling, wireName: field.name, value: field.value.trimmingOptionalWhitespace,
                                                           isAuthorization: false))
                return mistake(altered, detail: "the signature matches with the header \(spelling) signed too, but \(spelling) "
                    + "is not one of the headers the server signs (--signed-headers): stop signing it in the app, or add it "
                    + "to --signed-headers if the contract says it is signed.")
            }
        }
    }

    private func queryNotSigned() -> [ClientMistake] {
        let queryNames = input.parameters.filter { $0.source == .query }.map(\.name)
        guard !queryNames.isEmpty else { return [] }
        var altered = input
        altered.parameters.removeAll { $0.source == .query }
        let names = English.list(queryNames)
        let subject = queryNames.count == 1 ? "parameter \(names): it is in the URL but was" : "parameters \(names): they are in the URL but were"
        return [mistake(altered, detail: "the signature matches without the query \(subject) not signed. Sign every "
            + "parameter the server receives, the query string's included, or pass them in the parameters dictionary "
            + "instead of appending them to the URL.")]
    }

    private func secretPrepended() -> [ClientMistake] {
        guard scheme == .md5 else { return [] }
        return [ClientMistake(canonical: input.assemble(), scheme: .topMD5,
                              detail: "the signature matches md5(secret + canonical string + secret), the TOP style: "
                                + "this app's scheme is md5, which appends the secret once, at the end, and does not prepend it.")]
    }

    private func lowercaseKeysSort() -> [ClientMistake] {
        let canonical = input.assemble(ordering: .caseInsensitive)
        guard canonical.keys != input.assemble().keys else { return [] }
        return [ClientMistake(canonical: canonical, scheme: scheme,
                              detail: "the signature matches with the keys sorted case-insensitively "
                                + "(\(canonical.keys.joined(separator: ", "))): sort them by Unicode scalar value, as "
                                + "Swift's String < does (uppercase before lowercase), not by lowercased() or caseInsensitiveCompare.")]
    }

    /// Non-empty sets of indices below `count`, smallest first: all of them when `count` is at most
    /// four, otherwise each index alone (the first sixteen) and all together, to bound the work.
    static func combinations(of count: Int) -> [[Int]] {
        guard count > 4 else {
            let masks = (1..<(1 << count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
            return masks.map { mask in (0..<count).filter { mask & (1 << $0) != 0 } }
        }
        return (0..<min(count, 16)).map { [$0] } + [Array(0..<count)]
    }
}
