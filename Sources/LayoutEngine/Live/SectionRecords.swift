/// A session's per-section records, of its kind's ``LayoutKindProtocol/Record`` type.
///
/// The kind's code reads them as `[Kind.Record]` (``records(as:)``) and takes them out to change them in place
/// (``take(as:)``), so that the records' own arrays (a flow section's lines, checkpoints) stay uniquely referenced.
struct SectionRecords: Hashable, Sendable {
    /// The records, an array of the kind's record type.
    private var storage: any Hashable & Sendable

    /// Wraps `records`.
    init<Record: KindSectionRecord>(_ records: [Record]) {
        self.storage = records
    }

    /// The records, which must be of type `Record`.
    ///
    /// - Complexity: O(1).
    func records<Record: KindSectionRecord>(as type: Record.Type) -> [Record] {
        guard let records = self.storage as? [Record] else {
            preconditionFailure("the records of a session are its kind's")
        }
        return records
    }

    /// Takes the records out, leaving none, so that the caller holds their only reference.
    ///
    /// - Complexity: O(1).
    mutating func take<Record: KindSectionRecord>(as type: Record.Type) -> [Record] {
        let records = self.records(as: type)
        self.storage = [Record]()
        return records
    }

    static func == (lhs: SectionRecords, rhs: SectionRecords) -> Bool {
        AnyHashable(lhs.storage) == AnyHashable(rhs.storage)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(self.storage))
    }
}
