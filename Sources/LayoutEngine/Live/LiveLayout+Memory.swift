extension LiveLayout {
    /// The bytes this session's layout holds on the heap: its input, the prepared layout and the section records.
    ///
    /// Counted from the arrays' capacities, as the allocator sees them: the input's sections and their item sizes
    /// (16 bytes per listed item, nothing per item of a `count` section), ``PreparedLayout/heapBytes`` (frames and
    /// indexes) and the kind's per-section records with their own arrays (flow's lines, justified's and
    /// compositional's checkpoints). Frames replayed from checkpoints (``CheckpointedFrames``) share the input's
    /// sizes, which count once; sizes they no longer share count again. Fixed-size values (the configuration, a
    /// record's scalars) count by their stride; the allocator's own headers (16 bytes or so per array) do not
    /// count. The store of a service budgets sessions by this number, so it must grow as what a session really
    /// holds grows: linearly in the listed items and the sections.
    ///
    /// - Complexity: O(number of sections).
    public var heapBytes: Int {
        self.input.heapBytes + self.prepared.heapBytes + self.recordBytes(self.configuration.kindType)
            + self.unsharedSizeBytes
    }

    /// The bytes of the sizes that checkpointed sections hold apart from the input's (none while they share them).
    private var unsharedSizeBytes: Int {
        var bytes = 0
        for (index, section) in self.prepared.sections.enumerated() {
            guard let frames = section.frames.checkpointed else { continue }
            let shared =
                if index < self.input.sections.count, case .sizes(let sizes) = self.input.sections[index].items {
                    frames.sharesSizes(with: sizes)
                } else { false }
            if !shared { bytes += frames.sizes.capacity * MemoryLayout<Size>.stride }
        }
        return bytes
    }

    /// The records' bytes, read as the kind's record type (what ``SectionRecords`` always holds).
    private func recordBytes<Kind: LayoutKindProtocol>(_ kind: Kind.Type) -> Int {
        let records = self.records.records(as: Kind.Record.self)
        var bytes = records.capacity * MemoryLayout<Kind.Record>.stride
        if Kind.Record.self is any RecordMemory.Type {
            for record in records {
                bytes += (record as? any RecordMemory)?.ownedHeapBytes ?? 0
            }
        }
        return bytes
    }
}

extension LayoutInput {
    /// The bytes the input holds on the heap: its sections, their lists of item sizes and their overrides' boxes.
    ///
    /// - Complexity: O(number of sections).
    public var heapBytes: Int {
        self.sections.reduce(self.sections.capacity * MemoryLayout<SectionInput>.stride) { total, section in
            let overrides = total + section.overrides.heapBytes
            return switch section.items {
            case .count: overrides
            case .sizes(let sizes): overrides + sizes.capacity * MemoryLayout<Size>.stride
            }
        }
    }
}

/// A section record that owns arrays of its own, beyond its stride.
private protocol RecordMemory {
    /// The bytes of the record's own arrays.
    var ownedHeapBytes: Int { get }
}

extension FlowLayout.SectionRecord: RecordMemory {
    fileprivate var ownedHeapBytes: Int { self.lines.capacity * MemoryLayout<FlowSectionBuilder.Line>.stride }
}

extension JustifiedLayout.SectionRecord: RecordMemory {
    fileprivate var ownedHeapBytes: Int {
        self.checkpoints.capacity * MemoryLayout<JustifiedSectionBuilder.Checkpoint>.stride
    }
}

extension CompositionalLayout.SectionRecord: RecordMemory {
    fileprivate var ownedHeapBytes: Int { self.checkpoints.capacity * MemoryLayout<Double>.stride }
}
