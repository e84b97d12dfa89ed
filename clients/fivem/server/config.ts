/** The player commands, by their default names. */
export const COMMANDS = ['cadlink', 'duty', '911', 'panic', 'plate', 'name', 'warrant', 'mdt'] as const;
export type CommandKey = (typeof COMMANDS)[number];

/** The resource's settings, read from `server.cfg` convars only. */
export interface BridgeConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly departmentSlug: string;
  readonly locationIntervalMs: number;
  readonly presenceIntervalMs: number;
  /** Where the waypoint channel listens, when not on the base address (the uWS engine's `REALTIME_PORT`). */
  readonly realtimeUrl: string;
  /**
   * Each command's name: `cad_command_<default>` renames it (`set cad_command_911 "cad911"`), for a
   * name another resource holds: the chat runs a client command of the same name instead, and a later
   * server registration of a name replaces the earlier one.
   */
  readonly commands: Readonly<Record<CommandKey, string>>;
}

/** A location is sent at least this often while the officer stands still, so the live map knows the unit is there. */
export const LOCATION_KEEPALIVE_MS = 30_000;

/**
 * Reads the convars. The secret is a server-only convar (`set`, never `setr`): this runs on the
 * server side, and nothing here hands it to a client. Missing settings are named, never guessed.
 */
export function readConfig(): { ok: true; config: BridgeConfig } | { ok: false; missing: string[] } {
  const text = (name: string) => GetConvar(name, '').trim();
  const number = (name: string, fallback: number) => {
    const value = Number(text(name));
    return text(name) !== '' && Number.isFinite(value) && value >= 1000 ? value : fallback;
  };
  const config: BridgeConfig = {
    baseUrl: text('cad_base_url').replace(/\/+$/, ''),
    clientId: text('cad_client_id'),
    clientSecret: text('cad_client_secret'),
    departmentSlug: text('cad_department_slug'),
    locationIntervalMs: number('cad_location_interval_ms', 5_000),
    presenceIntervalMs: number('cad_presence_heartbeat_interval_ms', 30_000),
    realtimeUrl: text('cad_realtime_url').replace(/\/+$/, ''),
    commands: readCommandNames(),
  };
  const required: Array<[string, string]> = [
    ['cad_base_url', config.baseUrl],
    ['cad_client_id', config.clientId],
    ['cad_client_secret', config.clientSecret],
    ['cad_department_slug', config.departmentSlug],
  ];
  const missing = required.filter(([, value]) => value === '').map(([name]) => name);
  return missing.length === 0 ? { ok: true, config } : { ok: false, missing };
}

/** Command names from their convars; a name that is not one word of letters, digits, `-` or `_` keeps the default. */
export function readCommandNames(): Record<CommandKey, string> {
  const names = {} as Record<CommandKey, string>;
  for (const key of COMMANDS) {
    const value = GetConvar(`cad_command_${key}`, '').trim().replace(/^\//, '');
    names[key] = /^[A-Za-z0-9_-]{1,32}$/.test(value) ? value : key;
  }
  return names;
}

/** Whether the server reads players' positions: OneSync on (`on` or `legacy`). */
export const oneSyncOn = () => GetConvar('onesync', 'off') !== 'off';
