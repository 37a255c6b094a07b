-- POST /sessions/{id}/query for a 375x812 viewport at a random scroll position of a tall session.
-- The session id and content height come from the environment (SESSION_ID, CONTENT_HEIGHT).
local id = os.getenv("SESSION_ID")
local height = tonumber(os.getenv("CONTENT_HEIGHT")) or 1000000
math.randomseed(42)
request = function()
    local y = math.random() * (height - 812)
    local body = string.format('{"rect":{"x":0,"y":%.1f,"width":375,"height":812}}', y)
    return wrk.format("POST", "/sessions/" .. id .. "/query", {["Content-Type"] = "application/json"}, body)
end
