import COpenSSL
import Crypto

/// Application protocol names in the ALPN wire format (each name prefixed by its length), kept at a fixed
/// address for as long as the owning `TLSContext` lives, because the server's selection callback reads it.
final class ALPNProtocolList: @unchecked Sendable {
    /// The wire bytes; never mutated after `init`, which is what makes sharing across threads safe.
    private let wire: UnsafeMutableBufferPointer<UInt8>

    /// Encodes `protocols`; each name must be 1 to 255 bytes long.
    init(_ protocols: [String]) throws(TLSError) {
        var bytes: [UInt8] = []
        for name in protocols {
            let utf8 = Array(name.utf8)
            guard (1...255).contains(utf8.count) else {
                throw TLSError(.invalidConfiguration("ALPN protocol name '\(name)' must be 1 to 255 bytes long"))
            }
            bytes.append(UInt8(utf8.count))
            bytes.append(contentsOf: utf8)
        }
        wire = .allocate(capacity: bytes.count)
        _ = wire.initialize(from: bytes)
    }

    deinit {
        wire.deallocate()
    }

    /// Whether no protocol is configured (then ALPN is not used at all).
    var isEmpty: Bool { wire.isEmpty }

    /// Makes a client context offer these protocols.
    func offer(in context: OpaquePointer) throws(TLSError) {
        // SSL_CTX_set_alpn_protos returns 0 on success, unlike most OpenSSL functions.
        guard SSL_CTX_set_alpn_protos(context, wire.baseAddress, UInt32(wire.count)) == 0 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot set the ALPN protocols"))
        }
    }

    /// Makes a server context select the first of these protocols that the client offers; a client that
    /// offers none of them (or no ALPN at all) proceeds without ALPN.
    func select(in context: OpaquePointer) {
        SSL_CTX_set_alpn_select_cb(context, selectProtocol, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// The server's ALPN callback: `argument` is the context's `ALPNProtocolList`.
private func selectProtocol(
    _ ssl: OpaquePointer?,
    _ selected: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    _ selectedLength: UnsafeMutablePointer<UInt8>?,
    _ offered: UnsafePointer<UInt8>?,
    _ offeredLength: UInt32,
    _ argument: UnsafeMutableRawPointer?
) -> Int32 {
    guard let selected, let selectedLength, let offered, let argument else { return SSL_TLSEXT_ERR_NOACK }
    let list = Unmanaged<ALPNProtocolList>.fromOpaque(argument).takeUnretainedValue()
    return list.choose(from: offered, length: offeredLength, into: selected, length: selectedLength)
}

extension ALPNProtocolList {
    /// Picks the server's most preferred protocol among those offered; `selected` then points into `wire`.
    fileprivate func choose(
        from offered: UnsafePointer<UInt8>,
        length offeredLength: UInt32,
        into selected: UnsafeMutablePointer<UnsafePointer<UInt8>?>,
        length selectedLength: UnsafeMutablePointer<UInt8>
    ) -> Int32 {
        var choice: UnsafeMutablePointer<UInt8>?
        let outcome = SSL_select_next_proto(
            &choice, selectedLength, wire.baseAddress, UInt32(wire.count), offered, offeredLength)
        guard outcome == OPENSSL_NPN_NEGOTIATED, let choice else { return SSL_TLSEXT_ERR_NOACK }
        selected.pointee = UnsafePointer(choice)
        return SSL_TLSEXT_ERR_OK
    }
}
