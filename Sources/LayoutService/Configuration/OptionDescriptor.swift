/// One setting of ``LayoutdOptions`` as the command line, the environment and the help text see it.
///
/// A descriptor reads and writes its setting through a key path, so the help prints the default from the struct
/// that holds it and never from a copy. The table of them is ``all``.
struct OptionDescriptor: Sendable {
    /// The help section an option is listed in.
    enum Group: String, CaseIterable, Sendable {
        case server = "SERVER OPTIONS"
        case limits = "LIMIT OPTIONS"
        case sessions = "SESSION OPTIONS"
        case access = "ACCESS OPTIONS"
        case logging = "LOGGING OPTIONS"
    }

    /// The name: `--name` as a flag, `LAYOUTD_NAME` as a variable.
    var name: String
    /// Where the help lists it.
    var group: Group
    /// The value's name in help, such as `seconds`; `nil` for a boolean, which is a flag.
    var valueName: String?
    /// One or two sentences for the help.
    var abstract: String
    /// What a valid value is, completing "must be …".
    var requirement: String
    /// Older names still accepted as flags and variables, documented as deprecated.
    var deprecatedNames: [String] = []
    /// Stores a value from its text; `false` when the text is not valid.
    var store: @Sendable (inout LayoutdOptions, String) -> Bool
    /// The current value as help and the README print it.
    var show: @Sendable (LayoutdOptions) -> String

    /// `--name`.
    var flag: String { "--\(self.name)" }
    /// `LAYOUTD_NAME`.
    var variable: String { Self.variable(for: self.name) }
    /// Whether this is a boolean, set by `--name` and cleared by `--no-name`.
    var isFlag: Bool { self.valueName == nil }

    /// The environment variable of a name: `max-items` is `LAYOUTD_MAX_ITEMS`.
    static func variable(for name: String) -> String {
        "LAYOUTD_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// The descriptor a flag names, and whether it is a boolean's `--no-` form.
    static func named(_ flag: String) -> (OptionDescriptor, isNegated: Bool)? {
        for option in Self.all {
            if option.flag == flag || option.deprecatedNames.contains(where: { "--\($0)" == flag }) {
                return (option, false)
            }
            if option.isFlag, flag == "--no-\(option.name)" { return (option, true) }
        }
        return nil
    }

    /// Every flag `layoutd` knows, deprecated ones included.
    static var knownFlags: [String] {
        var flags = ["--help", "--version"]
        for option in Self.all {
            flags.append(option.flag)
            if option.isFlag { flags.append("--no-\(option.name)") }
            flags += option.deprecatedNames.map { "--\($0)" }
        }
        return flags
    }

    /// The known flag nearest to an unknown one by edit distance, when it is near enough to be a typo.
    static func nearestFlag(to flag: String) -> String? {
        let typed = flag.hasPrefix("--") ? flag : "--" + flag.drop(while: { $0 == "-" })
        let scored = Self.knownFlags.map { ($0, editDistance(Array(typed), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, typed.count / 3) ? best.0 : nil
    }

    /// A boolean's text: `true`, `false`, `1`, `0`, `yes`, `no`, in any case.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }

    /// Levenshtein distance.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

// Makers for each kind of value, so the table states a setting's name, range and key path once.
extension OptionDescriptor {
    typealias Path<Value> = any WritableKeyPath<LayoutdOptions, Value> & Sendable

    /// An integer in `range`.
    static func integer(
        _ name: String, _ group: Group, _ path: Path<Int>, in range: ClosedRange<Int>, valueName: String = "count",
        abstract: String
    ) -> Self {
        Self(
            name: name, group: group, valueName: valueName, abstract: abstract, requirement: Self.describe(range),
            store: { options, text in
                guard let value = Int(text), range.contains(value) else { return false }
                options[keyPath: path] = value
                return true
            },
            show: { "\($0[keyPath: path])" }
        )
    }

    /// A number of bytes of at least `minimum`, with no upper bound: an ``integer(_:_:_:in:valueName:abstract:)``
    /// that help shows as `bytes`.
    static func bytes(
        _ name: String, _ group: Group, _ path: Path<Int>, atLeast minimum: Int = 1, abstract: String
    ) -> Self {
        .integer(name, group, path, in: minimum...Int.max, valueName: "bytes", abstract: abstract)
    }

    /// An integer in `range`, or `nil` (which `nilMeaning` explains) until set.
    static func optionalInteger(
        _ name: String, _ group: Group, _ path: Path<Int?>, in range: ClosedRange<Int>, nilMeaning: String,
        abstract: String
    ) -> Self {
        Self(
            name: name, group: group, valueName: "count", abstract: abstract, requirement: Self.describe(range),
            store: { options, text in
                guard let value = Int(text), range.contains(value) else { return false }
                options[keyPath: path] = value
                return true
            },
            show: { $0[keyPath: path].map { "\($0)" } ?? nilMeaning }
        )
    }

    /// Text that is `nil` (shown as "none") when empty, checked by `isValid` when not.
    static func optionalText(
        _ name: String, _ group: Group, _ path: Path<String?>, valueName: String, abstract: String,
        requirement: String, isValid: @escaping @Sendable (String) -> Bool = { _ in true },
        show: (@Sendable (String) -> String)? = nil
    ) -> Self {
        Self(
            name: name, group: group, valueName: valueName, abstract: abstract, requirement: requirement,
            store: { options, text in
                guard text.isEmpty || isValid(text) else { return false }
                options[keyPath: path] = text.isEmpty ? nil : text
                return true
            },
            show: { options in options[keyPath: path].map { show?($0) ?? $0 } ?? "none" }
        )
    }

    /// A duration written in seconds, from 1 ms to a year (anything else would overflow later).
    static func seconds(
        _ name: String, _ group: Group, _ path: Path<Duration>, deprecatedNames: [String] = [], abstract: String
    ) -> Self {
        Self(
            name: name, group: group, valueName: "seconds", abstract: abstract,
            requirement: "a number of seconds from 0.001 to 31536000", deprecatedNames: deprecatedNames,
            store: { options, text in
                guard let seconds = Double(text), (0.001...31_536_000).contains(seconds) else { return false }
                options[keyPath: path] = .milliseconds(Int((seconds * 1000).rounded()))
                return true
            },
            show: { Self.secondsText($0[keyPath: path]) }
        )
    }

    /// A boolean flag.
    static func flag(_ name: String, _ group: Group, _ path: Path<Bool>, abstract: String) -> Self {
        Self(
            name: name, group: group, valueName: nil, abstract: abstract,
            requirement: "true, false, 1, 0, yes or no",
            store: { options, text in
                guard let value = Self.boolean(text) else { return false }
                options[keyPath: path] = value
                return true
            },
            show: { "\($0[keyPath: path])" }
        )
    }

    /// One of an enumeration's raw values: `text`, `json` or `logfmt`.
    static func choice<Value: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, _ group: Group, _ path: Path<Value>, valueName: String, abstract: String
    ) -> Self where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return Self(
            name: name, group: group, valueName: valueName, abstract: abstract,
            requirement: "one of " + names.dropLast().joined(separator: ", ") + " or " + names.last!,
            store: { options, text in
                guard let value = Value(rawValue: text) else { return false }
                options[keyPath: path] = value
                return true
            },
            show: { $0[keyPath: path].rawValue }
        )
    }

    /// "an integer from 0 to 65535", or "an integer of at least 1" when only the lower bound matters.
    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == .max
            ? "an integer of at least \(range.lowerBound)"
            : "an integer from \(range.lowerBound) to \(range.upperBound)"
    }

    /// Whole seconds without a fraction (`900`), others as the shortest decimal (`0.5`).
    private static func secondsText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds)" }
        return "\(Double(seconds) + Double(attoseconds) * 1e-18)"
    }
}
