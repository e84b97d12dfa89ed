import { parseArgs } from 'node:util';
import type { UseCases } from '../../application/use-cases.ts';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { type CredentialId, type DepartmentId, type OrganisationId, isUuid } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** The operator key the commands act with (`CAD_OPERATOR_KEY`). */
  readonly operatorKey: string | undefined;
}

export const USAGE = `usage: npm run cli -- <command>

  bootstrap-key reset                       replace the bootstrap key and print the new one once
  organisation create <name>                found an organisation
  department create <organisationId> <slug> <name>
  credential create <organisationId> --kind game|generic_api_key --label <label>
                    [--department <departmentId>] [--scopes a,b,c | --all-scopes]
  credential list <organisationId>
  credential rotate <clientId>              print a new client secret once
  credential revoke <clientId>

Commands other than bootstrap-key act as the operator key in CAD_OPERATOR_KEY.
Output is JSON; the exit code is 0 on success, 1 on a refusal, 2 on a usage error.`;

/** A command line that named a known command with well-formed arguments. */
export interface ParsedCommand {
  readonly command: string;
  readonly args: string[];
  readonly values: Invocation['values'];
}

/** Which arguments of each command are ids. */
const ID_ARGUMENTS: Record<string, readonly number[]> = {
  'department create': [0],
  'credential create': [0],
  'credential list': [0],
  'credential rotate': [0],
  'credential revoke': [0],
};

/** Reads the command line without touching any store, so a usage error never opens the database. */
export function parseCommand(argv: readonly string[]): ParsedCommand | { readonly usage: string } {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { usage: `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}` };
  }
  const [noun, verb, ...args] = parsed.positionals;
  const command = `${noun ?? ''} ${verb ?? ''}`;
  if (command !== 'bootstrap-key reset' && COMMANDS[command] === undefined) return { usage: USAGE };
  const badId = (ID_ARGUMENTS[command] ?? []).map((i) => args[i]).find((id) => id !== undefined && !isUuid(id));
  if (badId !== undefined) return { usage: `not an id: ${badId}\n\n${USAGE}` };
  if (parsed.values.department !== undefined && !isUuid(parsed.values.department))
    return { usage: `not an id: ${parsed.values.department}\n\n${USAGE}` };
  return { command, args, values: parsed.values };
}

/** Runs one parsed command against the use cases; returns the process exit code. */
export async function runCommand(parsed: ParsedCommand, useCases: UseCases, io: CliIo): Promise<number> {
  const { command, args: rest, values } = parsed;
  if (command === 'bootstrap-key reset') {
    io.out(JSON.stringify({ bootstrapKey: await useCases.ensureBootstrapKey.execute({ replace: true }) }));
    return 0;
  }
  const handler = COMMANDS[command]!;
  const operator = io.operatorKey ? await useCases.authenticateOperator.execute(io.operatorKey) : null;
  if (operator === null) {
    io.err('CAD_OPERATOR_KEY must hold a valid operator key');
    return 2;
  }
  const outcome = await handler({ useCases, operator, args: rest, values });
  if (outcome === 'usage') {
    io.err(USAGE);
    return 2;
  }
  if (!outcome.ok) {
    io.err(JSON.stringify({ refused: outcome.reason }));
    return 1;
  }
  io.out(JSON.stringify(outcome.value));
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      label: { type: 'string' },
      department: { type: 'string' },
      scopes: { type: 'string' },
      'all-scopes': { type: 'boolean', default: false },
    },
  });
}

interface Invocation {
  readonly useCases: UseCases;
  readonly operator: OperatorKey;
  readonly args: string[];
  readonly values: { kind?: string; label?: string; department?: string; scopes?: string; 'all-scopes'?: boolean };
}

type Command = (call: Invocation) => Promise<Outcome<unknown, string> | 'usage'>;

const COMMANDS: Record<string, Command> = {
  'organisation create': async ({ useCases, operator, args: [name] }) =>
    name ? shown(await useCases.createOrganisation.execute({ operator, name, settings: {} }), (o) => ({ organisationId: o.id })) : 'usage',
  'department create': async ({ useCases, operator, args: [organisationId, slug, name] }) =>
    organisationId && slug && name
      ? shown(await useCases.createDepartment.execute({ operator, organisationId: organisationId as OrganisationId, slug, name }), (d) => ({
          departmentId: d.id,
        }))
      : 'usage',
  'credential create': async ({ useCases, operator, args: [organisationId], values }) => {
    if (!organisationId || !values.label || !CREDENTIAL_KINDS.includes(values.kind as CredentialKind)) return 'usage';
    const created = await useCases.createCredential.execute({
      operator,
      organisationId: organisationId as OrganisationId,
      kind: values.kind as CredentialKind,
      label: values.label,
      departmentId: (values.department ?? null) as DepartmentId | null,
      scopes: values.scopes ? values.scopes.split(',').map((s) => s.trim()) : [],
      allScopes: values['all-scopes'] ?? false,
    });
    return shown(created, ({ credential, clientSecret }) => {
      const { id, kind, label, departmentId, scopes } = credential.snapshot();
      return { clientId: id, clientSecret, kind, label, departmentId, scopes };
    });
  },
  'credential list': async ({ useCases, operator, args: [organisationId] }) =>
    organisationId
      ? shown(await useCases.listCredentials.execute({ operator, organisationId: organisationId as OrganisationId }), (list) =>
          list.map((c) => {
            const { id, kind, label, departmentId, scopes, revokedAt } = c.snapshot();
            return { clientId: id, kind, label, departmentId, scopes, status: revokedAt === null ? 'active' : 'revoked' };
          }),
        )
      : 'usage',
  'credential rotate': async ({ useCases, operator, args: [clientId] }) =>
    clientId ? useCases.rotateCredentialSecret.execute({ operator, clientId: clientId as CredentialId }) : 'usage',
  'credential revoke': async ({ useCases, operator, args: [clientId] }) =>
    clientId
      ? shown(await useCases.revokeCredential.execute({ operator, clientId: clientId as CredentialId }), (c) => ({
          clientId: c.id,
          status: 'revoked',
        }))
      : 'usage',
};

function shown<Value, Reason extends string>(outcome: Outcome<Value, Reason>, view: (value: Value) => unknown): Outcome<unknown, Reason> {
  return outcome.ok ? { ok: true, value: view(outcome.value) } : outcome;
}

/** Parses, then runs: the whole command line in one call. */
export async function runCli(argv: readonly string[], useCases: UseCases, io: CliIo): Promise<number> {
  const parsed = parseCommand(argv);
  if ('usage' in parsed) {
    io.err(parsed.usage);
    return 2;
  }
  return runCommand(parsed, useCases, io);
}
