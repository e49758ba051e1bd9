extension SignatureVerifier {
    /// After `verify` answered `.invalid`: the names of the query and form arrays of decimal
    /// numbers that the client signed as numbers (`ids[1, 2]`, the description of an `[Int]`)
    /// rather than as strings (`ids["1", "2"]`), when that makes the signature match; nil when no
    /// such rendering does. The wire does not carry the element type, so both are accepted
    /// (SIGNING.md). Every combination of such arrays is tried, bounded as the diagnosis bounds them.
    ///
    /// Only for rejected requests: the valid path never pays for it.
    public func numericArrayNames(_ request: SignableRequest, parameters: RequestParameters, received: String?,
                                  secrets: [String], scheme: SignatureScheme) -> [String]? {
        guard parameters.entries.contains(where: { $0.value.numericListRendering != nil }) else { return nil }
        let input = SigningInput(request: request, parameters: parameters, signedHeaders: policy.signedHeaders)
        guard input.duplicatedHeader == nil, input.unsignableParameter == nil else { return nil }
        let numeric = input.parameters.indices.compactMap { index in
            input.parameters[index].value.numericListRendering.map { (index: index, rendered: $0) }
        }
        for combination in MistakeCatalog.combinations(of: numeric.count) {
            var altered = input
            for change in combination.map({ numeric[$0] }) { altered.parameters[change.index].rendered = change.rendered }
            if verify(altered.assemble(), received: received, secrets: secrets, scheme: scheme) == .valid {
                return combination.map { input.parameters[numeric[$0].index].name }
            }
        }
        return nil
    }
}
