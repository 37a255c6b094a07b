/// A client-named element kind (`"badge"`, `"cardBackground"`), stored inline: up to ``maximumLength`` ASCII bytes
/// packed in three words, so that ``ElementKind`` and ``LayoutAttributes`` stay plain values (no allocation, no
/// reference counting per element).
///
/// A name is 1…24 characters from `A-Z a-z 0-9 _ - .`, so it is safe as it is in a JSON string and a URL path.
public struct ElementName: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes a name may have.
    public static let maximumLength = 24

    private let word0: UInt64
    private let word1: UInt64
    private let word2: UInt64

    /// Makes a name, or `nil` when `text` is empty, longer than ``maximumLength`` or holds a character outside
    /// `A-Z a-z 0-9 _ - .`.
    ///
    /// - Parameter text: The name.
    public init?(_ text: String) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        for byte in text.utf8 {
            guard count < Self.maximumLength, Self.isAllowed(byte) else { return nil }
            let shift = UInt64((count % 8) * 8)
            switch count / 8 {
            case 0: words.0 |= UInt64(byte) << shift
            case 1: words.1 |= UInt64(byte) << shift
            default: words.2 |= UInt64(byte) << shift
            }
            count += 1
        }
        guard count > 0 else { return nil }
        (self.word0, self.word1, self.word2) = words
    }

    /// Whether a byte may appear in a name.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// The name as text.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.maximumLength)
        for word in [self.word0, self.word1, self.word2] {
            var rest = word
            while rest != 0 {
                bytes.append(UInt8(truncatingIfNeeded: rest))
                rest >>= 8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
