import Transport

extension BackendResponder {
    /// Logs a close the server chose (a timeout, a peer that stopped reading, a shutdown), so that a
    /// client developer sees on the server's console why the app's connection went away. Closes the
    /// peer asked for, errors, faults and the end of a lingering close are not worth a line, and a
    /// handshake timeout is already logged as a failed handshake.
    public func connectionClosed(connection: ConnectionInfo, reason: ConnectionStateMachine.CloseReason) {
        switch reason {
        case .requestHeadersTimeout, .requestBodyTimeout, .idleTimeout, .writeStalled, .shutdown, .shutdownGraceEnded, .http2ProtocolError, .pingTimeout:
            environment.logger.log(.info, "connection closed", [
                ("peer", .text(connection.peerHost)), ("listener", .text(connection.listenerName)), ("reason", .text(reason.rawValue)),
            ])
        case .handshakeTimeout, .peerClosed, .lastResponse, .handshakeFailed, .tlsFailed, .plainHTTP, .socketFailed,
             .faultDropped, .faultReset, .http2SessionEnded:
            break
        }
    }
}
