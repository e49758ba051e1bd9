import Glibc
import HTTP
import System
import TLS

/// One thread's epoll loop: it owns its listeners' sockets, its connections, its timers and its
/// responder, and is the only thread that touches them. Other threads reach it through `execute`.
final class EventLoop: @unchecked Sendable {
    /// What a ready descriptor belongs to.
    private enum Registration {
        case wakeup
        case listener(Socket, ListenerConfiguration)
        case connection(Connection)
    }

    let index: Int
    let clock: any MonotonicClock
    let configuration: TransportConfiguration
    private let epoll: Epoll
    private let wakeup: Wakeup
    private let counter: ConnectionCounter
    /// The connections of all loops that keep their TLS record buffers (see `Connection.adjustTLSBuffers`).
    let tlsBufferKeepers: ConnectionCounter
    private let connectionIDs: ConnectionIDSource
    private let responderFactory: @Sendable (Int) throws -> any HTTPResponder
    private let inbox = LockedValue<[@Sendable () -> Void]>([])

    // Loop-thread state.
    private var registrations: [Int32: Registration] = [:]
    private var listenerCount = 0
    private var connectionCount = 0
    private var timers = TimerQueue()
    private var stopping = false
    private(set) var responder: (any HTTPResponder)?
    /// The `Date` header, formatted once per second and read for every answer: in a `ThreadOwnedValue`
    /// like the scratch buffers below (its one method calls only `time` and the formatter).
    let dateCache = ThreadOwnedValue(DateHeaderCache())
    /// Scratch buffers shared by every connection of the loop, so idle connections hold none. They
    /// and the flush lists are reached on every request, each in its own `ThreadOwnedValue`: lent
    /// by moving them out (below), their accesses cannot overlap, and they skip the run-time
    /// exclusivity check that a stored property would get on each one.
    let socketReadBuffer = ThreadOwnedValue([UInt8](repeating: 0, count: 64 * 1024))
    private let plaintextBuffer = ThreadOwnedValue<[UInt8]>([])
    let outgoingPlaintext = ThreadOwnedValue<[UInt8]>([])
    private let outgoingCiphertext = ThreadOwnedValue<[UInt8]>([])
    /// The connections whose answers leave when the turn ends, and spare storage for the list.
    private let connectionsToFlush = ThreadOwnedValue<[Connection]>([])
    private let spareFlushList = ThreadOwnedValue<[Connection]>([])

    /// How often the loop checks its connections' deadlines and TLS buffers.
    static let sweepIntervalMilliseconds: Int64 = 250

    init(index: Int, configuration: TransportConfiguration, clock: any MonotonicClock, counter: ConnectionCounter,
         tlsBufferKeepers: ConnectionCounter, connectionIDs: ConnectionIDSource, responderFactory: @escaping @Sendable (Int) throws -> any HTTPResponder) throws(SystemCallError) {
        self.index = index
        self.configuration = configuration
        self.clock = clock
        self.counter = counter
        self.tlsBufferKeepers = tlsBufferKeepers
        self.connectionIDs = connectionIDs
        self.responderFactory = responderFactory
        epoll = try Epoll()
        wakeup = try Wakeup()
        try epoll.register(wakeup.descriptor, edgeTriggered: false)
        registrations[wakeup.descriptor] = .wakeup
        plaintextBuffer.value.reserveCapacity(32 * 1024)
        outgoingPlaintext.value.reserveCapacity(32 * 1024)
        outgoingCiphertext.value.reserveCapacity(32 * 1024)
    }

    /// Adds a bound listening socket; called before the loop runs.
    func adopt(listener socket: Socket, configuration: ListenerConfiguration) throws(SystemCallError) {
        try epoll.register(socket.descriptor, edgeTriggered: false)
        registrations[socket.descriptor] = .listener(socket, configuration)
        listenerCount += 1
    }

    // A scratch buffer is lent to a closure, leaving its box empty until the closure returns,
    // instead of the box's value being passed `inout` across calls into other modules: a use of the
    // same buffer inside the closure finds it empty rather than aliasing the one lent.

    /// Lends `plaintextBuffer` to `body`, then takes it back.
    func withPlaintextBuffer<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        var lent = Self.moveOut(&plaintextBuffer.value)
        defer { plaintextBuffer.value = lent }
        return body(&lent)
    }

    /// Lends `outgoingPlaintext` to `body`, then takes it back.
    func withOutgoingPlaintext<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        var lent = Self.moveOut(&outgoingPlaintext.value)
        defer { outgoingPlaintext.value = lent }
        return body(&lent)
    }

    /// Lends `outgoingCiphertext` to `body`, then takes it back.
    func withOutgoingCiphertext<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        var lent = Self.moveOut(&outgoingCiphertext.value)
        defer { outgoingCiphertext.value = lent }
        return body(&lent)
    }

    private static func moveOut<Element>(_ buffer: inout [Element]) -> [Element] {
        var moved: [Element] = []
        swap(&moved, &buffer)
        return moved
    }

    /// Runs `task` on the loop's thread; safe from any thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        inbox.withLock { $0.append(task) }
        wakeup.signal()
    }

    /// Runs `task` on this loop at `now + milliseconds`; loop thread only.
    func schedule(afterMilliseconds milliseconds: Int64, _ task: @escaping () -> Void) {
        schedule(at: clock.now().adding(milliseconds: milliseconds), task)
    }

    /// Runs `task` on this loop once its clock reaches `instant`; loop thread only.
    func schedule(at instant: Instant, _ task: @escaping () -> Void) {
        timers.schedule(at: instant, task)
    }

    /// Makes the loop's responder on the loop's own thread (it may hold thread-bound resources).
    func makeResponder() throws {
        responder = try responderFactory(index)
    }

    /// The loop body: runs until a shutdown has closed the listeners and every connection.
    func run() {
        scheduleSweep()
        while !(stopping && listenerCount == 0 && connectionCount == 0) {
            let timeout = timers.nextDeadline.map { Int32(clamping: max(0, $0.milliseconds(since: clock.now()) + 1)) } ?? -1
            do {
                try epoll.wait(timeoutMilliseconds: timeout) { descriptor, readiness in
                    handle(descriptor, readiness)
                }
            } catch {
                // epoll_wait fails only on programming errors (EBADF, EINVAL); stop rather than spin.
                break
            }
            flushQueuedOutput()
            for task in timers.popDue(now: clock.now()) { task() }
            flushQueuedOutput()
            responder?.loopTurnEnded()
        }
        responder = nil
        timers = TimerQueue()
    }

    /// Has `connection`'s output written when the turn ends; loop thread only.
    ///
    /// A turn answers the requests of every connection epoll reported, then writes all the answers
    /// in one burst: a client waiting in `epoll_wait` is then woken by the first write of the burst
    /// rather than once per answer (a wake-up on another core costs the writer an interrupt).
    func queueFlush(of connection: Connection) {
        guard !connection.isFlushQueued else { return }
        connection.isFlushQueued = true
        connectionsToFlush.value.append(connection)
    }

    /// Writes the output of the connections `queueFlush(of:)` named, and of those their flush names
    /// in turn (one that resumes reading answers what it had buffered).
    private func flushQueuedOutput() {
        while !connectionsToFlush.value.isEmpty {
            // Swapped out rather than iterated in place (see the scratch buffers above).
            var batch = Self.moveOut(&spareFlushList.value)
            swap(&batch, &connectionsToFlush.value)
            for connection in batch {
                connection.isFlushQueued = false
                connection.flushTurnOutput()
            }
            batch.removeAll(keepingCapacity: true)
            spareFlushList.value = batch
        }
    }

    /// Begins a graceful shutdown: stop accepting, close idle connections, let busy ones finish
    /// until the grace period ends; loop thread only.
    func beginShutdown() {
        guard !stopping else { return }
        stopping = true
        // Answers this turn has given leave before their connections hear of the shutdown (an idle
        // one closes at once).
        flushQueuedOutput()
        for (descriptor, registration) in registrations {
            switch registration {
            case .listener(let socket, _):
                epoll.unregister(descriptor)
                socket.close()
                registrations[descriptor] = nil
                listenerCount -= 1
            case .connection(let connection):
                connection.shutdownRequested()
            case .wakeup:
                break
            }
        }
        schedule(afterMilliseconds: configuration.shutdownGraceMilliseconds) { [self] in
            for case .connection(let connection) in registrations.values {
                connection.close(.shutdownGraceEnded)
            }
        }
    }

    /// Reports `descriptor`'s writability from now on (a connection's write would block); loop thread only.
    func watchWritability(of descriptor: Int32) throws(SystemCallError) {
        try epoll.watchWritability(of: descriptor)
    }

    /// Forgets a closed connection; called by the connection itself.
    func connectionClosed(_ connection: Connection, descriptor: Int32) {
        guard case .connection = registrations[descriptor] else { return }
        registrations[descriptor] = nil
        connectionCount -= 1
        counter.release()
    }

    private func handle(_ descriptor: Int32, _ readiness: Readiness) {
        switch registrations[descriptor] {
        case .wakeup:
            wakeup.drain()
            for task in inbox.withLock({ tasks in defer { tasks.removeAll() }; return tasks }) { task() }
        case .listener(let socket, let configuration):
            acceptOne(from: socket, configuration: configuration)
        case .connection(let connection):
            connection.handle(readiness)
        case nil:
            break
        }
    }

    /// Accepts one connection: the listener is level-triggered, so the next wait reports it again
    /// while more are waiting, and a lone connection costs no `accept4` that fails with `EAGAIN`.
    private func acceptOne(from listener: Socket, configuration: ListenerConfiguration) {
        guard !stopping else { return }
        let accepted: (Socket, SocketAddress)?
        do {
            accepted = try listener.accept()
        } catch {
            // EMFILE, ENFILE, ENOBUFS, ECONNABORTED: this connection is lost; keep serving the others.
            return
        }
        guard let (socket, peer) = accepted else { return }
        guard counter.admit(limit: self.configuration.maxConnections) else { return socket.close() }
        do {
            let connection = try Connection(
                socket: socket, tls: TLSConnection(context: configuration.tls.current), loop: self,
                info: ConnectionInfo(id: connectionIDs.next(), peer: peer, listenerName: configuration.name))
            let descriptor = socket.descriptor
            registrations[descriptor] = .connection(connection)
            connectionCount += 1
            try epoll.register(descriptor)
        } catch {
            if case .connection(let connection) = registrations[socket.descriptor] {
                connection.close(.socketFailed)
            } else {
                socket.close()
                counter.release()
            }
        }
    }

    private func scheduleSweep() {
        schedule(afterMilliseconds: Self.sweepIntervalMilliseconds) { [self] in
            let now = clock.now()
            for case .connection(let connection) in registrations.values {
                connection.checkDeadlines(now: now)
            }
            scheduleSweep()
        }
    }
}
