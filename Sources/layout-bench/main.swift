// The lead merges a dispatcher (`layout-bench json`, `layout-bench engine`, …); until then, JSON is the only one.
JSONBenchmarks.run(arguments: Array(CommandLine.arguments.dropFirst()))
