import Crypto
import Store

/// What the pipeline changes on its event loop, owned by the responder and lent to each request:
/// the loop's database connection, the sessions it authenticated, its token hasher.
struct APILoopState {
    /// The loop's own connection to the database.
    let store: Store
    /// The sessions this loop authenticated, valid while the database is unchanged.
    var sessions = SessionCache()
    /// SHA-256 of bearer tokens, kept so that authenticating a request creates no digest context.
    let tokenHasher = Crypto.Hasher(algorithm: .sha256)
}
