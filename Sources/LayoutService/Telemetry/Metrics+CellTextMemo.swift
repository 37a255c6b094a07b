import Synchronization

extension Metrics {
    /// The memo of plain cells' text's gauges and counters (`--cell-text-memo-slots`), in Prometheus text format,
    /// sorted by family name.
    ///
    /// - Parameter ledger: The service's ledger: the bound and the counts over all its threads' memos.
    /// - Returns: The families' text, each with its `HELP` and `TYPE` lines.
    static func cellTextMemoText(_ ledger: CellTextMemo.Ledger) -> String {
        var text = ""
        Self.gauge(
            &text, "layoutd_cell_text_memo_bytes",
            "Bytes the threads' memos of plain cells' text hold now: keys and text of every slot.",
            ledger.bytes.load(ordering: .relaxed)
        )
        Self.counter(
            &text, "layoutd_cell_text_memo_hits_total", "Plain cells copied from a thread's memo of their text.",
            ledger.hits
        )
        Self.counter(
            &text, "layoutd_cell_text_memo_misses_total", "Plain cells looked up in a thread's memo and written anew.",
            ledger.misses
        )
        Self.gauge(
            &text, "layoutd_cell_text_memo_per_thread_bytes",
            "The bytes one thread's memo holds when made (--cell-text-memo-slots, 312 bytes a slot).",
            ledger.bytesPerThread
        )
        return text
    }
}
