import HTTP
import Transport

extension BackendResponder {
    /// Proxy mode: hands the forwarded request to the upstream pool and answers late, on this loop,
    /// with the upstream's answer (or the failure's envelope), which is then logged, counted and journalled.
    func forward(_ request: HTTPRequest, _ forwarding: Forwarding, _ outcome: APIOutcome, route: RouteMatch, requestID: String,
                 start: RequestRecorder.Start, connection: ConnectionInfo) -> ResponsePlan {
        let (pool, upstreamRequest) = (forwarding.proxy.pool, forwarding.request)
        let answer = DeferredAnswer(work: { done in
            if !pool.submit(upstreamRequest, completion: done) { done(.refused(.saturated)) }
        }, finish: { [self] exchange in
            let final = pipeline.proxiedOutcome(outcome, forwarding, exchange: exchange, requestID: requestID)
            recorder.record(request, final, route: route, requestID: requestID, start: start, connection: connection)
            return final.plan
        })
        return ResponsePlan(response: outcome.plan.response, delivery: .deferred(answer))
    }
}
