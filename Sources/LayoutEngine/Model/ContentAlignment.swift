/// Where content shorter than the viewport sits along the scroll axis.
public enum ContentAlignment: String, Hashable, Sendable, CaseIterable {
    /// At the start: the top when scrolling vertically, the leading side when scrolling horizontally.
    case top
    /// At the end (a chat): when the content is shorter than the viewport along the scroll axis, every element
    /// moves by the difference and the content is as long as the viewport. When scrolling horizontally this is the
    /// trailing side: the right from left to right, the left from right to left.
    case bottom
}

extension LayoutKindProtocol {
    /// The prepared layout around `sections` stacked from 0 up to `sectionsEnd` (the end of the last section along the
    /// scroll axis; the content ends after the builder's ``KindSectionBuilder/contentRoom`` past it), moved to the
    /// end of the viewport when `alignment` (the kind's ``contentAlignment(_:)``) is ``ContentAlignment/bottom`` and
    /// the content is shorter than `viewport`: every section's origin moves by the difference, the content becomes
    /// as long as the viewport, and the layout remembers the move (``PreparedLayout/contentLead``) so a session can
    /// take its sections back to 0. The viewport and the configuration are those `builder` was made from; the
    /// builder and the sections are consumed, so a caller that is done with them passes them without a copy.
    ///
    /// - Complexity: O(number of sections).
    static func assembleAligned<Records: RandomAccessCollection<Record>>(
        _ builder: consuming Builder,
        sections: consuming [SectionLayout],
        records: Records,
        sectionsEnd: Double,
        viewport: Size,
        alignment: ContentAlignment
    ) -> PreparedLayout where Records.Index == Int {
        let contentLength = sectionsEnd + builder.contentRoom.after
        let isVertical = builder.isVertical
        let lead = Swift.max(0, (isVertical ? viewport.height : viewport.width) - contentLength)
        guard alignment == .bottom, lead > 0 else {
            return builder.assemble(sections: sections, records: records, contentLength: contentLength)
        }
        for index in sections.indices {
            if isVertical { sections[index].origin.y += lead } else { sections[index].origin.x += lead }
        }
        var prepared = builder.assemble(sections: sections, records: records, contentLength: contentLength + lead)
        prepared.contentLead = lead
        return prepared
    }
}
