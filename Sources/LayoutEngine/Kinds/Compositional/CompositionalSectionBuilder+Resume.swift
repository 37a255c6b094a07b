extension CompositionalSectionBuilder {
    /// Builds the section again after a measured item size, from the checkpoint at or before the repetition holding
    /// `item` (see ``Result/checkpoints``): the frames of earlier repetitions stay, the later ones are placed as
    /// ``build(_:origin:template:)`` places them, from the same position, so the result is the same numbers.
    ///
    /// - Parameters:
    ///   - input: The section's input, whose items' sizes may differ from the previous one's from `item` on only;
    ///     same item count, header and footer.
    ///   - section: The section's previous layout. Its frames and index are moved out (so rewritten in place when
    ///     it held their only reference) only when the section resumes.
    ///   - checkpoints: The previous build's checkpoints; taken when the section resumes.
    ///   - item: The first item whose size changed.
    ///   - shared: The section's template.
    /// - Returns: The rebuilt section and how many cells were placed again, or `nil` (nothing taken) when the
    ///   section cannot resume: an orthogonal section, one without checkpoints, or checkpoints that do not fit
    ///   the input (another item count, another header length).
    /// - Complexity: O(cells from the checkpoint on + blocks of the section's index).
    func resume(
        _ input: SectionInput,
        section: inout SectionLayout,
        checkpoints: inout [Double],
        from item: Int,
        template shared: Template
    ) -> (result: Result, placed: Int)? {
        let perGroup = shared.node.leafCount
        let count = input.itemCount
        // Group supplementaries keep every repetition's frame: such a section is built whole.
        guard self.description.orthogonalScrollingBehavior == .none,
            !(shared.anchored?.hasGroupSupplementaries ?? false),
            perGroup > 0, item >= 0, item < count,
            section.frames.count == count, !section.index.isPermuted
        else { return nil }
        let repetitions = (count + perGroup - 1) / perGroup
        let every = Self.checkpointStride
        if checkpoints.isEmpty, let computed = section.frames.repeatedGroup, computed.cells.count == perGroup {
            // Unmeasured repetitions keep no checkpoints: they are where the closed form starts each repetition,
            // the same sums.
            checkpoints = (0..<((repetitions + every - 1) / every)).map { computed.groups.lineV($0 * every) }
        }
        guard checkpoints.count == (repetitions + every - 1) / every,
            checkpoints.first == self.contentStart(of: input)
        else { return nil }
        let checkpoint = item / perGroup / every
        let repetition = checkpoint * every
        var frames = section.frames.array
        section.frames = []
        frames.removeSubrange((repetition * perGroup)...)
        var index: SpatialIndex? = section.index
        section.index = SpatialIndex(frames: [], axis: section.index.axis)
        let position = checkpoints[checkpoint]
        checkpoints.removeSubrange(checkpoint...)
        let result = self.build(
            input,
            origin: section.origin,
            template: shared,
            resuming: (repetition, position),
            previousIndex: &index,
            frames: &frames,
            checkpoints: &checkpoints
        )
        return (result, count - repetition * perGroup)
    }
}
