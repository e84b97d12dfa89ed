import type { Operator } from '../../domain/operator/operator.ts';
import { Credential, type CredentialKind, type CredentialRefusal } from '../../domain/credential/credential.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation, nothingToCheck } from './organisation-writes.ts';

export const CLIENT_SECRET_PREFIX = 'cad_cs_';

export interface CreateCredentialInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly kind: CredentialKind;
  readonly label: string;
  readonly departmentId: DepartmentId | null;
  readonly scopes: readonly string[];
  readonly allScopes: boolean;
}

export interface CreatedCredential {
  readonly credential: Credential;
  /** Shown once, here; only its keyed hash is stored. */
  readonly clientSecret: string;
}

export type CreateCredentialRefusal = AccessRefusal | CredentialRefusal | 'unknown_department';

export class CreateCredential {
  constructor(
    private readonly ports: Pick<Ports, 'organisations' | 'departments' | 'credentials' | 'hasher' | 'secrets' | 'ids' | 'writes'>,
  ) {}

  execute(input: CreateCredentialInput): Promise<Outcome<CreatedCredential, CreateCredentialRefusal>> {
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'integrations.credential.manage',
      nothingToCheck,
      async (_, now) => {
        if (input.departmentId !== null) {
          const department = await this.ports.departments.get(input.departmentId);
          if (department?.organisationId !== input.organisationId) return refuse('unknown_department');
        }
        const clientSecret = this.ports.secrets.secret(CLIENT_SECRET_PREFIX);
        const { organisationId, kind, departmentId, label, scopes, allScopes } = input;
        const request = { id: this.ports.ids.next<CredentialId>(), organisationId, kind, departmentId, label, scopes, allScopes };
        const created = Credential.create({ ...request, secretHash: this.ports.hasher.hash(clientSecret) }, now);
        if (!created.ok) return created;
        const credential = created.value;
        await this.ports.credentials.save(credential);
        // The scopes as granted: select-all is kept as the scopes it stood for.
        const saved = credential.snapshot();
        const details = { kind: saved.kind, label: saved.label, departmentId: saved.departmentId, scopes: saved.scopes };
        return audited(
          { credential, clientSecret },
          auditNote(organisationId, 'credential.created', { type: 'credential', id: credential.id }, details),
        );
      },
    );
  }
}
