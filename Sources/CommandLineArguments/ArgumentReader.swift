/// Walks a command line's arguments one at a time and classifies each: `--name`, `--name=value`,
/// a one-letter `-x`, or a plain argument. It keeps the index each argument has in the slice it was
/// given (an `ArraySlice` of `CommandLine.arguments` keeps argv's indices), so a mistake can say
/// where it is. What a name means, and whether it takes the next argument as its value, is up to
/// the caller: the command line's commands and the server's configuration share this reader.
public struct ArgumentReader {
    /// One argument, classified, with its index.
    public struct Argument: Sendable, Equatable {
        /// What the argument is.
        public enum Kind: Sendable, Equatable {
            /// `--name` (`value` nil) or `--name=value`.
            case option(name: String, value: String?)
            /// `-x`: a one-letter alias.
            case letter(Character)
            /// Anything else, such as `call`'s METHOD and PATH.
            case plain
        }

        /// What the argument is.
        public let kind: Kind
        /// The argument as typed.
        public let text: String
        /// Its index in the arguments the reader was given.
        public let index: Int
    }

    private let arguments: ArraySlice<String>
    private var position: Int

    /// A reader of `arguments`, from their first.
    public init(_ arguments: ArraySlice<String>) {
        self.arguments = arguments
        position = arguments.startIndex
    }

    /// A reader of `arguments`, indexed from 0.
    public init(_ arguments: [String]) {
        self.init(arguments[...])
    }

    /// The next argument, or nil after the last.
    public mutating func next() -> Argument? {
        guard position < arguments.endIndex else { return nil }
        let text = arguments[position]
        defer { position += 1 }
        return Argument(kind: Self.kind(of: text), text: text, index: position)
    }

    /// The argument after the one just read, without reading it.
    public func peek() -> String? {
        position < arguments.endIndex ? arguments[position] : nil
    }

    /// Reads the argument after the one just read as a value (whatever it looks like).
    public mutating func value() -> String? {
        guard let text = peek() else { return nil }
        position += 1
        return text
    }

    private static func kind(of text: String) -> Argument.Kind {
        if text.hasPrefix("--") {
            let body = text.dropFirst(2)
            guard let equals = body.firstIndex(of: "=") else { return .option(name: String(body), value: nil) }
            return .option(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
        }
        if text.count == 2, text.hasPrefix("-"), let letter = text.last, letter != "-" { return .letter(letter) }
        return .plain
    }
}
