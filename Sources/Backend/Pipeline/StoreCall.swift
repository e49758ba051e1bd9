import Store

/// Runs a store operation, turning an unexpected database failure into a 50000 that shows no internals.
func storeCall<Value>(_ operation: () throws(StoreError) -> Value) throws(APIError) -> Value {
    do {
        return try operation()
    } catch {
        throw APIError.internal(error)
    }
}

extension APIError {
    /// A 50000 for `error`; the client sees only the generic message, the cause goes to the log.
    static func `internal`(_ error: StoreError) -> APIError {
        var apiError = APIError(.internalError)
        apiError.underlyingFailure = error.description
        return apiError
    }
}
