/** How long a page that started a pairing waits for the player to type its code in the game. */
export const MDT_PAIRING_TTL_MS = 120_000;

/**
 * A pairing the MDT page started (decision 0108): the page holds a pairing token and shows a code;
 * it belongs to nobody until a player types that code in the game, which makes a hand-off for that
 * player bound to this page. Only keyed hashes of the token and the code are kept.
 */
export interface MdtPairing {
  readonly pairingHash: string;
  readonly codeHash: string;
  readonly openedAt: Date;
  readonly expiresAt: Date;
}

export function startPairing(hashes: { pairingHash: string; codeHash: string }, now: Date): MdtPairing {
  return { ...hashes, openedAt: now, expiresAt: new Date(now.getTime() + MDT_PAIRING_TTL_MS) };
}

/** Whether the page may still be paired: its code typed before it lapses. */
export const pairingWaits = (pairing: MdtPairing, now: Date): boolean => now.getTime() < pairing.expiresAt.getTime();
