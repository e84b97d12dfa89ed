import type { Operator } from '../../domain/operator/operator.ts';
import { LinkCode, linkCodeFromRandom, LINK_CODE_LENGTH, normaliseLinkCode } from '../../domain/roster/link-code.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

export interface IssueLinkCodeInput {
  readonly operator: Operator;
  readonly characterId: CharacterId;
}

/** A one-time code, valid ten minutes, that the player types in game to link their identifiers. */
export class IssueLinkCode {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'linkCodes' | 'hasher' | 'secrets' | 'writes'>) {}

  async execute(input: IssueLinkCodeInput): Promise<Outcome<{ code: string; expiresAt: Date }, AccessRefusal>> {
    const load = () => this.ports.characters.get(input.characterId);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, async (character, now) => {
      const code = linkCodeFromRandom(this.ports.secrets.randomBytes(LINK_CODE_LENGTH));
      const linkCode = LinkCode.issue(
        {
          codeHash: this.ports.hasher.hash(normaliseLinkCode(code)),
          organisationId: character.organisationId,
          characterId: character.id,
        },
        now,
      );
      await this.ports.linkCodes.save(linkCode);
      const note = auditNote(
        character.organisationId,
        'link_code.issued',
        { type: 'character', id: character.id },
        {
          expiresAt: linkCode.expiresAt,
        },
      );
      return audited({ code, expiresAt: linkCode.expiresAt }, note);
    });
  }
}
