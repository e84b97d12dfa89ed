/**
 * The window of decision 0005 as a Redis script, run atomically for every admission:
 * rate-limiter-flexible calls it in place of its fixed-window script (`customIncrTtlLuaScript`)
 * with KEYS[1] the caller's key and ARGV = points, window seconds, limit, window seconds.
 *
 * A hash holds admissions per second (field: Unix second, value: count). Seconds older than the
 * window and one second more are dropped; what remains is counted. A request that would pass the
 * limit is refused and not counted. Time is Redis's own (TIME), so every instance counts on one
 * clock. Returns {consumed, ms until the oldest counted second leaves the window}; the library
 * refuses when consumed exceeds the limit.
 */
export const SLIDING_WINDOW_SCRIPT = `
local now = redis.call('TIME')
local second = tonumber(now[1])
local nowMs = second * 1000 + math.floor(tonumber(now[2]) / 1000)
local points = tonumber(ARGV[1])
local span = tonumber(ARGV[2]) + 1
local limit = tonumber(ARGV[3])
local slots = redis.call('HGETALL', KEYS[1])
local used = 0
local oldest = second
for i = 1, #slots, 2 do
  local at = tonumber(slots[i])
  if at > second - span then
    used = used + tonumber(slots[i + 1])
    if at < oldest then oldest = at end
  else
    redis.call('HDEL', KEYS[1], slots[i])
  end
end
local reset = (oldest + span) * 1000 - nowMs
if used + points > limit then
  return {used + points, reset}
end
redis.call('HINCRBY', KEYS[1], second, points)
redis.call('PEXPIRE', KEYS[1], span * 1000)
return {used + points, reset}
`;
