import TLS

/// Moves bytes between a client and a server `TLSConnection` in memory, as two sockets would.
struct InMemoryTLS {
    let client: TLSConnection
    let server: TLSConnection

    init(client: TLSContext, server: TLSContext) throws {
        self.client = try TLSConnection(context: client)
        self.server = try TLSConnection(context: server)
    }

    init(client: TLSConnection, server: TLSConnection) {
        self.client = client
        self.server = server
    }

    /// Delivers what `sender` has pending to `receiver`; returns how many bytes moved.
    @discardableResult
    static func deliver(from sender: TLSConnection, to receiver: TLSConnection) -> Int {
        var bytes: [UInt8] = []
        let count = sender.drainCiphertext(into: &bytes)
        receiver.receiveCiphertext(bytes)
        return count
    }

    /// Runs both handshakes until neither side makes progress; returns each side's last result.
    func handshake() -> (client: TLSHandshakeResult, server: TLSHandshakeResult) {
        var clientResult = client.handshake()
        var serverResult = TLSHandshakeResult.wantsMoreData
        for _ in 0..<8 {
            let toServer = Self.deliver(from: client, to: server)
            serverResult = server.handshake()
            let toClient = Self.deliver(from: server, to: client)
            clientResult = client.handshake()
            if toServer == 0 && toClient == 0 && !client.hasPendingCiphertext { break }
        }
        return (clientResult, serverResult)
    }

    /// Sends `plaintext` from `sender`, delivers it, and returns everything `receiver` reads.
    static func send(_ plaintext: [UInt8], from sender: TLSConnection, to receiver: TLSConnection) -> (TLSReadResult, [UInt8]) {
        if case .failed(let error) = sender.writePlaintext(plaintext) { return (.failed(error), []) }
        deliver(from: sender, to: receiver)
        var received: [UInt8] = []
        while true {
            let result = receiver.readPlaintext(into: &received)
            if case .bytesRead = result { continue }
            return (result, received)
        }
    }
}

extension TLSHandshakeResult {
    var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }

    var failure: TLSError.Kind? {
        if case .failed(let error) = self { return error.kind }
        return nil
    }
}

extension TLSReadResult {
    var failure: TLSError.Kind? {
        if case .failed(let error) = self { return error.kind }
        return nil
    }
}
