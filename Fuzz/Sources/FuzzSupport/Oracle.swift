/// Checks a fuzz target's oracle: on failure, prints why and traps, which libFuzzer reports as a crash and saves
/// the input for.
///
/// `precondition` would do, but optimized builds drop its message, and a finding without the reason is slow to
/// read; `fatalError` keeps it.
///
/// - Parameters:
///   - condition: What must hold for every input.
///   - message: What went wrong, built only on failure.
@inline(__always)
public func oracle(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
