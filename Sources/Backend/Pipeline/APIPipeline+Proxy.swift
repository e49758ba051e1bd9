import HTTP
import JSON
import Signing
import Transport
import Upstream

/// A request the pipeline passed on to the upstream, and what the answer needs when it comes back.
/// A class, so that the outcome of every request carries a reference rather than its 258 bytes.
final class Forwarding: Sendable {
    /// The upstream it goes to.
    let proxy: UpstreamProxy
    /// The request as the upstream gets it.
    let request: HTTPRequest
    /// The fault claimed for the request, applied to the upstream's answer.
    let fault: Fault?
    let language: Language

    init(proxy: UpstreamProxy, request: HTTPRequest, fault: Fault?, language: Language) {
        self.proxy = proxy
        self.request = request
        self.fault = fault
        self.language = language
    }
}

extension APIPipeline {
    /// Proxy mode: the header, parameter and signature checks as without a proxy (a wrong signature
    /// is forwarded, or refused with `--proxy-on-bad-signature reject`); then a matching stub
    /// answers; otherwise the outcome asks for the request to be forwarded, with the fault that
    /// will change the upstream's answer.
    func answerProxied(_ request: HTTPRequest, proxy: UpstreamProxy, requestID: String, language: Language,
                       loop: inout APILoopState) -> APIOutcome {
        let signature: SignatureCheck
        switch checkUpToSignature(request, requestID: requestID, language: language) {
        case .refused(let outcome): return outcome
        case .checked(_, let check): signature = check
        }
        if let error = signature.refusal, error.code != .signatureMismatch || proxy.badSignature == .reject {
            return refusal(error, signature: signature, requestID: requestID, language: language)
        }
        var outcome = refusal(APIError(.noSuchEndpoint), signature: signature, requestID: requestID, language: language)
        outcome.diagnosis = signature.refusal?.diagnosis
        if answerStub(request, into: &outcome, requestID: requestID, language: language, loop: &loop) {
            return outcome
        }
        outcome.code = nil
        outcome.forwarding = Forwarding(proxy: proxy, request: proxy.forwarded(request), fault: claimFault(for: request), language: language)
        return outcome
    }

    /// The outcome once the upstream answered (the answer as received, without hop-by-hop headers)
    /// or failed (the envelope, 502, 503 or 504, the cause in the message), the claimed fault applied.
    func proxiedOutcome(_ outcome: APIOutcome, _ forwarding: Forwarding, exchange: UpstreamPool.Exchange,
                        requestID: String) -> APIOutcome {
        var outcome = outcome
        outcome.forwarding = nil
        switch exchange.result {
        case .success(let response):
            let view = mockRequest(forwarding.request)
            environment.recorder.record(forwarding.request, response, parameters: view.query + view.form)
            outcome.plan = ResponsePlan(response: UpstreamProxy.returned(response))
            outcome.code = Self.envelopeCode(of: response)
            outcome.proxied = ProxiedExchange(result: .answered(status: response.status.code), upstreamMilliseconds: exchange.milliseconds)
        case .failure(let failure):
            var error = APIError(.internalError, .custom(failure.description))
            error.status = failure.status
            outcome.plan = ResponsePlan(response: error.response(requestID: requestID, language: forwarding.language, dialect: settings.envelope))
            outcome.code = ResultCode.internalError.rawValue
            outcome.proxied = ProxiedExchange(result: .failed(failure.description), upstreamMilliseconds: exchange.milliseconds)
        }
        forwarding.fault?.apply(to: &outcome, requestID: requestID, language: forwarding.language, dialect: settings.envelope)
        return outcome
    }

    /// The `code` of an answer in the envelope; nil for any other body.
    private static func envelopeCode(of response: HTTPResponse) -> Int? {
        guard let value = try? JSONParser.parse(response.body), let code = value["code"]?.intValue else { return nil }
        return Int(exactly: code)
    }
}
