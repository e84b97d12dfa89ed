// Whether a unit is still heard from: its last position's age, and its player's presence claim.
// Ages are judged on the service's clock (each event says when it was sent), not this computer's,
// so a dispatcher's clock set wrong does not make every unit look stale or fresh.

/** A resource reports at least every 30 s, even standing still: a longer silence is a missed report (decision 0065). */
export const SILENT_AFTER_MS = 35_000;

/** How the board shows a unit: live, stale (silent), greyed (silent past the setting), gone (its claim lapsed). */
export function livenessOf(unit, claim, now, staleUnitMinutes) {
  const seen = unit.position ? Date.parse(unit.position.reportedAt) : null;
  const age = seen === null ? null : Math.max(0, now - seen);
  const lapsed = claim ? Date.parse(claim.expiresAt) : null;
  // A claim lapsed with no position after it: the game server stopped counting the player as connected.
  if (lapsed !== null && lapsed <= now && (seen === null || seen < lapsed))
    return { kind: 'gone', greyed: true, text: age === null ? 'left the game server' : `left the game server, last seen ${ago(age)}` };
  if (age === null) return { kind: 'unplaced', greyed: true, text: 'no recent position' };
  if (age < SILENT_AFTER_MS) return { kind: 'live', greyed: false, text: '' };
  return { kind: 'stale', greyed: age >= staleUnitMinutes * 60_000, text: `stale, last seen ${ago(age)}` };
}

/** "40 s ago", "1 min ago", "12 min ago", "2 h ago". */
export function ago(ms) {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** The service's time as this page estimates it: this computer's clock plus the difference the last event showed. */
export function serviceClock() {
  let skew = 0;
  return {
    /** An event's `emittedAt`, as it arrives. */
    heard(emittedAt) {
      const at = Date.parse(emittedAt);
      if (Number.isFinite(at)) skew = at - Date.now();
    },
    now: () => Date.now() + skew,
  };
}
