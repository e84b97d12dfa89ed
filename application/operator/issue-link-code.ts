import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { LinkCode, linkCodeFromRandom, LINK_CODE_LENGTH, normaliseLinkCode } from '../../domain/roster/link-code.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CharacterRepository, LinkCodeRepository } from '../ports/roster-repositories.ts';
import type { SecretGenerator } from '../ports/secret-generator.ts';
import type { SecretHasher } from '../ports/secret-hasher.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

export interface IssueLinkCodeInput {
  readonly operator: OperatorKey;
  readonly characterId: CharacterId;
}

/** A one-time code, valid ten minutes, that the player types in game to link their identifiers. */
export class IssueLinkCode {
  constructor(
    private readonly characters: CharacterRepository,
    private readonly codes: LinkCodeRepository,
    private readonly hasher: SecretHasher,
    private readonly secrets: SecretGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: IssueLinkCodeInput): Promise<Outcome<{ code: string; expiresAt: Date }, AccessRefusal>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const reached = withinReach(input.operator, 'roster.manage', await this.characters.get(input.characterId));
      if (!reached.ok) return reached;
      const character = reached.value;
      const code = linkCodeFromRandom(this.secrets.randomBytes(LINK_CODE_LENGTH));
      const linkCode = LinkCode.issue(
        { codeHash: this.hasher.hash(normaliseLinkCode(code)), organisationId: character.organisationId, characterId: character.id },
        now,
      );
      await this.codes.save(linkCode);
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
