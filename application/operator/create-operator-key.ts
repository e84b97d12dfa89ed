import { OperatorKey, type OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import { OPERATOR_KEY_PREFIX } from '../auth/authenticate-operator.ts';
import type { OperatorKeyRepository } from '../ports/credential-repositories.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { SecretGenerator } from '../ports/secret-generator.ts';
import type { SecretHasher } from '../ports/secret-hasher.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface CreateOperatorKeyInput {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly label: string;
  readonly permissions: readonly OperatorPermission[];
}

/**
 * Issues an organisation's operator key, shown once. An organisation's own key needs the
 * settings permission and can hand out only permissions it holds itself.
 */
export class CreateOperatorKey {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly keys: OperatorKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: CreateOperatorKeyInput): Promise<Outcome<{ key: string; operatorKey: OperatorKey }, AccessRefusal>> {
    const access = authorise(input.operator, 'organisation.settings.manage', input.organisationId);
    if (!access.ok) return access;
    const held = input.operator.snapshot().permissions;
    if (!input.permissions.every((p) => held.includes(p))) return refuse('forbidden');
    return this.writes.run(operatorActor(input.operator), async (now) => {
      if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
      const key = this.secrets.secret(OPERATOR_KEY_PREFIX);
      const operatorKey = OperatorKey.forOrganisation(
        {
          id: this.ids.next<OperatorKeyId>(),
          organisationId: input.organisationId,
          label: input.label,
          permissions: input.permissions,
          keyHash: this.hasher.hash(key),
        },
        now,
      );
      await this.keys.save(operatorKey);
      return audited(
        { key, operatorKey },
        {
          organisationId: input.organisationId,
          action: 'operator_key.created',
          subject: { type: 'operator_key', id: operatorKey.id },
          details: { label: input.label, permissions: operatorKey.snapshot().permissions },
        },
      );
    });
  }
}
