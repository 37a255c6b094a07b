import LayoutEngine

/// SplitMix64, so benchmark inputs are the same on every run.
struct BenchmarkGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension BenchmarkGenerator {
    /// `count` item sizes from 40 to 120 points on each side, the benchmarks' usual feed of varied cells.
    mutating func cellSizes(_ count: Int) -> [Size] {
        (0..<count).map { _ in Size(width: Double(40 + self.next() % 81), height: Double(40 + self.next() % 81)) }
    }

    /// One section of `count` ``cellSizes(_:)`` in a phone's viewport, 375 × 812.
    mutating func phoneInput(cells count: Int) -> LayoutInput {
        LayoutInput(viewport: Self.phone, sections: [SectionInput(items: .sizes(self.cellSizes(count)))])
    }

    /// A phone's viewport, 375 × 812 points.
    static let phone = Size(width: 375, height: 812)
}

/// Request bodies the service benchmarks share.
enum BenchmarkBodies {
    /// `{"viewport":{1024×768},"sections":[{"items":[…]}]}` with `items` sizes from a fixed formula (no generator),
    /// so that every benchmark that sends it sends the same bytes.
    static func sizedItems(_ items: Int) -> [UInt8] {
        var body = Array(#"{"viewport":{"width":1024,"height":768},"sections":[{"items":["#.utf8)
        body.reserveCapacity(items * 26)
        for index in 0..<items {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            let width = 40 + (index &* 37) % 200
            let height = 30 + (index &* 53) % 170
            body.append(contentsOf: #"{"width":\#(width),"height":\#(height)}"#.utf8)
        }
        body.append(contentsOf: "]}]}".utf8)
        return body
    }
}
