import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { RecordNumbers } from '../../../application/ports/record-numbers.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import type { OrmSession } from '../orm-session.ts';
import { rawNumber } from '../raw-values.ts';

/**
 * One atomic statement: the first number inserts the series, every later one bumps it. The
 * update's row lock holds the series until the unit of work ends, so concurrent writers queue up
 * and get distinct numbers in commit order; a rollback undoes the bump and the number is reused.
 */
const NEXT = `insert into record_sequences (organisation_id, series, last_value) values (?, ?, 1)
  on conflict (organisation_id, series) do update set last_value = record_sequences.last_value + 1
  returning last_value`;

export class MikroOrmRecordNumbers implements RecordNumbers {
  constructor(private readonly session: OrmSession) {}

  async next(organisationId: OrganisationId, series: string): Promise<number> {
    const em = this.session.em() as unknown as SqlEntityManager;
    const [row] = await em.execute<Array<{ last_value: unknown }>>(NEXT, [organisationId, series]);
    return rawNumber(row?.last_value);
  }
}
