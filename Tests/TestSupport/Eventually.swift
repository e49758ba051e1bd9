/// How long a test waits for what should happen soon (an answer, a closed connection, a journal
/// entry). A passing test never waits this long; the bound is for a sanitizer build on a busy
/// machine, where ThreadSanitizer slows a request many times over and tests run side by side.
public enum Patience {
    public static let seconds = 60
    public static let milliseconds = seconds * 1_000
}

/// Checks `condition` every 10 ms until it holds or `milliseconds` have passed, and tells whether it
/// held: for what another thread makes true (a server closing a connection), without a fixed sleep
/// that a loaded machine outlasts. It suspends between checks instead of blocking its thread.
public func eventually(withinMilliseconds milliseconds: Int = Patience.milliseconds, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    while try !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
