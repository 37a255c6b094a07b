import HTTPCore
import LayoutService
import Testing

/// What `/metrics` adds to the request counts: durations by status class, body and answer sizes, requests in
/// flight, the worker pool's queue, and the process figures under Prometheus' standard names.
@Suite struct MetricsTests {
    let service = LayoutService()

    func page() -> String {
        String(decoding: self.service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
    }

    /// The value of the sample line that starts with `series` and a space.
    func sample(_ text: String, _ series: String) -> Double? {
        let line = text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { Double($0.split(separator: " ").last!) }
    }

    @Test func durationsAreByRouteAndStatusClass() {
        _ = self.service.respond(to: Request(method: .GET, target: "/kinds"))
        _ = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array("{".utf8)))
        _ = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array("[".utf8)))
        let text = self.page()
        let name = "layoutd_http_request_duration_seconds_count"
        #expect(self.sample(text, #"\#(name){route="/kinds",status_class="2xx"}"#) == 1)
        #expect(self.sample(text, #"\#(name){route="/layout/{kind}",status_class="4xx"}"#) == 2)
        #expect(self.sample(text, #"\#(name){route="/layout/{kind}",status_class="2xx"}"#) == nil)
    }

    @Test func requestAndAnswerSizesFallInTheirBuckets() throws {
        let body = Array(#"{"viewport": {"width": 100, "height": 100}, "sections": [{"count": 1}]}"#.utf8)
        #expect(body.count == 71)
        let answer = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: body))
        #expect(answer.status == 200)
        let text = self.page()
        let request = #"layoutd_http_request_size_bytes_bucket{route="/layout/{kind}",le="#
        #expect(self.sample(text, request + #""64"}"#) == 0)
        #expect(self.sample(text, request + #""256"}"#) == 1)
        #expect(self.sample(text, #"layoutd_http_request_size_bytes_sum{route="/layout/{kind}"}"#) == 71)
        let sum = #"layoutd_http_response_size_bytes_sum{route="/layout/{kind}"}"#
        #expect(self.sample(text, sum) == Double(answer.body.count))
        #expect(self.sample(text, #"layoutd_http_response_size_bytes_bucket{route="/layout/{kind}",le="+Inf"}"#) == 1)
    }

    @Test func theScrapeItselfIsInFlightAndNothingElse() {
        _ = self.service.respond(to: Request(method: .GET, target: "/healthz"))
        #expect(self.sample(self.page(), "layoutd_requests_in_flight") == 1)
        #expect(self.service.metrics.requestsInFlight == 0)
        self.service.metrics.requestStarted()
        #expect(self.service.metrics.requestsInFlight == 1)
        self.service.metrics.record(route: "/x", method: "GET", status: 200, seconds: 0, elements: 0, started: true)
        #expect(self.service.metrics.requestsInFlight == 0)
    }

    @Test func theWorkerQueueIsTheServersCount() {
        let status = ServerStatus()
        let service = LayoutService(serverStatus: status)
        status.workQueueChanged(by: 3)
        status.workQueueChanged(by: -1)
        let text = String(decoding: service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
        #expect(self.sample(text, "layoutd_worker_queue_length") == 2)
    }

    @Test func procStatIsReadFromAfterTheCommandName() {
        // The command name holds a space and a parenthesis; utime 250 and stime 50 ticks, start 1000 ticks after
        // boot, 8 MiB virtual, 300 resident pages.
        let stat = "4242 (lay) out) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 3 0 1000 8388608 300 "
            + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0"
        let bootTime = ProcessSnapshot.bootTime(procStat: "cpu  1 2 3\nbtime 1795900000\nprocesses 9\n")
        let snapshot = ProcessSnapshot(
            stat: stat, bootTime: bootTime, clockTicksPerSecond: 100, pageSize: 4096, openFDs: 7, maxFDs: 1024
        )
        #expect(snapshot.cpuSeconds == 3)
        #expect(snapshot.startTimeSeconds == 1_795_900_010)
        #expect(snapshot.virtualBytes == 8_388_608)
        #expect(snapshot.residentBytes == 300 * 4096)
        #expect(ProcessSnapshot(stat: "garbage", bootTime: nil, clockTicksPerSecond: 100, pageSize: 4096,
                                openFDs: nil, maxFDs: nil).cpuSeconds == nil)
    }

    @Test func theProcessFiguresAreThisProcesss() throws {
        let text = self.page()
        let resident = try #require(self.sample(text, "process_resident_memory_bytes"))
        #expect(resident > 1_000_000)
        let open = try #require(self.sample(text, "process_open_fds"))
        let limit = try #require(self.sample(text, "process_max_fds"))
        #expect(open >= 3 && open <= limit)
        let start = try #require(self.sample(text, "process_start_time_seconds"))
        #expect(start > 1_700_000_000)  // after 2023, and not in the future of this page's
        #expect(try #require(self.sample(text, "process_cpu_seconds_total")) > 0)
        #expect(text.contains("# TYPE process_cpu_seconds_total counter\n"))
    }
}
