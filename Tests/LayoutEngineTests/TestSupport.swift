import LayoutEngine
import Testing

/// Whether two numbers agree to within `tolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * Swift.max(1, abs(a), abs(b))
}

/// Whether two rectangles agree to within `tolerance`.
func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    isClose(a.minX, b.minX, tolerance: tolerance) && isClose(a.minY, b.minY, tolerance: tolerance)
        && isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

/// Prepares with the default limits, failing the test on error.
func prepare(_ input: LayoutInput, _ configuration: LayoutConfiguration) throws -> PreparedLayout {
    try prepareLayout(input, configuration: configuration)
}

/// The cells' frames, in item order, of the layout's all-elements answer at the origin.
func cellFrames(_ layout: PreparedLayout, contentOffset: Point = .zero, orthogonalOffsets: [Double] = []) -> [Rect] {
    layout.allAttributes(contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets).filter { $0.category == .cell }.map(\.frame)
}

extension Rect {
    /// A shorthand for tests.
    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
}

/// Random layouts of every kind, for property tests.
struct RandomLayouts {
    var generator: SplitMix64

    init(seed: UInt64) {
        self.generator = SplitMix64(seed: seed)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self.generator)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self.generator)
    }

    mutating func bool() -> Bool {
        Bool.random(using: &self.generator)
    }

    /// Random sections: counts or lists of sizes no wider than `maximumWidth`, some with headers and footers.
    mutating func sections(maximumWidth: Double, maximumHeight: Double = 120) -> [SectionInput] {
        (0..<self.int(1...4)).map { _ in
            var section: SectionInput
            if self.bool() {
                section = SectionInput(count: self.int(0...40))
            } else {
                let sizes = (0..<self.int(0...40)).map { _ in
                    Size(
                        width: self.double(1...maximumWidth).rounded(),
                        height: self.double(1...maximumHeight).rounded()
                    )
                }
                section = SectionInput(items: .sizes(sizes))
            }
            if self.int(0...2) == 0 { section.header = Size(width: 100, height: self.double(0...60).rounded()) }
            if self.int(0...2) == 0 { section.footer = Size(width: 100, height: self.double(0...60).rounded()) }
            if self.int(0...3) == 0 {
                section.overrides.sectionInset = EdgeInsets(all: self.double(0...20).rounded())
                section.overrides.minimumLineSpacing = self.double(0...20).rounded()
            }
            return section
        }
    }

    /// A random layout of `kind`, with a random viewport and direction, and its configuration.
    mutating func layout(kind: LayoutKind) -> (LayoutInput, LayoutConfiguration) {
        let viewport = Size(width: self.double(200...500).rounded(), height: self.double(200...900).rounded())
        let direction: LayoutDirection = self.bool() ? .leftToRight : .rightToLeft
        let configuration: LayoutConfiguration
        var sections = self.sections(maximumWidth: viewport.width / 2)
        switch kind {
        case .flow:
            var flow = FlowLayout.Configuration()
            flow.scrollDirection = self.int(0...3) == 0 ? .horizontal : .vertical
            flow.horizontalAlignment = FlowLayout.HorizontalAlignment.allCases.randomElement(using: &self.generator)!
            flow.verticalAlignment = FlowLayout.VerticalAlignment.allCases.randomElement(using: &self.generator)!
            flow.sectionInset = EdgeInsets(
                top: self.double(0...20),
                left: self.double(0...20),
                bottom: self.double(0...20),
                right: self.double(0...20)
            )
            flow.headerReferenceSize = Size(width: 30, height: self.bool() ? 30 : 0)
            flow.sectionHeadersPinToVisibleBounds = self.bool()
            flow.sectionFootersPinToVisibleBounds = self.bool()
            if self.bool() { flow.sectionBackground = EdgeInsets(all: self.double(0...8)) }
            if flow.scrollDirection == .horizontal {
                sections = self.sections(maximumWidth: 150, maximumHeight: viewport.height / 2)
            }
            configuration = .flow(flow)
        case .waterfall:
            var waterfall = WaterfallLayout.Configuration()
            waterfall.columnCount = self.int(1...5)
            waterfall.itemRenderDirection =
                WaterfallLayout.ItemRenderDirection.allCases.randomElement(using: &self.generator)!
            waterfall.headerHeight = self.bool() ? 20 : 0
            if self.bool() { waterfall.sectionBackground = EdgeInsets(all: 4) }
            configuration = .waterfall(waterfall)
        case .line:
            configuration = .line(.init())
        case .stack:
            configuration = .stack(.init())
        case .circle:
            var circle = CircleLayout.Configuration()
            circle.radius = self.double(0...150)
            configuration = .circle(circle)
        case .cover:
            var cover = CoverLayout.Configuration()
            cover.scrollDirection = self.bool() ? .horizontal : .vertical
            cover.sectionInset = EdgeInsets(
                top: self.double(0...20).rounded(),
                left: self.double(0...20).rounded(),
                bottom: self.double(0...20).rounded(),
                right: self.double(0...20).rounded()
            )
            cover.minimumLineSpacing = self.double(0...20).rounded()
            if self.bool() { cover.itemSize = Size(width: self.double(20...200).rounded(), height: self.double(20...200).rounded()) }
            cover.shrink = self.double(0...1)
            cover.dim = self.double(0...1)
            configuration = .cover(cover)
        case .rotary:
            var rotary = RotaryLayout.Configuration()
            rotary.minimumLineSpacing = self.double(0...40).rounded()
            rotary.maxAngle = self.double(-2...2)
            configuration = .rotary(rotary)
        case .pagecover:
            configuration = .pagecover(.init())
        case .justified:
            configuration = .justified(self.justifiedConfiguration())
        case .compositional:
            let compositional = self.compositional()
            configuration = .compositional(compositional)
            for index in sections.indices where self.int(0...3) == 0 {
                sections[index].overrides.compositionalSection = self.compositionalSection(
                    isVertical: compositional.scrollDirection == .vertical
                )
            }
        default:
            configuration = .defaults(for: kind)
        }
        return (LayoutInput(viewport: viewport, layoutDirection: direction, sections: sections), configuration)
    }

    /// A random justified configuration: every parameter varied, snapping included.
    mutating func justifiedConfiguration() -> JustifiedLayout.Configuration {
        var justified = JustifiedLayout.Configuration()
        justified.containerPadding = EdgeInsets(
            top: self.double(0...20).rounded(),
            left: self.double(0...20).rounded(),
            bottom: self.double(0...20).rounded(),
            right: self.double(0...20).rounded()
        )
        justified.horizontalSpacing = self.double(0...12).rounded()
        justified.verticalSpacing = self.double(0...12).rounded()
        justified.targetRowHeight = self.double(40...200)
        justified.targetRowHeightTolerance = self.double(0...0.5)
        if self.int(0...4) == 0 { justified.maxNumRows = self.int(1...4) }
        if self.int(0...6) == 0 { justified.forceAspectRatio = self.double(0.5...2) }
        justified.showWidows = self.int(0...3) != 0
        if self.int(0...3) == 0 { justified.fullWidthBreakoutRowCadence = self.int(1...3) }
        justified.widowLayoutStyle = JustifiedLayout.WidowLayoutStyle.allCases.randomElement(using: &self.generator)!
        justified.snap = SnapMode.allCases.randomElement(using: &self.generator)!
        return justified
    }

    /// A random rectangle around and inside `size`.
    mutating func rect(in size: Size) -> Rect {
        let width = self.double(0...Swift.max(1, size.width))
        let height = self.double(0...Swift.max(1, size.height))
        return Rect(
            x: self.double(-50...Swift.max(0, size.width)),
            y: self.double(-50...Swift.max(0, size.height)),
            width: width,
            height: height
        )
    }
}
