import type { Operator } from '../../domain/operator/operator.ts';
import { OperatorKey, type OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { OPERATOR_KEY_PREFIX } from '../auth/authenticate-operator.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation } from './organisation-writes.ts';

export interface CreateOperatorKeyInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly label: string;
  readonly permissions: readonly OperatorPermission[];
}

/**
 * Issues an organisation's operator key, shown once. An organisation's own key needs the
 * settings permission and can hand out only permissions it holds itself.
 */
export class CreateOperatorKey {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'operatorKeys' | 'hasher' | 'secrets' | 'ids' | 'writes'>) {}

  execute(input: CreateOperatorKeyInput): Promise<Outcome<{ key: string; operatorKey: OperatorKey }, AccessRefusal>> {
    // A key hands out only permissions it holds itself.
    const held = input.operator.permissionsIn(input.organisationId);
    const withinHeld = () => (input.permissions.every((p) => held.includes(p)) ? accept(null) : refuse('forbidden'));
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'organisation.settings.manage',
      withinHeld,
      async (_, now) => {
        const key = this.ports.secrets.secret(OPERATOR_KEY_PREFIX);
        const { organisationId, label, permissions } = input;
        const operatorKey = OperatorKey.forOrganisation(
          { id: this.ports.ids.next<OperatorKeyId>(), organisationId, label, permissions, keyHash: this.ports.hasher.hash(key) },
          now,
        );
        await this.ports.operatorKeys.save(operatorKey);
        const details = { label, permissions: operatorKey.snapshot().permissions };
        return audited(
          { key, operatorKey },
          auditNote(organisationId, 'operator_key.created', { type: 'operator_key', id: operatorKey.id }, details),
        );
      },
    );
  }
}
