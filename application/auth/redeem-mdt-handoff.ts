import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { CharacterPublicId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export interface MdtSessionGranted {
  readonly sessionToken: string;
  readonly expiresAt: Date;
  readonly tier: MdtTier;
  readonly characterPublicId: CharacterPublicId;
}

/**
 * `POST /auth/mdt-handoff/exchange`: turns a hand-off token into an MDT session, once. An
 * unknown, used or expired token is the same refusal (a 401).
 */
export class RedeemMdtHandoff {
  constructor(private readonly ports: Pick<Ports, 'mdtHandoffs' | 'characters' | 'hasher' | 'mdtSessions' | 'writes'>) {}

  execute(token: string): Promise<Outcome<MdtSessionGranted, 'invalid_handoff'>> {
    return this.ports.writes.run({ kind: 'system', id: 'mdt-handoff', label: 'MDT hand-off' }, async (now) => {
      const handoff = await this.ports.mdtHandoffs.getForUpdate(this.ports.hasher.hash(token));
      if (handoff === null) return refuse('invalid_handoff');
      const redeemed = handoff.redeem(now);
      if (!redeemed.ok) return redeemed;
      const h = redeemed.value;
      const character = await this.ports.characters.get(h.characterId);
      if (character === null) return refuse('invalid_handoff');
      await this.ports.mdtHandoffs.save(handoff);
      const session = this.ports.mdtSessions.issue(
        {
          organisationId: h.organisationId,
          characterId: h.characterId,
          characterPublicId: character.publicId,
          credentialId: h.credentialId,
          departmentId: h.departmentId,
          unitId: h.unitId,
          tier: h.tier,
        },
        now,
      );
      return audited(
        { ...session, tier: h.tier, characterPublicId: character.publicId },
        {
          organisationId: h.organisationId,
          action: 'mdt_handoff.redeemed',
          subject: { type: 'character', id: h.characterId },
          playerCharacterId: h.characterId,
          details: { tier: h.tier, credentialId: h.credentialId },
        },
      );
    });
  }
}
