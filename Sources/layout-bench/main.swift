// The lead's dispatcher replaces this file; until then `layout-bench engine` (or no argument) runs the engine
// benchmarks.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "engine" || arguments.isEmpty {
    EngineBenchmarks.run(arguments: Array(arguments.dropFirst(arguments.first == "engine" ? 1 : 0)))
} else {
    print("usage: layout-bench engine [--items N] [--queries Q]")
}
