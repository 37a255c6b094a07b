import Testing

extension CheckpointedSessionBytesTests {
    /// A flow session of items listed by size holds at most 20 bytes per item, as the store counts it: the sizes
    /// (16) and the checkpoints at line starts its frames are replayed from (no frames, no lines).
    @Test func aFlowSessionHoldsAtMost20BytesAnItem() throws {
        try self.expectAtMost20BytesAnItem(kind: "flow")
    }
}
