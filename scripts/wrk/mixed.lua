-- A mix of what layoutd serves, for the load and soak runs (scripts/reliability/load.py):
--   35% stateless layouts (flow with 20 items; waterfall with 60 items and a rect)
--   40% viewport queries of a tall waterfall session at random offsets
--   12.5% invalidations (one item near the end of a flow session resized, as a self-sizing cell reports)
--   12.5% batch updates (delete one item and insert one at the same place, so the session keeps its size)
-- Sessions come from the environment: QUERY_ID and QUERY_HEIGHT (the tall one), MUTATE_IDS (comma-separated flow
-- sessions of MUTATE_COUNT items). QUERY_IDS (comma-separated) replaces QUERY_ID to spread queries over many sessions.
-- Prints one line 'mixed: status=count ...' with every status seen, and the latency percentiles in ms.
local query_ids = {}
for id in string.gmatch(os.getenv("QUERY_IDS") or os.getenv("QUERY_ID") or "", "[^,]+") do
    query_ids[#query_ids + 1] = id
end
local query_height = tonumber(os.getenv("QUERY_HEIGHT")) or 100000
local mutate_ids = {}
for id in string.gmatch(os.getenv("MUTATE_IDS") or "", "[^,]+") do
    mutate_ids[#mutate_ids + 1] = id
end
local mutate_count = tonumber(os.getenv("MUTATE_COUNT")) or 10000
local share_layouts = tonumber(os.getenv("SHARE_LAYOUTS")) or 0.35
local share_queries = tonumber(os.getenv("SHARE_QUERIES")) or 0.40
local json = {["Content-Type"] = "application/json"}
statuses = {}
threads = {}

local flow = '{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}'
local waterfall = '{"viewport":{"width":375,"height":812},"sections":[{"count":60}],'
    .. '"rect":{"x":0,"y":0,"width":375,"height":812}}'

function setup(thread)
    threads[#threads + 1] = thread
end

function init(args)
    math.randomseed(os.time() + math.floor(os.clock() * 1000000) + #args)
end

request = function()
    local roll = math.random()
    if roll < share_layouts or (#query_ids == 0 and #mutate_ids == 0) then
        if math.random() < 0.5 then
            return wrk.format("POST", "/layout/flow", json, flow)
        end
        return wrk.format("POST", "/layout/waterfall", json, waterfall)
    end
    if roll < share_layouts + share_queries or #mutate_ids == 0 then
        local id = query_ids[math.random(#query_ids)]
        local y = math.random() * math.max(0, query_height - 812)
        local body = string.format('{"rect":{"x":0,"y":%.1f,"width":375,"height":812}}', y)
        return wrk.format("POST", "/sessions/" .. id .. "/query", json, body)
    end
    local id = mutate_ids[math.random(#mutate_ids)]
    local item = mutate_count - 1 - math.random(0, 49)
    if math.random() < 0.5 then
        local body = string.format(
            '{"items":[{"indexPath":[0,%d],"size":{"width":%d,"height":%d}}],"contentOffset":{"x":0,"y":0}}',
            item, math.random(20, 120), math.random(20, 120))
        return wrk.format("POST", "/sessions/" .. id .. "/invalidate", json, body)
    end
    local body = string.format(
        '{"deleteItems":[[0,%d]],"insertItems":[{"indexPath":[0,%d]}],"rect":{"x":0,"y":0,"width":375,"height":200}}',
        item, item)
    return wrk.format("POST", "/sessions/" .. id .. "/updates", json, body)
end

response = function(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

done = function(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses") or {}) do
            total[status] = (total[status] or 0) + count
        end
    end
    local line = "mixed:"
    for status, count in pairs(total) do
        line = line .. string.format(" %d=%d", status, count)
    end
    print(line)
    print(string.format("percentiles: p50=%.3f p90=%.3f p99=%.3f p99.9=%.3f max=%.3f",
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
        latency:percentile(99.9) / 1000, latency.max / 1000))
end
