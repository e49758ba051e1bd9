import JSON

extension JournalEntry {
    /// The entry as the admin API shows it: one JSON object (API.md "Admin API").
    func json() -> [UInt8] {
        var entry = JSONObjectWriter(capacity: 256 + path.utf8.count + parameters.count + (diagnosis?.count ?? 0))
        entry.add("request_id", string: requestID)
        entry.add("time_ms", integer: timeMilliseconds)
        entry.add("method", string: method)
        entry.add("path", string: path)
        entry.add("protocol", string: protocolName)
        entry.addObject("headers") { object in
            for header in headers { object.add(JSONObjectWriter.MemberName(header.name), string: header.value) }
        }
        // As received: over HTTP/2 every name is lowercase, which is what a signature check meets.
        entry.add("header_names", strings: headerNames)
        if let contentType { entry.add("content_type", string: contentType) }
        entry.add("params", jsonText: parameters)
        entry.add("verdict", string: verdict)
        if !numericArrays.isEmpty { entry.add("numeric_arrays", strings: numericArrays) }
        if let nearMisses { entry.add("near_misses", jsonText: nearMisses) }
        entry.add("diagnosis", jsonText: diagnosis ?? Array("null".utf8))
        entry.add("http_status", integer: httpStatus)
        entry.add("code", integer: code)
        entry.add("latency_ms", thousandths: latencyMilliseconds)
        entry.add("client_subject", string: clientSubject)
        if let proxied { entry.add("proxied", jsonText: proxied) }
        if let answer { entry.add("answer", jsonText: answer) }
        return entry.finished()
    }

    /// The JSON object of a stored entry: one in the compact form rendered, one an earlier version
    /// stored as JSON text as it is.
    static func json(stored: [UInt8]) -> [UInt8] {
        if stored.first == UInt8(ascii: "{") { return stored }
        guard let entry = JournalEntry(stored: stored) else { return Array(#"{"error":"unreadable journal entry"}"#.utf8) }
        return entry.json()
    }
}
