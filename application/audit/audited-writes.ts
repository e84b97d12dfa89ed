import type { AuditActor, AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditEntryId, CharacterId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, type Refusal, accept, refuse } from '../../domain/shared/outcome.ts';
import { accessGroundsOf } from '../events/access-relay.ts';
import type { AccessWatch } from '../ports/access-watch.ts';
import type { AuditLog } from '../ports/audit-log.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';

/** What an accepted write says about itself for the audit log. */
export interface AuditNote {
  /** Null only for platform-wide actions (a published release, the bootstrap key). */
  readonly organisationId: OrganisationId | null;
  /** `<thing>.<verb>`, e.g. `credential.created`. */
  readonly action: string;
  readonly subject: { readonly type: string; readonly id: string } | null;
  readonly playerCharacterId?: CharacterId | null;
  /** Never a secret. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export interface Audited<Result> {
  readonly result: Result;
  /** Null when the write turned out to change nothing: then nothing is recorded. */
  readonly audit: AuditNote | null;
}

export function audited<Result>(result: Result, audit: AuditNote): Outcome<Audited<Result>, never> {
  return accept({ result, audit });
}

/** An accepted request that changed nothing (revoking what is revoked): no write, no audit entry. */
export function unchanged<Result>(result: Result): Outcome<Audited<Result>, never> {
  return accept({ result, audit: null });
}

/**
 * Runs a write in one unit of work and, when the write is accepted, appends its audit entry in
 * that same unit of work: both commit, or neither does. A refusal writes nothing. A concurrent
 * writer that wins a uniqueness race turns into the refusal named for that constraint.
 */
export class AuditedWrites {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly log: AuditLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Told after commit of a write that may change someone's rights on a live channel. */
    private readonly access: AccessWatch | null = null,
  ) {}

  async run<Result, Reason extends string>(
    actor: AuditActor,
    work: (now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
    conflicts: Readonly<Record<string, Reason>> = {},
  ): Promise<Outcome<Result, Reason>> {
    try {
      return await this.uow.run(async () => {
        const now = this.clock.now();
        const outcome = await work(now);
        if (!outcome.ok) throw new RefusedWrite(outcome);
        const note = outcome.value.audit;
        if (note !== null) {
          await this.log.append(this.entry(actor, note, now));
          const grounds = this.access === null ? null : accessGroundsOf(note);
          if (grounds !== null) this.uow.afterCommit(() => this.access?.changed(grounds));
        }
        return accept(outcome.value.result);
      });
    } catch (error) {
      if (error instanceof RefusedWrite) return error.refusal as Refusal<Reason>;
      const lost = error instanceof UniqueConstraintViolation ? conflicts[error.constraint] : undefined;
      if (lost !== undefined) return refuse(lost);
      throw error;
    }
  }

  private entry(actor: AuditActor, note: AuditNote, at: Date): AuditEntry {
    return {
      id: this.ids.next<AuditEntryId>(),
      organisationId: note.organisationId,
      at,
      actor,
      playerCharacterId: note.playerCharacterId ?? null,
      action: note.action,
      subject: note.subject,
      details: note.details ?? {},
    };
  }
}

/** Carries a refusal out of the unit of work so that anything written before it rolls back. */
class RefusedWrite extends Error {
  constructor(readonly refusal: Refusal<string>) {
    super(`refused: ${refusal.reason}`);
  }
}
