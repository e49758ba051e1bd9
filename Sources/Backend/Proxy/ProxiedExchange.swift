import JSON

/// What the journal records of a forwarded request: the upstream's status and latency, or why it failed.
struct ProxiedExchange: Sendable {
    enum Result: Sendable {
        case answered(status: Int)
        case failed(String)
    }

    let result: Result
    /// From the job's start on a worker to the answer's last byte, or to the failure.
    let upstreamMilliseconds: Int64

    /// `{"upstream_status": …, "upstream_ms": …}`, or `{"failure": …, "upstream_ms": …}`.
    var json: JSONValue {
        var object = JSONObject()
        switch result {
        case .answered(let status): object["upstream_status"] = .number(JSONNumber(status))
        case .failed(let reason): object["failure"] = .string(reason)
        }
        object["upstream_ms"] = .number(JSONNumber(upstreamMilliseconds))
        return .object(object)
    }
}
