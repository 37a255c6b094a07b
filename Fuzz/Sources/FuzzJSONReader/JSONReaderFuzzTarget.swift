import FuzzSupport
import JSON

/// The JSON reader's fuzz target: any bytes, read three ways that must agree.
///
/// 1. ``JSONReader/skipValue()`` then ``JSONReader/finish()``: validation alone.
/// 2. ``JSONTree/read(_:notes:)`` then `finish()`: every value read by the reader for its kind, with the JSON
///    Pointer of each computed on the way.
/// 3. When 2 succeeds: the tree written back with ``JSONWriter`` and read again.
///
/// 4. 2 again, arrays read through runs of compact `{"width":…,"height":…}` pairs before each general element.
///
/// The oracles: (1) fails only with a syntax error; (2) fails with exactly (1)'s error, or on a number out of
/// range where (1) accepts it; (3) reads back the same tree, bit for bit (unless a member name was longer than a
/// key keeps); (4) gives exactly (2)'s tree or error. Nothing may trap.
enum JSONReaderFuzzTarget {
    /// Runs one input; traps when an oracle fails, which libFuzzer reports as a crash.
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        let document = Array(input)
        var skipping = JSONReader(bytes: document)
        let skipped: JSONError?
        do {
            try skipping.skipValue()
            try skipping.finish()
            skipped = nil
        } catch {
            oracle(error.isSyntax, "skipValue threw a shape error: \(error)")
            skipped = error
        }

        var notes = JSONTree.Notes()
        let read = Self.readAll(document, notes: &notes)
        var compactNotes = JSONTree.Notes()
        let compactRead = Self.readAll(document, notes: &compactNotes, compactly: true)
        oracle(compactRead == read, "read generally as \(read), through compact pairs as \(compactRead)")
        if notes.hitNumberOutOfRange { return }
        switch (skipped, read) {
        case (nil, .success(let tree)):
            guard notes.isExact else { return }
            var writer = JSONWriter()
            tree.write(to: &writer)
            let written = writer.bytes
            var ignored = JSONTree.Notes()
            let reread = Self.readAll(written, notes: &ignored)
            oracle(
                reread == .success(tree),
                "written back as \(String(decoding: written, as: UTF8.self)), read as \(reread)"
            )
        case (let skipError?, .failure(let readError)):
            oracle(skipError == readError, "skipping threw \(skipError), reading threw \(readError)")
        case (let skipError, let read):
            oracle(false, "skipping gave \(String(describing: skipError)), reading gave \(read)")
        }
    }

    /// Reads a whole document into a tree: its top-level value, then nothing but whitespace.
    private static func readAll(
        _ document: [UInt8],
        notes: inout JSONTree.Notes,
        compactly: Bool = false
    ) -> Result<JSONTree, JSONError> {
        var reader = JSONReader(bytes: document)
        do throws(JSONError) {
            let tree = try JSONTree.read(&reader, notes: &notes, compactly: compactly)
            try reader.finish()
            return .success(tree)
        } catch {
            return .failure(error)
        }
    }
}
