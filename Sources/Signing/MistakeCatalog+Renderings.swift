extension MistakeCatalog {
    /// A parameter sent as `base[member]=value`: Alamofire's encoding of a dictionary value.
    struct NestedMember {
        let base: String
        let member: String
        let index: Int
    }

    /// The parameters whose name is `base[member]` (one level, both parts non-empty), in order.
    var nestedMembers: [NestedMember] {
        input.parameters.indices.compactMap { index in
            let name = input.parameters[index].name
            guard name.last == "]", let open = name.firstIndex(of: "["), open != name.startIndex else { return nil }
            let member = name[name.index(after: open)..<name.index(before: name.endIndex)]
            guard !member.isEmpty, !member.contains(where: { $0 == "[" || $0 == "]" }) else { return nil }
            return NestedMember(base: String(name[..<open]), member: String(member), index: index)
        }
    }

    /// The dictionaries' names, each once, in order.
    var nestedBases: [String] {
        nestedMembers.map(\.base).reduce(into: []) { bases, base in if !bases.contains(base) { bases.append(base) } }
    }

    /// Why a request with dictionary values is rejected, whether or not a re-signing `matched`.
    func nestedObjectDetail(matched: Bool) -> String {
        let bases = nestedBases
        let sent = English.list(nestedMembers.map { input.parameters[$0.index].name }, quoted: false)
        let subject = bases.count == 1 ? "parameter \(English.list(bases)) is a dictionary" : "parameters \(English.list(bases)) are dictionaries"
        let found = matched ? " the signature matches with \(bases.count == 1 ? "it" : "them") signed as the client printed "
            + "\(bases.count == 1 ? "it" : "them"), but" : ""
        return "\(subject) (sent as \(sent)):\(found) a dictionary cannot be signed reliably, its key order is random on "
            + "the client. Send its members as separate parameters (filter_genre=RPG), or as one string built in a fixed order."
    }

    func nestedObject() -> [ClientMistake] {
        let members = nestedMembers
        guard !members.isEmpty else { return [] }
        // The client's order is random: every order of a single dictionary of up to four members;
        // its values strings, or, in a `[String: Any]`, numbers where they are decimal.
        let orders = nestedBases.count == 1 && members.count <= 4 ? Self.permutations(of: members) : [members]
        return [false, true].flatMap { numbersBare in
            orders.map { order in
                mistake(folding(order, into: input, platform: .swift, numbersBare: numbersBare), detail: nestedObjectDetail(matched: true))
            }
        }
    }

    func jvmRendering() -> [ClientMistake] {
        foreignRendering(.jvm, fix: "Java and Kotlin print 1.0E16 and 1.0 for doubles, [a, b c] for a list and {a=1} for a "
            + "map, where the contract is Swift's \"\\(value)\" (1e+16, 1, [\"a\", \"b c\"]): render values as SIGNING.md "
            + "says, or send them as the strings you sign.")
    }

    func objcRendering() -> [ClientMistake] {
        foreignRendering(.objc, fix: "Objective-C's %@ prints an NSArray as (\\n    a,\\n    b\\n) and a boolean NSNumber "
            + "as 1, where the contract is Swift's \"\\(value)\" ([\"a\", \"b\"], true): render values as SIGNING.md says, "
            + "or send them as the strings you sign.")
    }

    /// The parameters re-rendered by `platform` (each combination, as other value mistakes), and,
    /// when the request has dictionary values, everything re-rendered with them folded back.
    private func foreignRendering(_ platform: ClientPlatform, fix: String) -> [ClientMistake] {
        var mistakes = parameterMistakes(fix: fix) { platform.render($0.value) }
        let members = nestedMembers
        if !members.isEmpty {
            var altered = folding(members, into: input, platform: platform)
            for index in altered.parameters.indices {
                altered.parameters[index].rendered = platform.render(altered.parameters[index].value)
            }
            mistakes.append(mistake(altered, detail: nestedObjectDetail(matched: true) + " " + fix))
        }
        return mistakes
    }

    /// `input` with the parameters of `members` replaced by one parameter per dictionary, printed
    /// by `platform` with its members in the order of `members` (decimal values as numbers when
    /// `numbersBare`).
    private func folding(_ members: [NestedMember], into input: SigningInput, platform: ClientPlatform,
                         numbersBare: Bool = false) -> SigningInput {
        var altered = input
        var bases: [String] = []
        for member in members where !bases.contains(member.base) { bases.append(member.base) }
        for base in bases {
            let dictionary = members.filter { $0.base == base }.map { member in
                let value = input.parameters[member.index].value
                return (key: member.member, value: numbersBare ? value.decimalNumber ?? value : value)
            }
            let first = input.parameters[members.first { $0.base == base }?.index ?? 0]
            let rendered = platform.dictionary(dictionary)
            altered.parameters.append(.init(name: base, value: .text(rendered), rendered: rendered, source: first.source))
        }
        let folded = Set(members.map(\.index))
        altered.parameters = altered.parameters.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
        return altered
    }

    private static func permutations<Element>(of elements: [Element]) -> [[Element]] {
        guard elements.count > 1 else { return [elements] }
        return elements.indices.flatMap { index in
            var rest = elements
            let first = rest.remove(at: index)
            return permutations(of: rest).map { [first] + $0 }
        }
    }
}
