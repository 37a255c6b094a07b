import Foundation
import HTTPCore
import LayoutService
import Testing

/// `POST /sessions/{id}/scroll-to`: each answer is checked against the element's frame as the session's own query
/// reports it, and for `nearest` against a search over every offset of the scrollable range.
@Suite struct ScrollToRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    /// Sessions of every kind and scroll direction, right to left included.
    static let sessions: [String] = [
        #"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"items":[{"width":300,"height":200},{"width":300,"height":1000},{"width":300,"height":90},{"width":300,"height":700},{"width":300,"height":60}]}]}"#,
        #"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":300,"header":{"width":320,"height":40}}],"config":{"itemSize":{"width":90,"height":70}}}"#,
        #"{"kind":"flow","viewport":{"width":320,"height":480},"layoutDirection":"rightToLeft","sections":[{"count":200},{"count":90}],"config":{"scrollDirection":"horizontal"}}"#,
        #"{"kind":"waterfall","viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":2},{"width":2,"height":1},{"width":1,"height":1},{"width":3,"height":4}]},{"count":120}]}"#,
        #"{"kind":"justified","viewport":{"width":1000,"height":700},"sections":[{"items":[{"width":4,"height":3},{"width":3,"height":4},{"width":16,"height":9},{"width":1,"height":1},{"width":2,"height":3},{"width":3,"height":2},{"width":4,"height":3},{"width":9,"height":16}]}]}"#,
        #"{"kind":"line","viewport":{"width":375,"height":300},"sections":[{"count":40}]}"#,
        #"{"kind":"cover","viewport":{"width":375,"height":667},"sections":[{"count":30}]}"#,
        #"{"kind":"circle","viewport":{"width":300,"height":300},"sections":[{"count":12}]}"#,
        #"{"kind":"compositional","viewport":{"width":390,"height":844},"sections":[{"count":60}],"config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":120}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}}}"#,
    ]

    static let positions = [
        "top", "bottom", "centeredVertically", "left", "right", "centeredHorizontally", "nearest",
        #"["top","left"]"#, #"["bottom","centeredHorizontally"]"#, #"["centeredVertically","nearest"]"#,
    ]

    /// One axis of a position, as the wire names it.
    enum Choice { case leading, center, trailing, nearest, keep }

    static func choices(_ position: String) -> (vertical: Choice, horizontal: Choice) {
        let names = position.hasPrefix("[")
            ? position.dropFirst().dropLast().split(separator: ",").map { String($0.dropFirst().dropLast()) }
            : [position]
        var vertical = Choice.keep
        var horizontal = Choice.keep
        for name in names {
            switch name {
            case "top": vertical = .leading
            case "bottom": vertical = .trailing
            case "centeredVertically": vertical = .center
            case "left": horizontal = .leading
            case "right": horizontal = .trailing
            case "centeredHorizontally": horizontal = .center
            default: break
            }
        }
        if names.contains("nearest") {
            if vertical == .keep { vertical = .nearest }
            if horizontal == .keep { horizontal = .nearest }
        }
        return (vertical, horizontal)
    }

    /// Checks one axis of an answer: `offset` for an element spanning `low...high` in a viewport of `length`.
    static func check(
        _ choice: Choice,
        offset: Double,
        element: (low: Double, high: Double),
        current: Double,
        length: Double,
        insets: (Double, Double),
        content: Double
    ) {
        let lower = -insets.0
        let upper = max(lower, content + insets.1 - length)
        let tolerance = 1e-6
        #expect(offset >= lower - tolerance && offset <= upper + tolerance, "\(offset) outside \(lower)...\(upper)")
        let visibleLow = offset + insets.0
        let visibleHigh = offset + length - insets.1
        // Where the range is a single offset (content no longer than the visible area) every choice rests there.
        let isFixed = upper - lower < tolerance
        let atLower = abs(offset - lower) < tolerance && !isFixed
        let atUpper = abs(offset - upper) < tolerance && !isFixed
        if isFixed { #expect(abs(offset - lower) < tolerance) }
        switch choice {
        case .keep:
            #expect(abs(offset - min(upper, max(lower, current))) < tolerance)
        case .leading:
            if !atLower && !atUpper && !isFixed { #expect(abs(element.low - visibleLow) < tolerance) }
            if atUpper { #expect(element.low >= visibleLow - tolerance) }
            if atLower { #expect(element.low <= visibleLow + tolerance) }
        case .trailing:
            if !atLower && !atUpper && !isFixed { #expect(abs(element.high - visibleHigh) < tolerance) }
            if atUpper { #expect(element.high >= visibleHigh - tolerance) }
            if atLower { #expect(element.high <= visibleHigh + tolerance) }
        case .center:
            let middle = (element.low + element.high) / 2
            if !atLower && !atUpper && !isFixed {
                #expect(abs(middle - (visibleLow + visibleHigh) / 2) < tolerance)
            }
        case .nearest:
            // Every offset of the range, by half points, plus those that align either edge: the nearest one to
            // `current` that shows the whole element is the answer's distance; with none, the leading edge shows.
            var candidates = stride(from: lower, through: upper, by: 0.5).map { $0 }
            candidates += [lower, upper, current, element.low - insets.0, element.high - length + insets.1]
            let showing = candidates.filter { candidate in
                candidate >= lower - tolerance && candidate <= upper + tolerance
                    && element.low >= candidate + insets.0 - tolerance
                    && element.high <= candidate + length - insets.1 + tolerance
            }
            if let best = showing.map({ abs($0 - current) }).min() {
                #expect(abs(abs(offset - current) - best) < tolerance, "moved \(offset - current), least \(best)")
                #expect(element.low >= visibleLow - tolerance && element.high <= visibleHigh + tolerance)
            } else if !atLower && !atUpper && !isFixed {
                #expect(abs(element.low - visibleLow) < tolerance, "a large element shows its leading edge")
            }
        }
    }

    /// Every element of a session by key (`cell/0/5`, `header/0/0`), at `contentOffset`.
    func elements(_ id: String, contentOffset: (Double, Double)) -> [String: [String: Double]] {
        let body = #"{"rect":{"x":-1e6,"y":-1e6,"width":1e7,"height":1e7},"contentOffset":{"x":\#(contentOffset.0),"y":\#(contentOffset.1)}}"#
        let (response, json) = self.call(.POST, "/sessions/\(id)/query", body)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let attributes = json["attributes"] as? [[String: Any]] ?? []
        var byKey: [String: [String: Double]] = [:]
        for element in attributes {
            let path = element["indexPath"] as? [Int] ?? []
            let name = (element["kind"] as? String) ?? "cell"
            byKey["\(name)/\(path[0])/\(path[1])"] = element["frame"] as? [String: Double]
        }
        return byKey
    }

    @Test(arguments: Self.sessions.indices)
    func everyPositionPutsTheElementWhereItSays(session index: Int) throws {
        let id = try self.create(Self.sessions[index])
        let summary = self.call(.GET, "/sessions/\(id)").1
        let content = try #require(summary["contentSize"] as? [String: Double])
        let viewport = try #require(
            (try JSONSerialization.jsonObject(with: Data(Self.sessions[index].utf8)) as? [String: Any])?["viewport"]
                as? [String: Double]
        )
        // A current offset inside the content on both axes, and about a dozen elements spread over the content.
        let current = (Double(index * 37 % 200), Double(index * 211 % 900))
        let frames = self.elements(id, contentOffset: current)
        let sorted = frames.keys.sorted()
        let keys = stride(from: 0, to: sorted.count, by: max(1, sorted.count / 12)).map { sorted[$0] }
        #expect(keys.count >= min(sorted.count, 10))
        for (number, key) in keys.enumerated() {
            let parts = key.split(separator: "/")
            let kind = parts[0] == "cell" ? "" : #","kind":"\#(parts[0])""#
            let frame = try #require(frames[key])
            for position in Self.positions {
                let inset = (top: Double(number * 7 % 41), left: 0.0, bottom: Double(number * 11 % 31), right: 8.0)
                let body = #"{"indexPath":[\#(parts[1]),\#(parts[2])]\#(kind),"position":\#(position.hasPrefix("[") ? position : "\"\(position)\""),"contentInset":{"top":\#(inset.top),"left":\#(inset.left),"bottom":\#(inset.bottom),"right":\#(inset.right)},"contentOffset":{"x":\#(current.0),"y":\#(current.1)}}"#
                let (response, answer) = self.call(.POST, "/sessions/\(id)/scroll-to", body)
                #expect(response.status == 200, "\(key) \(position): \(String(decoding: response.body, as: UTF8.self))")
                #expect(response.headers["ETag"] == "\"1\"")
                let offset = try #require(answer["contentOffset"] as? [String: Double])
                let (vertical, horizontal) = Self.choices(position)
                Self.check(vertical, offset: offset["y"]!, element: (frame["y"]!, frame["y"]! + frame["height"]!),
                    current: current.1, length: viewport["height"]!, insets: (inset.top, inset.bottom),
                    content: content["height"]!)
                Self.check(horizontal, offset: offset["x"]!, element: (frame["x"]!, frame["x"]! + frame["width"]!),
                    current: current.0, length: viewport["width"]!, insets: (inset.left, inset.right),
                    content: content["width"]!)
            }
        }
    }

    /// Orthogonal sections, vertical (left to right and right to left) and horizontal: a header section, then a
    /// carousel of 180-point cards 10 apart.
    static let orthogonalSessions = [
        (#""layoutDirection":"leftToRight""#, false),
        (#""layoutDirection":"rightToLeft""#, false),
        (#""config":{"scrollDirection":"horizontal"}"#, true),
    ]

    @Test(arguments: Self.orthogonalSessions.indices)
    func aCellOfAnOrthogonalSectionScrollsItsSectionToo(case index: Int) throws {
        let (setting, isHorizontal) = Self.orthogonalSessions[index]
        let group = #"{"layout":"horizontal","size":{"width":{"absolute":180},"height":{"absolute":120}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}"#
        let orthogonal = #"{"orthogonalScrollingBehavior":"continuous","interGroupSpacing":10,"group":\#(group)}"#
        let plain = #"{"group":\#(group)}"#
        let config = isHorizontal
            ? #""config":{"scrollDirection":"horizontal","section":\#(orthogonal)}"#
            : #"\#(setting),"config":{"section":\#(orthogonal)}"#
        let id = try self.create(#"{"kind":"compositional","viewport":{"width":400,"height":300},"sections":[{"count":12}],\#(config)}"#)
        _ = plain
        let length = 400.0  // the viewport across the layout's scroll axis: width, or height when horizontal
        let visible = isHorizontal ? 300.0 : length
        for item in [0, 3, 7, 11] {
            for (name, edge) in [("left", "leading"), ("right", "trailing"), ("centeredHorizontally", "center"), ("top", "leading"), ("bottom", "trailing"), ("centeredVertically", "center")] {
                // Across a vertical layout the section scrolls on x (left, right); across a horizontal one on y.
                let isAcross = isHorizontal ? ["top", "bottom", "centeredVertically"].contains(name) : ["left", "right", "centeredHorizontally"].contains(name)
                guard isAcross else { continue }
                let (response, answer) = self.call(.POST, "/sessions/\(id)/scroll-to", #"{"indexPath":[0,\#(item)],"position":"\#(name)"}"#)
                #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
                let offset = try #require(answer["orthogonalOffset"] as? Double, "\(answer)")
                // The section's cells: 12 groups 10 apart, 180 long on x (120 on y, when the section scrolls on y).
                let maximum = 12 * (isHorizontal ? 120 : 180) + 11 * 10 - visible
                #expect(offset >= 0 && offset <= maximum)
                // Drawn with that offset, the cell is where the position says, unless the range stopped it.
                let query = #"{"rect":{"x":-5000,"y":-5000,"width":10000,"height":10000},"orthogonalOffsets":[\#(offset)]}"#
                let cells = self.call(.POST, "/sessions/\(id)/query", query).1["attributes"] as? [[String: Any]] ?? []
                let cell = try #require(cells.first { ($0["indexPath"] as? [Int]) == [0, item] })
                let frame = try #require(cell["frame"] as? [String: Double])
                let low = isHorizontal ? frame["y"]! : frame["x"]!
                let high = low + (isHorizontal ? frame["height"]! : frame["width"]!)
                let clamped = offset == 0 || abs(offset - maximum) < 1e-9
                switch edge {
                case "leading" where !clamped: #expect(abs(low) < 1e-9, "\(name) \(item): \(frame)")
                case "trailing" where !clamped: #expect(abs(high - visible) < 1e-9, "\(name) \(item): \(frame)")
                case "center" where !clamped: #expect(abs((low + high) / 2 - visible / 2) < 1e-9, "\(name) \(item): \(frame)")
                default: #expect(low >= -1e-9 && high <= visible + 1e-9, "clamped, still wholly visible: \(frame)")
                }
            }
        }
        // A cell of a section that does not scroll orthogonally has no orthogonal offset in the answer.
        let flat = try self.create(#"{"kind":"compositional","viewport":{"width":400,"height":300},"sections":[{"count":3}],"config":{"section":\#(plain)}}"#)
        let answer = self.call(.POST, "/sessions/\(flat)/scroll-to", #"{"indexPath":[0,1],"position":"top"}"#).1
        #expect(answer["orthogonalOffset"] == nil)
        #expect(answer["contentOffset"] != nil)
    }

    @Test func scrollingToItem5000OfAMillionPutsItsTopAtTheTop() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":1000000}],"config":{"itemSize":{"width":100,"height":50}}}"#)
        let (response, answer) = self.call(.POST, "/sessions/\(id)/scroll-to", #"{"indexPath":[0,5000],"position":"top"}"#)
        #expect(response.status == 200)
        // Three items a line (100 + 10 + 100 + 10 + 100 ≤ 320), lines 50 high and 10 apart: item 5000 is on line 1666.
        #expect(answer["contentOffset"] as? [String: Double] == ["x": 0, "y": 1666 * 60])
    }

    @Test(arguments: [
        (#"{"indexPath":[0,99],"position":"top"}"#, "/indexPath"),
        (#"{"indexPath":[3,0],"position":"top"}"#, "/indexPath"),
        (#"{"indexPath":[0,0],"kind":"footer","position":"top"}"#, "/indexPath"),
        (#"{"indexPath":[0,0],"position":["top","bottom"]}"#, "/position"),
        (#"{"indexPath":[0,0],"position":["left","right"]}"#, "/position"),
        (#"{"indexPath":[0,0],"position":"middle"}"#, "/position"),
        (#"{"indexPath":[0,0],"position":[]}"#, "/position"),
        (#"{"indexPath":[0,0]}"#, "/position"),
        (#"{"position":"top"}"#, "/indexPath"),
        (#"{"indexPath":[0,0],"position":"top","contentInset":{"top":-1,"left":0,"bottom":0,"right":0}}"#, "/contentInset/top"),
    ])
    func aWrongElementOrPositionIs422WithItsPointer(body: String, pointer: String) throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":20}]}"#)
        let (response, problem) = self.call(.POST, "/sessions/\(id)/scroll-to", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == pointer)
    }

    @Test func anUnknownSessionIs404AndMalformedJSONIs400() throws {
        let missing = self.call(.POST, "/sessions/\(String(repeating: "a", count: 32))/scroll-to", #"{"indexPath":[0,0],"position":"top"}"#)
        #expect(missing.0.status == 404)
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":20}]}"#)
        #expect(self.call(.POST, "/sessions/\(id)/scroll-to", #"{"indexPath":[0,0],"#).0.status == 400)
    }
}
