import { type PlayerIdentifiers, identifiersFromFiveM } from '../../sdk/src/index.ts';

/** A player's identifiers as the service reads them (decision 0047). */
export const identifiersOf = (source: string): PlayerIdentifiers => identifiersFromFiveM(getPlayerIdentifiers(source));

/** Where the player's character stands: x and y of the game map (FXServer's OneSync reads it on the server). */
export function positionOf(source: string): { x: number; y: number } {
  const [x = 0, y = 0] = GetEntityCoords(GetPlayerPed(source));
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}

/**
 * Text entered by other people (CAD display names, civilians' and owners' names, vehicles), made
 * plain for chat: cfx chat reads `^0`-`^9`, `^*`, `^_`, `^~`, `^=` and `^r` as colour and format
 * codes, and some community chat resources render HTML. Codes are removed until none is left, since
 * removing one can join its neighbours into another (`^^11`).
 */
export function plain(text: string): string {
  let out = text.replace(/[<>]/g, '');
  for (;;) {
    const next = out.replace(/\^[0-9*_~=r]/gi, '');
    if (next === out) return out;
    out = next;
  }
}

/** A line in the player's chat; whatever other people wrote goes through `plain` first. */
export function tell(source: string, text: string, color: [number, number, number] = [120, 180, 255]): void {
  emitNet('chat:addMessage', source, { color, multiline: true, args: ['CAD', text] });
}

/** What the resource holds of an on-duty officer. */
export interface Officer {
  readonly source: string;
  readonly unitId: string;
  /** As they were when the officer went on duty (still known after the player has left). */
  readonly identifiers: PlayerIdentifiers;
  lastSent: { x: number; y: number; at: number } | null;
  heartbeatInFlight: boolean;
  /** The waypoint set on the player's client, when one is. */
  waypoint: { callId: string; x: number; y: number } | null;
}

/** The on-duty officers of this server, by player source and by unit. */
export class Roster {
  private readonly bySource = new Map<string, Officer>();

  onDuty(source: string, unitId: string, identifiers: PlayerIdentifiers): Officer {
    const existing = this.bySource.get(source);
    if (existing?.unitId === unitId) return existing;
    const officer: Officer = { source, unitId, identifiers, lastSent: null, heartbeatInFlight: false, waypoint: null };
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
}
