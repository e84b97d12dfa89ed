import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export type ReleaseCheck =
  { readonly found: true; readonly release: ResourceRelease; readonly updateAvailable: boolean } | { readonly found: false };

/** `GET /resource-release/latest`: the newest published version of a game resource, for anyone. */
export class CheckRelease {
  constructor(private readonly ports: Pick<Ports, 'releases' | 'versions'>) {}

  async execute(input: { resourceSlug: string; currentVersion: string }): Promise<ReleaseCheck> {
    const release = await this.ports.releases.findLatest(input.resourceSlug);
    if (release === null) return { found: false };
    return { found: true, release, updateAvailable: this.ports.versions.isNewer(release.version, input.currentVersion) };
  }
}
