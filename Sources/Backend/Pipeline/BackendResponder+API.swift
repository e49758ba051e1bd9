import HTTP
import JSON
import Signing
import Store

extension BackendResponder {
    /// Runs the checks of API.md "Order of checks" and the handler, and wraps the outcome in the
    /// envelope; also says what the signature check found, for the journal: the verdict, and the
    /// arrays that matched only rendered as numbers (`SignatureVerifier.numericArrayNames`).
    func answerAPI(_ request: HTTPRequest, route match: Router<APIRoute>.Match, requestID: String, language: Language,
                   peer: String) -> (HTTPResponse, ResultCode, JournalVerdict, numericArrays: [String]) {
        let catalog = language.catalog
        let style = environment.settings.httpStatusStyle
        var verdict = request.headers[headerLookups.signature] == nil ? JournalVerdict.missing : .skipped
        var numericArrays: [String] = []
        do throws(APIError) {
            let data = try runChecksAndHandler(request, route: match, peer: peer, verdict: &verdict, numericArrays: &numericArrays)
            let response = Envelope.response(code: .ok, message: catalog.text(for: .ok), data: data, requestID: requestID, style: style)
            return (response, .ok, verdict, numericArrays)
        } catch {
            if let failure = error.underlyingFailure {
                environment.logger.log(.error, "internal error", [("request_id", .text(requestID)), ("cause", .text(failure))])
            }
            return (errorResponse(error, requestID: requestID, language: language), error.code, verdict, numericArrays)
        }
    }

    /// The answer to a request whose body is over the limit (it was not read): the header checks that
    /// come before the body's in API.md "Order of checks", then 10006 with HTTP 413.
    func answerOversizedAPI(_ head: HTTPRequest, requestID: String, language: Language) -> (HTTPResponse, ResultCode, JournalVerdict) {
        let verdict = head.headers[headerLookups.signature] == nil ? JournalVerdict.missing : .skipped
        var error = APIError(.malformedBody, .bodyTooLarge)
        error.status = .contentTooLarge
        do throws(APIError) {
            try checkRequiredHeaders(head)
        } catch let headerError {
            error = headerError
        }
        return (errorResponse(error, requestID: requestID, language: language), error.code, verdict)
    }

    private func errorResponse(_ error: APIError, requestID: String, language: Language) -> HTTPResponse {
        Envelope.response(code: error.code, message: language.catalog.text(for: error.message), data: error.data,
                          requestID: requestID, style: environment.settings.httpStatusStyle, status: error.status, extraHeaders: error.headers)
    }

    private func runChecksAndHandler(_ request: HTTPRequest, route match: Router<APIRoute>.Match, peer: String,
                                     verdict: inout JournalVerdict,
                                     numericArrays: inout [String]) throws(APIError) -> JSONValue {
        try checkRequiredHeaders(request)
        let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
        let parameters = try readParameters(signable)
        try checkSignature(signable, parameters: parameters, received: request.headers[headerLookups.signature],
                           appKey: request.headers[headerLookups.appKey], verdict: &verdict, numericArrays: &numericArrays)

        let route: APIRoute
        switch match {
        case .found(let found): route = found
        case .notFound: throw APIError(.noSuchEndpoint, .noSuchEndpoint)
        case .methodNotAllowed(let allowed):
            var error = APIError(.methodNotAllowed, .methodNotAllowed(allowed: allowed))
            error.headers = [(name: "Allow", value: allowed.joined(separator: ", "))]
            throw error
        }
        let now = environment.clock.unixSeconds()
        // A GET handler only reads: it shares one read transaction with the session check.
        let sharesReadTransaction = route.requiresLogin && request.method == "GET"
        if sharesReadTransaction { try storeCall { () throws(StoreError) in try store.beginReadTransaction() } }
        defer { if sharesReadTransaction { store.endReadTransaction() } }
        let session = route.requiresLogin ? try authenticate(request, now: now) : nil
        if let duplicate = parameters.duplicateNames.first { throw .invalidParameter(duplicate, .duplicated) }
        let context = APIRequestContext(request: request, parameters: parameters, now: now,
                                        deviceID: request.headers[headerLookups.deviceID]?.trimmedHeaderValue,
                                        session: session, store: store, environment: environment, peer: peer)
        return try route.handle(context)
    }

    /// 10001 naming the first required header that is missing; 10002 for a version not supported.
    private func checkRequiredHeaders(_ request: HTTPRequest) throws(APIError) {
        let settings = environment.settings
        if let versionHeader = headerLookups.version, request.headers[versionHeader] == nil {
            throw APIError(.missingHeader, .missingHeader(versionHeader.name))
        }
        let hasSignature = request.headers[headerLookups.signature] != nil
        if settings.signature == .required && !hasSignature {
            throw APIError(.missingHeader, .missingHeader(headerLookups.signature.name))
        }
        if hasSignature, let missing = replayGuard?.missingHeader(in: request.headers) {
            throw APIError(.missingHeader, .missingHeader(missing))
        }
        if let versionHeader = headerLookups.version, let version = request.headers[versionHeader],
           !settings.supportedVersions.contains(version.trimmedHeaderValue) {
            throw APIError(.unsupportedVersion, .unsupportedVersion(version.trimmedHeaderValue))
        }
    }

    /// The query and body parameters; 10006 when the body cannot be read.
    private func readParameters(_ signable: SignableRequest) throws(APIError) -> RequestParameters {
        do {
            return try canonicalizer.parameters(of: signable)
        } catch {
            throw APIError(parsing: error)
        }
    }

    /// 10003 when a signature that must be checked does not match (with the diagnosis in development
    /// mode). A signature sent under `--signature off` is still checked, for the journal only.
    private func checkSignature(_ signable: SignableRequest, parameters: RequestParameters, received: String?, appKey: String?,
                                verdict: inout JournalVerdict, numericArrays: inout [String]) throws(APIError) {
        let enforced = environment.settings.signature == .required || (environment.settings.signature == .optional && received != nil)
        guard enforced || received != nil else { return }
        guard let app = environment.apps.app(forKey: appKey?.trimmedHeaderValue) else {
            verdict = .invalid
            if enforced { throw APIError(.signatureMismatch, .unknownAppKey) }
            return
        }
        let canonical: CanonicalRequest
        do {
            canonical = try canonicalizer.canonicalize(signable, parameters: parameters)
        } catch {
            if enforced { throw APIError(parsing: error) }
            return
        }
        var result = verifier.verify(canonical, received: received, secrets: app.secrets, scheme: app.scheme)
        if result == .invalid, let names = verifier.numericArrayNames(signable, parameters: parameters, received: received,
                                                                      secrets: app.secrets, scheme: app.scheme) {
            result = .valid
            numericArrays = names
        }
        verdict = result == .valid ? .valid : result == .missing ? .missing : .invalid
        guard enforced else { return }
        guard result != .valid else {
            try replayGuard?.admit(signable, appKey: app.appKey)
            return
        }
        guard environment.settings.mode == .development, let received else {
            throw APIError(.signatureMismatch, .signatureMismatch)
        }
        let diagnosis = verifier.diagnose(signable, parameters: parameters, canonical: canonical, received: received,
                                          secrets: app.secrets, scheme: app.scheme)
        var error = APIError(.signatureMismatch, .signatureMismatchExplained(diagnosis.detail))
        error.data = .object(JSONObject([("diagnosis", diagnosis.json)]))
        throw error
    }

    /// The session of the bearer token; 20104 when it is missing, unknown, revoked or expired.
    func authenticate(_ request: HTTPRequest, now: Int64) throws(APIError) -> Session {
        guard let token = request.headers[headerLookups.authorization]?.bearerToken else { throw APIError(.notLoggedIn, .notLoggedIn) }
        let stamp = try storeCall { () throws(StoreError) in try store.contentStamp() }
        if let session = sessions.session(for: token, current: stamp, now: now) { return session }
        let hash = Credentials.tokenHash(token, hasher: tokenHasher)
        guard let active = try storeCall({ () throws(StoreError) in try store.activeToken(tokenHash: hash, now: now) }) else {
            throw APIError(.notLoggedIn, .notLoggedIn)
        }
        let session = Session(user: active.user, tokenHash: hash)
        sessions.insert(session, for: token, expiresAt: active.expiresAt)
        return session
    }
}

extension APIError {
    /// The envelope error for a request whose parameters cannot be read or signed.
    init(parsing error: RequestParsingError) {
        switch error {
        case .malformedBody(let reason): self.init(.malformedBody, .malformedBody(reason))
        case .duplicateSignedHeader(let name): self.init(.malformedBody, .duplicateSignedHeader(name))
        case .unsignableValue(let name, _): self.init(.invalidParameter, .invalidParameter(name: name, rule: .unsignable))
        }
    }
}

extension String {
    /// A header value without surrounding spaces and tabs.
    var trimmedHeaderValue: String { String(Substring(self).trimmingWhitespace()) }

    /// The token of a `Bearer` credential (the scheme in any case), without surrounding spaces and
    /// tabs; nil for any other value.
    var bearerToken: Substring? {
        var text = self
        guard let bounds = text.withUTF8(Self.bearerTokenBounds) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        return self[start..<utf8.index(start, offsetBy: bounds.count)]
    }

    /// Where the token of a `Bearer` credential lies in `bytes` (UTF-8 offsets), found over raw bytes.
    private static func bearerTokenBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let scheme = "bearer ".utf8
        guard end - start > scheme.count else { return nil }
        for expected in scheme {
            let byte = bytes[start]
            guard ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected else { return nil }
            start += 1
        }
        while start < end, isSpace(bytes[start]) { start += 1 }
        return start..<end
    }
}
