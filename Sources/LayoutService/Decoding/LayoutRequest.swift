import HTTPCore
import JSON
import LayoutEngine

/// A decoded layout request: the body of `POST /layout/{kind}`.
struct LayoutRequest: Sendable {
    /// The engine's input: viewport, offset, direction and sections.
    var input: LayoutInput
    /// The kind and its parameters.
    var configuration: LayoutConfiguration
    /// Limits the answer to the elements intersecting it; `nil` means every element.
    var rect: Rect?
    /// How far each orthogonal section of a `compositional` layout has scrolled (`orthogonalOffsets`).
    var orthogonalOffsets: [Double] = []
    /// Several viewports to lay the same input out for (`viewports`, breakpoints), instead of `viewport`; the
    /// input's viewport is then the first of them.
    var viewports: [Size]?
    /// The first section laid out while the body was read (``WaterfallSectionStream``), or `nil`.
    var streamed: WaterfallSectionStream?

    /// The most viewports one request may name.
    static let maxViewports = 16

    /// Reads a request for `kind` from `body`.
    ///
    /// Every member is checked against `openapi.yaml`: unknown members, wrong types and out-of-range values are
    /// refused with the JSON pointer of the offending value.
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - kind: The kind named by the route.
    ///   - configuration: The item and depth limits.
    ///   - takesKindMember: Whether the body may name its `kind` (`POST /sessions`). Defaults to `false`.
    ///   - arrival: The body's arrival, when it was read while it arrived: its result is taken instead of reading
    ///     the body again. Defaults to `nil`.
    ///   - gate: For a body still arriving, what grants its bytes (only the early reader passes it). Defaults to
    ///     `nil`: the body is whole.
    /// - Returns: The request.
    /// - Throws: ``JSONError`` for malformed JSON (400) or a wrong shape or value (422); then, for a request that is
    ///   valid but holds more items than the limit, ``APIError/tooManyItems`` (413). The body is at most the
    ///   server's body limit, so reading it whole before judging the count costs a bounded time, and a request that
    ///   is both malformed and large learns what is malformed.
    static func decode(
        _ body: [UInt8],
        kind: LayoutKind,
        configuration: ServiceConfiguration,
        takesKindMember: Bool = false,
        arrival: BodyArrival? = nil,
        gate: EarlyBodyGate? = nil
    ) throws -> LayoutRequest {
        // Read already while the body arrived (``decodeEarly(_:arrival:kind:configuration:)``): the same result.
        if let arrival, let early = arrival.takeEarlyResult() as? Result<LayoutRequest, any Error> {
            return try early.get()
        }
        var reader =
            gate?.makeReader(body, maxDepth: configuration.maxJSONDepth)
            ?? JSONReader(bytes: body, maxDepth: configuration.maxJSONDepth)
        var viewport: Size?
        var viewports: [Size]?
        var contentOffset = Point.zero
        var direction = LayoutDirection.leftToRight
        var sections: [SectionInput]?
        var layoutConfiguration = LayoutConfiguration.defaults(for: kind)
        var rect: Rect?
        var orthogonalOffsets: [Double] = []
        var safeAreaInsets = EdgeInsets.zero
        var layoutMargins = LayoutInput.defaultLayoutMargins
        var readableContentWidth: Double?
        var counter = ItemCounter(limit: configuration.maxItems)
        var seen: UInt32 = 0
        var stream: WaterfallStreamStart?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            // A bit per known member instead of a set of names (two allocations a request); an unknown member is
            // refused by the switch below the first time it appears.
            // The name is matched once, to its bit; the member is then chosen by the bit (a jump, not a second run
            // of name comparisons).
            let bit = Self.memberBit(key)
            guard seen & bit == 0 else { throw reader.shapeError("appears twice") }
            seen |= bit
            switch Member(rawValue: bit) {
            case .viewport?: viewport = try reader.readSize()
            case .viewports? where !takesKindMember: viewports = try reader.readViewports()
            case .contentOffset?: contentOffset = try reader.readPoint()
            case .layoutDirection?: direction = try reader.readChoice(LayoutDirection.self)
            case .rect? where !takesKindMember: rect = try reader.readRect()
            case .orthogonalOffsets? where !takesKindMember && kind == .compositional:
                orthogonalOffsets = try reader.readOrthogonalOffsets()
            case .safeAreaInsets?: safeAreaInsets = try reader.readInsets()
            case .layoutMargins?: layoutMargins = try reader.readInsets()
            case .readableContentWidth?:
                readableContentWidth = try reader.readDouble(in: 1...JSONReader.maxLength)
            case .config?: layoutConfiguration = try reader.readConfiguration(kind: kind)
            case .sections?:
                // Read early, a waterfall whose viewport came first is laid out as its first section's items arrive.
                stream =
                    gate != nil && kind == .waterfall && !takesKindMember && viewports == nil
                    ? viewport.map { WaterfallStreamStart(viewport: $0, configuration: layoutConfiguration) } : nil
                sections = try reader.readSections(kind: kind, counter: &counter, streaming: stream)
            case .kind? where takesKindMember: try reader.skipValue()
            default: throw reader.unknownField(key)
            }
        }
        if viewport != nil, viewports != nil {
            throw JSONError.shape(pointer: "/viewports", message: "give either \"viewport\" or \"viewports\", not both")
        }
        guard let viewport = viewport ?? viewports?.first else { throw reader.missingField("viewport") }
        guard let sections else { throw reader.missingField("sections") }
        try reader.finish()
        guard counter.total <= counter.limit else {
            throw APIError.tooManyItems(count: counter.total, limit: counter.limit)
        }
        var input = LayoutInput(
            viewport: viewport,
            contentOffset: contentOffset,
            layoutDirection: direction,
            sections: consume sections
        )
        input.safeAreaInsets = safeAreaInsets
        input.layoutMargins = layoutMargins
        input.readableContentWidth = readableContentWidth
        // Moved in: passed as they are, the input and the configuration were copied (outlined copies of a few
        // hundred bytes each, their references retained) and the originals destroyed (issue 21). Made whole in the
        // return: a request made, then changed, then returned was copied once more (about 340 instructions).
        return LayoutRequest(
            input: consume input,
            configuration: consume layoutConfiguration,
            rect: rect,
            orthogonalOffsets: orthogonalOffsets,
            viewports: viewports,
            streamed: stream?.stream
        )
    }

    /// The bit ``decode(_:kind:configuration:takesKindMember:arrival:gate:)`` marks a member it has read with; 0 for
    /// a name it does not know.
    private static func memberBit(_ key: JSONKey) -> UInt32 {
        // The commonest members first: each case is a call of `~=`, and `sections`, in every request, came
        // eleventh (about 180 instructions a request; issue 21).
        switch key {
        case "viewport": 1 << 0
        case "sections": 1 << 10
        case "config": 1 << 9
        case "rect": 1 << 4
        case "contentOffset": 1 << 2
        case "kind": 1 << 11
        case "layoutDirection": 1 << 3
        case "viewports": 1 << 1
        case "orthogonalOffsets": 1 << 5
        case "safeAreaInsets": 1 << 6
        case "layoutMargins": 1 << 7
        case "readableContentWidth": 1 << 8
        default: 0
        }
    }

    /// The members by their ``memberBit(_:)``, for the switch that reads them.
    private enum Member: UInt32 {
        case viewport = 0x1, viewports = 0x2, contentOffset = 0x4, layoutDirection = 0x8, rect = 0x10
        case orthogonalOffsets = 0x20, safeAreaInsets = 0x40, layoutMargins = 0x80, readableContentWidth = 0x100
        case config = 0x200, sections = 0x400, kind = 0x800
    }
}

extension LayoutRequest {
    /// Reads the body of `POST /sessions`: a layout request with a `kind` member, which decides how the rest reads.
    ///
    /// - Throws: As ``decode(_:kind:configuration:takesKindMember:arrival:gate:)``; a missing or unknown `kind` is a
    ///   ``JSONError`` (422) naming `/kind`.
    static func decodeSession(_ body: [UInt8], configuration: ServiceConfiguration) throws -> LayoutRequest {
        guard let kind = try Self.findKind(in: body, maxDepth: configuration.maxJSONDepth) else {
            throw JSONError.shape(pointer: "/kind", message: "missing required field \"kind\"")
        }
        return try Self.decode(body, kind: kind, configuration: configuration, takesKindMember: true)
    }
}

extension LayoutRequest {
    /// Finds the `"kind"` member of a session request (or of its `member` object, e.g. a transition's `to`),
    /// which decides how the rest is read.
    ///
    /// Reading stops at the member, so a client that writes `kind` first (as the examples do) pays nothing for
    /// the look-ahead; otherwise the members before it are skipped, not decoded.
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - maxDepth: The nesting limit.
    ///   - member: The top-level object member that holds `kind`; `nil` for the top level itself.
    /// - Returns: The kind, or `nil` when `member` is given but absent (the full read reports it).
    /// - Throws: ``JSONError``: malformed JSON, a missing `kind`, or one that is not a kind (422, naming it).
    static func findKind(in body: [UInt8], maxDepth: Int, within member: StaticString? = nil) throws(JSONError) -> LayoutKind? {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        try reader.beginObject()
        if let member {
            var found = false
            while let key = try reader.nextKey() {
                if key == member {
                    found = true
                    break
                }
                try reader.skipValue()
            }
            guard found, try reader.kind() == .object else { return nil }
            try reader.beginObject()
        }
        while let key = try reader.nextKey() {
            guard key == "kind" else {
                try reader.skipValue()
                continue
            }
            return try reader.readChoice(LayoutKind.self)
        }
        throw reader.missingField("kind")
    }
}

/// Counts items as sections are read, so the decoder can judge the total once the body is known to be valid.
struct ItemCounter {
    /// The most items accepted.
    let limit: Int
    /// The items counted so far.
    private(set) var total = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds `count` items.
    mutating func add(_ count: Int) {
        self.total += count
    }
}

extension JSONReader {
    /// Reads `viewports`: from 1 to ``LayoutRequest/maxViewports`` sizes.
    mutating func readViewports() throws(JSONError) -> [Size] {
        var viewports: [Size] = []
        try self.beginArray()
        while try self.nextElement() {
            guard viewports.count < LayoutRequest.maxViewports else {
                throw self.shapeError("at most \(LayoutRequest.maxViewports) viewports are accepted")
            }
            viewports.append(try self.readSize())
        }
        guard !viewports.isEmpty else { throw self.shapeError("must name at least one viewport") }
        return viewports
    }

    /// The most sections one request may hold.
    static let maxSections = 10_000
    /// The narrowest waterfall item: an aspect ratio's width below this would make heights overflow.
    static let minimumAspectWidth = 0.001
    /// `{"count":n}`, as ``readSection(kind:counter:into:streaming:)`` matches a section given by its count alone.
    static let countMember = JSONCompactMember("count")
    /// The counts a section may give: bounded only against overflow (see
    /// ``readSection(kind:counter:into:streaming:)``).
    static let sectionCounts = 0...2_000_000_000

    /// Reads the `sections` array.
    ///
    /// - Parameter streaming: Starts laying the first section out as its items are read (the early reader of a
    ///   waterfall). Defaults to `nil`.
    mutating func readSections(
        kind: LayoutKind, counter: inout ItemCounter, streaming: WaterfallStreamStart? = nil
    ) throws(JSONError) -> [SectionInput] {
        var sections: [SectionInput] = []
        // Sections given by their counts alone, `[{"count":20}]` as clients write them, in one pass (about 200
        // instructions fewer than the general path for one section; issue 21); anything else, and every error, on the
        // general path below, which starts again from the array's first byte.
        let counted = counter
        let isCompact = self.readCompactIntegerArray(
            Self.countMember, in: Self.sectionCounts, maxCount: Self.maxSections
        ) {
            counter.add($0)
            sections.append(SectionInput(items: .count($0)))
        }
        if isCompact { return sections }
        counter = counted
        sections.removeAll(keepingCapacity: true)
        try self.beginArray()
        while try self.nextElement() {
            guard sections.count < Self.maxSections else {
                throw self.shapeError("at most \(Self.maxSections) sections are accepted")
            }
            // Read into its place in the array: a section input is close to 900 bytes (its overrides), which
            // returning one and appending it copied twice, with an outlined copy and destroy of its references.
            sections.append(SectionInput(items: .count(0)))
            try self.readSection(
                kind: kind, counter: &counter, into: &sections[sections.count - 1],
                streaming: sections.count == 1 ? streaming : nil)
        }
        return sections
    }

    /// Reads one section: `count` or `items`, and for kinds with supplementary views `header`, `footer`, `config`
    /// (`justified`: `header` and `footer`, its parameters being layout-wide; `compositional`: `header` and
    /// `footer` are measured sizes, replacing the estimated dimensions of its boundary supplementaries).
    mutating func readSection(kind: LayoutKind, counter: inout ItemCounter) throws(JSONError) -> SectionInput {
        var section = SectionInput(items: .count(0))
        try self.readSection(kind: kind, counter: &counter, into: &section)
        return section
    }

    /// Reads one section (as ``readSection(kind:counter:)``) into `section`, a section of no items and no overrides
    /// that the caller already holds where it is kept, so that it is not copied there; with `streaming`, its items
    /// are laid out as they are read when what came before them allows it.
    mutating func readSection(
        kind: LayoutKind,
        counter: inout ItemCounter,
        into section: inout SectionInput,
        streaming: WaterfallStreamStart? = nil
    ) throws(JSONError) {
        // A section of a count alone, `{"count":20}` as clients write one, in one pass; anything else (and every
        // error) on the general path below.
        if let count = self.readCompactInteger(Self.countMember, in: Self.sectionCounts) {
            counter.add(count)
            section.items = .count(count)
            return
        }
        var hasItems = false
        let takesSupplementaries = kind == .flow || kind == .waterfall
        // `compositional`: the measured sizes of the section's boundary supplementaries (see `SectionInput.header`).
        let takesHeaderAndFooter = takesSupplementaries || kind == .justified || kind == .compositional
        let takesConfig = takesSupplementaries || kind == .compositional
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "count":
                guard !hasItems else { throw self.shapeError("give either \"count\" or \"items\", not both") }
                // Bounded only against overflow: the configured item limit (`--max-items`, which may exceed the
                // default 2,000,000) is the counter's to enforce, as a 413 once the whole body is known valid.
                let count = try self.readInt(in: Self.sectionCounts)
                counter.add(count)
                section.items = .count(count)
                hasItems = true
            case "items":
                guard !hasItems else { throw self.shapeError("give either \"count\" or \"items\", not both") }
                let stream = streaming?.start(section)
                section.items = .sizes(try self.readItemSizes(kind: kind, counter: &counter, feeding: stream))
                hasItems = true
            case "header" where takesHeaderAndFooter: section.header = try self.readSize()
            case "footer" where takesHeaderAndFooter: section.footer = try self.readSize()
            case "config" where takesConfig: section.overrides = try self.readSectionOverrides(kind: kind)
            default: throw self.unknownField(key)
            }
        }
    }

    /// Reads an `items` array of sizes, counting each against the limit as it is read.
    private mutating func readItemSizes(
        kind: LayoutKind, counter: inout ItemCounter, feeding stream: WaterfallSectionStream?
    ) throws(JSONError) -> [Size] {
        var sizes: [Size] = []
        try self.beginArray()
        while true {
            // Runs of `{"width":w,"height":h}` in one call; the general path below reads anything else.
            counter.add(self.readCompactSizes(kind: kind, into: &sizes, feeding: stream))
            guard try self.nextElement() else { break }
            counter.add(1)
            if kind == .waterfall {
                sizes.append(try self.readWaterfallItem())
                continue
            }
            let size = try self.readSize()
            if kind == .justified, size.width < Self.minimumAspectWidth || size.height < Self.minimumAspectWidth {
                throw JSONError.shape(
                    pointer: self.currentPointer + (size.width < Self.minimumAspectWidth ? "/width" : "/height"),
                    message: "must be at least 0.001: a justified item's size is its aspect ratio"
                )
            }
            sizes.append(size)
        }
        // The array grew by doubling: up to half of it is spare capacity, which a session would hold (and the
        // store count) for as long as it lives. A copy of exactly the items costs one pass over them.
        if sizes.capacity - sizes.count > sizes.count / 16 { return sizes.withUnsafeBufferPointer { Array($0) } }
        return sizes
    }
}
