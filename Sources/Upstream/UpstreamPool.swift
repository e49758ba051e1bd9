import Glibc
import HTTP
import System
import TLS

/// A bounded pool of worker threads, each with one keep-alive connection to the upstream, doing
/// blocking exchanges off the event loops: at most `maxConnections` upstream connections, at most
/// `maxQueuedRequests` waiting. A request beyond both is refused at once (`saturated`).
public final class UpstreamPool: Sendable {
    /// The upstream's answer, or why there is none, and how long the exchange took (0 when it was
    /// refused without one).
    public struct Exchange: Sendable {
        public let result: Result<HTTPResponse, UpstreamFailure>
        public let milliseconds: Int64

        /// An exchange refused before it reached the upstream.
        public static func refused(_ failure: UpstreamFailure) -> Exchange {
            Exchange(result: .failure(failure), milliseconds: 0)
        }
    }

    public typealias Completion = @Sendable (Exchange) -> Void

    private struct Job: Sendable {
        let request: HTTPRequest
        let completion: Completion
    }

    private struct Queue: Sendable {
        var jobs: [Job] = []
        /// Workers waiting for a job: each takes one request beyond the queue's bound.
        var idleWorkers = 0
        var stopping = false
    }

    private let configuration: UpstreamConfiguration
    private let queue = LockedValue(Queue())
    private let available: WorkSignal
    private let threads: LockedValue<[LoopThread]> = LockedValue([])

    /// Starts the workers; fails when the TLS configuration cannot be used.
    public init(configuration: UpstreamConfiguration, clock: any MonotonicClock = SystemMonotonicClock()) throws(UpstreamFailure) {
        self.configuration = configuration
        available = WorkSignal()
        let context: TLSContext
        do {
            context = try TLSContext.client(configuration.tls)
        } catch {
            throw .tls(error.description)
        }
        let shared = SharedContext(context: context)
        for index in 0..<max(1, configuration.maxConnections) {
            do {
                let thread = try LoopThread(name: "upstream-\(index)") { [self] in
                    work(UpstreamConnection(configuration: configuration, context: shared.context, clock: clock), clock: clock)
                }
                threads.withLock { $0.append(thread) }
            } catch {
                throw .unreachable("cannot start an upstream worker: \(error)")
            }
        }
    }

    /// Queues `request`; `completion` runs on a worker thread with its answer. False, and no
    /// completion, when the queue is full.
    public func submit(_ request: HTTPRequest, completion: @escaping Completion) -> Bool {
        let admitted = queue.withLock { queue in
            guard !queue.stopping, queue.jobs.count < configuration.maxQueuedRequests + queue.idleWorkers else { return false }
            queue.jobs.append(Job(request: request, completion: completion))
            return true
        }
        if admitted { available.signal() }
        return admitted
    }

    /// Stops the workers after the exchanges in progress; queued requests fail as saturated.
    public func shutdown() {
        let abandoned = queue.withLock { queue in
            queue.stopping = true
            defer { queue.jobs = [] }
            return queue.jobs
        }
        for job in abandoned { job.completion(.refused(.saturated)) }
        let workers = threads.withLock { threads in
            defer { threads = [] }
            return threads
        }
        for _ in workers { available.signal() }
        for worker in workers { worker.join() }
    }

    /// Runs queued exchanges on `connection`, timing each on `clock`, until the pool stops.
    private func work(_ connection: UpstreamConnection, clock: any MonotonicClock) {
        while true {
            queue.withLock { $0.idleWorkers += 1 }
            available.wait()
            let next = queue.withLock { queue -> Job?? in
                queue.idleWorkers -= 1
                if queue.stopping { return .none }
                return .some(queue.jobs.isEmpty ? nil : queue.jobs.removeFirst())
            }
            guard let job = next else { return connection.close() }
            guard let job else { continue }
            let start = clock.now()
            let result: Result<HTTPResponse, UpstreamFailure>
            do {
                result = .success(try connection.exchange(job.request))
            } catch {
                result = .failure(error)
            }
            job.completion(Exchange(result: result, milliseconds: clock.now().milliseconds(since: start)))
        }
    }
}

/// The client context, shared by the workers: OpenSSL contexts are safe to use from several threads.
private struct SharedContext: @unchecked Sendable {
    let context: TLSContext
}

/// A counting semaphore: each `signal` lets one `wait` through.
private final class WorkSignal: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() {
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    func signal() {
        sem_post(semaphore)
    }

    func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }
}
