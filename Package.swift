// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode (the tools version) plus the two upcoming features the house
/// style asks for.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "layoutd",
    products: [
        .executable(name: "layoutd", targets: ["layoutd"]),
        .executable(name: "layout-bench", targets: ["layout-bench"]),
        .executable(name: "http-echo", targets: ["http-echo"]),
    ],
    targets: [
        .target(name: "LayoutEngine", swiftSettings: swiftSettings),
        .target(name: "JSON", swiftSettings: swiftSettings),
        .target(name: "HTTPCore", swiftSettings: swiftSettings),
        .target(name: "CSystem"),
        .target(name: "HTTPServer", dependencies: ["HTTPCore", "CSystem"], swiftSettings: swiftSettings),
        // Embeds the git commit in LayoutService at build time (BuildInfo.commit), `unknown` outside a checkout.
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        .target(
            name: "LayoutService",
            dependencies: ["LayoutEngine", "JSON", "HTTPCore"],
            swiftSettings: swiftSettings,
            plugins: ["BuildInfoPlugin"]
        ),
        .executableTarget(
            name: "layoutd",
            dependencies: ["LayoutEngine", "HTTPCore", "HTTPServer", "LayoutService"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "layout-bench",
            dependencies: ["LayoutEngine", "JSON", "HTTPCore", "HTTPServer", "LayoutService"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "http-echo", dependencies: ["HTTPCore", "HTTPServer"], swiftSettings: swiftSettings),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"], swiftSettings: swiftSettings),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: swiftSettings),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "HTTPCore", "http-echo"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LayoutServiceTests",
            dependencies: ["LayoutService", "LayoutEngine", "JSON", "HTTPCore"],
            swiftSettings: swiftSettings
        ),
    ]
)
