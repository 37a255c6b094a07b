extension LayoutdOptions {
    /// The usage line, as help and every usage error print it.
    public static let usageLine = "USAGE: layoutd [<options>]"

    /// The text `--help` prints, in swift-argument-parser's layout: an overview, the usage line, then the options
    /// by group, each with its value, its variable and its default read from a fresh ``LayoutdOptions``.
    public static var helpText: String {
        let defaults = LayoutdOptions()
        var text = """
            OVERVIEW: Collection-view layouts as an HTTP service.

            Every option can also be set by its environment variable; the flag wins.
            Booleans are flags (--name, --no-name) and take true, false, 1, 0, yes or no
            from the environment.

            \(Self.usageLine)

            """
        for group in OptionDescriptor.Group.allCases {
            let options = OptionDescriptor.all.filter { $0.group == group }
            guard !options.isEmpty else { continue }
            text += "\n\(group.rawValue):\n"
            for option in options {
                let names = option.valueName.map { "\(option.flag) <\($0)>" } ?? "\(option.flag)/--no-\(option.name)"
                let details = "(env: \(option.variable), default: \(option.show(defaults)))"
                text += Self.entry(names: names, help: option.abstract, details: details)
            }
        }
        text += "\nOPTIONS:\n"
        text += Self.entry(names: "--version", help: "Show the version and the commit.", details: nil)
        text += Self.entry(names: "-h, --help", help: "Show help information.", details: nil)
        return text
    }

    /// The help's columns: names from column 2, text from column 26, lines up to 80 columns.
    private static let textColumn = 26
    private static let width = 80

    /// One option's lines: its names, then its help wrapped, with `details` kept whole on one line.
    private static func entry(names: String, help: String, details: String?) -> String {
        let indent = String(repeating: " ", count: Self.textColumn)
        var lines: [String] = []
        var line = "  " + names
        if line.count + 2 > Self.textColumn {
            lines.append(line)
            line = indent
        } else {
            line += String(repeating: " ", count: Self.textColumn - line.count)
        }
        var units = help.split(separator: " ").map(String.init)
        if let details { units.append(details) }
        var isLineEmpty = true
        for unit in units {
            if !isLineEmpty, line.count + 1 + unit.count > Self.width {
                lines.append(line)
                line = indent
                isLineEmpty = true
            }
            line += (isLineEmpty ? "" : " ") + unit
            isLineEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
