extension MistakeCatalog {
    func boolEncodedAsNumber() -> [ClientMistake] {
        parameterMistakes(fix: "Alamofire's URLEncoding sends a Bool as 1/0: sign the value as it is sent, or send "
            + "true/false (Alamofire 5: URLEncoding(boolEncoding: .literal)).") { parameter in
            switch parameter.value {
            case .text("1"): "true"
            case .text("0"): "false"
            default: nil
            }
        }
    }

    func doubleFormatting() -> [ClientMistake] {
        parameterMistakes(fix: "Swift's \"\\(value)\" prints a Double 2.0 as 2.0 while JSONSerialization and URLEncoding "
            + "send 2: use Int for whole numbers, or put numbers in the parameters as the String you want signed and sent.") {
            $0.value.reformattedNumbers?.rendered
        }
    }

    func plusAsSpace() -> [ClientMistake] {
        parameterMistakes(fix: "In a query or form, + means a space: let the HTTP library encode the parameters (it "
            + "sends a literal + as %2B) instead of writing them into the URL by hand.") { parameter in
            guard case .text(let text) = parameter.value, text.contains(where: { $0 == " " || $0 == "+" }) else { return nil }
            return String(text.map { $0 == " " ? "+" : $0 == "+" ? " " : $0 })
        }
    }

    func percentEncodedValues() -> [ClientMistake] {
        var altered = input
        var names: [String] = []
        for index in altered.parameters.indices {
            let parameter = altered.parameters[index]
            guard let encoded = parameter.value.percentEncoded?.rendered, encoded != parameter.rendered else { continue }
            altered.parameters[index].rendered = encoded
            names.append(parameter.name)
        }
        guard !names.isEmpty else { return [] }
        let subject = names.count == 1 ? "parameter \(English.list(names)) is" : "parameters \(English.list(names)) are"
        return [mistake(altered, detail: "the signature matches if \(subject) signed percent-encoded, as on the wire: "
            + "sign the plain values (the server decodes the query and the form before checking).")]
    }

    /// Mistakes that change the rendering of some parameters: `alternative` gives a parameter's
    /// rendering under the mistake (nil when it does not apply). Every combination of affected
    /// parameters is tried, smallest first, when there are at most four of them; otherwise each
    /// alone (the first sixteen, to bound the work on huge forms) and all together.
    func parameterMistakes(fix: String,
                           alternative: (SigningInput.Parameter) -> String?) -> [ClientMistake] {
        let changes = input.parameters.indices.compactMap { index -> (index: Int, rendered: String)? in
            guard let rendered = alternative(input.parameters[index]), rendered != input.parameters[index].rendered else {
                return nil
            }
            return (index, rendered)
        }
        return Self.combinations(of: changes.count).map { combination in
            var altered = input
            for change in combination.map({ changes[$0] }) { altered.parameters[change.index].rendered = change.rendered }
            let names = combination.map { input.parameters[changes[$0].index].name }
            let shown = combination.map { changes[$0] }.map { change -> (sent: String, signed: String) in
                let parameter = input.parameters[change.index]
                let isHidden = sensitive.hides(name: parameter.name, value: parameter.rendered)
                    || sensitive.hides(name: parameter.name, value: change.rendered)
                return isHidden ? (SensitiveValues.marker, SensitiveValues.marker) : (parameter.rendered, change.rendered)
            }
            let sent = shown.map(\.sent)
            let signed = shown.map(\.signed)
            let (noun, pronoun) = names.count == 1 ? ("parameter", "it is") : ("parameters", "they are")
            return mistake(altered, detail: "\(noun) \(English.list(names)) arrived as \(English.list(sent)); the signature "
                + "matches if \(pronoun) signed as \(English.list(signed)). \(fix)")
        }
    }
}
