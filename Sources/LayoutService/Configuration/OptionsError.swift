/// A command line or environment value that `layoutd` cannot use: a usage error, exit code 64 (`EX_USAGE`).
public struct OptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, naming the option or variable and what it takes, e.g.
    /// `--port must be an integer from 0 to 65535, not 99999`.
    public var message: String

    /// The exit status for a usage error, `EX_USAGE` from `sysexits.h`.
    public static let exitCode: Int32 = 64

    /// Creates an error with its message.
    ///
    /// - Parameter message: What was wrong, without an `error:` prefix.
    public init(message: String) {
        self.message = message
    }

    /// The message alone.
    public var description: String { self.message }

    /// What `layoutd` prints on standard error: the message, the usage line and a hint to `--help`.
    public var report: String {
        "error: \(self.message)\n\(LayoutdOptions.usageLine)\n  See 'layoutd --help' for more information.\n"
    }

    /// A value that is not what `name` takes.
    static func invalid(_ name: String, _ requirement: String, _ value: String) -> Self {
        Self(message: "\(name) must be \(requirement), not \(value.isEmpty ? "an empty value" : value)")
    }

    /// An option no descriptor has, with the nearest known name when one is close.
    static func unknown(_ flag: String) -> Self {
        guard let nearest = OptionDescriptor.nearestFlag(to: flag) else {
            return Self(message: "unknown option \(flag)")
        }
        return Self(message: "unknown option \(flag); did you mean \(nearest)?")
    }
}
