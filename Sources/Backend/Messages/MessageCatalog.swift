/// Renders messages in one language. Add a language by adding a catalog and a `Language` case.
public protocol MessageCatalog: Sendable {
    /// The text of `message`.
    func text(for message: Message) -> String
    /// The wording of a parameter rule, used inside `invalidParameter`.
    func text(for rule: ParameterRule) -> String
}
