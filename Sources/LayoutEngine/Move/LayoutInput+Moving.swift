extension LayoutInput {
    /// The same input with one item moved from `source` to `destination`: UIKit's
    /// `moveItemAtIndexPath:toIndexPath:` applied to the data, so that preparing the result lays the layout out
    /// as if the item already were there.
    ///
    /// The item keeps its size: its entry moves within the section's list, or from one section's to another's. A
    /// ``SectionInput/Items/count(_:)`` section stays a count whenever it can: losing an item, or gaining one of
    /// its own default size (the kind's `itemSize`, with the section's override, or a square for `waterfall`);
    /// only a count section receiving an item of another size becomes a ``SectionInput/Items/sizes(_:)`` list.
    /// Headers, footers and overrides stay with their sections. Moving the item back from `destination` to
    /// `source` gives an input that prepares to the same layout (the same input unless a count became a list).
    ///
    /// - Parameters:
    ///   - source: The item's index path now.
    ///   - destination: Its index path after the move: within its own section, an existing item's place
    ///     (`0..<count`); in another section, any place up to the end (`0...count`).
    ///   - configuration: The layout's kind and parameters, which give a count section's item size.
    /// - Returns: The reordered input.
    /// - Throws: ``LayoutError/indexPathOutOfRange(section:item:)`` naming `source` or `destination`.
    /// - Complexity: O(n) in the items of the two sections involved (O(1) within a count section).
    public func movingItem(
        from source: IndexPath,
        to destination: IndexPath,
        configuration: LayoutConfiguration
    ) throws(LayoutError) -> LayoutInput {
        guard self.sections.indices.contains(source.section), source.item >= 0,
            source.item < self.sections[source.section].itemCount
        else { throw .indexPathOutOfRange(section: source.section, item: source.item) }
        let isSameSection = source.section == destination.section
        guard self.sections.indices.contains(destination.section), destination.item >= 0,
            destination.item < self.sections[destination.section].itemCount + (isSameSection ? 0 : 1)
        else { throw .indexPathOutOfRange(section: destination.section, item: destination.item) }
        var result = self
        if isSameSection {
            guard source.item != destination.item, case .sizes(var sizes) = self.sections[source.section].items else {
                return self
            }
            let moved = sizes.remove(at: source.item)
            sizes.insert(moved, at: destination.item)
            result.sections[source.section].items = .sizes(sizes)
            return result
        }
        let moved: Size
        switch self.sections[source.section].items {
        case .count(let count):
            moved = Self.defaultItemSize(of: self.sections[source.section], configuration: configuration)
            result.sections[source.section].items = .count(count - 1)
        case .sizes(var sizes):
            moved = sizes.remove(at: source.item)
            result.sections[source.section].items = .sizes(sizes)
        }
        switch self.sections[destination.section].items {
        case .count(let count):
            let size = Self.defaultItemSize(of: self.sections[destination.section], configuration: configuration)
            if moved == size {
                result.sections[destination.section].items = .count(count + 1)
            } else {
                var sizes = [Size](repeating: size, count: count)
                sizes.insert(moved, at: destination.item)
                result.sections[destination.section].items = .sizes(sizes)
            }
        case .sizes(var sizes):
            sizes.insert(moved, at: destination.item)
            result.sections[destination.section].items = .sizes(sizes)
        }
        return result
    }

    /// The size a `count` section's items have for this kind, as the input gives sizes: the item size (with the
    /// section's override), or for `waterfall`, whose sizes are aspect ratios, a square.
    static func defaultItemSize(of section: SectionInput, configuration: LayoutConfiguration) -> Size {
        switch configuration {
        case .flow(let flow): return section.overrides.itemSize ?? flow.itemSize
        case .waterfall: return Size(width: 1, height: 1)
        case .line(let line): return section.overrides.itemSize ?? line.itemSize
        case .stack(let stack): return section.overrides.itemSize ?? stack.itemSize
        case .circle(let circle): return section.overrides.itemSize ?? circle.itemSize
        // A compositional item's listed size is what the client measured; zero means "not measured yet".
        case .compositional: return .zero
        }
    }
}

/// Lays out a session's data as if one item had been moved: the preview behind interactive movement (the other
/// items making room), and, applied for good, the commit of the move (`move/end`).
///
/// This is ``LayoutInput/movingItem(from:to:configuration:)`` followed by
/// ``prepareLayout(_:configuration:limits:)``, so the layout equals preparing the reordered input from scratch.
/// For the preview, the element at `destination` in the returned layout is the moving item's place; show
/// ``PreparedLayout/attributesForInteractivelyMovingItem(at:targetPosition:contentOffset:)`` (of the layout
/// before the move, at `source`) instead of it. To commit, keep the returned input and layout; to cancel, keep the
/// old ones (or move back from `destination` to `source`).
///
/// - Parameters:
///   - source: The item's index path now.
///   - destination: Its index path after the move (see ``LayoutInput/movingItem(from:to:configuration:)``).
///   - input: The session's input.
///   - configuration: The session's kind and parameters.
///   - limits: Bounds on the input's size. Defaults to ``LayoutLimits/init()``.
/// - Returns: The reordered input and its prepared layout.
/// - Throws: ``LayoutError/indexPathOutOfRange(section:item:)`` naming `source` or `destination`; any error
///   preparing the input throws.
/// - Complexity: O(n): a full prepare.
public func layoutMovingItem(
    from source: IndexPath,
    to destination: IndexPath,
    input: LayoutInput,
    configuration: LayoutConfiguration,
    limits: LayoutLimits = LayoutLimits()
) throws(LayoutError) -> (input: LayoutInput, layout: PreparedLayout) {
    let moved = try input.movingItem(from: source, to: destination, configuration: configuration)
    return (moved, try prepareLayout(moved, configuration: configuration, limits: limits))
}
