import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientRuntime } from './client-runtime.ts';
import { builtinsOnlyRequire, ownedTimers, runScript } from './script-runtime.ts';

type Handler = (...args: unknown[]) => unknown;

export interface FakePlayerSpec {
  readonly name: string;
  /** As `getPlayerIdentifiers` answers: prefixed strings (`license:...`, `ip:...`). */
  readonly identifiers: readonly string[];
  readonly position?: readonly [number, number, number];
}

export interface FakePlayer {
  readonly source: string;
  readonly name: string;
  readonly identifiers: readonly string[];
  position: [number, number, number];
  readonly client: ClientRuntime;
}

/**
 * A small FXServer: one resource (a built `dist/fivem/<name>/` folder) started from its
 * fxmanifest.lua, convars as `server.cfg` sets them (`set` or `setr`), fake players with
 * identifiers and positions, each with a game client running the resource's client script.
 * Natives carry FXServer's JavaScript names (`GetConvar`, `getPlayers`, `getPlayerIdentifiers`,
 * `GetPlayerPed`, `GetEntityCoords`, `RegisterCommand`, `on`/`onNet`/`emitNet`, `exports`,
 * `setTick`...); Lua-only ones (`GetPlayers`, `PerformHttpRequest`) do not exist.
 */
export class FxServer {
  readonly players = new Map<string, FakePlayer>();
  readonly log: string[] = [];
  /** How many times the resource read a player's position (`GetEntityCoords`), by player source. */
  readonly positionReads = new Map<string, number>();
  private readonly commands = new Map<string, Handler>();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly exported = new Map<string, Handler>();
  private readonly timers = ownedTimers();
  private readonly manifest: string;
  private readonly clientCode: string;
  private script: { setSource(value: unknown): void } | undefined;
  private nextSource = 1;

  constructor(
    readonly resourceDir: string,
    private readonly convars: Record<string, { value: string; replicated: boolean }>,
  ) {
    this.manifest = readFileSync(join(resourceDir, 'fxmanifest.lua'), 'utf8');
    this.clientCode = readFileSync(join(resourceDir, this.manifestEntry('client_script')), 'utf8');
  }

  get resourceName(): string {
    return this.resourceDir.split('/').filter(Boolean).at(-1)!;
  }

  /** `ensure <resource>`: runs the server script named by the manifest. */
  start(): this {
    const code = readFileSync(join(this.resourceDir, this.manifestEntry('server_script')), 'utf8');
    const on = (event: string, handler: Handler) => this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    const exportsGlobal = new Proxy((name: string, fn: Handler) => void this.exported.set(name, fn), {
      get: (target, key) => (key === this.resourceName ? Object.fromEntries(this.exported) : Reflect.get(target, key)),
    });
    this.script = runScript(code, {
      GetConvar: (name: string, fallback: string) => this.convars[name]?.value ?? fallback,
      GetConvarInt: (name: string, fallback: number) => {
        const value = Number.parseInt(this.convars[name]?.value ?? '', 10);
        return Number.isNaN(value) ? fallback : value;
      },
      GetCurrentResourceName: () => this.resourceName,
      GetResourceMetadata: (resource: string, key: string, index: number) =>
        resource === this.resourceName ? (this.metadata(key)[index] ?? '') : '',
      getPlayers: () => [...this.players.keys()],
      getPlayerIdentifiers: (source: number | string) => [...(this.players.get(String(source))?.identifiers ?? [])],
      GetPlayerName: (source: string) => this.players.get(String(source))?.name ?? '',
      GetPlayerPed: (source: string) => (this.players.has(String(source)) ? 1000 + Number(source) : 0),
      GetEntityCoords: (ped: number) => {
        const source = String(ped - 1000);
        this.positionReads.set(source, (this.positionReads.get(source) ?? 0) + 1);
        return [...(this.players.get(source)?.position ?? [0, 0, 0])];
      },
      RegisterCommand: (name: string, handler: Handler) => void this.commands.set(name, handler),
      on,
      AddEventHandler: on,
      onNet: on,
      emit: (event: string, ...args: unknown[]) => this.fire(event, args),
      emitNet: (event: string, target: number | string, ...args: unknown[]) => this.toClients(event, target, args),
      TriggerClientEvent: (event: string, target: number | string, ...args: unknown[]) => this.toClients(event, target, args),
      exports: exportsGlobal,
      setTick: (callback: () => void) => this.timers.globals.setInterval(callback, 0),
      clearTick: (tick: ReturnType<typeof setInterval>) => this.timers.globals.clearInterval(tick),
      ...this.timers.globals,
      require: builtinsOnlyRequire(),
      console: {
        log: (...args: unknown[]) => this.log.push(args.map(String).join(' ')),
        error: (...args: unknown[]) => this.log.push(args.map(String).join(' ')),
      },
    });
    return this;
  }

  /** A player connects; their game client loads the resource's client script. */
  connect(spec: FakePlayerSpec): FakePlayer {
    const source = String(this.nextSource++);
    const replicated = (name: string, fallback: string) => (this.convars[name]?.replicated ? this.convars[name]!.value : fallback);
    const player: FakePlayer = {
      source,
      name: spec.name,
      identifiers: spec.identifiers,
      position: [...(spec.position ?? [0, 0, 30])],
      client: new ClientRuntime(this.clientCode, replicated),
    };
    this.players.set(source, player);
    return player;
  }

  /** The player leaves: `playerDropped` runs with `source` set to them, as FXServer does. */
  drop(player: FakePlayer): void {
    this.fire('playerDropped', ['Exiting'], player.source);
    this.players.delete(player.source);
  }

  /** The player types a chat command (`/911 shots fired`). */
  command(player: FakePlayer, line: string): void {
    const [name = '', ...args] = line.replace(/^\//, '').split(/\s+/).filter(Boolean);
    const handler = this.commands.get(name);
    if (handler === undefined) throw new Error(`no command /${name}`);
    handler(Number(player.source), args, line.replace(/^\//, ''));
  }

  /** Another resource calls one of this resource's exports: `exports['cad-bridge'].setDuty(...)`. */
  call(exportName: string, ...args: unknown[]): unknown {
    const fn = this.exported.get(exportName);
    if (fn === undefined) throw new Error(`no export ${exportName}`);
    return fn(...args);
  }

  /** `stop <resource>`: its stop event, then its timers end. */
  stop(): void {
    this.fire('onResourceStop', [this.resourceName]);
    this.timers.stopAll();
  }

  /** The names the resource registered (commands), for the tests' own checks. */
  get commandNames(): string[] {
    return [...this.commands.keys()];
  }

  private fire(event: string, args: unknown[], source: unknown = ''): void {
    for (const handler of this.handlers.get(event) ?? []) {
      this.script?.setSource(source);
      handler(...args);
    }
  }

  private toClients(event: string, target: number | string, args: unknown[]): void {
    const targets = Number(target) === -1 ? [...this.players.values()] : [this.players.get(String(target))].filter((p) => p !== undefined);
    for (const player of targets) setImmediate(() => player.client.deliver(event, args));
  }

  private manifestEntry(directive: string): string {
    const match = this.manifest.match(new RegExp(`^${directive}\\s+'([^']+)'`, 'm'));
    if (!match) throw new Error(`fxmanifest.lua has no ${directive}`);
    return match[1]!;
  }

  private metadata(key: string): string[] {
    return [...this.manifest.matchAll(new RegExp(`^${key}\\s+'([^']*)'`, 'gm'))].map((m) => m[1]!);
  }
}

/** server.cfg as the resource's README writes it: `set` for everything, the secret never `setr`. */
export function serverCfg(settings: Record<string, string>, replicated: readonly string[] = []) {
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, { value, replicated: replicated.includes(name) }]));
}

/** Polls until `check` holds, or fails naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
