// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets: a package of its own, so that `swift build` and `swift test` at the repository's root never
// see the sanitizer flags. `Sources/HTTPCore`, `Sources/LayoutEngine` and `Sources/LayoutService` here are symbolic
// links to the main package's sources (SwiftPM refuses target paths outside a package), so the fuzzers exercise
// exactly the code that ships; `Sources/JSON` likewise, whose reader the JSON fuzzer drives through its public API;
// `Plugins/BuildInfoPlugin` likewise.
// Build and run with `scripts/fuzz`; see docs/fuzzing.md.

/// The main package's settings, so the sources compile here exactly as they do there.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "layoutd-fuzz",
    targets: [
        .target(name: "LayoutEngine", swiftSettings: swiftSettings),
        .target(name: "JSON", swiftSettings: swiftSettings),
        .target(name: "HTTPCore", swiftSettings: swiftSettings),
        // LayoutService's BuildInfo needs the commit the plugin generates (`unknown` here: Fuzz has no .git).
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        .target(
            name: "LayoutService",
            dependencies: ["LayoutEngine", "JSON", "HTTPCore"],
            swiftSettings: swiftSettings,
            plugins: ["BuildInfoPlugin"]
        ),
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzHTTPParser",
            dependencies: ["HTTPCore", "CLibFuzzer", "FuzzSupport"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzJSONReader",
            dependencies: ["JSON", "CLibFuzzer", "FuzzSupport"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzResponder",
            dependencies: ["LayoutService", "JSON", "HTTPCore", "CLibFuzzer", "FuzzSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
