import HTTP
import Transport

extension BackendResponder {
    /// The answer under `/api/`: the pipeline's (API.md "Order of checks"); for a method and path
    /// it has no endpoint for, a matching stub's; then, when the request passed the signature
    /// check, changed by a matching fault.
    func answerControlledAPI(_ request: HTTPRequest, requestID: String, peer: String) -> APIOutcome {
        let settings = environment.settings
        let language = Language.negotiate(request.headers[headerLookups.acceptLanguage])
        let match = router.match(request.method, request.path)
        let (response, code, verdict, numericArrays, diagnosis) = answerAPI(request, route: match, requestID: requestID, language: language,
                                                                 peer: peer)
        var answer = APIOutcome(plan: ResponsePlan(response: response), code: code.rawValue, verdict: verdict,
                               diagnosis: diagnosis, numericArrays: numericArrays,
                               routeMatch: match)
        if code == .noSuchEndpoint || code == .methodNotAllowed,
           let stubbed = answerStub(request, requestID: requestID, language: language, pipelineCode: code) {
            answer.plan = stubbed.plan
            answer.code = stubbed.code
        }
        if APIStage(code: code) == .afterSignature,
           let fault = environment.faults.claim(where: { $0.matches(method: request.method, path: request.path) }) {
            fault.apply(to: &answer, requestID: requestID, language: language, style: settings.httpStatusStyle)
        }
        return answer
    }

    /// The answer of the newest stub for the request's method and path, if there is one: 20104
    /// when it requires a token and the request has no valid one; 10405 when stubs have the path
    /// for other methods only.
    private func answerStub(_ request: HTTPRequest, requestID: String, language: Language,
                            pipelineCode: ResultCode) -> (plan: ResponsePlan, code: Int)? {
        let style = environment.settings.httpStatusStyle
        let refusal = { (error: APIError) -> (plan: ResponsePlan, code: Int) in
            let response = Envelope.response(code: error.code, message: language.catalog.text(for: error.message), data: error.data,
                                             requestID: requestID, style: style, status: error.status, extraHeaders: error.headers)
            return (ResponsePlan(response: response), error.code.rawValue)
        }
        guard let candidate = environment.stubs.first(where: { $0.matches(method: request.method, path: request.path) }) else {
            let methods = Set(environment.stubs.all.filter { $0.path == request.path }.map(\.method)).sorted()
            guard pipelineCode == .noSuchEndpoint, !methods.isEmpty else { return nil }
            var error = APIError(.methodNotAllowed, .methodNotAllowed(allowed: methods))
            error.headers = [(name: "Allow", value: methods.joined(separator: ", "))]
            return refusal(error)
        }
        if candidate.requiresLogin {
            do {
                _ = try authenticate(request, now: environment.clock.unixSeconds())
            } catch {
                return refusal(error)
            }
        }
        // Claimed only now, so that a refused request does not use up a stub's `times`.
        guard let stub = environment.stubs.claim(where: { $0.id == candidate.id }) else { return nil }
        let envelope = InjectedEnvelope(code: stub.code, message: stub.message, data: stub.data, httpStatus: stub.httpStatus)
        let response = envelope.response(requestID: requestID, language: language, style: style)
        return (ResponsePlan(response: response, delayMilliseconds: stub.delayMilliseconds ?? 0), stub.code)
    }
}
