import HTTP
import JSON
import Mocking
import Signing
import Transport

extension APIPipeline {
    /// Stub and import: for a request no endpoint has (10404, 10405), the answer of the stub the
    /// mocking engine matches, else of the imported OpenAPI operation of its method and path. A
    /// stub that requires login runs the token stage first (20104 without a valid token); an
    /// operation checks the parameters and body against its schema (10005 naming the rule). When
    /// nothing answers: 10405 when stubs have the path for other methods only, and in development
    /// mode the 10404 names the closest stubs (`data.near_misses`, the journal too).
    func answerMock(_ request: HTTPRequest, into outcome: inout APIOutcome, requestID: String, language: Language,
                    loop: inout APILoopState) {
        let mocks = environment.mocks
        guard !mocks.isEmpty else { return }
        let view = mockRequest(request)
        let matcher = mocks.matcher()
        if answerStub(view, matcher: matcher, request: request, into: &outcome, requestID: requestID, language: language, loop: &loop) {
            return
        }
        if answerImported(view, request: request, into: &outcome, requestID: requestID, language: language) { return }
        guard outcome.code == ResultCode.noSuchEndpoint.rawValue else { return }
        let allowed = matcher.allowedMethods(for: view)
        if !allowed.isEmpty {
            refuse(&outcome, APIError.methodNotAllowed(AllowHeader(methods: allowed)), requestID: requestID, language: language)
            return
        }
        guard settings.mode == .development else { return }
        let nearMisses = matcher.nearMisses(for: view, scenarios: mocks.scenarios)
        guard !nearMisses.isEmpty else { return }
        var error = APIError(.noSuchEndpoint)
        error.nearMisses = nearMisses.map(\.description)
        refuse(&outcome, error, requestID: requestID, language: language)
        outcome.nearMisses = error.nearMisses
    }

    /// Stub only (proxy mode asks before forwarding): the answer of the stub the mocking engine
    /// matches, as `answerMock` gives it; false when none matches.
    func answerStub(_ request: HTTPRequest, into outcome: inout APIOutcome, requestID: String, language: Language,
                    loop: inout APILoopState) -> Bool {
        let mocks = environment.mocks
        guard !mocks.isEmpty else { return false }
        return answerStub(mockRequest(request), matcher: mocks.matcher(), request: request, into: &outcome, requestID: requestID,
                          language: language, loop: &loop)
    }

    private func answerStub(_ view: MockRequest, matcher: StubMatcher, request: HTTPRequest, into outcome: inout APIOutcome,
                            requestID: String, language: Language, loop: inout APILoopState) -> Bool {
        guard case .matched(let stub, let parameters) = matcher.match(view, scenarios: environment.mocks.scenarios) else { return false }
        outcome.mockRoute = stub.path.text
        answer(stub, view, parameters: parameters, request: request, into: &outcome, requestID: requestID, language: language, loop: &loop)
        return true
    }

    private func answer(_ stub: MockStub, _ view: MockRequest, parameters: [String: String], request: HTTPRequest,
                        into outcome: inout APIOutcome, requestID: String, language: Language, loop: inout APILoopState) {
        var user: [String: JSONValue]?
        if stub.requiresLogin {
            do throws(APIError) {
                let session = try authenticate(request, now: environment.clock.unixSeconds(), loop: &loop)
                user = Representations.user(session.user).objectValue.map { Dictionary($0.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) }
            } catch {
                refuse(&outcome, error, requestID: requestID, language: language)
                return
            }
        }
        // Claimed only now, so that a refused request does not use up a stub's `times`.
        guard environment.stubs.claim(where: { $0.id == stub.id }) != nil else { return }
        if let step = stub.scenario, let next = step.nextState {
            environment.mocks.scenarios.advance(step.name, from: step.state, to: next)
        }
        let envelope: InjectedEnvelope
        do {
            let answer = try stub.answer(view, pathParameters: parameters, user: user, nowMilliseconds: environment.clock.unixMilliseconds())
            envelope = InjectedEnvelope(code: answer.code, message: answer.message, data: answer.data, httpStatus: answer.httpStatus,
                                        headers: answer.headers.map { (name: $0.name, value: $0.value) })
        } catch {
            // The stub's own template broke a bound on this request: said to the developer, as a stub's 50000.
            envelope = InjectedEnvelope(code: ResultCode.internalError.rawValue, message: "stub \(stub.id): \(error)", data: .null, httpStatus: nil)
        }
        outcome.plan = ResponsePlan(response: envelope.response(requestID: requestID, language: language, dialect: settings.envelope),
                                    delayMilliseconds: stub.delayMilliseconds ?? 0)
        outcome.code = envelope.code ?? ResultCode.ok.rawValue
    }

    /// The answer of the imported operation of the request's method and path: its example (the
    /// one `X-Countersign-Example` names), or 10005 for a request its schema refuses. False when
    /// no operation has the method and path.
    private func answerImported(_ view: MockRequest, request: HTTPRequest, into outcome: inout APIOutcome, requestID: String,
                                language: Language) -> Bool {
        var found: (operation: OpenAPIOperation, parameters: [String: String])?
        for operation in environment.mocks.importedOperations where operation.method == view.method || (view.method == "HEAD" && operation.method == "GET") {
            guard let parameters = operation.path.match(view.path) else { continue }
            // The most literal path wins: /pet/findByStatus over /pet/{petId}.
            if found.map({ $0.operation.path.segments.filter(\.isLiteral).count < operation.path.segments.filter(\.isLiteral).count }) ?? true {
                found = (operation, parameters)
            }
        }
        guard let (operation, parameters) = found else { return false }
        outcome.mockRoute = operation.path.text
        let result = operation.violation(in: view, pathParameters: parameters).map { Result<JSONValue, SchemaViolation>.failure($0) }
            ?? operation.example(named: view.header(OpenAPIOperation.exampleHeader))
        switch result {
        case .success(let data):
            let envelope = InjectedEnvelope(code: nil, message: nil, data: data, httpStatus: nil)
            outcome.plan = ResponsePlan(response: envelope.response(requestID: requestID, language: language, dialect: settings.envelope))
            outcome.code = ResultCode.ok.rawValue
        case .failure(let violation):
            refuse(&outcome, .invalidParameter(violation.location, .schema("\(violation.rule) (\(violation.keyword))")),
                   requestID: requestID, language: language)
        }
        return true
    }

    /// What the mocking engine sees of `request`: its parameters as the signature check reads
    /// them, its headers, and its body when it is JSON.
    func mockRequest(_ request: HTTPRequest) -> MockRequest {
        let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
        let entries = (try? canonicalizer.parameters(of: signable))?.entries ?? []
        var view = MockRequest(method: request.method, path: request.path)
        let isJSON = signable.contentType.map { $0.lowercased().contains("json") } ?? false
        if isJSON, !request.body.isEmpty { view.jsonBody = try? JSONParser.parse(request.body) }
        for entry in entries {
            let values = Self.texts(of: entry.value)
            if entry.source == .query {
                view.query += values.map { (name: entry.name, value: $0) }
            } else if !isJSON {
                view.form += values.map { (name: entry.name, value: $0) }
            }
        }
        view.headers = request.headers.map { (name: $0.name, value: $0.value) }
        return view
    }

    private static func texts(of value: ParameterValue) -> [String] {
        switch value {
        case .list(let elements): elements.flatMap(texts)
        default: value.stringValue.map { [$0] } ?? []
        }
    }

    /// Replaces the answer of `outcome` with the envelope of `error` (what the journal records of
    /// the signature check stays).
    func refuse(_ outcome: inout APIOutcome, _ error: APIError, requestID: String, language: Language) {
        outcome.plan = ResponsePlan(response: error.response(requestID: requestID, language: language, dialect: settings.envelope))
        outcome.code = error.code.rawValue
    }
}

private extension PathTemplate.Segment {
    var isLiteral: Bool { if case .literal = self { true } else { false } }
}
