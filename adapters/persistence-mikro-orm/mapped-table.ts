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

  /** Insert or update by primary key, in one statement. */
  async put(data: RequiredEntityData<Row>): Promise<void> {
    await this.session.write((em) => em.upsert(this.record, data as never));
  }

  /** Insert only: a row that exists already breaks the primary key. */
  async insert(data: RequiredEntityData<Row>): Promise<void> {
    await this.session.write((em) => em.insert(this.record, data as never));
  }

  async remove(where: FilterQuery<Row>): Promise<void> {
    await this.session.em().nativeDelete(this.record, where as never);
  }
}
