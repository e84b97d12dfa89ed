import { tell } from './chat.ts';
import { type Department, type Departments, dutyAce } from './departments.ts';
import type { Identities } from './identities.ts';
import type { Roster } from './players.ts';

type Refused = { readonly ok: false; readonly reason: string; readonly departmentSlug?: string };

/** What `/duty` and `setDuty` answer: done, or why not. */
export type DutyResult = { readonly ok: true; readonly unitId: string; readonly status: string; readonly departmentSlug: string } | Refused;

/**
 * Going on and off duty, for `/duty` and for job hooks (ESX, QBCore), each in one department of
 * this server through that department's credential. Going on duty needs the department's ACE
 * (`cad.duty.<slug>`) or a job listed for it; a player without either is refused here, and the CAD
 * is never asked, so it never provisions them.
 */
export class Duty {
  constructor(
    private readonly departments: Departments,
    private readonly roster: Roster,
    private readonly identities: Identities,
  ) {}

  isOnDuty(source: string): boolean {
    return this.roster.of(source) !== undefined;
  }

  /** On duty in `slug` (else the first department the player may join), or off duty where they are. */
  async set(source: string, onDuty: boolean, slug?: string | null): Promise<DutyResult> {
    const current = this.roster.of(source);
    const department = this.target(source, onDuty, slug);
    if ('reason' in department) return department;
    if (onDuty && current !== undefined && current.departmentSlug !== department.slug) {
      // Moving to another department: off duty in the first one, on its own credential.
      const off = await this.set(source, false);
      if (!off.ok) return off;
    }
    const identifiers = this.roster.of(source)?.identifiers ?? (await this.identities.of(source));
    if (Object.keys(identifiers).length === 0) return { ok: false, reason: 'no_identifiers' };
    const answer = await department.cad.bridge.syncDuty({
      identifiers,
      departmentSlug: department.slug,
      onDuty,
      ...(onDuty ? { characterName: GetPlayerName(source).slice(0, 100) } : {}),
    });
    if (!answer.ok) return { ok: false, reason: answer.reason, departmentSlug: department.slug };
    if (onDuty) {
      const officer = this.roster.onDuty(source, answer.unitId, identifiers, department.slug);
      // An assignment made while the officer was off the resource's books still reaches the GPS.
      await department.waypoints.resync(officer);
    } else this.forget(source);
    return { ok: true, unitId: answer.unitId, status: answer.status, departmentSlug: department.slug };
  }

  /** Which department the change is in, or why there is none; a refusal here never reaches the CAD. */
  private target(source: string, onDuty: boolean, slug?: string | null): Department | Refused {
    const current = this.roster.of(source);
    if (slug != null && slug !== '') {
      const named = this.departments.bySlug(slug);
      if (named === undefined) return { ok: false, reason: 'unknown_department', departmentSlug: slug };
      if (onDuty && !this.departments.may(source, named)) return { ok: false, reason: 'duty_not_allowed', departmentSlug: named.slug };
      return named;
    }
    if (current !== undefined) return this.departments.forOfficer(current.departmentSlug);
    if (!onDuty) return this.departments.forPlayer(source);
    return this.departments.firstAllowed(source) ?? { ok: false, reason: 'duty_not_allowed' };
  }

  /** Drops the officer from the resource's books and clears their waypoint (the service already knows). */
  forget(source: string): void {
    const officer = this.roster.offDuty(source);
    if (officer !== undefined) this.departments.forOfficer(officer.departmentSlug).waypoints.clear(officer);
  }

  /** `/duty [department]`: off duty when on duty there (or anywhere, with no name), else on duty; says what happened in chat. */
  async toggle(source: string, slug?: string): Promise<void> {
    const current = this.roster.of(source);
    const onDuty = current === undefined || (slug !== undefined && this.departments.bySlug(slug)?.slug !== current.departmentSlug);
    const result = await this.set(source, onDuty, slug);
    if (result.ok) tell(source, onDuty ? `On duty in ${result.departmentSlug} (${result.status}).` : 'Off duty.');
    else tell(source, `Duty not changed: ${this.why(result)}.`, [255, 120, 120]);
  }

  private why(result: { reason: string; departmentSlug?: string }): string {
    const names = this.departments.all.map((d) => d.slug).join(', ');
    if (result.reason === 'unknown_department') return `this server has no department ${result.departmentSlug}; it serves ${names}`;
    if (result.reason === 'duty_not_allowed') {
      const where = result.departmentSlug ?? names;
      const ace = result.departmentSlug ? dutyAce(result.departmentSlug) : 'cad.duty.<department>';
      return `you may not go on duty in ${where} on this server (it needs the permission ${ace} or a job of that department)`;
    }
    return REASONS[result.reason] ?? result.reason;
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
  duty_not_allowed: 'you may not go on duty in that department on this server',
  unknown_department: 'this server has no such department',
};
