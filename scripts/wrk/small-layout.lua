-- POST /layout/flow with 20 items: what a page asks while it renders.
wrk.method = "POST"
wrk.path = "/layout/flow"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}'
