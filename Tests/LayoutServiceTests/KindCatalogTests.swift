import LayoutEngine
import Testing

@testable import LayoutService

/// `GET /kinds` tells the truth: each default it lists is the engine's own.
@Suite struct KindCatalogTests {
    @Test func everyListedDefaultIsTheEnginesDefault() throws {
        for kind in KindCatalog.kinds {
            for parameter in kind.parameters {
                guard let defaultJSON = parameter.defaultJSON else { continue }
                let body = #"{"viewport":{"width":375,"height":667},"sections":[],"config":{"\#(parameter.name)":\#(defaultJSON)}}"#
                let request = try LayoutRequest.decode(Array(body.utf8), kind: kind.kind, configuration: ServiceConfiguration())
                #expect(request.configuration == .defaults(for: kind.kind), "\(kind.kind).\(parameter.name)")
            }
        }
    }

    @Test func everyKindIsListedOnce() {
        #expect(KindCatalog.kinds.map(\.kind) == LayoutKind.allCases)
    }
}
