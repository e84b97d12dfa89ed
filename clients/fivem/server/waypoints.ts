import { type CadClient, WaypointChannel, type WaypointEvent } from '../../sdk/src/index.ts';
import type { BridgeConfig } from './config.ts';
import type { Officer, Roster } from './players.ts';

/** The events the resource's client script listens to. */
export const CLIENT_EVENTS = {
  setWaypoint: 'cad-bridge:setWaypoint',
  clearWaypoint: 'cad-bridge:clearWaypoint',
  openUrl: 'cad-bridge:openUrl',
} as const;

/**
 * Dispatch waypoints on the officers' GPS, for one department's credential: pushed on its realtime
 * channel, and read again from `/waypoint` for every officer on duty in that department after each
 * (re)connection and when an officer goes on duty, so that nothing sent while the channel was down
 * is lost.
 */
export class Waypoints {
  private channel: WaypointChannel | null = null;

  constructor(
    private readonly cad: CadClient,
    private readonly roster: Roster,
    private readonly config: BridgeConfig,
    private readonly log: (message: string) => void,
    private readonly departmentSlug: string,
  ) {}

  start(): void {
    this.channel = new WaypointChannel(this.cad, {
      url: this.config.realtimeUrl || this.config.baseUrl,
      onWaypoint: (event) => this.received(event),
      onConnect: async ({ reconnect }) => {
        const slug = this.departmentSlug;
        this.log(
          reconnect
            ? `waypoint channel connected again (${slug}); reading every officer’s waypoint`
            : `waypoint channel connected (${slug})`,
        );
        await Promise.all(this.roster.in(this.departmentSlug).map((officer) => this.resync(officer)));
      },
      onDown: (reason) => this.log(`waypoint channel down (${this.departmentSlug}): ${reason}`),
    }).start();
  }

  stop(): void {
    this.channel?.stop();
  }

  /** Reads the officer's waypoint and puts the client in step with it. */
  async resync(officer: Officer): Promise<void> {
    const answer = await this.cad.bridge.waypoint({ identifiers: officer.identifiers });
    if (this.roster.of(officer.source) !== officer) return;
    if (answer.ok) this.set(officer, answer.callId, answer.callNumber, answer.mapX, answer.mapY);
    else if (answer.reason === 'no_assignment' || answer.reason === 'no_pin') this.clear(officer);
  }

  /** Takes the waypoint off an officer's GPS (going off duty, say). */
  clear(officer: Officer): void {
    if (officer.waypoint === null) return;
    officer.waypoint = null;
    emitNet(CLIENT_EVENTS.clearWaypoint, officer.source, {});
  }

  private received(event: WaypointEvent): void {
    for (const officer of this.roster.byUnit(event.unitId)) if (officer.departmentSlug === this.departmentSlug) this.apply(officer, event);
  }

  private apply(officer: Officer, event: WaypointEvent): void {
    if (event.type === 'assignment.removed') {
      if (officer.waypoint === null || officer.waypoint.callId === event.callId) this.clear(officer);
      return;
    }
    if (event.mapX === null || event.mapY === null) this.clear(officer);
    else this.set(officer, event.callId, event.callNumber, event.mapX, event.mapY);
  }

  private set(officer: Officer, callId: string, callNumber: string, x: number, y: number): void {
    const held = officer.waypoint;
    if (held !== null && held.callId === callId && held.x === x && held.y === y) return;
    officer.waypoint = { callId, x, y };
    emitNet(CLIENT_EVENTS.setWaypoint, officer.source, { callId, callNumber, x, y });
  }
}
