import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { ReleaseRepository } from '../ports/records-repositories.ts';
import type { VersionOrder } from '../ports/version-order.ts';

export type ReleaseCheck =
  { readonly found: true; readonly release: ResourceRelease; readonly updateAvailable: boolean } | { readonly found: false };

/** `GET /resource-release/latest`: the newest published version of a game resource, for anyone. */
export class CheckRelease {
  constructor(
    private readonly releases: ReleaseRepository,
    private readonly versions: VersionOrder,
  ) {}

  async execute(input: { resourceSlug: string; currentVersion: string }): Promise<ReleaseCheck> {
    const release = await this.releases.findLatest(input.resourceSlug);
    if (release === null) return { found: false };
    return { found: true, release, updateAvailable: this.versions.isNewer(release.version, input.currentVersion) };
  }
}
