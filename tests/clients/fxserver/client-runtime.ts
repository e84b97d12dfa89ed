import { runScript } from './script-runtime.ts';

type Handler = (...args: unknown[]) => void;

/** The game's own domains, whose links NUI opens without asking (`IsUrlTrusted`). */
const GAME_DOMAINS = /^https?:\/\/([a-z0-9-]+\.)*(cfx\.re|fivem\.net|redm\.net|rockstargames\.com|rsg\.ms|take2games\.com)(:\d+)?(\/|$)/i;

interface Blip {
  readonly x: number;
  readonly y: number;
  route: boolean;
  name: string;
}

/**
 * One player's game client running the resource's `client.js` in the game's script runtime: no
 * Node API (no `require`, `fetch`, `process`), the client natives it uses, the chat resource's
 * `chat:addMessage`, and its NUI page. What the player would see is recorded: the GPS waypoint the
 * player set, the blips and the route a script set, feed notifications, chat lines, NUI messages
 * and the prompt the game shows before it opens a link outside its own domains.
 */
export class ClientRuntime {
  /** The waypoint on the map: the one the player set, or one a script set with `SetNewWaypoint`, which replaces it. */
  gpsWaypoint: { x: number; y: number } | null = null;
  readonly blips = new Map<number, Blip>();
  readonly notifications: string[] = [];
  readonly chat: string[] = [];
  readonly nuiMessages: unknown[] = [];
  /** What the game's "open this link?" prompt showed, in full, on the player's screen (and stream). */
  readonly urlPrompts: string[] = [];
  /** Links the player's own browser opened (after the prompt). */
  readonly openedUrls: string[] = [];
  /** Every event the server sent, as received (for the secret check). */
  readonly received: Array<{ event: string; args: unknown[] }> = [];
  /** Commands registered on this client, by this resource or others: the chat resource runs these first. */
  readonly commands = new Map<string, Handler>();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly nuiListeners: Handler[] = [];
  private feed = '';
  private nextBlip = 1;
  private blipName: { blip: number | null; text: string } = { blip: null, text: '' };

  constructor(code: string, replicatedConvar: (name: string, fallback: string) => string, nuiPage?: string) {
    const on = (event: string, handler: Handler) => this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    // The chat resource, as every server runs it.
    on('chat:addMessage', (message) => {
      const { args } = message as { args: unknown[] };
      this.chat.push(args.map(String).join(': '));
    });
    if (nuiPage !== undefined) this.loadNui(nuiPage);
    runScript(code, {
      onNet: on,
      on,
      emit: (event: string, ...args: unknown[]) => this.deliver(event, args),
      GetConvar: replicatedConvar,
      RegisterCommand: (name: string, handler: Handler) => void this.commands.set(name, handler),
      SetNewWaypoint: (x: number, y: number) => (this.gpsWaypoint = { x, y }),
      SetWaypointOff: () => (this.gpsWaypoint = null),
      AddBlipForCoord: (x: number, y: number) => {
        const handle = this.nextBlip++;
        this.blips.set(handle, { x, y, route: false, name: '' });
        return handle;
      },
      DoesBlipExist: (blip: number) => this.blips.has(blip),
      RemoveBlip: (blip: number) => void this.blips.delete(blip),
      SetBlipRoute: (blip: number, on: boolean) => {
        const found = this.blips.get(blip);
        if (found) found.route = on;
      },
      SetBlipRouteColour: () => undefined,
      SetBlipSprite: () => undefined,
      SetBlipColour: () => undefined,
      BeginTextCommandSetBlipName: () => (this.blipName = { blip: null, text: '' }),
      EndTextCommandSetBlipName: (blip: number) => {
        const found = this.blips.get(blip);
        if (found) found.name = this.blipName.text;
      },
      BeginTextCommandThefeedPost: () => (this.feed = ''),
      AddTextComponentSubstringPlayerName: (text: string) => {
        this.feed += text;
        this.blipName.text += text;
      },
      EndTextCommandThefeedPostTicker: () => this.notifications.push(this.feed.replace(/~[a-z]~/g, '')),
      SendNuiMessage: (json: string) => this.toNui(JSON.parse(json)),
      require: undefined,
      process: undefined,
      fetch: undefined,
      Buffer: undefined,
      global: undefined,
    });
  }

  /**
   * Where the GPS routes the player: a script's routed blip, else the map's waypoint. This is what a
   * dispatch assignment must show, and what a release must take away.
   */
  get waypoint(): { x: number; y: number } | null {
    for (const blip of this.blips.values()) if (blip.route) return { x: blip.x, y: blip.y };
    return this.gpsWaypoint;
  }

  /** The player clicks a place on the pause-menu map. */
  setOwnWaypoint(x: number, y: number): void {
    this.gpsWaypoint = { x, y };
  }

  /** A network event from the server: arguments arrive serialised, as msgpack would carry them. */
  deliver(event: string, args: unknown[]): void {
    const copied = JSON.parse(JSON.stringify(args)) as unknown[];
    this.received.push({ event, args: copied });
    for (const handler of this.handlers.get(event) ?? []) handler(...copied);
  }

  private toNui(message: unknown): void {
    this.nuiMessages.push(message);
    for (const listener of this.nuiListeners) listener({ data: message });
  }

  /**
   * The resource's `ui_page`: its inline script runs with a `window` whose `invokeNative('openUrl')`
   * behaves as the game's: a link outside the game's own domains first shows a prompt with the whole
   * address, which anyone watching the player's screen can read; the player accepts it here.
   * Source: citizenfx/fivem, code/components/nui-core/src/NUICallbacks_Native.cpp (`openUrl`: an
   * untrusted URL becomes `g_pendingUrl` and shows the modal) and code/components/conhost-v2/src/
   * UrlConfirmationModal.cpp (commit 39881dab7, February 2026: "This link will take you to the
   * website below", the address, "Visit Site" and "Cancel").
   */
  private loadNui(html: string): void {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const window = {
      addEventListener: (type: string, listener: Handler) => {
        if (type === 'message') this.nuiListeners.push(listener);
      },
      invokeNative: (name: string, argument: string) => {
        if (name !== 'openUrl') return;
        if (!/^https?:\/\//.test(argument)) return;
        if (!GAME_DOMAINS.test(argument))
          this.urlPrompts.push(`This link will take you to the website below\n${argument}\nVisit Site | Cancel`);
        this.openedUrls.push(argument);
      },
    };
    for (const script of scripts) runScript(script, { window, fetch: undefined, require: undefined, process: undefined });
  }
}
