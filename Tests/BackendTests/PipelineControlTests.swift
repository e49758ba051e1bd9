import Backend
import CountersignClient
import JSON
import Testing
import TestSupport

/// Stubs and faults in the pipeline, added through the admin API and answered in memory: a stub
/// where no endpoint is, after the same checks; a fault only once the signature check passed.
@Suite struct PipelineControlTests {
    let backend: InMemoryBackend

    init() throws { backend = try InMemoryBackend() }

    private func add(_ registry: String, _ json: String) throws {
        let reply = backend.admin("POST", "/__admin/\(registry)", json)
        try #require(reply.status == 201, "\(String(describing: reply.json))")
    }

    @Test func aStubAnswersWhereNoEndpointIsForItsTimes() throws {
        try add("stubs", #"{"method": "GET", "path": "/api/v1/banner", "data": {"title": "Sale"}, "times": 1}"#)
        let wrong = try backend.envelope(MobileRequestSigner(secret: "wrong-secret").request("GET", "/api/v1/banner"))
        #expect(wrong.code == 10003)
        let banner = try backend.signedCall("GET", "/api/v1/banner")
        #expect(banner.code == 0)
        #expect(banner.data["title"]?.stringValue == "Sale")
        #expect(try backend.signedCall("GET", "/api/v1/banner").code == 10404)
    }

    @Test func aStubForOtherMethodsIs10405WithAllow() throws {
        try add("stubs", #"{"method": "PUT", "path": "/api/v1/banner"}"#)
        try add("stubs", #"{"method": "GET", "path": "/api/v1/banner"}"#)
        let reply = try backend.signedCall("POST", "/api/v1/banner")
        #expect(reply.code == 10405)
        #expect(reply.headers["Allow"] == "GET, PUT")
    }

    @Test func aStubThatRequiresLoginAnswers20104WithoutUsingUpItsTimes() throws {
        try add("stubs", #"{"method": "GET", "path": "/api/v1/wallet", "auth": true, "code": 0, "data": 42, "times": 1}"#)
        let refused = try backend.signedCall("GET", "/api/v1/wallet")
        #expect(refused.code == 20104)
        #expect(refused.status == 401)
        let token = try backend.logIn()
        #expect(try backend.signedCall("GET", "/api/v1/wallet", token: token).data == 42)
        #expect(try backend.signedCall("GET", "/api/v1/wallet", token: token).code == 10404)
    }

    @Test func aStubAsksForItsDelayInThePlan() throws {
        try add("stubs", #"{"method": "GET", "path": "/api/v1/slow", "delay_ms": 750}"#)
        #expect(backend.plan(backend.signer().request("GET", "/api/v1/slow")).delayMilliseconds == 750)
    }

    @Test func aFaultAppliesOnlyAfterTheSignatureCheck() throws {
        try add("faults", #"{"method": "GET", "path": "/api/v1/ping", "times": 1, "code": 20103, "message": "Under review"}"#)
        let wrong = try backend.envelope(MobileRequestSigner(secret: "wrong-secret").request("GET", "/api/v1/ping"))
        #expect(wrong.code == 10003)
        var unversioned = backend.signer().request("GET", "/api/v1/ping")
        unversioned.headers.remove(name: "X-API-VERSION")
        #expect(try backend.envelope(unversioned).code == 10001)
        let faulted = try backend.signedCall("GET", "/api/v1/ping")
        #expect(faulted.code == 20103)
        #expect(faulted.message == "Under review")
        #expect(try backend.signedCall("GET", "/api/v1/ping").code == 0)
    }

    @Test func aFaultAlsoReplacesARoutingAnswer() throws {
        try add("faults", #"{"path": "/api/v1/*", "http_status": 503}"#)
        #expect(backend.send(backend.signer().request("GET", "/api/v1/no-such-endpoint")).status.code == 503)
    }
}
