import HTTP
import TLS
import Testing
import Upstream

@Suite struct UpstreamConfigurationTests {
    private func configuration(host: String, port: Int) -> UpstreamConfiguration {
        UpstreamConfiguration(host: host, port: port, tls: TLSClientConfiguration(trustRootsPEMPath: "/dev/null"))
    }

    @Test func hostHeaderLeavesOutTheDefaultPortAndBracketsIPv6() {
        #expect(configuration(host: "staging.example.com", port: 443).hostHeader == "staging.example.com")
        #expect(configuration(host: "staging.example.com", port: 8443).hostHeader == "staging.example.com:8443")
        #expect(configuration(host: "::1", port: 9000).hostHeader == "[::1]:9000")
    }

    @Test func failuresAnswer504ForATimeout503WhenSaturatedAnd502Otherwise() {
        #expect(UpstreamFailure.timedOut("waiting for the answer").status.code == 504)
        #expect(UpstreamFailure.saturated.status.code == 503)
        #expect(UpstreamFailure.unreachable("refused").status.code == 502)
        #expect(UpstreamFailure.tls("unknown CA").status.code == 502)
        #expect(UpstreamFailure.invalidAnswer("its body is over 10 bytes").status.code == 502)
        #expect(UpstreamFailure.tls("certificate has expired").description == "upstream TLS failure: certificate has expired")
    }

    @Test func anUnusableTLSConfigurationIsRefusedAtStart() {
        let bad = UpstreamConfiguration(host: "127.0.0.1", port: 1, tls: TLSClientConfiguration(trustRootsPEMPath: "/nonexistent/ca.pem"))
        #expect {
            try UpstreamPool(configuration: bad)
        } throws: { error in
            guard case .tls(let reason) = error as? UpstreamFailure else { return false }
            return reason.contains("/nonexistent/ca.pem")
        }
    }
}
