import type { CadClient } from '../../sdk/src/index.ts';
import { tell } from './chat.ts';
import type { BridgeConfig } from './config.ts';
import type { Identities } from './identities.ts';
import type { Roster } from './players.ts';
import type { Waypoints } from './waypoints.ts';

/** What `/duty` and `setDuty` answer: done, or why not. */
export type DutyResult =
  { readonly ok: true; readonly unitId: string; readonly status: string } | { readonly ok: false; readonly reason: string };

/** Going on and off duty in the configured department, for `/duty` and for job hooks (ESX, QBCore). */
export class Duty {
  constructor(
    private readonly cad: CadClient,
    private readonly roster: Roster,
    private readonly config: BridgeConfig,
    private readonly waypoints: Waypoints,
    private readonly identities: Identities,
  ) {}

  isOnDuty(source: string): boolean {
    return this.roster.of(source) !== undefined;
  }

  async set(source: string, onDuty: boolean): Promise<DutyResult> {
    const identifiers = this.roster.of(source)?.identifiers ?? (await this.identities.of(source));
    if (Object.keys(identifiers).length === 0) return { ok: false, reason: 'no_identifiers' };
    const answer = await this.cad.bridge.syncDuty({
      identifiers,
      departmentSlug: this.config.departmentSlug,
      onDuty,
      ...(onDuty ? { characterName: GetPlayerName(source).slice(0, 100) } : {}),
    });
    if (!answer.ok) return { ok: false, reason: answer.reason };
    if (onDuty) {
      const officer = this.roster.onDuty(source, answer.unitId, identifiers);
      // An assignment made while the officer was off the resource's books still reaches the GPS.
      await this.waypoints.resync(officer);
    } else this.forget(source);
    return { ok: true, unitId: answer.unitId, status: answer.status };
  }

  /** Drops the officer from the resource's books and clears their waypoint (the service already knows). */
  forget(source: string): void {
    const officer = this.roster.offDuty(source);
    if (officer !== undefined) this.waypoints.clear(officer);
  }

  /** `/duty`: toggles, and says what happened in chat. */
  async toggle(source: string): Promise<void> {
    const onDuty = !this.isOnDuty(source);
    const result = await this.set(source, onDuty);
    if (result.ok) tell(source, onDuty ? `On duty in ${this.config.departmentSlug} (${result.status}).` : 'Off duty.');
    else tell(source, `Duty not changed: ${REASONS[result.reason] ?? result.reason}.`, [255, 120, 120]);
  }
}

/** Refusals as a player reads them. */
export const REASONS: Readonly<Record<string, string>> = {
  not_linked: 'your game account is not linked to the CAD; use /cadlink <code>',
  not_on_duty: 'you are not on duty; use /duty',
  unknown_department_slug: 'this server’s department is unknown to the CAD',
  no_department_membership: 'you are not a member of this department',
  callsign_not_assigned: 'you have no callsign yet',
  unit_inactive: 'your unit is deactivated',
  no_identifiers: 'your game identifiers could not be read',
  invalid_or_expired_code: 'the code is wrong or has expired',
  no_match: 'no match',
  multiple_matches: 'several people match; check the date of birth',
  no_department: 'no department takes 911 calls',
  not_configured: 'the CAD resource is not configured on this server',
  no_player: 'that player is not connected',
};
