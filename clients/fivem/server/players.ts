import type { PlayerIdentifiers } from '../../sdk/src/index.ts';

/** What the resource holds of an on-duty officer. */
export interface Officer {
  readonly source: string;
  readonly unitId: string;
  /** The department they are on duty in: its credential carries their heartbeats and commands. */
  readonly departmentSlug: string;
  /** As they were when the officer went on duty (still known after the player has left). */
  readonly identifiers: PlayerIdentifiers;
  lastSent: { x: number; y: number; at: number } | null;
  heartbeatInFlight: boolean;
  /** The waypoint set on the player's client, when one is. */
  waypoint: { callId: string; x: number; y: number } | null;
}

/** The on-duty officers of this server, by player source, by unit and by department. */
export class Roster {
  private readonly bySource = new Map<string, Officer>();

  onDuty(source: string, unitId: string, identifiers: PlayerIdentifiers, departmentSlug: string): Officer {
    const existing = this.bySource.get(source);
    if (existing?.unitId === unitId) return existing;
    const officer: Officer = { source, unitId, departmentSlug, identifiers, lastSent: null, heartbeatInFlight: false, waypoint: null };
    this.bySource.set(source, officer);
    return officer;
  }

  offDuty(source: string): Officer | undefined {
    const officer = this.bySource.get(source);
    this.bySource.delete(source);
    return officer;
  }

  of(source: string): Officer | undefined {
    return this.bySource.get(source);
  }

  /** Every officer on duty as this unit: players linked to one character share its unit. */
  byUnit(unitId: string): Officer[] {
    return this.all().filter((officer) => officer.unitId === unitId);
  }

  all(): Officer[] {
    return [...this.bySource.values()];
  }

  /** The officers on duty in one department. */
  in(departmentSlug: string): Officer[] {
    return this.all().filter((officer) => officer.departmentSlug === departmentSlug);
  }
}
