/// The field lines of one request head as they arrived, and where each field's name and value lie in them.
///
/// One reference, so that copying a request's ``HTTPHeaders`` (or a response's, which has none) retains one object
/// rather than one buffer per part. Copies of a list share it; it is changed only while one list alone holds it
/// (the parser reusing the last request's once that request is gone, a list removing a field), so no thread ever
/// reads it while another writes: hence `@unchecked Sendable`. Storage is its own so that emptying it for the next
/// request is two stores, not two array truncations.
final class ReceivedFields: @unchecked Sendable {
    /// Where one field's name and its value (without surrounding whitespace) lie in ``bytes``.
    struct Field: Hashable, Sendable {
        var nameStart: Int
        var nameEnd: Int
        var valueStart: Int
        var valueEnd: Int
    }

    private var byteStorage: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    /// The number of bytes held.
    private(set) var byteCount = 0
    private var fieldStorage: UnsafeMutablePointer<Field>
    private var fieldCapacity: Int
    /// The number of fields held.
    private(set) var count = 0

    /// Creates empty storage with room for `byteCapacity` bytes and `fieldCapacity` fields.
    init(byteCapacity: Int = 128, fieldCapacity: Int = 8) {
        self.byteCapacity = max(byteCapacity, 1)
        self.byteStorage = .allocate(capacity: self.byteCapacity)
        self.fieldCapacity = max(fieldCapacity, 1)
        self.fieldStorage = .allocate(capacity: self.fieldCapacity)
    }

    deinit {
        self.byteStorage.deallocate()
        self.fieldStorage.deallocate()
    }

    /// The bytes held, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: self.byteStorage, count: self.byteCount) }

    /// The fields held, in order, valid until the next change.
    var fields: UnsafeBufferPointer<Field> { UnsafeBufferPointer(start: self.fieldStorage, count: self.count) }

    /// The value of the first field named `name` (ASCII case-insensitively), or `nil`. A field's name is looked at
    /// only when its length is `name`'s.
    func firstValue(named name: String) -> String? {
        let length = name.utf8.count
        for index in 0..<self.count
        where self.fieldStorage[index].nameEnd - self.fieldStorage[index].nameStart == length {
            let field = self.fieldStorage[index]
            var key = name
            if key.withUTF8({ HTTPHeaders.bytesMatch(self.name(of: field), $0) }) {
                return String(decoding: self.value(of: field), as: UTF8.self)
            }
        }
        return nil
    }

    /// Whether a field's name is `length` bytes long.
    func containsName(ofLength length: Int) -> Bool {
        for index in 0..<self.count
        where self.fieldStorage[index].nameEnd - self.fieldStorage[index].nameStart == length {
            return true
        }
        return false
    }

    /// The bytes of `field`'s name.
    func name(of field: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: self.byteStorage + field.nameStart, count: field.nameEnd - field.nameStart)
    }

    /// The bytes of `field`'s value.
    func value(of field: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: self.byteStorage + field.valueStart, count: field.valueEnd - field.valueStart)
    }

    /// Forgets every byte and field, keeping the storage.
    func removeAll() {
        self.byteCount = 0
        self.count = 0
    }

    /// Keeps only the first `byteCount` bytes and `count` fields.
    func truncate(byteCount: Int, count: Int) {
        self.byteCount = min(self.byteCount, byteCount)
        self.count = min(self.count, count)
    }

    /// Appends bytes and returns where they start.
    ///
    /// - Complexity: O(`bytes.count`), amortised.
    func append(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let start = self.byteCount
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return start }
        if start + bytes.count > self.byteCapacity {
            let capacity = max(self.byteCapacity * 2, start + bytes.count)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            storage.update(from: self.byteStorage, count: start)
            self.byteStorage.deallocate()
            self.byteStorage = storage
            self.byteCapacity = capacity
        }
        (self.byteStorage + start).update(from: base, count: bytes.count)
        self.byteCount += bytes.count
        return start
    }

    /// Appends a field.
    func append(_ field: Field) {
        if self.count == self.fieldCapacity {
            let capacity = self.fieldCapacity * 2
            let storage = UnsafeMutablePointer<Field>.allocate(capacity: capacity)
            storage.initialize(from: self.fieldStorage, count: self.count)
            self.fieldStorage.deallocate()
            self.fieldStorage = storage
            self.fieldCapacity = capacity
        }
        (self.fieldStorage + self.count).initialize(to: field)
        self.count += 1
    }

    /// Removes the fields for which `shouldRemove` is `true`, keeping the others' order (their bytes stay).
    func removeFields(where shouldRemove: (Field) -> Bool) {
        var kept = 0
        for index in 0..<self.count where !shouldRemove(self.fieldStorage[index]) {
            self.fieldStorage[kept] = self.fieldStorage[index]
            kept += 1
        }
        self.count = kept
    }

    /// A copy of the bytes and fields, for a list about to change storage another list shares.
    func copy() -> ReceivedFields {
        let copy = ReceivedFields(byteCapacity: self.byteCount, fieldCapacity: self.count)
        _ = copy.append(bytes: self.bytes)
        for field in self.fields { copy.append(field) }
        return copy
    }
}
