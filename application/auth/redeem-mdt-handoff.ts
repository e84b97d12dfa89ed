import {
  type MdtHandoffState,
  type MdtTier,
  confirmationCodeFromRandom,
  CONFIRMATION_CODE_LENGTH,
} from '../../domain/roster/mdt-handoff.ts';
import { pairingWaits } from '../../domain/roster/mdt-pairing.ts';
import type { CharacterPublicId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type Audited, audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export interface MdtSessionGranted {
  readonly sessionToken: string;
  readonly expiresAt: Date;
  readonly tier: MdtTier;
  readonly characterPublicId: CharacterPublicId;
}

/** The page waits for the player to type `confirmationCode` in the game; it asks again with `pairingToken`. */
export interface MdtConfirmationAwaited {
  readonly confirmationCode?: string;
  readonly pairingToken?: string;
  readonly until: Date;
}

export type MdtExchangeAnswer =
  { readonly kind: 'session'; readonly session: MdtSessionGranted } | ({ readonly kind: 'awaiting_confirmation' } & MdtConfirmationAwaited);

export const MDT_PAIRING_PREFIX = 'cad_mdp_';

type Deps = Pick<Ports, 'mdtHandoffs' | 'characters' | 'hasher' | 'secrets' | 'mdtSessions' | 'writes'>;

/** Issues the session of a hand-off that gave one, with its audit entry. */
async function sessionOf(ports: Deps, h: MdtHandoffState, now: Date): Promise<Outcome<Audited<MdtExchangeAnswer>, 'invalid_handoff'>> {
  const character = await ports.characters.get(h.characterId);
  if (character === null) return refuse('invalid_handoff');
  const { characterId, organisationId, credentialId, departmentId, unitId, tier } = h;
  const issued = ports.mdtSessions.issue(
    { organisationId, characterId, characterPublicId: character.publicId, credentialId, departmentId, unitId, tier },
    now,
  );
  const session = { ...issued, tier, characterPublicId: character.publicId };
  return audited(
    { kind: 'session' as const, session },
    {
      organisationId,
      action: 'mdt_handoff.redeemed',
      subject: { type: 'character', id: characterId },
      playerCharacterId: characterId,
      details: { tier, credentialId, confirmedInGame: h.confirmInGame },
    },
  );
}

const SYSTEM = { kind: 'system', id: 'mdt-handoff', label: 'MDT hand-off' } as const;

/**
 * `POST /auth/mdt-handoff/exchange`: turns a hand-off token into an MDT session, once. A hand-off
 * made to be confirmed in the game gives the page a pairing token and a code instead (decision
 * 0095). An unknown, used or expired token is the same refusal (a 401).
 */
export class RedeemMdtHandoff {
  constructor(private readonly ports: Deps) {}

  execute(token: string): Promise<Outcome<MdtExchangeAnswer, 'invalid_handoff'>> {
    return this.ports.writes.run(SYSTEM, async (now) => {
      const handoff = await this.ports.mdtHandoffs.getForUpdate(this.ports.hasher.hash(token));
      if (handoff === null) return refuse('invalid_handoff');
      const pairingToken = this.ports.secrets.secret(MDT_PAIRING_PREFIX);
      const confirmationCode = confirmationCodeFromRandom(this.ports.secrets.randomBytes(CONFIRMATION_CODE_LENGTH));
      const pairing = { pairingHash: this.ports.hasher.hash(pairingToken), codeHash: this.ports.hasher.hash(confirmationCode) };
      const exchanged = handoff.exchange(now, pairing);
      if (!exchanged.ok) return exchanged;
      await this.ports.mdtHandoffs.save(handoff);
      const progress = exchanged.value;
      if (progress.kind === 'session') return sessionOf(this.ports, progress.handoff, now);
      const h = handoff.snapshot();
      // A page opened the link and waits for the game: who opened it is not known, only that one did.
      return audited(
        { kind: 'awaiting_confirmation' as const, confirmationCode, pairingToken, until: progress.until },
        {
          organisationId: h.organisationId,
          action: 'mdt_handoff.opened',
          subject: { type: 'character', id: h.characterId },
          playerCharacterId: h.characterId,
          details: { credentialId: h.credentialId, confirmableUntil: progress.until },
        },
      );
    });
  }
}

/**
 * `POST /auth/mdt-handoff/session`: the page that opened a hand-off, or started its own pairing,
 * asks with its pairing token whether the player has confirmed it in the game: its session once
 * (then the pairing is spent), else how long it may still wait. An unknown, spent or lapsed pairing is
 * a 401.
 */
export class CollectMdtSession {
  constructor(private readonly ports: Deps & Pick<Ports, 'mdtPairings'>) {}

  execute(pairingToken: string): Promise<Outcome<MdtExchangeAnswer, 'invalid_handoff'>> {
    return this.ports.writes.run(SYSTEM, async (now) => {
      const pairingHash = this.ports.hasher.hash(pairingToken);
      const handoff = await this.ports.mdtHandoffs.getByPairingForUpdate(pairingHash);
      if (handoff === null) return this.stillPaired(pairingHash, now);
      const collected = handoff.collect(now);
      if (!collected.ok) return collected;
      const progress = collected.value;
      if (progress.kind === 'awaiting_confirmation') return unchanged({ kind: 'awaiting_confirmation' as const, until: progress.until });
      await this.ports.mdtHandoffs.save(handoff);
      return sessionOf(this.ports, progress.handoff, now);
    });
  }

  /** A page that started its own pairing (decision 0108) waits until a player types its code, or it lapses. */
  private async stillPaired(pairingHash: string, now: Date): Promise<Outcome<Audited<MdtExchangeAnswer>, 'invalid_handoff'>> {
    const pairing = await this.ports.mdtPairings.get(pairingHash);
    if (pairing === null || !pairingWaits(pairing, now)) return refuse('invalid_handoff');
    return unchanged({ kind: 'awaiting_confirmation' as const, until: pairing.expiresAt });
  }
}
