import type { Operator } from '../../domain/operator/operator.ts';
import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { ReleaseId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { operatorActor } from './operator-access.ts';

export interface PublishReleaseInput {
  readonly operator: Operator;
  readonly resourceSlug: string;
  readonly version: string;
  readonly manifest: Readonly<Record<string, unknown>>;
}

/** Publishes a game resource version for the public version check; the bootstrap key only. */
export class PublishRelease {
  constructor(private readonly ports: Pick<Ports, 'releases' | 'ids' | 'writes'>) {}

  async execute(input: PublishReleaseInput): Promise<Outcome<ResourceRelease, 'forbidden' | 'version_exists'>> {
    if (!input.operator.isBootstrap) return refuse('forbidden');
    return this.ports.writes.run(
      operatorActor(input.operator),
      async (now) => {
        const release: ResourceRelease = {
          id: this.ports.ids.next<ReleaseId>(),
          resourceSlug: input.resourceSlug,
          version: input.version,
          manifest: input.manifest,
          publishedAt: now,
        };
        await this.ports.releases.add(release);
        const details = { resourceSlug: input.resourceSlug, version: input.version };
        // A release is platform-wide: it belongs to no organisation.
        return audited(release, auditNote(null, 'release.published', { type: 'release', id: release.id }, details));
      },
      { release_version: 'version_exists' },
    );
  }
}
