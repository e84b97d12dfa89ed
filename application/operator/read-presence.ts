import type { Operator } from '../../domain/operator/operator.ts';
import type { PresenceOverage } from '../../domain/presence/presence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

export interface PresenceFigures {
  readonly connected: number;
  readonly max: number | null;
  /** Heartbeats that left more accounts connected than `max`, newest first. */
  readonly overages: readonly PresenceOverage[];
}

const OVERAGES_SHOWN = 100;

/** How many linked accounts are connected now, against the organisation's limit, and when it was exceeded. */
export class ReadPresence {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'presence' | 'clock'>) {}

  execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<PresenceFigures, AccessRefusal>> {
    return readInOrganisation(this.ports.organisations, input.operator, 'audit.view', input.organisationId, async () => {
      const organisation = await this.ports.organisations.get(input.organisationId);
      return {
        connected: await this.ports.presence.countConnected(input.organisationId, this.ports.clock.now()),
        max: organisation?.settings.concurrentAccountsMax ?? null,
        overages: await this.ports.presence.listOverages(input.organisationId, OVERAGES_SHOWN),
      };
    });
  }
}
