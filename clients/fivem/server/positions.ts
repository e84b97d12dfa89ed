/** Where a player's character stands: x and y of the game map, rounded to a hundredth. */
export interface Position {
  readonly x: number;
  readonly y: number;
}

/**
 * Positions read on the server. A ped handle of 0 means the server knows no ped: OneSync is off, or
 * the player is still loading; `GetEntityCoords(0)` would answer the origin without an error, so a
 * 0 is "unknown", never (0, 0). A ped deleted a moment ago (a model change, a respawn) makes
 * `GetEntityCoords` throw "Tried to access invalid entity": unknown too, until the next ped exists.
 * The last position read is kept per player, for a `/911` or `/panic` made while it is unknown.
 */
export class Positions {
  private readonly last = new Map<string, Position>();

  /** The position now, or null when the server cannot read it. */
  current(source: string): Position | null {
    const ped = GetPlayerPed(source);
    if (!ped) return null;
    let coords: number[];
    try {
      coords = GetEntityCoords(ped);
    } catch {
      return null;
    }
    const [x = 0, y = 0] = coords;
    const position = { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
    this.last.set(source, position);
    return position;
  }

  /** The position now, else the last one read, else null. */
  best(source: string): Position | null {
    return this.current(source) ?? this.last.get(source) ?? null;
  }

  forget(source: string): void {
    this.last.delete(source);
  }
}
