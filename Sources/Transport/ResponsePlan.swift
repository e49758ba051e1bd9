import HTTP

/// How the transport delivers a response: immediately, late, slowly, when worked out elsewhere, or not at all.
public struct ResponsePlan: Sendable {
    /// How the response's bytes reach the peer.
    public enum Delivery: Sendable, Equatable {
        /// Written at once.
        case normal
        /// Written in small pieces spread evenly over this many milliseconds.
        case dribble(milliseconds: Int)
        /// The connection is closed without an answer (a FIN).
        case drop
        /// The connection is reset (a TCP RST).
        case reset
        /// Worked out elsewhere and delivered when it is ready (a proxied request); the connection
        /// delivers the plan the answer gives it.
        case deferred(DeferredAnswer)

        public static func == (lhs: Delivery, rhs: Delivery) -> Bool {
            switch (lhs, rhs) {
            case (.normal, .normal), (.drop, .drop), (.reset, .reset): true
            case (.dribble(let left), .dribble(let right)): left == right
            case (.deferred(let left), .deferred(let right)): left === right
            default: false
            }
        }
    }

    /// The response (ignored for `drop`, `reset` and `deferred`).
    public var response: HTTPResponse
    /// Milliseconds to wait before the delivery starts.
    public var delayMilliseconds: Int
    /// How the bytes are delivered.
    public var delivery: Delivery

    /// A plan for `response`.
    public init(response: HTTPResponse, delayMilliseconds: Int = 0, delivery: Delivery = .normal) {
        self.response = response
        self.delayMilliseconds = delayMilliseconds
        self.delivery = delivery
    }

    /// Whether the plan is an ordinary immediate response.
    var isImmediate: Bool { delayMilliseconds <= 0 && delivery == .normal }
}
