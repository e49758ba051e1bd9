import HTTP
import Upstream

/// Proxy mode (`--proxy-to`): the upstream that answers the `/api/` requests no stub or fault
/// answers, the pool that calls it off the event loops, and what a wrong signature does.
public final class UpstreamProxy: Sendable {
    /// What a request whose signature does not match gets.
    public enum BadSignature: String, Sendable, CaseIterable {
        /// Forwarded all the same; the journal shows the verdict and the diagnosis.
        case forward
        /// Answered 10003 locally, as without a proxy.
        case reject
    }

    let pool: UpstreamPool
    /// The `Host` the upstream is sent.
    let hostHeader: String
    let badSignature: BadSignature

    /// A proxy to the upstream of `configuration`; starts its worker threads.
    public init(configuration: UpstreamConfiguration, badSignature: BadSignature) throws(UpstreamFailure) {
        pool = try UpstreamPool(configuration: configuration)
        hostHeader = configuration.hostHeader
        self.badSignature = badSignature
    }

    /// `request` as the upstream gets it: method, target and body as received, the headers without
    /// the hop-by-hop ones and without `Expect` (the body is already here: the upstream must not be
    /// asked for a `100 Continue`), `Host` the upstream's.
    func forwarded(_ request: HTTPRequest) -> HTTPRequest {
        var headers = request.headers.removingHopByHop()
        headers.remove(name: "Expect")
        headers.replaceOrAdd(name: "Host", value: hostHeader)
        var forwarded = request
        forwarded.headers = headers
        forwarded.version = .http1_1
        forwarded.keepAlive = true
        return forwarded
    }

    /// The upstream's answer as the client gets it: status, headers without the hop-by-hop ones, body.
    static func returned(_ response: HTTPResponse) -> HTTPResponse {
        HTTPResponse(status: response.status, headers: response.headers.removingHopByHop(), body: response.body)
    }

    /// Stops the workers (at shutdown).
    public func shutdown() {
        pool.shutdown()
    }
}
