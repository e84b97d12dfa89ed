import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Acl } from './acl.ts';
import { ClientRuntime } from './client-runtime.ts';
import { tokenize } from './console.ts';
import { acrossBoundary, luaArguments } from './export-boundary.ts';
import { Manifest, type ServerRuntime } from './manifest.ts';
import { builtinsOnlyRequire, node16Globals, ownedTimers, runScript } from './script-runtime.ts';

export { serverCfg, until } from './server-cfg.ts';

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
  /** Still loading into the session: the server knows no ped for them yet. */
  loading: boolean;
  readonly client: ClientRuntime;
}

/** A current server build with OneSync on, as txAdmin's templates set it up. */
export const CURRENT_SERVER: ServerRuntime = { build: 17000, onesync: 'on' };

/**
 * A small FXServer: one resource (a built `dist/fivem/<name>/` folder) started from its
 * fxmanifest.lua, convars as `server.cfg` sets them (`set` or `setr`), fake players with
 * identifiers and positions, each with a game client running the resource's client script and NUI
 * page. It is as strict as the real runtime where the resource has been wrong before; each rule
 * names the CitizenFX source it follows.
 * - The manifest's dependencies (`/server:<build>`, `/onesync`) are checked before the resource
 *   starts, and the server script runs on Node 16, without `fetch`, unless the manifest asks for
 *   Node 22 and the build honours it (manifest.ts).
 * - `source` is a number while an event handler's synchronous part runs, and `null` after it.
 *   Source: citizenfx/fivem, data/shared/citizen/scripting/v8/main.js (`Citizen.setEventFunction`
 *   sets `global.source`, a number for net events, and `global.source = null` once the listeners
 *   have run).
 * - A command line is tokenized as the console does, the handler gets `(source, args, rawCommand)`,
 *   a client command of the same name runs instead (the chat resource executes on the client first),
 *   and a later server registration of a name replaces the earlier one.
 *   Sources: citizenfx/fivem, code/client/citicore/console/Console.cpp (`Tokenize`),
 *   Console.Commands.cpp (`InvokeDirect` forwards to the server only when no local command has the
 *   name) and code/components/citizen-scripting-core/src/ResourceScriptFunctions.cpp
 *   (`REGISTER_COMMAND`: `outerRefs[commandName] = commandRef`, so the last registration wins);
 *   citizenfx/cfx-server-data, resources/[gameplay]/chat/cl_chat.lua (`ExecuteCommand` on the client).
 * - Exports cross a serialisation boundary (export-boundary.ts); one that was never registered is
 *   "No such export".
 * - Without OneSync, and while a player is loading, the server's `GetPlayerPed` answers 0, and
 *   `GetEntityCoords(0)` the origin with no error; `GetEntityCoords` of a ped deleted a moment ago
 *   throws. Sources: citizenfx/fivem, code/components/citizen-server-impl/src/PlayerScriptFunctions.cpp
 *   (`GET_PLAYER_PED` answers 0 when the client has no `playerEntity`, which only the OneSync game
 *   state sets, ServerGameState.cpp) and src/state/ServerGameState_Scripting.cpp (`makeEntityFunction`:
 *   handle 0 gives the default value; an unknown handle throws "Tried to access invalid entity: %d").
 * - `add_ace`, `add_principal` and `IsPlayerAceAllowed` follow FXServer's access control (acl.ts).
 */
export class FxServer {
  readonly players = new Map<string, FakePlayer>();
  readonly log: string[] = [];
  /** How many times the resource read a player's position (`GetEntityCoords`), by player source. */
  readonly positionReads = new Map<string, number>();
  /** The ACEs and principals server.cfg (or the console) set: `fx.exec('add_ace group.fire cad.duty.lsfd allow')`. */
  readonly acl = new Acl();
  /** Whether `ensure` started the resource (its manifest's constraints held). */
  started = false;
  private readonly commands = new Map<string, Handler>();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly exported = new Map<string, Handler>();
  private readonly timers = ownedTimers();
  /** How far the server's clock is ahead of real time (`advanceClock`). */
  private clockAheadMs = 0;
  private readonly manifest: Manifest;
  private readonly clientCode: string;
  private readonly nuiPage: string | undefined;
  /** Ped handles and the player each belongs to ('' once deleted); `deleted` remembers whose they were. */
  private readonly peds = new Map<number, string>();
  private readonly deleted = new Map<number, string>();
  private script: { setSource(value: unknown): void } | undefined;
  private nextSource = 1;
  private nextPed = 1000;

  constructor(
    readonly resourceDir: string,
    private readonly convars: Record<string, { value: string; replicated: boolean }>,
    readonly runtime: ServerRuntime = CURRENT_SERVER,
  ) {
    this.manifest = new Manifest(readFileSync(join(resourceDir, 'fxmanifest.lua'), 'utf8'));
    this.clientCode = readFileSync(join(resourceDir, this.manifest.entry('client_script')), 'utf8');
    const uiPage = this.manifest.metadata('ui_page')[0];
    this.nuiPage = uiPage === undefined ? undefined : readFileSync(join(resourceDir, uiPage), 'utf8');
  }

  get resourceName(): string {
    return this.resourceDir.split('/').filter(Boolean).at(-1)!;
  }

  /**
   * Moves the server's clock on, as its scripts read it (`Date`), so that a test injects the passing
   * of time (a keep-alive due after 30 s) instead of waiting for it. Timers still run in real time.
   */
  advanceClock(ms: number): void {
    this.clockAheadMs += ms;
  }

  /** `Date` as the server's scripts see it: real time plus what `advanceClock` added. */
  private serverDate(): DateConstructor {
    const ahead = () => this.clockAheadMs;
    class ServerDate extends Date {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Date.now() + ahead());
        else super(...(args as [string | number | Date]));
      }
      static override now(): number {
        return Date.now() + ahead();
      }
    }
    return ServerDate as DateConstructor;
  }

  /** `ensure <resource>`: checks the manifest's constraints, then runs the server script it names. */
  start(): this {
    const unmet = this.manifest.unmet(this.runtime);
    if (unmet !== null) {
      this.log.push(`Couldn't start resource ${this.resourceName}: ${unmet}.`);
      return this;
    }
    const code = readFileSync(join(this.resourceDir, this.manifest.entry('server_script')), 'utf8');
    const on = (event: string, handler: Handler) => this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    const exportsGlobal = new Proxy((name: string, fn: Handler) => void this.exported.set(name, fn), {
      get: (target, key) => (key === this.resourceName ? Object.fromEntries(this.exported) : Reflect.get(target, key)),
    });
    const node = this.manifest.nodeMajor(this.runtime) === 16 ? node16Globals() : {};
    this.started = true;
    try {
      this.script = runScript(code, {
        GetConvar: (name: string, fallback: string) => this.convar(name) ?? fallback,
        GetConvarInt: (name: string, fallback: number) => {
          const value = Number.parseInt(this.convar(name) ?? '', 10);
          return Number.isNaN(value) ? fallback : value;
        },
        GetCurrentResourceName: () => this.resourceName,
        GetResourceMetadata: (resource: string, key: string, index: number) =>
          resource === this.resourceName ? (this.manifest.metadata(key)[index] ?? '') : '',
        getPlayers: () => [...this.players.keys()],
        getPlayerIdentifiers: (source: number | string) => [...(this.players.get(String(source))?.identifiers ?? [])],
        GetPlayerName: (source: string) => this.players.get(String(source))?.name ?? '',
        GetPlayerPed: (source: number | string) => this.pedOf(String(source)),
        IsPlayerAceAllowed: (source: number | string, object: string) =>
          this.acl.playerAllowed(this.players.get(String(source))?.identifiers ?? [], String(object)),
        GetEntityCoords: (ped: number) => this.coordsOf(ped),
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
        Date: this.serverDate(),
        require: builtinsOnlyRequire(),
        console: {
          log: (...args: unknown[]) => this.log.push(args.map(String).join(' ')),
          error: (...args: unknown[]) => this.log.push(args.map(String).join(' ')),
        },
        ...node,
      });
    } catch (error) {
      // A script that throws while it loads is an error in the server console; the resource stays half-started.
      this.log.push(`SCRIPT ERROR in ${this.resourceName}/server.js: ${error instanceof Error ? error.message : String(error)}`);
    }
    return this;
  }

  /** A player connects; their game client loads the resource's client script and NUI page. */
  connect(spec: FakePlayerSpec): FakePlayer {
    const source = String(this.nextSource++);
    const replicated = (name: string, fallback: string) => (this.convars[name]?.replicated ? this.convars[name]!.value : fallback);
    const player: FakePlayer = {
      source,
      name: spec.name,
      identifiers: spec.identifiers,
      position: [...(spec.position ?? [0, 0, 30])],
      loading: false,
      client: new ClientRuntime(this.clientCode, replicated, this.nuiPage),
    };
    this.players.set(source, player);
    this.peds.set(this.nextPed++, source);
    return player;
  }

  /** The player's ped is deleted (a model change, a respawn): its handle is invalid until the next one exists. */
  deletePed(player: FakePlayer): void {
    for (const [ped, source] of this.peds) {
      if (source !== player.source) continue;
      this.peds.set(ped, '');
      this.deleted.set(ped, source);
    }
  }

  /** The player's new ped exists. */
  respawn(player: FakePlayer): void {
    this.deletePed(player);
    this.peds.set(this.nextPed++, player.source);
  }

  /** The player leaves: `playerDropped` runs with `source` set to them, as FXServer does. */
  drop(player: FakePlayer): void {
    this.fire('playerDropped', ['Exiting'], Number(player.source));
    this.players.delete(player.source);
  }

  /**
   * The player types a chat command (`/911 shots fired`). The chat resource executes it on the
   * player's client first: a client command of that name runs there and the server never hears of
   * it. Otherwise the server runs its handler with the console's tokens and the raw line.
   */
  command(player: FakePlayer, line: string): void {
    const raw = line.replace(/^\//, '');
    const [name = '', ...args] = tokenize(raw);
    const onClient = player.client.commands.get(name);
    if (onClient !== undefined) return void onClient(0, args, raw);
    const handler = this.commands.get(name);
    if (handler === undefined) throw new Error(`no command /${name}`);
    // A command handler gets its source as an argument; the `source` global is an event's, not a command's.
    handler(Number(player.source), args, raw);
  }

  /** A console line, as server.cfg holds them (`add_ace`, `add_principal`, and their `remove_` forms). */
  exec(line: string): this {
    if (!this.acl.exec(line)) throw new Error(`the emulation has no console command for: ${line}`);
    return this;
  }

  /** Another resource on this server registers a server command; a later registration of a name replaces the earlier. */
  registerOtherCommand(name: string, handler: Handler): void {
    this.commands.set(name, handler);
  }

  /**
   * Another resource calls one of this resource's exports, from Lua or JS: the arguments cross the
   * boundary (`nil` as `null`), and so does the answer, once its promise settles.
   */
  async call(exportName: string, ...args: unknown[]): Promise<unknown> {
    const fn = this.exported.get(exportName);
    if (fn === undefined) throw new Error(`No such export ${exportName} in resource ${this.resourceName}`);
    return acrossBoundary(await fn(...luaArguments(args)));
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

  /** The names the resource exported. */
  get exportNames(): string[] {
    return [...this.exported.keys()];
  }

  private convar(name: string): string | undefined {
    if (name === 'onesync') return this.runtime.onesync;
    return this.convars[name]?.value;
  }

  private pedOf(source: string): number {
    const player = this.players.get(source);
    if (player === undefined || player.loading || this.runtime.onesync === 'off') return 0;
    // The player's newest handle; after a deletion it is stale, and no longer resolves, until the next ped exists.
    let newest = 0;
    for (const [ped, owner] of this.peds) if (owner === source || this.deleted.get(ped) === source) newest = Math.max(newest, ped);
    return newest;
  }

  private coordsOf(ped: number): number[] {
    if (ped === 0) return [0, 0, 0];
    const source = this.peds.get(ped);
    if (!source) throw new Error(`Tried to access invalid entity: ${ped}`);
    this.positionReads.set(source, (this.positionReads.get(source) ?? 0) + 1);
    return [...(this.players.get(source)?.position ?? [0, 0, 0])];
  }

  private withSource(source: number, run: () => unknown): void {
    this.script?.setSource(source);
    try {
      run();
    } finally {
      this.script?.setSource(null);
    }
  }

  private fire(event: string, args: unknown[], source: number | null = null): void {
    for (const handler of this.handlers.get(event) ?? []) {
      if (source === null) handler(...args);
      else this.withSource(source, () => handler(...args));
    }
  }

  private toClients(event: string, target: number | string, args: unknown[]): void {
    const targets = Number(target) === -1 ? [...this.players.values()] : [this.players.get(String(target))].filter((p) => p !== undefined);
    for (const player of targets) setImmediate(() => player.client.deliver(event, args));
  }
}
