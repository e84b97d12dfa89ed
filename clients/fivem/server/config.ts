/** The player commands, by their default names. */
export const COMMANDS = ['cadlink', 'duty', '911', 'panic', 'plate', 'name', 'warrant', 'mdt'] as const;
export type CommandKey = (typeof COMMANDS)[number];

/** One department this server serves, with the game credential the CAD issued for it (a credential belongs to one department). */
export interface DepartmentConfig {
  readonly slug: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Framework jobs (reported through the `setJob` export) whose holders belong to this department. */
  readonly jobs: readonly string[];
  /** Whether `/duty` asks for the ACE `cad.duty.<slug>` or a listed job (`ace`), or lets anyone (`off`). */
  readonly dutyCheck: 'ace' | 'off';
}

/** A `/911` keyword and the department that takes the calls it names. */
export interface EmergencyKeyword {
  readonly keyword: string;
  readonly slug: string;
}

/** The resource's settings, read from `server.cfg` convars only. */
export interface BridgeConfig {
  readonly baseUrl: string;
  /** In the order of `cad_departments`: the first takes a `/911` that names no department. */
  readonly departments: readonly DepartmentConfig[];
  readonly emergencyKeywords: readonly EmergencyKeyword[];
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

const text = (name: string) => GetConvar(name, '').trim();
const list = (value: string) => [...new Set(value.split(/[\s,]+/).filter((item) => item !== ''))];

/**
 * Reads the convars. Secrets are server-only convars (`set`, never `setr`): this runs on the
 * server side, and nothing here hands them to a client. Missing settings are named, never guessed.
 * Several departments: `cad_departments "lspd,lsfd"` and `cad_<slug>_client_id`,
 * `cad_<slug>_client_secret` for each. One department: `cad_department_slug`, `cad_client_id`,
 * `cad_client_secret`, as before.
 */
export function readConfig(): { ok: true; config: BridgeConfig; warnings: string[] } | { ok: false; missing: string[] } {
  const number = (name: string, fallback: number) => {
    const value = Number(text(name));
    return text(name) !== '' && Number.isFinite(value) && value >= 1000 ? value : fallback;
  };
  const required: Array<[string, string]> = [['cad_base_url', text('cad_base_url')]];
  const departments = readDepartments(required);
  const missing = required.filter(([, value]) => value === '').map(([name]) => name);
  if (missing.length > 0) return { ok: false, missing };
  const { keywords, warnings } = readKeywords(departments);
  const config: BridgeConfig = {
    baseUrl: text('cad_base_url').replace(/\/+$/, ''),
    departments,
    emergencyKeywords: keywords,
    locationIntervalMs: number('cad_location_interval_ms', 5_000),
    presenceIntervalMs: number('cad_presence_heartbeat_interval_ms', 30_000),
    realtimeUrl: text('cad_realtime_url').replace(/\/+$/, ''),
    commands: readCommandNames(),
  };
  return { ok: true, config, warnings };
}

/** The departments, each credential convar added to `required` so a missing one is named. */
function readDepartments(required: Array<[string, string]>): DepartmentConfig[] {
  const several = list(text('cad_departments').toLowerCase());
  const named = (slug: string, clientId: string, secretName: string, idName: string): DepartmentConfig => {
    required.push([idName, clientId], [secretName, text(secretName)]);
    const check = text(`cad_${slug}_duty_check`).toLowerCase();
    return {
      slug,
      clientId,
      clientSecret: text(secretName),
      jobs: list(text(`cad_${slug}_jobs`)),
      dutyCheck: check === 'off' ? 'off' : 'ace',
    };
  };
  if (several.length === 0) {
    const slug = text('cad_department_slug');
    required.push(['cad_department_slug', slug]);
    return slug === '' ? [] : [named(slug, text('cad_client_id'), 'cad_client_secret', 'cad_client_id')];
  }
  return several.map((slug) => named(slug, text(`cad_${slug}_client_id`), `cad_${slug}_client_secret`, `cad_${slug}_client_id`));
}

/** `cad_911_keywords "fire:lsfd,smoke:lsfd,ambulance:lsems"`; a keyword for a department not served here is named and left out. */
function readKeywords(departments: readonly DepartmentConfig[]): { keywords: EmergencyKeyword[]; warnings: string[] } {
  const keywords: EmergencyKeyword[] = [];
  const warnings: string[] = [];
  for (const entry of text('cad_911_keywords').split(',')) {
    const at = entry.lastIndexOf(':');
    const keyword = entry.slice(0, at).trim().toLowerCase();
    const slug = entry
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (entry.trim() === '') continue;
    if (at <= 0 || keyword === '' || !departments.some((d) => d.slug === slug))
      warnings.push(`cad_911_keywords: "${entry.trim()}" names no department of cad_departments; left out`);
    else keywords.push({ keyword, slug });
  }
  return { keywords, warnings };
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
