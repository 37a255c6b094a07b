-- POST /sessions/{id}/query for a 375x812 viewport at a random scroll position of a tall session.
-- The session id and content height come from the environment (SESSION_ID, CONTENT_HEIGHT). The requests are
-- made once, 1,000 random offsets per thread, so that wrk spends its share of the two cores sending, not formatting.
local id = os.getenv("SESSION_ID")
local height = tonumber(os.getenv("CONTENT_HEIGHT")) or 1000000
local requests = {}
local next_request = 0

local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("seed", 41 + threads)
end

init = function(args)
    math.randomseed(seed or 42)
    for i = 1, 1000 do
        local y = math.random() * (height - 812)
        local body = string.format('{"rect":{"x":0,"y":%.1f,"width":375,"height":812}}', y)
        requests[i] = wrk.format("POST", "/sessions/" .. id .. "/query", {["Content-Type"] = "application/json"}, body)
    end
end

request = function()
    next_request = next_request % #requests + 1
    return requests[next_request]
end
