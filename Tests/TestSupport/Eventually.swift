/// Checks `condition` every 10 ms until it holds or `milliseconds` have passed, and tells whether it
/// held: for what another thread makes true (a server closing a connection), without a fixed sleep
/// that a loaded machine outlasts. It suspends between checks instead of blocking its thread.
public func eventually(withinMilliseconds milliseconds: Int, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    while try !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
