import Crypto

/// Who may use the admin API (API.md "Admin API"): with no admin token set, loopback clients
/// only; with one, any client that sends it in `X-Admin-Token`.
enum AdminAccess: Equatable {
    /// The request may proceed.
    case allowed
    /// An admin token is set and the request's `X-Admin-Token` is missing or wrong (401).
    case unauthorized
    /// No admin token is set and the client is not on loopback (403).
    case forbidden

    /// The decision for a request that sent `sentToken` from a loopback address or not.
    init(adminToken: String?, sentToken: String?, peerIsLoopback: Bool) {
        guard let adminToken else {
            self = peerIsLoopback ? .allowed : .forbidden
            return
        }
        guard let sentToken else {
            self = .unauthorized
            return
        }
        // Both values are hashed first, so that the comparison takes the same time whatever
        // their contents and lengths.
        let matches = ConstantTime.equals(DigestAlgorithm.sha256.hash(Array(sentToken.utf8)),
                                          DigestAlgorithm.sha256.hash(Array(adminToken.utf8)))
        self = matches ? .allowed : .unauthorized
    }
}
