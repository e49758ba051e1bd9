/// The `Allow` header of a 405: the methods the routing table has for the path, in the order it
/// lists them. The one place the header is written, for the API's 10405, the admin API and the
/// operational endpoints alike.
struct AllowHeader: Sendable, Equatable {
    /// The methods, in order.
    let methods: [String]

    /// `GET, POST`.
    var value: String { methods.joined(separator: ", ") }

    /// The header, to add to a response.
    var header: (name: String, value: String) { (name: "Allow", value: value) }
}
