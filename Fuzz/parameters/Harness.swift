import Signing

/// Fuzzes the query/form decoder and the JSON-body reader through `Canonicalizer.parameters(of:)`.
///
/// The input is a content type choice, then the query string up to the first NUL byte, then the body.
/// Checks: every query or form parameter has a name; reading is deterministic; a form body's
/// parameters, encoded again, decode to the same parameters; accessors and duplicate detection do
/// not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameters(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let contentType = input.choice(contentTypes)
    let query = String(decoding: input.prefix(upTo: 0), as: UTF8.self)
    let body = input.rest()
    let request = SignableRequest(method: "POST", target: "/api/v1/fuzz?" + query,
                                  headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body)
    guard let parameters = try? canonicalizer.parameters(of: request) else { return 0 }
    invariant((try? canonicalizer.parameters(of: request)) == parameters, "reading the parameters twice differs")
    let isFormBody = contentType.map(isForm) ?? false
    for entry in parameters.entries {
        // A JSON member may be named "" (a client's dictionary can hold that key); a form field may not.
        invariant(!entry.name.isEmpty || (entry.source == .body && !isFormBody), "a query or form parameter without a name")
        _ = entry.value.stringValue
        _ = entry.value.rendered
        invariant(parameters[entry.name] != nil, "a parameter cannot be looked up by its name")
    }
    _ = parameters.duplicateNames
    if isFormBody, !body.isEmpty {
        checkFormRoundTrip(parameters.entries.filter { $0.source == .body })
    }
    return 0
}

private let canonicalizer = Canonicalizer(policy: SigningPolicy())

/// Content types the server meets: the two that carry parameters, spelled in several ways, and others.
private let contentTypes: [String?] = [
    "application/x-www-form-urlencoded",
    "application/json",
    "Application/X-WWW-Form-Urlencoded ; charset=UTF-8",
    "application/vnd.api+json; charset=utf-8",
    "text/plain",
    nil,
]

private func isForm(_ contentType: String) -> Bool {
    contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
}

/// Encodes form parameters as a client would (every byte but letters and digits escaped, lists as
/// `name[]=element` pairs) and decodes them again.
private func checkFormRoundTrip(_ entries: [RequestParameters.Entry]) {
    var pairs: [String] = []
    for entry in entries {
        switch entry.value {
        case .text(let text):
            pairs.append(escape(entry.name) + "=" + escape(text))
        case .list(let elements):
            for case .text(let text) in elements { pairs.append(escape(entry.name) + "%5B%5D=" + escape(text)) }
        case .json:
            invariant(false, "a form field decoded as JSON")
        }
    }
    let request = SignableRequest(method: "POST", target: "/api/v1/fuzz",
                                  headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                  body: Array(pairs.joined(separator: "&").utf8))
    let again = try? canonicalizer.parameters(of: request)
    invariant(again?.entries == entries, "the form parameters changed when encoded and decoded again")
}

private func escape(_ text: String) -> String {
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var escaped: [UInt8] = []
    for byte in text.utf8 {
        if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) {
            escaped.append(byte)
        } else {
            escaped += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: escaped, as: UTF8.self)
}
