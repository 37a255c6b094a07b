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
/// 5. 4 again on the document as it arrives (issue 21's early reading): half its bytes granted at first, more in
///    steps of 1 to 61 bytes whenever the reader asks (before each run of compact pairs, and in `finish()`).
///
/// The oracles: (1) fails only with a syntax error; (2) fails with exactly (1)'s error, or on a number out of
/// range where (1) accepts it; (3) reads back the same tree, bit for bit (unless a member name was longer than a
/// key keeps); (4) gives exactly (2)'s tree or error; (5) when it succeeds, gives (4)'s tree, and when it fails
/// with every byte granted and the document is an object or an array (as every request body is), (4)'s error (an
/// error met before that is not the document's: the service reads the whole body again; a top-level number cut at
/// the end of the bytes granted reads as a whole value, and the rest as an error of its own). Nothing may trap, and
/// reading a byte not yet granted traps.
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
        let (arriving, wasWhole) = Self.readArriving(document)
        if case .success = arriving {
            oracle(arriving == compactRead, "read compactly as \(compactRead), as it arrived as \(arriving)")
        } else if wasWhole, let first = document.first(where: { !Self.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        {
            oracle(arriving == compactRead, "read compactly as \(compactRead), whole at last as \(arriving)")
        }
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

    /// Reads a document through compact pairs as it arrives: half its bytes at first, then the bytes asked for and
    /// 1 to 61 more (by the document's length) each time the reader asks. Also returns whether every byte was
    /// granted by the end.
    private static func readArriving(_ document: [UInt8]) -> (result: Result<JSONTree, JSONError>, wasWhole: Bool) {
        let step = 1 + document.count % 61
        var reader = JSONReader(arriving: document, available: document.count / 2) { needed in
            // `finish()` asks for everything (`Int.max`).
            needed >= document.count - step ? document.count : needed + step
        }
        var notes = JSONTree.Notes()
        do throws(JSONError) {
            let tree = try JSONTree.read(&reader, notes: &notes, compactly: true)
            try reader.finish()
            return (.success(tree), reader.isWhole)
        } catch {
            return (.failure(error), reader.isWhole)
        }
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
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
