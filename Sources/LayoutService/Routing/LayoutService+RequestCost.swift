import HTTPCore
import LayoutEngine

/// What preparing a layout will cost, estimated from its input before it runs (issue 19.6), in items: an item of a
/// one-column layout costs 1.
struct RequestCost: Hashable, Sendable {
    /// The estimate over every section and viewport.
    var total: Int
    /// The field that makes the request costly: the costliest section's multiplier (a waterfall's `columnCount`)
    /// when it has one, else its `count` or `items`; `/viewports` when only the viewports take it past a limit.
    var pointer: String {
        switch self.field {
        case .sections: "/sections"
        case .count(let index): "/sections/\(index)/count"
        case .items(let index): "/sections/\(index)/items"
        case .sectionColumnCount(let index): "/sections/\(index)/config/columnCount"
        case .columnCount: "/config/columnCount"
        }
    }
    /// The field ``pointer`` names, kept as a value: the pointer's text is made only for an error (issue 21).
    private var field: Field

    /// A field that can make a request costly.
    private enum Field: Hashable, Sendable {
        case sections
        case count(section: Int)
        case items(section: Int)
        case sectionColumnCount(section: Int)
        case columnCount
    }

    /// Estimates the cost of preparing `input` with `configuration` for `viewports` viewports.
    ///
    /// Each section costs its items times what each item costs there: the number of columns a waterfall compares
    /// per item (the section's `columnCount` or the layout's), 1 for every other kind (their preparation is
    /// linear, or `n log n` for `circle`'s small inputs). Sections cost at least 1, so a request of many empty
    /// sections counts too.
    ///
    /// - Complexity: O(number of sections).
    init(input: borrowing LayoutInput, configuration: borrowing LayoutConfiguration, viewports: Int = 1) {
        var total = 0
        var costliest = (cost: -1, field: Field.sections)
        let layoutColumns = Self.waterfallColumnCount(configuration)
        // Each section read where it lies in the array: a section input is close to 900 bytes (its overrides), and
        // iterating copied every one of them, with an outlined copy and destroy of its references (issue 21).
        input.sections.withUnsafeBufferPointer { sections in
            for index in sections.indices {
                var multiplier = 1
                var multiplierField: Field?
                if let layoutColumns {
                    if let columns = sections[index].overrides.columnCount {
                        multiplier = columns
                        multiplierField = .sectionColumnCount(section: index)
                    } else {
                        multiplier = layoutColumns
                        multiplierField = .columnCount
                    }
                }
                let items = max(0, sections[index].itemCount)
                let (product, overflow) = max(1, items).multipliedReportingOverflow(by: max(1, multiplier))
                let cost = overflow ? Int.max / 2 : product
                total = min(Int.max / 2, total + cost)
                if cost > costliest.cost {
                    let itemsField: Field
                    if case .count = sections[index].items {
                        itemsField = .count(section: index)
                    } else {
                        itemsField = .items(section: index)
                    }
                    // The multiplier is named when it, rather than the number of items, is what is out of the
                    // ordinary.
                    let field = multiplier > 16 ? multiplierField ?? itemsField : itemsField
                    costliest = (cost, field)
                }
            }
        }
        self.total = total
        self.field = costliest.field
        if viewports > 1 {
            let (product, overflow) = total.multipliedReportingOverflow(by: viewports)
            self.total = overflow ? Int.max / 2 : product
        }
    }

    /// The estimate ``init(input:configuration:viewports:)`` makes, ``total``, without finding the field that makes
    /// it costly: what ``LayoutService/checkCost(_:configuration:viewports:)`` needs for a request within the limit,
    /// nearly every one (about 70 instructions fewer for a request of one section; issue 21).
    ///
    /// - Complexity: O(number of sections).
    static func total(of input: borrowing LayoutInput, configuration: borrowing LayoutConfiguration, viewports: Int = 1)
        -> Int
    {
        var total = 0
        let layoutColumns = Self.waterfallColumnCount(configuration)
        input.sections.withUnsafeBufferPointer { sections in
            for index in sections.indices {
                var multiplier = 1
                if let layoutColumns { multiplier = sections[index].overrides.columnCount ?? layoutColumns }
                let items = max(0, sections[index].itemCount)
                let (product, overflow) = max(1, items).multipliedReportingOverflow(by: max(1, multiplier))
                total = min(Int.max / 2, total + (overflow ? Int.max / 2 : product))
            }
        }
        guard viewports > 1 else { return total }
        let (product, overflow) = total.multipliedReportingOverflow(by: viewports)
        return overflow ? Int.max / 2 : product
    }

    /// The layout's `columnCount` when `configuration` is a waterfall's (what each item of a section without its
    /// own costs), else `nil`: read once, not once per section (matching a case copies the whole configuration).
    private static func waterfallColumnCount(_ configuration: LayoutConfiguration) -> Int? {
        guard case .waterfall(let waterfall) = configuration else { return nil }
        return waterfall.columnCount
    }
}

extension LayoutService {
    /// Refuses a request whose estimated cost (``RequestCost``) passes ``ServiceConfiguration/maxRequestCost``.
    ///
    /// - Parameters:
    ///   - input: What to lay out.
    ///   - configuration: The kind and its parameters.
    ///   - viewports: How many times the input is laid out (`viewports`).
    /// - Throws: ``APIError/invalidField(pointer:reason:)`` (422) naming the field that makes it costly.
    func checkCost(_ input: LayoutInput, configuration: LayoutConfiguration, viewports: Int = 1) throws(APIError) {
        let limit = self.configuration.maxRequestCost
        guard RequestCost.total(of: input, configuration: configuration, viewports: viewports) > limit else { return }
        let cost = RequestCost(input: input, configuration: configuration, viewports: viewports)
        let single = RequestCost(input: input, configuration: configuration)
        let pointer = single.total <= limit ? "/viewports" : cost.pointer
        throw .invalidField(
            pointer: pointer,
            reason: "The request would cost about \(cost.total) item-placements, past the server's limit of \(limit) "
                + "(--max-request-cost): ask for fewer items, columns or viewports."
        )
    }

    /// Whether a request sent to the worker pool is heavy: its estimated cost reaches
    /// ``ServiceConfiguration/heavyRequestCost``, read cheaply from the body (its counts, or its size for listed
    /// items) or from the session it mutates. The pool runs heavy requests on all but one of its workers, so a
    /// lighter request never waits behind more than one heavy one.
    ///
    /// - Complexity: O(body size) for layout requests (a scan for `"count"`), O(1) for session routes.
    public func isHeavy(_ request: Request, plan: RequestPlan) -> Bool {
        guard request.method == .POST, let route = plan.route else { return false }
        let threshold = self.configuration.heavyRequestCost
        switch route {
        case .layout, .unknownLayout, .sessions:
            // A listed item takes at least 16 bytes of JSON (`{"width":1,"height":1},`'s 24, less whitespace).
            return request.body.count / 16 >= threshold || Self.countedItems(in: request.body, over: threshold - 1)
        case .sessionTransition(let id), .sessionInvalidate(let id), .sessionUpdates(let id), .sessionMove(let id),
            .sessionMoveEnd(let id):
            guard let key = id.key, let session = self.sessions.session(key) else { return false }
            return session.itemCount >= threshold
        default:
            return false
        }
    }
}
