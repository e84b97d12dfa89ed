import { runScript } from './script-runtime.ts';

type Handler = (...args: unknown[]) => void;

/**
 * One player's game client running the resource's `client.js` in the game's script runtime: no
 * Node API (no `require`, `fetch`, `process`), the client natives it uses, and the chat resource's
 * `chat:addMessage`. What the player would see is recorded: the GPS waypoint, feed notifications,
 * chat lines and NUI messages.
 */
export class ClientRuntime {
  waypoint: { x: number; y: number } | null = null;
  readonly notifications: string[] = [];
  readonly chat: string[] = [];
  readonly nuiMessages: unknown[] = [];
  /** Every event the server sent, as received (for the secret check). */
  readonly received: Array<{ event: string; args: unknown[] }> = [];
  private readonly handlers = new Map<string, Handler[]>();
  private feed = '';

  constructor(code: string, replicatedConvar: (name: string, fallback: string) => string) {
    const on = (event: string, handler: Handler) => this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    // The chat resource, as every server runs it.
    on('chat:addMessage', (message) => {
      const { args } = message as { args: unknown[] };
      this.chat.push(args.map(String).join(': '));
    });
    runScript(code, {
      onNet: on,
      on,
      emit: (event: string, ...args: unknown[]) => this.deliver(event, args),
      GetConvar: replicatedConvar,
      SetNewWaypoint: (x: number, y: number) => (this.waypoint = { x, y }),
      SetWaypointOff: () => (this.waypoint = null),
      BeginTextCommandThefeedPost: () => (this.feed = ''),
      AddTextComponentSubstringPlayerName: (text: string) => (this.feed += text),
      EndTextCommandThefeedPostTicker: () => this.notifications.push(this.feed.replace(/~[a-z]~/g, '')),
      SendNuiMessage: (json: string) => this.nuiMessages.push(JSON.parse(json)),
      require: undefined,
      process: undefined,
      fetch: undefined,
      Buffer: undefined,
      global: undefined,
    });
  }

  /** A network event from the server: arguments arrive serialised, as msgpack would carry them. */
  deliver(event: string, args: unknown[]): void {
    const copied = JSON.parse(JSON.stringify(args)) as unknown[];
    this.received.push({ event, args: copied });
    for (const handler of this.handlers.get(event) ?? []) handler(...copied);
  }
}
