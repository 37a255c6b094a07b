import HTTPCore
import LayoutEngine
import Testing

@testable import LayoutService

/// `Route(target:)`, which routes an origin-form target's bytes in place, against `Route(path:)` of the target's
/// path (`Request.path`), which it replaced on every request.
@Suite struct RouteTargetTests {
    /// Every path template of the OpenAPI document, its parameters filled in.
    static let documentedPaths: [String] = {
        let id = Session.makeID()
        var paths: [String] = []
        for line in OpenAPIDocument.yaml.split(separator: "\n") where line.hasPrefix("  /") && line.hasSuffix(":") {
            paths.append(
                String(line.dropFirst(2).dropLast())
                    .replacing("/supplementary/{kind}", with: "/supplementary/header")
                    .replacing("{kind}", with: "waterfall")
                    .replacing("{id}", with: id)
                    .replacing("{section}", with: "3")
                    .replacing("{item}", with: "14")
            )
        }
        return paths
    }()

    /// The documented paths and the shapes around them a client may send: a query, an empty query, a trailing or
    /// doubled slash, a segment too many or too few, another case, an index out of shape, a query that looks
    /// like a path.
    static let targets: [String] = {
        var targets: [String] = []
        for path in Self.documentedPaths {
            targets += [
                path, path + "?", path + "?x=1", path + "?a/b?c", path + "/", path + "//", path + "/x",
                String(path.dropLast()), path.uppercased(), path.replacing("/", with: "//"),
                path.replacing("14", with: "1x4"),
            ]
        }
        return targets + [
            "/", "/?", "//", "/?x", "/sessions/", "/sessions//query", "/a/b/c/d/e/f/g", "/sessions/a/b/c/d/e/f/g",
            "/layout/", "/layout//", "/healthz#x", "/%68ealthz", "/index.html", "/app.js?v=2", "/sessions/x/items/1/",
        ]
    }()

    @Test func everyDocumentedPathHasARoute() {
        #expect(Self.documentedPaths.count >= 30)
        for path in Self.documentedPaths {
            #expect(Route(target: path) != nil, "\(path)")
        }
    }

    @Test func anOriginFormTargetIsRoutedAsItsPathIs() {
        for target in Self.targets {
            let request = Request(method: .GET, target: target)
            #expect(Route(target: target) == Route(path: request.path), "\(target)")
        }
    }

    @Test(arguments: ["*", "http://example.com/healthz", "HTTPS://example.com/layout/flow?x=1", "http://h",
                      "http://h?x", "http://h/sessions/abc/query", "ftp://h/healthz", "healthz", ""])
    func anyOtherFormIsRoutedAsItsPathIs(target: String) {
        #expect(Route(target: target) == Route(path: Request(method: .OPTIONS, target: target).path))
    }

    @Test func routesKeepTheirParametersFromTheTarget() {
        #expect(Route(target: "/healthz?verbose=1") == .health)
        #expect(Route(target: "/layout/flow?x") == .layout(.flow))
        #expect(Route(target: "/sessions/abc/query?at=1") == .sessionQuery(id: SessionID("abc")))
        #expect(Route(target: "/sessions/abc/items/2/30") == .sessionItem(id: SessionID("abc"), section: 2, item: 30))
        #expect(
            Route(target: "/sessions/abc/supplementary/footer/2/30?q")
                == .sessionSupplementary(id: SessionID("abc"), kind: "footer", section: 2, item: 30)
        )
        #expect(Route(target: "/app.js?v=2") == .webAsset(name: "app.js"))
        #expect(Route(target: "/?x") == .webPage)
        #expect(Route(target: "http://h/sessions/abc") == .session(id: SessionID("abc")))
        #expect(Route(target: "*") == .server)
        #expect(Route(target: "/healthz/") == nil)
        #expect(Route(target: "/sessions/abc/query/x") == nil)
    }

    /// Fixed answers at the splitter's limits, where `Route(target:)` and `Route(path:)` share code and could be
    /// wrong together: the six segments of the longest route, one more, empty segments, a bare prefix (each as the
    /// service answered before the splitter was written).
    @Test func targetsAtTheSplittersLimitsRouteAsBefore() {
        for route in [Route(target: "/sessions/x/supplementary/h/1/2"), Route(path: "/sessions/x/supplementary/h/1/2")] {
            #expect(route == .sessionSupplementary(id: SessionID("x"), kind: "h", section: 1, item: 2))
        }
        for target in [
            "/sessions/x/supplementary/h/1/2/", "/sessions/x/supplementary/h/1/2/3", "/a/b/c/d/e/f/g", "/sessions//query",
            "/sessions//", "/layout/", "//healthz", "/sessions/x/items/1", "/sessions/x/items/1/-2", "/sessions/x/items/a/2",
        ] {
            #expect(Route(target: target) == nil, "\(target)")
            #expect(Route(path: target[...]) == nil, "\(target)")
        }
        #expect(Route(target: "/sessions/x/items/1/2") == .sessionItem(id: SessionID("x"), section: 1, item: 2))
        #expect(Route(target: "/layout/x") == .unknownLayout(name: "x"))
    }

    /// `takes(_:)` answers as a search of `methods` does, for every route and method.
    @Test func takesIsWhetherMethodsHoldTheMethod() {
        let routes: [Route] = [
            .server, .health, .ready, .metrics, .openAPI, .kinds, .layout(.flow), .unknownLayout(name: "x"), .sessions,
            .session(id: SessionID("a")), .sessionQuery(id: SessionID("a")), .sessionSnap(id: SessionID("a")),
            .sessionScrollTo(id: SessionID("a")), .sessionTransition(id: SessionID("a")),
            .sessionInvalidate(id: SessionID("a")), .sessionUpdates(id: SessionID("a")),
            .sessionMove(id: SessionID("a")),
            .sessionMoveEnd(id: SessionID("a")), .sessionItem(id: SessionID("a"), section: 1, item: 2),
            .sessionSupplementary(id: SessionID("a"), kind: "header", section: 1, item: 2), .webPage,
            .webAsset(name: "app.js"),
        ]
        for route in routes {
            for method in HTTPMethod.allCases {
                #expect(route.takes(method) == route.methods.contains(method), "\(route) \(method)")
            }
        }
    }

    /// A path given as part of a longer string routes as the same path on its own: segments kept by the route are
    /// cut from the right place of the string.
    @Test func aPathWithinALongerStringKeepsItsSegments() {
        let text = "xx/sessions/abc/supplementary/footer/2/30"
        let path = text[text.index(text.startIndex, offsetBy: 2)...]
        #expect(Route(path: path) == .sessionSupplementary(id: SessionID("abc"), kind: "footer", section: 2, item: 30))
    }
}

