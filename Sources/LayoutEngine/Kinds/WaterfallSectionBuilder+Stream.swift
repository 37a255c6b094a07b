/// A waterfall section laid out while its items are still being read (issue 21: the 29 MB `POST`).
///
/// A waterfall places its items in order, so once the reader knows the viewport, the kind's parameters and the
/// section's own settings, every item it has parsed can be placed: the reader hands the list over as it grows
/// (``add(_:)``), and the stream checks each new item as the section's check would and places every whole block of
/// them into a ``CheckpointedFrames/Recorder``, exactly as ``WaterfallSectionBuilder/buildCheckpointed(_:origin:)``
/// does. Preparing the request (``prepareLayout(_:configuration:limits:streamed:)``) then places only the items
/// left (the last piece's) and finishes the recording.
///
/// The stream is an optimization that never decides an answer: when the final request's section would be placed
/// otherwise (the parameters came after the items, or differ in any way that moves an item), when an item was
/// invalid, or when the section is not the stream's, the prepare ignores it and builds the section whole, with
/// the same checks and errors as without it.
///
/// Owned by one thread at a time: the reader while it reads, then (handed over through ``BodyArrival``'s lock) the
/// request's answer.
public final class WaterfallSectionStream: @unchecked Sendable {
    /// The builder of the parameters known when the items began.
    let builder: WaterfallSectionBuilder
    /// The section's index in the input.
    let section: Int
    /// Checkpoints and extents of the blocks placed; made once the list's length is foreseeable.
    private var recorder: CheckpointedFrames.Recorder?
    /// Each column's next free position and last bottom after the items placed.
    private var next: [Double]
    private var bottoms: [Double]
    /// Scratch frames of one block.
    private var frames: [Rect]
    /// The items placed (whole blocks while the list is read, every item once finished).
    public private(set) var placedCount = 0
    /// The items placed while the list was read, before the prepare took the stream.
    public private(set) var placedWhileRead = 0
    /// Whether a prepare took the stream's section in place of the section's build.
    public private(set) var isUsed = false
    /// The items checked (every item handed over so far, until one is invalid).
    private var checkedCount = 0
    /// Whether an item handed over is invalid or the stream was used: nothing more is placed.
    private var isStopped = false

    /// Items handed over before the recorder is made: by then the reader has reserved the list's storage for as
    /// many items as the body's bytes hold, which the recorder reserves for too.
    static let recorderThreshold = 2_048

    /// A stream for section `section` of `input`, whose sections up to it hold what was read so far (the section's
    /// `header`, `footer` and `config` when they came before its items), or `nil` when those parameters are
    /// invalid, the configuration is not a waterfall's, or the section stores its frames rather than checkpoints.
    ///
    /// - Complexity: O(columns).
    public init?(_ input: LayoutInput, configuration: LayoutConfiguration, section: Int, limits: LayoutLimits) {
        guard case .waterfall(let waterfall) = configuration, input.sections.indices.contains(section),
            let builder = try? WaterfallLayout.makeSectionBuilder(
                input, configuration: waterfall, section: section, limits: limits, validatesSizes: false),
            builder.columnCount <= WaterfallSectionBuilder.maximumCheckpointedColumns
        else { return nil }
        self.builder = builder
        self.section = section
        let top = builder.headerEnd + builder.inset.top
        self.next = [Double](repeating: top, count: builder.columnCount)
        self.bottoms = self.next
        self.frames = []
    }

    /// Checks the items of `sizes` not yet checked and places every whole block of them.
    ///
    /// `sizes` is the section's list as read so far: each call's list begins with the previous call's.
    ///
    /// - Complexity: O(new items · columns).
    public func add(_ sizes: [Size]) {
        guard !self.isStopped else { return }
        let count = sizes.count
        let isVertical = self.builder.isVertical
        sizes.withUnsafeBufferPointer { buffer in
            for item in self.checkedCount..<count
            where !WaterfallLayout.isValidItemSize(buffer[item], isVertical: isVertical) {
                // The whole build finds it again and answers it; nothing placed here is used.
                self.isStopped = true
                return
            }
            self.checkedCount = count
            guard count >= Self.recorderThreshold else { return }
            if self.recorder == nil { self.startRecording(capacity: Swift.max(count, sizes.capacity)) }
            let blockSize = self.frames.count
            self.place(buffer, upTo: self.placedCount + (count - self.placedCount) / blockSize * blockSize)
        }
    }

    private func startRecording(capacity: Int) {
        let recorder = CheckpointedFrames.Recorder(
            count: capacity,
            stateWidth: self.builder.columnCount,
            axis: self.builder.isVertical ? .vertical : .horizontal
        )
        self.frames = [Rect](repeating: .zero, count: recorder.blockSize)
        self.recorder = recorder
    }

    /// Places the items from ``placedCount`` to `end` (whole blocks, or up to the list's end), as
    /// ``WaterfallSectionBuilder/buildCheckpointed(_:origin:)`` does.
    private func place(_ sizes: UnsafeBufferPointer<Size>, upTo end: Int) {
        guard var recorder = self.recorder.take() else { return }
        let blockSize = recorder.blockSize
        let listed = ListedItemSizes(sizes: sizes)
        // A local copy: read through the class, the builder's parameters were loaded again for every item (the
        // frames written through pointers might have changed them), about 20% slower than the whole build.
        let builder = self.builder
        var start = self.placedCount
        self.frames.withUnsafeMutableBufferPointer { frames in
            self.next.withUnsafeMutableBufferPointer { next in
                self.bottoms.withUnsafeMutableBufferPointer { bottoms in
                    while start < end {
                        let stop = Swift.min(end, start + blockSize)
                        recorder.checkpoint(next)
                        builder.place(
                            listed, items: start..<stop, into: frames, base: start, next: next, bottoms: bottoms)
                        recorder.add(block: frames, count: stop - start)
                        start = stop
                    }
                }
            }
        }
        self.placedCount = start
        self.recorder = recorder
    }

    /// The section built from the stream: `section`'s items (the list the stream was handed, complete) placed by
    /// `builder` (the final request's, its parameters checked), or `nil` when the stream cannot stand for the whole
    /// build: an item handed over was invalid, `builder` places items otherwise than the stream's, or the section's
    /// list is not one the stream could have seen. Used once.
    ///
    /// - Throws: ``LayoutError/invalidItemSize(section:item:)`` for the first invalid item the stream had not
    ///   checked, as the section's check would (every item before it was checked valid).
    /// - Complexity: O(items not yet placed · columns).
    func finish(_ section: SectionInput, with builder: WaterfallSectionBuilder, origin: Point)
        throws(LayoutError) -> (section: SectionLayout, length: Double)?
    {
        guard !self.isStopped, builder.placesIdentically(self.builder), case .sizes(let sizes) = section.items,
            builder.checkpoints(sizes), sizes.count >= self.checkedCount
        else { return nil }
        self.isStopped = true
        self.placedWhileRead = self.placedCount
        if let item = WaterfallLayout.firstInvalidItem(sizes[self.checkedCount...], isVertical: builder.isVertical) {
            throw .invalidItemSize(section: self.section, item: item)
        }
        if self.recorder == nil { self.startRecording(capacity: sizes.count) }
        sizes.withUnsafeBufferPointer { self.place($0, upTo: $0.count) }
        guard var recorder = self.recorder.take() else { return nil }
        let frames = recorder.finish(sizes: sizes, replayer: WaterfallSectionBuilder.Replayer(builder: builder))
        self.isUsed = true
        return builder.finish(
            frames: SectionFrames(checkpointed: frames), origin: origin, bottoms: self.bottoms, index: nil)
    }
}

extension WaterfallSectionBuilder {
    /// Whether this builder places every item exactly as `other` does and records the same checkpoints: the same
    /// columns, spacings, leading inset, top, direction and axis, compared bit for bit (a `-0` is not a `0`).
    func placesIdentically(_ other: WaterfallSectionBuilder) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        return self.columnCount == other.columnCount && same(self.columnWidth, other.columnWidth)
            && same(self.columnSpacing, other.columnSpacing) && same(self.rowSpacing, other.rowSpacing)
            && same(self.inset.left, other.inset.left) && self.direction == other.direction
            && self.isVertical == other.isVertical
            && same(self.headerEnd + self.inset.top, other.headerEnd + other.inset.top)
    }
}

/// Prepares a layout as ``prepareLayout(_:configuration:limits:)`` does, taking the section `streamed` laid out
/// while the request was read where it stands for the section's whole build (see ``WaterfallSectionStream``).
///
/// - Throws: ``LayoutError``, the same as without the stream.
/// - Complexity: that of ``prepareLayout(_:configuration:limits:)``, less the items the stream placed.
public func prepareLayout(
    _ input: LayoutInput,
    configuration: LayoutConfiguration,
    limits: LayoutLimits = LayoutLimits(),
    streamed: WaterfallSectionStream?
) throws(LayoutError) -> PreparedLayout {
    guard let streamed, case .waterfall(let waterfall) = configuration else {
        return try prepareLayout(input, configuration: configuration, limits: limits)
    }
    var none: [SectionLayout] = []
    return try WaterfallLayout.prepare(
        input,
        configuration: waterfall,
        limits: limits,
        previousSections: &none,
        previousRecords: [],
        keepsRecords: false,
        streamed: streamed
    ).prepared
}
