import type { OrganisationSettings } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type UnitOfWork, WorkKey } from '../ports/unit-of-work.ts';

const SETTINGS_READ = new WorkKey<ReadonlyMap<OrganisationId, OrganisationSettings>>('organisation settings read in this unit of work');

/**
 * Organisation settings that a read inside the running unit of work returned (the bridge gate reads
 * them in its statement), kept for the unit of work's later work: the waypoint feed takes the map
 * type from here instead of reading the organisation again per saved unit. Nothing outlives the
 * unit of work, so the next request reads the settings afresh.
 */
export const settingsRead = {
  note(uow: UnitOfWork, organisationId: OrganisationId, settings: OrganisationSettings): void {
    const read = new Map(uow.kept(SETTINGS_READ) ?? []);
    read.set(organisationId, settings);
    uow.keep(SETTINGS_READ, read);
  },
  of(uow: UnitOfWork, organisationId: OrganisationId): OrganisationSettings | undefined {
    return uow.kept(SETTINGS_READ)?.get(organisationId);
  },
};
