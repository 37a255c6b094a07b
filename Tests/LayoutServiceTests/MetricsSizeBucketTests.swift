import Testing

@testable import LayoutService

/// The size histograms' bucket, found by arithmetic rather than by searching the bounds.
@Suite struct MetricsSizeBucketTests {
    /// The search the arithmetic replaced: the first bound the size does not exceed.
    static func searched(_ bytes: Int) -> Int? {
        Metrics.sizeBuckets.firstIndex { Double(bytes) <= $0 }
    }

    @Test func theBucketIsTheSearchedOneForEverySizeAroundEveryBound() {
        var sizes = Array(0...5000)
        for bound in Metrics.sizeBuckets {
            let bound = Int(bound)
            sizes += [bound - 2, bound - 1, bound, bound + 1, bound + 2, bound * 2, bound * 3]
        }
        sizes += [Int.max, Int.max / 2, 1 << 40]
        for size in sizes {
            #expect(Metrics.Histogram.sizeBucket(of: size) == Self.searched(size), "\(size)")
        }
    }

    @Test func recordingASizeCountsItWhereTheSearchWould() {
        var byArithmetic = Metrics.Histogram(bucketCount: Metrics.sizeBuckets.count)
        var bySearch = Metrics.Histogram(bucketCount: Metrics.sizeBuckets.count)
        for size in [0, 64, 65, 300, 5000, 70_000, 1 << 27, 1 << 30] {
            byArithmetic.record(bytes: size)
            bySearch.record(Double(size), bounds: Metrics.sizeBuckets)
        }
        #expect(byArithmetic.counts == bySearch.counts)
        #expect(byArithmetic.sum == bySearch.sum)
        #expect(byArithmetic.total == bySearch.total)
    }
}
