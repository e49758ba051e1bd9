import System

/// A TLS HTTP/1.1 server: one event loop per configured thread, each with its own `SO_REUSEPORT`
/// listening socket for every listener, so the kernel spreads connections across loops without a lock.
public final class HTTPServer: Sendable {
    /// Where the server is in its life.
    private enum Lifecycle {
        /// Created; nothing bound yet.
        case idle
        /// Loops are running on their threads.
        case running(loops: [EventLoop], threads: [LoopThread])
        /// A shutdown was requested; loops are draining.
        case stopping(threads: [LoopThread])
        /// Every loop has exited.
        case stopped
    }

    private let configuration: TransportConfiguration
    private let listeners: [ListenerConfiguration]
    private let clock: any MonotonicClock
    private let responderFactory: @Sendable (Int) throws -> any HTTPResponder
    private let counter = ConnectionCounter()
    private let tlsBufferKeepers = ConnectionCounter()
    private let lifecycle = LockedValue<Lifecycle>(.idle)

    /// A server for `listeners`; `responderFactory` makes each loop's responder on that loop's thread.
    public init(configuration: TransportConfiguration, listeners: [ListenerConfiguration],
                clock: any MonotonicClock = SystemMonotonicClock(),
                responderFactory: @escaping @Sendable (Int) throws -> any HTTPResponder) {
        self.configuration = configuration
        self.listeners = listeners
        self.clock = clock
        self.responderFactory = responderFactory
    }

    /// Binds every listener (resolving port 0 once, shared by all loops), makes each loop's responder
    /// and starts the loops; throws when any of that fails, leaving nothing running.
    public func start() throws(HTTPServerError) -> [BoundListener] {
        let ids = ConnectionIDSource()
        var loops: [EventLoop] = []
        var bound: [BoundListener] = []
        do {
            for index in 0..<configuration.eventLoops {
                loops.append(try EventLoop(index: index, configuration: configuration, clock: clock, counter: counter,
                                           tlsBufferKeepers: tlsBufferKeepers, connectionIDs: ids, responderFactory: responderFactory))
            }
            for listener in listeners {
                var address = try SocketAddress(host: listener.host, port: listener.port)
                if address.port != 0 { try Socket.checkAvailable(address) }
                for loop in loops {
                    let socket = try Socket.listening(on: address, backlog: configuration.listenBacklog)
                    if address.port == 0 { address = try socket.localAddress() }
                    try loop.adopt(listener: socket, configuration: listener)
                }
                bound.append(BoundListener(name: listener.name, address: address))
            }
        } catch {
            throw .system(error)
        }
        let barrier = StartupBarrier(count: loops.count)
        var threads: [LoopThread] = []
        for loop in loops {
            do {
                threads.append(try LoopThread(name: "cs-loop-\(loop.index)") {
                    do {
                        try loop.makeResponder()
                    } catch {
                        barrier.failed(String(describing: error))
                        loop.beginShutdown()
                        loop.run()
                        return
                    }
                    barrier.succeeded()
                    loop.run()
                })
            } catch {
                barrier.failed(error.description)
            }
        }
        lifecycle.withLock { $0 = .running(loops: loops, threads: threads) }
        if let failure = barrier.wait() {
            shutdown()
            wait()
            throw .responder(failure)
        }
        return bound
    }

    /// Starts a graceful shutdown from any thread: stop accepting, finish requests in flight (at most
    /// the configured grace period), close everything. Returns at once; `wait()` blocks until done.
    public func shutdown() {
        lifecycle.withLock { state in
            guard case .running(let loops, let threads) = state else { return }
            for loop in loops {
                loop.execute { loop.beginShutdown() }
            }
            state = .stopping(threads: threads)
        }
    }

    /// Blocks until every loop has exited after `shutdown()`.
    public func wait() {
        let threads: [LoopThread] = lifecycle.withLock { state in
            switch state {
            case .running(_, let threads), .stopping(let threads): threads
            case .idle, .stopped: []
            }
        }
        for thread in threads { thread.join() }
        lifecycle.withLock { $0 = .stopped }
    }

    /// Connections open now, across all loops.
    public var openConnections: Int { counter.current }

    /// The connections keeping their TLS record buffers now (see `maxConnectionsKeepingTLSBuffers`).
    public var connectionsKeepingTLSBuffers: Int { tlsBufferKeepers.current }
}
