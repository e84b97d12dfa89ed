import { tell } from './chat.ts';
import { type BridgeConfig, LOCATION_KEEPALIVE_MS } from './config.ts';
import type { Departments } from './departments.ts';
import type { Identities } from './identities.ts';
import type { Roster } from './players.ts';
import type { Positions } from './positions.ts';

/** How far (game units) a character must move for a new location to be worth sending. */
const MOVED = 1;
/** The contract's batch bound of `/presence`. */
export const PRESENCE_BATCH = 500;

/**
 * The two heartbeats: each on-duty officer's location at the configured interval, through the
 * credential of the department they are on duty in (skipped while they stand still, but sent at
 * least every 30 s, and never while the server cannot read where they are), and every connected
 * player's presence in batches of 500. Presence is counted per organisation, not per department,
 * so it goes once, through the first department's credential. Without OneSync there are no
 * positions to send, so the location heartbeat does not run.
 */
export class Heartbeats {
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];

  constructor(
    private readonly departments: Departments,
    private readonly roster: Roster,
    private readonly config: BridgeConfig,
    private readonly positions: Positions,
    private readonly identities: Identities,
    private readonly log: (message: string) => void,
    private readonly onOffDuty: (source: string) => void,
  ) {}

  start({ locations }: { locations: boolean }): void {
    if (locations) this.timers.push(setInterval(() => void this.locations(), this.config.locationIntervalMs));
    this.timers.push(setInterval(() => void this.presence(), this.config.presenceIntervalMs));
    void this.presence();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  async locations(): Promise<void> {
    const now = Date.now();
    await Promise.all(
      this.roster.all().map(async (officer) => {
        if (officer.heartbeatInFlight) return;
        const at = this.positions.current(officer.source);
        if (at === null) return;
        const { x, y } = at;
        const last = officer.lastSent;
        const moved = last === null || Math.hypot(x - last.x, y - last.y) >= MOVED;
        if (!moved && last !== null && now - last.at < LOCATION_KEEPALIVE_MS) return;
        officer.heartbeatInFlight = true;
        try {
          const { cad } = this.departments.forOfficer(officer.departmentSlug);
          const answer = await cad.bridge.location({ identifiers: officer.identifiers, mapX: x, mapY: y });
          if (answer.ok) officer.lastSent = { x, y, at: now };
          else if (this.roster.of(officer.source) === officer) {
            // Taken off duty elsewhere (a dispatcher, another server): the resource follows.
            tell(officer.source, `You are no longer on duty in the CAD (${answer.reason}).`);
            this.onOffDuty(officer.source);
          }
        } catch (error) {
          this.log(`location of player ${officer.source} not sent: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          officer.heartbeatInFlight = false;
        }
      }),
    );
  }

  async presence(): Promise<void> {
    const identifiers = getPlayers()
      .map((source) => this.identities.known(source))
      .filter((ids) => Object.keys(ids).length > 0);
    for (let start = 0; start < identifiers.length; start += PRESENCE_BATCH) {
      try {
        await this.departments.first.cad.bridge.presence({ identifiers: identifiers.slice(start, start + PRESENCE_BATCH) });
      } catch (error) {
        this.log(`presence not renewed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
