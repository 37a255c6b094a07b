// layout-bench: the project's benchmarks. Run in release: `swift run -c release layout-bench [engine|json|service]`.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "engine": EngineBenchmarks.run(arguments: rest)
case "json": JSONBenchmarks.run(arguments: rest)
case "service": ServiceBenchmarks.run(arguments: rest)
case "invalidate": InvalidationBenchmarks.run(arguments: rest)
case "transition": TransitionBenchmarks.run(arguments: rest)
case "anchoring": AnchoringBenchmarks.run(arguments: rest)
case "scroll-to": NavigationBenchmarks.run(arguments: rest)
case "sessions": SessionBenchmarks.run(arguments: rest)
case "flow": FlowBenchmarks.run(arguments: rest)
case "waterfall": WaterfallBenchmarks.run(arguments: rest)
case "badges": CompositionalBadgeBenchmarks.run(arguments: rest)
case nil, "all":
    EngineBenchmarks.run(arguments: rest)
    JSONBenchmarks.run(arguments: rest)
    ServiceBenchmarks.run(arguments: rest)
default:
    print(
        "usage: layout-bench [engine|json|service|invalidate|transition|anchoring|scroll-to|sessions|flow|waterfall"
            + "|badges|all] [--items N]"
    )
}
