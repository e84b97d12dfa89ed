import { parseArgs } from 'node:util';
import type { UseCases } from '../../application/use-cases.ts';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import {
  type CharacterId,
  type CredentialId,
  type DepartmentId,
  type OrganisationId,
  type PersonId,
  isUuid,
} from '../../domain/shared/ids.ts';
import { ROLE_NAMES, type RoleName, isRoleName } from '../../domain/people/role.ts';
import { invitationPath } from '../../application/people/invitations.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { HELP, USAGE } from './cli-help.ts';
import { listCharacters, listDepartments, listOrganisations } from './cli-lists.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** The operator key the commands act with (`CAD_OPERATOR_KEY`). */
  readonly operatorKey: string | undefined;
}

interface Options {
  kind?: string;
  label?: string;
  department?: string;
  scopes?: string;
  'all-scopes'?: boolean;
  'date-of-birth'?: string;
  callsign?: string;
  role?: string;
  json?: boolean;
  help?: boolean;
}

/** A command line that named a known command with well-formed arguments. */
export interface ParsedCommand {
  readonly command: string;
  readonly args: string[];
  readonly options: Options;
}

interface Invocation {
  readonly useCases: UseCases;
  readonly operator: OperatorKey;
  readonly args: string[];
  readonly options: Options;
}

interface CommandSpec {
  /** How many positional arguments, and which of them are ids. */
  readonly arity: number;
  readonly ids?: readonly number[];
  /** A problem with the options, or null. */
  readonly checkOptions?: (options: Options) => string | null;
  /** The embedded database's files, not its data: run by the command-line entry on the data directory itself. */
  readonly onDataDirectory?: true;
  /** Absent for the commands that need no operator key. */
  readonly run?: (call: Invocation) => Promise<Outcome<unknown, string>>;
}

const COMMANDS: Record<string, CommandSpec> = {
  'bootstrap-key reset': { arity: 0 },
  backup: { arity: 1, onDataDirectory: true },
  restore: { arity: 1, onDataDirectory: true },
  'organisation create': {
    arity: 1,
    run: async ({ useCases, operator, args: [name] }) =>
      shown(await useCases.createOrganisation.execute({ operator, name: name!, settings: {} }), (o) => ({ organisationId: o.id })),
  },
  'organisation list': { arity: 0, run: ({ useCases, operator }) => listOrganisations(useCases, operator) },
  'department list': {
    arity: 1,
    ids: [0],
    run: ({ useCases, operator, args: [organisationId] }) => listDepartments(useCases, operator, organisationId as OrganisationId),
  },
  'character list': {
    arity: 1,
    ids: [0],
    run: ({ useCases, operator, args: [organisationId] }) => listCharacters(useCases, operator, organisationId as OrganisationId),
  },
  'department create': {
    arity: 3,
    ids: [0],
    run: async ({ useCases, operator, args: [organisationId, slug, name] }) =>
      shown(
        await useCases.createDepartment.execute({ operator, organisationId: organisationId as OrganisationId, slug: slug!, name: name! }),
        (d) => ({ departmentId: d.id }),
      ),
  },
  'character create': {
    arity: 3,
    ids: [0],
    run: async ({ useCases, operator, args: [organisationId, firstName, lastName], options }) =>
      shown(
        await useCases.createCharacter.execute({
          operator,
          organisationId: organisationId as OrganisationId,
          firstName: firstName!,
          lastName: lastName!,
          dateOfBirth: options['date-of-birth'] ?? null,
        }),
        (c) => ({ characterId: c.id, characterPublicId: c.snapshot().publicId, displayName: c.displayName }),
      ),
  },
  'member add': {
    arity: 2,
    ids: [0, 1],
    run: async ({ useCases, operator, args: [departmentId, characterId], options }) =>
      shown(
        await useCases.addDepartmentMember.execute({
          operator,
          departmentId: departmentId as DepartmentId,
          characterId: characterId as CharacterId,
          callsign: options.callsign ?? null,
        }),
        ({ membership, unit }) => ({ membershipId: membership.id, unitId: unit.id, unitLabel: unit.callsign }),
      ),
  },
  'link-code issue': {
    arity: 1,
    ids: [0],
    run: async ({ useCases, operator, args: [characterId] }) =>
      shown(await useCases.issueLinkCode.execute({ operator, characterId: characterId as CharacterId }), ({ code, expiresAt }) => ({
        code,
        expiresAt: expiresAt.toISOString(),
      })),
  },
  'invitation create': {
    arity: 1,
    ids: [0],
    checkOptions: (o) => (o.role !== undefined && isRoleName(o.role) ? null : `--role must be one of ${ROLE_NAMES.join(', ')}`),
    run: async ({ useCases, operator, args: [organisationId], options }) =>
      shown(
        await useCases.createInvitation.execute({
          operator,
          organisationId: organisationId as OrganisationId,
          role: options.role as RoleName,
        }),
        ({ token, invitation }) => ({
          invitationPath: invitationPath(token),
          role: invitation.role,
          expiresAt: invitation.expiresAt.toISOString(),
        }),
      ),
  },
  'account list': {
    arity: 1,
    ids: [0],
    run: async ({ useCases, operator, args: [organisationId] }) =>
      shown(await useCases.listPeople.execute({ operator, organisationId: organisationId as OrganisationId }), (people) =>
        people.map((p) => ({ ...p, since: p.since.toISOString() })),
      ),
  },
  'account set-role': {
    arity: 2,
    ids: [0, 1],
    checkOptions: (o) => (o.role !== undefined && isRoleName(o.role) ? null : `--role must be one of ${ROLE_NAMES.join(', ')}`),
    run: async ({ useCases, operator, args: [organisationId, personId], options }) =>
      shown(
        await useCases.changePersonRole.execute({
          operator,
          organisationId: organisationId as OrganisationId,
          personId: personId as PersonId,
          role: options.role as RoleName,
        }),
        (p) => ({ ...p, since: p.since.toISOString() }),
      ),
  },
  'account disable': {
    arity: 2,
    ids: [0, 1],
    run: async ({ useCases, operator, args: [organisationId, personId] }) =>
      shown(
        await useCases.changePersonRole.execute({
          operator,
          organisationId: organisationId as OrganisationId,
          personId: personId as PersonId,
          status: 'disabled',
        }),
        (p) => ({ ...p, since: p.since.toISOString() }),
      ),
  },
  'credential create': {
    arity: 1,
    ids: [0],
    checkOptions: (o) =>
      !CREDENTIAL_KINDS.includes(o.kind as CredentialKind)
        ? `--kind must be one of ${CREDENTIAL_KINDS.join(', ')}`
        : !o.label
          ? '--label is required'
          : o.department !== undefined && !isUuid(o.department.toLowerCase())
            ? `not an id: ${o.department}`
            : null,
    run: async ({ useCases, operator, args: [organisationId], options }) => {
      const created = await useCases.createCredential.execute({
        operator,
        organisationId: organisationId as OrganisationId,
        kind: options.kind as CredentialKind,
        label: options.label!,
        departmentId: (options.department?.toLowerCase() ?? null) as DepartmentId | null,
        scopes: options.scopes ? options.scopes.split(',').map((s) => s.trim()) : [],
        allScopes: options['all-scopes'] ?? false,
      });
      return shown(created, ({ credential, clientSecret }) => {
        const { id, kind, label, departmentId, scopes } = credential.snapshot();
        return { clientId: id, clientSecret, kind, label, departmentId, scopes };
      });
    },
  },
  'credential list': {
    arity: 1,
    ids: [0],
    run: async ({ useCases, operator, args: [organisationId] }) =>
      shown(await useCases.listCredentials.execute({ operator, organisationId: organisationId as OrganisationId }), (list) =>
        list.map((c) => {
          const { id, kind, label, departmentId, scopes, revokedAt } = c.snapshot();
          return { clientId: id, kind, label, departmentId, scopes, status: revokedAt === null ? 'active' : 'revoked' };
        }),
      ),
  },
  'credential rotate': {
    arity: 1,
    ids: [0],
    run: async ({ useCases, operator, args: [clientId] }) =>
      useCases.rotateCredentialSecret.execute({ operator, clientId: clientId as CredentialId }),
  },
  'credential revoke': {
    arity: 1,
    ids: [0],
    run: async ({ useCases, operator, args: [clientId] }) =>
      shown(await useCases.revokeCredential.execute({ operator, clientId: clientId as CredentialId }), (c) => ({
        clientId: c.id,
        status: 'revoked',
      })),
  },
};

/** Reads and checks the whole command line without touching any store: a usage error never opens the database. */
export function parseCommand(argv: readonly string[]): ParsedCommand | { readonly usage: string } | { readonly help: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        kind: { type: 'string' },
        label: { type: 'string' },
        department: { type: 'string' },
        scopes: { type: 'string' },
        'all-scopes': { type: 'boolean', default: false },
        'date-of-birth': { type: 'string' },
        callsign: { type: 'string' },
        role: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const [noun, verb, ...rest] = parsed.positionals;
  // A command is two words (`credential list`), or one (`backup`) followed by its arguments.
  const single = noun !== undefined && COMMANDS[noun] !== undefined;
  const command = single ? noun : `${noun ?? ''} ${verb ?? ''}`;
  const args = single ? parsed.positionals.slice(1) : rest;
  // `npm run cli` alone lists every command, as --help does.
  if (parsed.values.help || noun === undefined) return { help: HELP[command] ?? USAGE };
  const spec = COMMANDS[command];
  if (spec === undefined) return usage(`unknown command: ${command.trim()}`);
  if (args.length !== spec.arity) return usage(`${command} takes ${spec.arity} argument(s), not ${args.length}`);
  const badId = (spec.ids ?? []).map((i) => args[i]!).find((id) => !isUuid(id.toLowerCase()));
  if (badId !== undefined) return usage(`not an id: ${badId}`);
  const optionProblem = spec.checkOptions?.(parsed.values) ?? null;
  if (optionProblem !== null) return usage(optionProblem);
  const idArgs = args.map((arg, i) => ((spec.ids ?? []).includes(i) ? arg.toLowerCase() : arg));
  return { command, args: idArgs, options: parsed.values };
}

/** Whether the command works on the embedded database's directory rather than through the use cases. */
export const onDataDirectory = (parsed: ParsedCommand): boolean => COMMANDS[parsed.command]?.onDataDirectory === true;

/** Runs one parsed command against the use cases; returns the process exit code. */
export async function runCommand(parsed: ParsedCommand, useCases: UseCases, io: CliIo): Promise<number> {
  const spec = COMMANDS[parsed.command]!;
  if (spec.onDataDirectory) throw new Error(`${parsed.command} works on the data directory, not through the use cases`);
  if (spec.run === undefined) {
    // Printed as part of the reset: the new key counts as shown once it is out (decision 0030).
    const show = (bootstrapKey: string | null) => io.out(JSON.stringify({ bootstrapKey }));
    if ((await useCases.ensureBootstrapKey.execute({ replace: true, show })) === null) show(null);
    return 0;
  }
  const operator = io.operatorKey ? await useCases.authenticateOperator.execute(io.operatorKey) : null;
  if (operator === null) {
    io.err('CAD_OPERATOR_KEY must hold a valid operator key');
    return 2;
  }
  const outcome = await spec.run({ useCases, operator, args: parsed.args, options: parsed.options });
  if (!outcome.ok) {
    io.err(JSON.stringify({ refused: outcome.reason }));
    return 1;
  }
  io.out(JSON.stringify(outcome.value));
  return 0;
}

/** Parses, then runs: the whole command line in one call. */
export async function runCli(argv: readonly string[], useCases: UseCases, io: CliIo): Promise<number> {
  const parsed = parseCommand(argv);
  if ('help' in parsed) {
    io.out(parsed.help);
    return 0;
  }
  if ('usage' in parsed) {
    io.err(parsed.usage);
    return 2;
  }
  return runCommand(parsed, useCases, io);
}

function usage(problem: string): { usage: string } {
  return { usage: `${problem}\n\n${USAGE}` };
}

function shown<Value, Reason extends string>(outcome: Outcome<Value, Reason>, view: (value: Value) => unknown): Outcome<unknown, Reason> {
  return outcome.ok ? { ok: true, value: view(outcome.value) } : outcome;
}
