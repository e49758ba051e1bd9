import System

/// The server's metrics, served at `/metrics`: each event loop records into its own shard, and a
/// scrape adds the shards up, so recording a request never waits for another loop.
public final class MetricsRegistry: Sendable {
    private let shards = LockedValue<[MetricsShard]>([])
    private let openConnectionsSource = LockedValue<(@Sendable () -> Int)?>(nil)
    private let processStartSeconds = ProcessStatistics.startTimeSeconds()

    /// An empty registry.
    public init() {}

    /// Makes `source` the count of open connections that scrapes report (the transport knows it).
    public func observeOpenConnections(_ source: @escaping @Sendable () -> Int) {
        openConnectionsSource.withLock { $0 = source }
    }

    /// A new shard for one event loop, included in every later scrape.
    func makeShard() -> MetricsShard {
        let shard = MetricsShard()
        shards.withLock { $0.append(shard) }
        return shard
    }

    /// What a scrape shows now.
    func report() -> MetricsReport {
        var total = MetricsSample()
        for shard in shards.withLock({ $0 }) { shard.add(to: &total) }
        let openConnections = openConnectionsSource.withLock { $0 }?() ?? 0
        return MetricsReport(sample: total, openConnections: openConnections,
                             residentMemoryBytes: ProcessStatistics.residentMemoryBytes(), processStartSeconds: processStartSeconds)
    }
}
