import type { OrganisationId } from '../shared/ids.ts';
import type { OperatorKey, OperatorPermission } from './operator-key.ts';

/**
 * Whoever acts on the operator surface: an operator key (a machine credential for the CLI,
 * automation and recovery) or a signed-in person, whose rights come from their roles. Both are
 * judged by the same rules: outside an organisation they reach, things do not exist; inside it, a
 * missing permission is forbidden.
 */
export interface Operator {
  /** `operator` for a key, `person` for a person: how the audit log and call notes name the actor. */
  readonly actorKind: 'operator' | 'person';
  readonly id: string;
  readonly label: string;
  /** The bootstrap key, which spans organisations; never a person. */
  readonly isBootstrap: boolean;
  reaches(organisationId: OrganisationId): boolean;
  allows(permission: OperatorPermission, organisationId: OrganisationId): boolean;
  /** Whether this operator holds, in the key's organisation, every permission of the key. */
  covers(key: OperatorKey): boolean;
  /** The permissions held in the organisation (none outside it). */
  permissionsIn(organisationId: OrganisationId): readonly OperatorPermission[];
  /** The organisation it acts in by default: a key's own; a person's first (null: none, or the bootstrap key). */
  readonly homeOrganisationId: OrganisationId | null;
  /** Its rights as text, in a stable order: what an idempotency key is scoped by, so a change of rights runs the request anew. */
  rights(): readonly string[];
}
