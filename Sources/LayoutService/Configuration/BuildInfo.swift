/// What `layoutd --version`, `GET /healthz` and the `layoutd_build_info` metric say about the binary.
///
/// The version is written here and nowhere else; the commit is taken at build time by `Plugins/BuildInfoPlugin`
/// (`git rev-parse`), and is `unknown` for sources built outside a git checkout.
public enum BuildInfo {
    /// The release version, semantic versioning.
    public static let version = "0.1.0"

    /// The abbreviated git commit the binary was built from, or `unknown`.
    public static var commit: String { Self.generatedCommit }

    /// The line `layoutd --version` prints, e.g. `layoutd 0.1.0 (commit 1a2b3c4)`.
    public static var versionLine: String { "layoutd \(Self.version) (commit \(Self.commit))" }

    /// The body of `GET /healthz`: `{"status":"ok","version":…,"commit":…}`.
    ///
    /// Both values are plain ASCII (the plugin writes hexadecimal or `unknown`), so they need no escaping.
    static let healthJSON = #"{"status":"ok","version":"\#(BuildInfo.version)","commit":"\#(BuildInfo.commit)"}"#

    /// The `layoutd_build_info` gauge in Prometheus text format 0.0.4: always 1, the information in its labels.
    static let metricsText = """
        # HELP layoutd_build_info The version and commit layoutd was built from; always 1.
        # TYPE layoutd_build_info gauge
        layoutd_build_info{version="\(BuildInfo.version)",commit="\(BuildInfo.commit)"} 1

        """
}
