import { Credential, type CredentialKind, type CredentialRefusal } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository, OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { SecretGenerator } from '../ports/secret-generator.ts';
import type { SecretHasher } from '../ports/secret-hasher.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export const CLIENT_SECRET_PREFIX = 'cad_cs_';

export interface CreateCredentialInput {
  readonly operator: OperatorKey;
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
    private readonly organisations: OrganisationRepository,
    private readonly departments: DepartmentRepository,
    private readonly credentials: CredentialRepository,
    private readonly hasher: SecretHasher,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: CreateCredentialInput): Promise<Outcome<CreatedCredential, CreateCredentialRefusal>> {
    const access = authorise(input.operator, 'integrations.credential.manage', input.organisationId);
    if (!access.ok) return access;
    return this.writes.run(operatorActor(input.operator), async (now) => {
      if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
      if (input.departmentId !== null) {
        const department = await this.departments.get(input.departmentId);
        if (department?.organisationId !== input.organisationId) return refuse('unknown_department');
      }
      const clientSecret = this.secrets.secret(CLIENT_SECRET_PREFIX);
      const created = Credential.create(
        {
          id: this.ids.next<CredentialId>(),
          organisationId: input.organisationId,
          kind: input.kind,
          departmentId: input.departmentId,
          label: input.label,
          scopes: input.scopes,
          allScopes: input.allScopes,
          secretHash: this.hasher.hash(clientSecret),
        },
        now,
      );
      if (!created.ok) return created;
      const credential = created.value;
      await this.credentials.save(credential);
      const { kind, label, departmentId, scopes } = credential.snapshot();
      return audited(
        { credential, clientSecret },
        {
          organisationId: input.organisationId,
          action: 'credential.created',
          subject: { type: 'credential', id: credential.id },
          details: { kind, label, departmentId, scopes },
        },
      );
    });
  }
}
