import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { RecordNumbers } from '../../../application/ports/record-numbers.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import type { OrmSession } from '../orm-session.ts';
import type { NativeStatements } from '../lean-reads.ts';
import { rawNumber } from '../raw-values.ts';

/**
 * One atomic statement: the first number inserts the series, every later one bumps it. Inside a
 * unit of work the update's row lock holds the series until it ends, so concurrent writers queue
 * up and get distinct numbers in commit order; a rollback undoes the bump and the number is reused.
 */
const NEXT = `insert into record_sequences (organisation_id, series, last_value) values ($1, $2, 1)
  on conflict (organisation_id, series) do update set last_value = record_sequences.last_value + 1
  returning last_value`;
/** The same with MikroORM's placeholders, for `em.execute` in the caller's unit of work. */
const NEXT_IN_UNIT_OF_WORK = NEXT.replace(/\$\d/g, '?');

/**
 * `next` runs in the caller's unit of work. `issue` runs the same statement on its own, committed
 * at once, on connections kept for it (`issuer`, PostgreSQL only): the series' row is locked for
 * that one statement, not for the writer's whole transaction, and a writer holding a connection of
 * the main pool never waits for another of the same pool to take its number. Without an issuer (the
 * embedded PGlite, one connection) `issue` is `next` (decision 0146).
 */
export class MikroOrmRecordNumbers implements RecordNumbers {
  constructor(
    private readonly session: OrmSession,
    private readonly issuer: NativeStatements | null,
  ) {}

  async next(organisationId: OrganisationId, series: string): Promise<number> {
    const em = this.session.em() as unknown as SqlEntityManager;
    const [row] = await em.execute<Array<{ last_value: unknown }>>(NEXT_IN_UNIT_OF_WORK, [organisationId, series]);
    return rawNumber(row?.last_value);
  }

  /**
   * On PostgreSQL inside a unit of work the bump is held and goes with the commit (decision 0148),
   * so the series' row is locked only while that one message runs (decision 0150); its answer is
   * read from the commit's message. Elsewhere (PGlite, no unit of work) it is `next`, at once.
   */
  async nextAtCommit(organisationId: OrganisationId, series: string): Promise<{ readonly number: Promise<number> }> {
    const answered = this.session.heldAnswered(() =>
      (this.session.em() as unknown as SqlEntityManager).execute(NEXT_IN_UNIT_OF_WORK, [organisationId, series]),
    );
    if (answered === null) return { number: Promise.resolve(await this.next(organisationId, series)) };
    await answered.sent;
    return { number: answered.answer.then((result) => rawNumber((result.rows[0] as { last_value?: unknown } | undefined)?.last_value)) };
  }

  async issue(organisationId: OrganisationId, series: string): Promise<number> {
    if (this.issuer === null) return this.next(organisationId, series);
    const statement = { name: 'record-number-issued', text: NEXT, values: [organisationId, series] };
    const { rows } = await this.issuer.query<{ last_value: unknown }>(statement);
    return rawNumber(rows[0]?.last_value);
  }
}
