import type { CharacterId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

export const MDT_HANDOFF_TTL_MS = 120_000;
/** How long a page that opened a hand-off waits for the player to confirm its code in the game. */
export const MDT_CONFIRMATION_TTL_MS = 120_000;
/** Crockford's base-32, as link codes: no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CONFIRMATION_CODE_LENGTH = 6;

/** `full`: an on-duty officer of the credential's department; `basic`: any other linked player, read-only. */
export type MdtTier = 'full' | 'basic';

export interface MdtHandoffState {
  /** Keyed hash of the token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  readonly credentialId: CredentialId;
  readonly departmentId: DepartmentId;
  /** The on-duty unit, for the `full` tier. */
  readonly unitId: UnitId | null;
  readonly tier: MdtTier;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** When the session was given: the exchange, or the confirmed page's collection. */
  readonly usedAt: Date | null;
  /** The token opens nothing alone: the page that opens it must be confirmed in the game (decision 0095). */
  readonly confirmInGame: boolean;
  /** The page that opened it: keyed hashes of its pairing token and of the code it shows. */
  readonly openedAt: Date | null;
  readonly pairingHash: string | null;
  readonly codeHash: string | null;
  readonly confirmedAt: Date | null;
}

/** What the page is told after an exchange or a collection: its session, or to wait for the player's confirmation. */
export type MdtHandoffProgress =
  { readonly kind: 'session'; readonly handoff: MdtHandoffState } | { readonly kind: 'awaiting_confirmation'; readonly until: Date };

/** Turns random bytes (one per character) into a confirmation code such as `7K3QDX`. */
export function confirmationCodeFromRandom(bytes: Uint8Array): string {
  if (bytes.length < CONFIRMATION_CODE_LENGTH) throw new RangeError('not enough randomness for a confirmation code');
  let code = '';
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += ALPHABET[bytes[i]! & 31];
  return code;
}

/**
 * A single-use ticket that moves a player from the game to the MDT web client, valid 120 s. Where
 * the game shows the link on screen (FiveM's prompt before it opens an outside address), the hand-off
 * is made with `confirmInGame`: the first page to open it gets a pairing token and a code, and gets
 * its session only once the same character, through the same credential, types that code in the game.
 * A viewer who opens the link first holds a code nobody in the game will type; the player asks again.
 */
export class MdtHandoff {
  private constructor(private state: MdtHandoffState) {}

  static issue(
    input: Omit<MdtHandoffState, 'issuedAt' | 'expiresAt' | 'usedAt' | 'openedAt' | 'pairingHash' | 'codeHash' | 'confirmedAt'>,
    now: Date,
  ): MdtHandoff {
    return new MdtHandoff({
      ...input,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + MDT_HANDOFF_TTL_MS),
      usedAt: null,
      openedAt: null,
      pairingHash: null,
      codeHash: null,
      confirmedAt: null,
    });
  }

  static restore(state: MdtHandoffState): MdtHandoff {
    return new MdtHandoff(state);
  }

  get expiresAt(): Date {
    return this.state.expiresAt;
  }

  get confirmInGame(): boolean {
    return this.state.confirmInGame;
  }

  /**
   * The page's exchange of the token, once and before it expires: the session at once, or, for a
   * hand-off confirmed in the game, the page's pairing (the hashes the use case made).
   */
  exchange(now: Date, pairing: { pairingHash: string; codeHash: string }): Outcome<MdtHandoffProgress, 'invalid_handoff'> {
    const s = this.state;
    if (s.usedAt !== null || s.openedAt !== null || now.getTime() >= s.expiresAt.getTime()) return refuse('invalid_handoff');
    if (!s.confirmInGame) {
      this.state = { ...s, usedAt: now };
      return accept({ kind: 'session', handoff: this.state });
    }
    this.state = { ...s, openedAt: now, ...pairing };
    return accept({ kind: 'awaiting_confirmation', until: this.confirmableUntil(now) });
  }

  /** The player types the page's code in the game: once, while the page waits. */
  confirm(codeHash: string, now: Date): Outcome<null, 'invalid_or_expired_code'> {
    const s = this.state;
    if (!this.waiting(now) || s.codeHash !== codeHash) return refuse('invalid_or_expired_code');
    this.state = { ...s, confirmedAt: now };
    return accept(null);
  }

  /** The waiting page asks again: its session once confirmed (once), else how long it may still wait. */
  collect(now: Date): Outcome<MdtHandoffProgress, 'invalid_handoff'> {
    const s = this.state;
    if (s.openedAt === null || s.usedAt !== null) return refuse('invalid_handoff');
    if (s.confirmedAt !== null) {
      this.state = { ...s, usedAt: now };
      return accept({ kind: 'session', handoff: this.state });
    }
    if (!this.waiting(now)) return refuse('invalid_handoff');
    return accept({ kind: 'awaiting_confirmation', until: this.confirmableUntil(s.openedAt) });
  }

  snapshot(): MdtHandoffState {
    return this.state;
  }

  private waiting(now: Date): boolean {
    const { openedAt, confirmedAt, usedAt } = this.state;
    return openedAt !== null && confirmedAt === null && usedAt === null && now.getTime() < this.confirmableUntil(openedAt).getTime();
  }

  private confirmableUntil(openedAt: Date): Date {
    return new Date(openedAt.getTime() + MDT_CONFIRMATION_TTL_MS);
  }
}
