import type { KeysetPage } from '../../application/ports/records-repositories.ts';
import type { EntityClass, FilterQuery, FindOneOptions, FindOptions, RequiredEntityData } from '@mikro-orm/core';
import type { OrmSession } from './orm-session.ts';

/**
 * One table seen through its mapper: reads come back as domain objects, writes go in as records.
 * Every call takes the session's current entity manager, so it joins a running unit of work.
 * (MikroORM's filter types do not survive a generic wrapper; callers still pass typed filters.)
 */
export class MappedTable<Row extends object, Entity> {
  constructor(
    private readonly session: OrmSession,
    private readonly record: EntityClass<Row>,
    private readonly toEntity: (row: Row) => Entity,
  ) {}

  async one(where: FilterQuery<Row>, options?: FindOneOptions<Row>): Promise<Entity | null> {
    const row = await this.session.em().findOne(this.record, where as never, options);
    return row === null ? null : this.toEntity(row);
  }

  async many(where: FilterQuery<Row>, options?: FindOptions<Row>): Promise<Entity[]> {
    const rows = await this.session.em().find(this.record, where as never, options);
    return rows.map(this.toEntity);
  }

  /** Insert or update by primary key, in one statement (held for the transaction's next one, decision 0148). */
  async put(data: RequiredEntityData<Row>): Promise<void> {
    await this.session.held(() => this.session.write((em) => em.upsert(this.record, data as never)));
  }

  /** Insert only: a row that exists already breaks the primary key (held as `put` is). */
  async insert(data: RequiredEntityData<Row>): Promise<void> {
    await this.session.held(() => this.session.write((em) => em.insert(this.record, data as never)));
  }

  async remove(where: FilterQuery<Row>): Promise<void> {
    await this.session.em().nativeDelete(this.record, where as never);
  }
}

/**
 * One keyset page in one statement: the filter, ids after `page.after` (uuid order is the order
 * of their lower-case text), ascending, at most `page.limit`. The records' `*_listing` indexes
 * (organisation_id, id) serve their walks; the roster's tables are small enough without.
 */
export function keysetPage<Row extends { id: string }, Entity>(
  rows: MappedTable<Row, Entity>,
  where: FilterQuery<Row>[],
  page: KeysetPage,
) {
  if (page.limit <= 0) return Promise.resolve([]);
  const after = page.after === null ? [] : [{ id: { $gt: page.after } }];
  return rows.many({ $and: [...where, ...after] } as never, { orderBy: { id: 'asc' } as never, limit: page.limit });
}
