import HTTP
import JSON
import Signing
import Store
import Transport

/// One `/api/` request in, one `APIOutcome` out: the stages of API.md "Order of checks" in order
/// (required headers and version, parameters, signature, route, token, parameters, handler), the
/// first refusal answered; then, for a method and path no endpoint has, a stub or an imported
/// OpenAPI operation (`APIPipeline+Mocks.swift`); then, for a request that passed the signature
/// check, a fault. Every envelope is written in the settings' `EnvelopeDialect`.
///
/// It holds what the stages read. What they change, the event loop's database connection and
/// sessions (`APILoopState`), stays the responder's and is lent to each call.
struct APIPipeline {
    let environment: BackendEnvironment
    let canonicalizer: Canonicalizer
    let verifier: SignatureVerifier
    /// Replay protection, when `--replay-window` is set (one per loop: it prunes on the loop's store).
    let replayGuard: ReplayGuard?
    /// The header names read from every API request.
    let headerLookups: APIHeaderLookups

    /// The pipeline of the loop whose database connection is `store`.
    init(environment: BackendEnvironment, store: Store) {
        self.environment = environment
        canonicalizer = Canonicalizer(policy: environment.settings.signingPolicy)
        verifier = SignatureVerifier(policy: environment.settings.signingPolicy)
        replayGuard = ReplayGuard(settings: environment.settings, store: store, clock: environment.clock)
        headerLookups = APIHeaderLookups(settings: environment.settings)
    }

    var settings: BackendSettings { environment.settings }

    /// The outcome of `request`, whose method and path the routing table looked up as `route`: the
    /// checks and the handler, then the stub (and import) and fault stages.
    func answer(_ request: HTTPRequest, route: RouteLookup<APIRoute>, requestID: String, peer: String,
                loop: inout APILoopState) -> APIOutcome {
        let language = Language.negotiate(request.headers[headerLookups.acceptLanguage])
        if let proxy = environment.proxy {
            return answerProxied(request, proxy: proxy, requestID: requestID, language: language, loop: &loop)
        }
        var outcome = checkAndHandle(request, route: route, requestID: requestID, language: language, peer: peer, loop: &loop)
        let code = outcome.code.flatMap(ResultCode.init(rawValue:)) ?? .internalError
        if code == .noSuchEndpoint || code == .methodNotAllowed {
            answerMock(request, into: &outcome, requestID: requestID, language: language, loop: &loop)
        }
        if APIStage(code: code) == .afterSignature {
            applyFault(request, to: &outcome, requestID: requestID, language: language)
        }
        return outcome
    }

    /// The outcome of a request whose body is over the limit (it was not read): the header checks
    /// that come before the body's, then 10006 with HTTP 413.
    func answerOversized(_ head: HTTPRequest, requestID: String) -> APIOutcome {
        let language = Language.negotiate(head.headers[headerLookups.acceptLanguage])
        var error = APIError(.bodyTooLarge)
        error.status = .contentTooLarge
        let signature = head.headers[headerLookups.signature]
        do throws(APIError) {
            try checkRequiredHeaders(head, signature: signature)
        } catch let headerError {
            error = headerError
        }
        return refusal(error, signature: SignatureCheck(unchecked: signature), requestID: requestID, language: language)
    }

    /// What the checks before the route found: a refusal of the headers or the body, or the
    /// parameters and the signature check (which may hold a refusal of its own).
    enum SignatureStage {
        case refused(APIOutcome)
        case checked(RequestParameters, SignatureCheck)
    }

    /// Required headers and version, parameters, signature: the checks before the route.
    func checkUpToSignature(_ request: HTTPRequest, requestID: String, language: Language) -> SignatureStage {
        let received = request.headers[headerLookups.signature]
        let unchecked = SignatureCheck(unchecked: received)
        let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body,
                                       version: request.version)
        let parameters: RequestParameters
        do throws(APIError) {
            try checkRequiredHeaders(request, signature: received)
            parameters = try readParameters(signable)
        } catch {
            return .refused(refusal(error, signature: unchecked, requestID: requestID, language: language))
        }
        return .checked(parameters, checkSignature(signable, parameters: parameters, received: received,
                                                   appKey: request.headers[headerLookups.appKey], unchecked: unchecked))
    }

    /// The checks in API.md's order, then the handler.
    private func checkAndHandle(_ request: HTTPRequest, route match: RouteLookup<APIRoute>, requestID: String, language: Language,
                                peer: String, loop: inout APILoopState) -> APIOutcome {
        let (parameters, signature): (RequestParameters, SignatureCheck)
        switch checkUpToSignature(request, requestID: requestID, language: language) {
        case .refused(let outcome): return outcome
        case .checked(let checkedParameters, let check): (parameters, signature) = (checkedParameters, check)
        }
        if let error = signature.refusal {
            return refusal(error, signature: signature, requestID: requestID, language: language)
        }
        do throws(APIError) {
            let route = try self.route(match)
            let data = try handle(request, route: route, parameters: parameters, peer: peer, loop: &loop)
            let response = Envelope.response(code: .ok, message: language.catalog.text(for: .ok), data: data, requestID: requestID,
                                             dialect: settings.envelope)
            return APIOutcome(plan: ResponsePlan(response: response), code: ResultCode.ok.rawValue, verdict: signature.verdict,
                              numericArrays: signature.numericArrays)
        } catch {
            return refusal(error, signature: signature, requestID: requestID, language: language)
        }
    }

    /// The outcome of a request the pipeline refused with `error` (a 50000's cause is logged).
    func refusal(_ error: APIError, signature: SignatureCheck, requestID: String, language: Language) -> APIOutcome {
        if let failure = error.underlyingFailure {
            environment.logger.log(.error, "internal error", [("request_id", .text(requestID)), ("cause", .text(failure))])
        }
        return APIOutcome(plan: ResponsePlan(response: error.response(requestID: requestID, language: language, dialect: settings.envelope)),
                          code: error.code.rawValue, verdict: signature.verdict, diagnosis: error.diagnosis,
                          numericArrays: signature.numericArrays)
    }

    /// Required headers and version: 10001 naming the first required header that is missing;
    /// 10002 for a version not supported. `signature` is the request's signature header, looked up
    /// once by the caller.
    private func checkRequiredHeaders(_ request: HTTPRequest, signature: String?) throws(APIError) {
        let version = headerLookups.version.flatMap { request.headers[$0] }
        if let versionHeader = headerLookups.version, version == nil {
            throw APIError(.missingHeader(versionHeader.name))
        }
        let hasSignature = signature != nil
        if settings.signature == .required && !hasSignature {
            throw APIError(.missingHeader(headerLookups.signature.name))
        }
        if hasSignature, let missing = replayGuard?.missingHeader(in: request.headers) {
            throw APIError(.missingHeader(missing))
        }
        // Trimmed only when the version as sent is not one: almost none has spaces around it.
        if let version, !settings.supportedVersions.contains(version) {
            let trimmed = version.trimmedHeaderValue
            guard settings.supportedVersions.contains(trimmed) else { throw APIError(.unsupportedVersion(trimmed)) }
        }
    }

    /// Parameters and body: the query and body parameters; 10006 when the body cannot be read.
    private func readParameters(_ signable: SignableRequest) throws(APIError) -> RequestParameters {
        do {
            return try canonicalizer.parameters(of: signable)
        } catch {
            throw APIError(parsing: error)
        }
    }

    /// Signature (with the numeric arrays and the replay check): 10003 when a signature that must be
    /// checked does not match (with the diagnosis in development mode), 10004 for a replay. A
    /// signature sent under `--signature off` is still checked, for the journal only.
    private func checkSignature(_ signable: SignableRequest, parameters: RequestParameters, received: String?, appKey: String?,
                                unchecked: SignatureCheck) -> SignatureCheck {
        let enforced = settings.signature == .required || (settings.signature == .optional && received != nil)
        guard enforced || received != nil else { return unchecked }
        guard let app = environment.apps.app(forKey: appKey?.trimmedHeaderValue) else {
            return SignatureCheck(verdict: .invalid, refusal: enforced ? APIError(.unknownAppKey) : nil)
        }
        let canonical: CanonicalRequest
        do {
            canonical = try canonicalizer.canonicalize(signable, parameters: parameters)
        } catch {
            return SignatureCheck(verdict: unchecked.verdict, refusal: enforced ? APIError(parsing: error) : nil)
        }
        var result = verifier.verify(canonical, received: received, secrets: app.secrets, scheme: app.scheme)
        var check = SignatureCheck(verdict: .invalid)
        if result == .invalid, let names = verifier.numericArrayNames(signable, parameters: parameters, received: received,
                                                                      secrets: app.secrets, scheme: app.scheme) {
            result = .valid
            check.numericArrays = names
        }
        check.verdict = result == .valid ? .valid : result == .missing ? .missing : .invalid
        guard enforced else { return check }
        guard result != .valid else {
            do throws(APIError) {
                try replayGuard?.admit(signable, appKey: app.appKey)
            } catch {
                check.refusal = error
            }
            return check
        }
        guard settings.mode == .development, let received else {
            check.refusal = APIError(.signatureMismatch)
            return check
        }
        let diagnosis = verifier.diagnose(signable, parameters: parameters, canonical: canonical, received: received,
                                          secrets: app.secrets, scheme: app.scheme)
        var error = APIError(.signatureMismatchExplained(diagnosis.detail))
        error.diagnosis = diagnosis
        check.refusal = error
        return check
    }

    /// Route: the endpoint of the method and path; 10404 for none, 10405 (with `Allow`) when the
    /// path has endpoints for other methods only.
    private func route(_ match: RouteLookup<APIRoute>) throws(APIError) -> APIRoute {
        switch match {
        case .found(let route): return route
        case .notFound: throw APIError(.noSuchEndpoint)
        case .methodNotAllowed(let allowed): throw APIError.methodNotAllowed(allowed)
        }
    }

    /// Token, parameters and handler: the session of a route that requires login, then the
    /// duplicate-parameter check, then the handler's `data`.
    private func handle(_ request: HTTPRequest, route: APIRoute, parameters: RequestParameters, peer: String,
                        loop: inout APILoopState) throws(APIError) -> APIData {
        let now = environment.clock.unixSeconds()
        let store = loop.store
        // A GET handler only reads: it shares one read transaction with the session check, begun
        // by the first statement (none when the session and what the handler needs are in memory).
        let sharesReadTransaction = route.requiresLogin && request.method == "GET"
        if sharesReadTransaction { store.beginReadTransaction() }
        defer { if sharesReadTransaction { store.endReadTransaction() } }
        let session = route.requiresLogin ? try authenticate(request, now: now, loop: &loop) : nil
        if let duplicate = parameters.duplicateNames.first { throw .invalidParameter(duplicate, .duplicated) }
        let context = APIRequestContext(parameters: parameters, now: now,
                                        deviceID: request.headers[headerLookups.deviceID]?.trimmedHeaderValue,
                                        session: session, store: store, environment: environment, peer: peer)
        return try route.handle(context)
    }

    /// Token: the session of the bearer token; 20104 when it is missing, unknown, revoked or expired.
    func authenticate(_ request: HTTPRequest, now: Int64, loop: inout APILoopState) throws(APIError) -> Session {
        guard let token = request.headers[headerLookups.authorization]?.bearerToken else { throw APIError(.notLoggedIn) }
        let store = loop.store
        let stamp = try storeCall { () throws(StoreError) in try store.contentStamp() }
        if let session = loop.sessions.session(for: token, current: stamp, now: now) { return session }
        let hash = Credentials.tokenHash(token, hasher: loop.tokenHasher)
        guard let active = try storeCall({ () throws(StoreError) in try store.activeToken(tokenHash: hash, now: now) }) else {
            throw APIError(.notLoggedIn)
        }
        let session = Session(user: active.user, tokenHash: hash)
        loop.sessions.insert(session, for: token, expiresAt: active.expiresAt)
        return session
    }

    /// Fault: for a request past the signature check, the change of the first matching fault.
    private func applyFault(_ request: HTTPRequest, to outcome: inout APIOutcome, requestID: String, language: Language) {
        guard let fault = claimFault(for: request) else { return }
        fault.apply(to: &outcome, requestID: requestID, language: language, dialect: settings.envelope)
    }

    /// The first fault matching the request's method and path, its `times` used once.
    func claimFault(for request: HTTPRequest) -> Fault? {
        environment.faults.claim(where: { $0.matches(method: request.method, path: request.path) })
    }
}
