/// Reading the benchmarks' command-line flags.
enum BenchmarkArguments {
    /// The integer after `flag` in `arguments` (`--items 1000`), or `nil` when the flag or a number is missing.
    static func integer(_ flag: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
