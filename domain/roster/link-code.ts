import type { CharacterId, OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

/** Crockford's base-32 alphabet: no I, L, O or U, so a code read aloud is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LINK_CODE_LENGTH = 10; // 50 bits
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;

/** Turns random bytes (at least one per character) into a code such as `7K3QD-X9F2M`. */
export function linkCodeFromRandom(bytes: Uint8Array): string {
  if (bytes.length < LINK_CODE_LENGTH) throw new RangeError('not enough randomness for a link code');
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += ALPHABET[bytes[i]! & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a typed code is compared in: case-insensitive, dashes and spaces ignored, O=0, I=L=1. */
export function normaliseLinkCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export interface LinkCodeState {
  /** Keyed hash of the normalised code; the code itself is never stored. */
  readonly codeHash: string;
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** A one-time code a player generates in their account and types into the game to link it. */
export class LinkCode {
  private constructor(private state: LinkCodeState) {}

  static issue(input: { codeHash: string; organisationId: OrganisationId; characterId: CharacterId }, now: Date) {
    return new LinkCode({
      ...input,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + LINK_CODE_TTL_MS),
      usedAt: null,
    });
  }

  static restore(state: LinkCodeState): LinkCode {
    return new LinkCode(state);
  }

  get expiresAt(): Date {
    return this.state.expiresAt;
  }

  /** Single use, and only before it expires. */
  redeem(now: Date): Outcome<CharacterId, 'invalid_or_expired_code'> {
    if (this.state.usedAt !== null || now.getTime() >= this.state.expiresAt.getTime()) {
      return refuse('invalid_or_expired_code');
    }
    this.state = { ...this.state, usedAt: now };
    return accept(this.state.characterId);
  }

  snapshot(): LinkCodeState {
    return this.state;
  }
}
