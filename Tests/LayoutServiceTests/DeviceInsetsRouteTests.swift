import HTTPCore
import LayoutService
import Testing

/// The request members that describe the device around the collection view (`safeAreaInsets`, `layoutMargins`,
/// `readableContentWidth`): every kind reads them, and a wrong value is 422 with its pointer.
@Suite struct DeviceInsetsRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    static let device = #""safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},"#
        + #""layoutMargins":{"top":8,"left":16,"bottom":8,"right":16},"readableContentWidth":672"#

    @Test(arguments: ["flow", "waterfall", "line", "stack", "circle", "cover", "rotary", "pagecover", "justified"])
    func everyKindAcceptsTheDevice(kind: String) {
        let body = #"{"viewport":{"width":390,"height":844},\#(Self.device),"sections":[{"count":3}]}"#
        let (response, problem) = self.call(.POST, "/layout/\(kind)", body)
        #expect(response.status == 200, "\(problem)")
    }

    @Test func aSessionKeepsTheDevice() {
        let body = #"{"kind":"flow","viewport":{"width":390,"height":844},\#(Self.device),"sections":[{"count":3}]}"#
        let (response, problem) = self.call(.POST, "/sessions", body)
        #expect(response.status == 201, "\(problem)")
    }

    @Test(arguments: [
        (#""safeAreaInsets":{"top":-1,"left":0,"bottom":0,"right":0}"#, "/safeAreaInsets/top"),
        (#""layoutMargins":{"top":1,"left":0,"bottom":0}"#, "/layoutMargins/right"),
        (#""readableContentWidth":0"#, "/readableContentWidth"),
        (#""readableContentWidth":"wide""#, "/readableContentWidth"),
    ])
    func aWrongValueIs422WithItsPointer(member: String, pointer: String) {
        let body = #"{"viewport":{"width":390,"height":844},\#(member),"sections":[{"count":3}]}"#
        let (response, problem) = self.call(.POST, "/layout/flow", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == pointer, "\(problem)")
    }
}
