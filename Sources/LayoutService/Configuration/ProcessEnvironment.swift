import Foundation

/// The process environment as a dictionary, for ``LayoutdOptions/parse(arguments:environment:)``.
public enum ProcessEnvironment {
    /// The variables of the running process.
    public static var current: [String: String] { ProcessInfo.processInfo.environment }
}
