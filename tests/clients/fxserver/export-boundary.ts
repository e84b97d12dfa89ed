/**
 * A call from one resource into another's export crosses the scripting runtimes' serialisation
 * (MessagePack): what arrives is a copy, and Lua's `nil` arrives as `null`, never `undefined`. A
 * promise an export returns reaches the caller as a promise; a Lua caller can wait for it only
 * inside a thread or an event handler (`Citizen.Await`).
 * Sources: citizenfx/fivem, data/shared/citizen/scripting/v8/main.js (`createExports` registers
 * `__cfx_export_<resource>_<name>`; `setCallRefFunction` packs a returned Promise as
 * `__cfx_async_retval`; arguments are unpacked with msgpack-lite, where nil is `null`) and
 * data/shared/citizen/scripting/lua/scheduler.lua (`msgpack_pack_args`; a `__cfx_async_retval` is
 * awaited only when `coroutine_running()`, else Lua gets the raw table).
 */
export function acrossBoundary(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'function') throw new Error('a function crosses only as a reference, which this emulation does not make');
  if (Array.isArray(value)) return value.map(acrossBoundary);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, acrossBoundary(v)]),
    );
  }
  return value;
}

/** The arguments of a Lua call as the JS export receives them: each `nil` a `null`. */
export const luaArguments = (args: readonly unknown[]) => args.map(acrossBoundary);
