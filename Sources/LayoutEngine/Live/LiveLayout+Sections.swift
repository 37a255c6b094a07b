extension LiveLayout {
    /// Lays out one `flow` or `waterfall` section again from `item` (flow: from the start of the line holding the
    /// item before it, whose break the item's size decides), in place.
    ///
    /// - Returns: The number of cells laid out again.
    /// - Complexity: O(items from `item` to the section's end), plus the waterfall's scan back.
    mutating func relayOut(
        section index: Int,
        from item: Int,
        sections: inout [SectionLayout],
        input: LayoutInput
    ) -> Int {
        var frames = sections[index].frames
        // Leave the array as the only reference to the frames, so that they are rewritten in place.
        sections[index].frames = []
        let origin = sections[index].origin
        let count = frames.count
        switch self.configuration {
        case .flow(let flow):
            let builder: FlowSectionBuilder
            do {
                builder = try FlowLayout.makeBuilder(input, configuration: flow, section: index, validatesSizes: false)
            } catch {
                preconditionFailure("the section's parameters were valid when it was prepared: \(error)")
            }
            var first = 0
            do {
                var lines = self.records[index].lines
                self.records[index].lines = []
                // The line holding the item before: a line's break depends on the size of the item after it, so
                // a resized first item of a line may move up to the line above.
                let previous = Swift.max(0, item - 1)
                var low = 0
                var high = lines.count
                while low < high {
                    let middle = (low + high) / 2
                    if lines[middle].first <= previous { low = middle + 1 } else { high = middle }
                }
                let line = Swift.max(0, low - 1)
                first = lines.isEmpty ? 0 : lines[line].first
                let result: FlowSectionBuilder.Result
                switch input.sections[index].items {
                case .count(let count):
                    let sizes = UniformItemSizes(size: builder.parameters.itemSize, count: count)
                    result = builder.rebuild(sizes, origin: origin, frames: consume frames, lines: &lines, from: line)
                case .sizes(let sizes):
                    result = sizes.withUnsafeBufferPointer {
                        var moved: [Rect] = []
                        swap(&moved, &frames)
                        return builder.rebuild(
                            ListedItemSizes(sizes: $0),
                            origin: origin,
                            frames: moved,
                            lines: &lines,
                            from: line
                        )
                    }
                }
                self.records[index] = SectionRecord(length: result.length, crossEnd: result.crossEnd, lines: lines)
                sections[index] = result.section
            }
            return count - first
        case .waterfall(let waterfall):
            let builder: WaterfallSectionBuilder
            do {
                builder = try WaterfallLayout.makeBuilder(
                    input,
                    configuration: waterfall,
                    section: index,
                    limits: self.limits,
                    validatesSizes: false
                )
            } catch {
                preconditionFailure("the section's parameters were valid when it was prepared: \(error)")
            }
            let origin = sections[index].origin.y
            let built = WaterfallLayout.build(
                input.sections[index],
                with: builder,
                origin: origin,
                resumingAt: (consume frames, item)
            )
            sections[index] = built.section
            self.records[index].length = built.length
            return count - item
        case .line, .stack, .circle:
            preconditionFailure("only flow and waterfall lay out incrementally")
        }
    }

    /// The size of an item as its kind reads it: listed, or the default of a `count` section.
    static func size(at indexPath: IndexPath, in input: LayoutInput, kind configuration: LayoutConfiguration) -> Size {
        switch input.sections[indexPath.section].items {
        case .count: return Self.defaultSize(of: input.sections[indexPath.section], kind: configuration)
        case .sizes(let sizes): return sizes[indexPath.item]
        }
    }

    /// The size of the items of a `count` section: the kind's item size (with the section's override), or a
    /// square for `waterfall`, whose sizes are aspect ratios.
    static func defaultSize(of section: SectionInput, kind configuration: LayoutConfiguration) -> Size {
        switch configuration {
        case .flow(let flow): return section.overrides.itemSize ?? flow.itemSize
        case .waterfall: return Size(width: 1, height: 1)
        case .line(let line): return section.overrides.itemSize ?? line.itemSize
        case .stack(let stack): return section.overrides.itemSize ?? stack.itemSize
        case .circle(let circle): return section.overrides.itemSize ?? circle.itemSize
        }
    }

    /// Sets one item's size in `input`, in place; a `count` section becomes a list of sizes unless the size is
    /// its default.
    static func setSize(
        _ size: Size,
        at indexPath: IndexPath,
        in input: inout LayoutInput,
        kind configuration: LayoutConfiguration
    ) {
        let section = indexPath.section
        switch input.sections[section].items {
        case .count(let count):
            let standard = Self.defaultSize(of: input.sections[section], kind: configuration)
            guard size != standard else { return }
            var sizes = [Size](repeating: standard, count: count)
            sizes[indexPath.item] = size
            input.sections[section].items = .sizes(sizes)
        case .sizes(var sizes):
            // Drop the section's reference first so that the array is unique and changes in place.
            input.sections[section].items = .count(0)
            sizes[indexPath.item] = size
            input.sections[section].items = .sizes(sizes)
        }
    }
}
