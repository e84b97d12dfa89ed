import type { CadClient } from '../../sdk/src/index.ts';

export const RESOURCE_SLUG = 'cad-bridge';

/** The resource's version, as its fxmanifest.lua states it. */
export const resourceVersion = () => GetResourceMetadata(GetCurrentResourceName(), 'version', 0) || '0.0.0';

/** At start: says when a newer version of the resource is published; silent otherwise. */
export async function checkRelease(cad: CadClient, log: (message: string) => void): Promise<void> {
  const currentVersion = resourceVersion();
  try {
    const answer = await cad.bridge.latestRelease({ query: { resourceSlug: RESOURCE_SLUG, currentVersion } });
    if (answer.ok && answer.updateAvailable)
      log(`a newer version of ${RESOURCE_SLUG} is available: ${answer.latestVersion} (this is ${currentVersion})`);
    else log(`${RESOURCE_SLUG} ${currentVersion} is up to date`);
  } catch (error) {
    log(`the release check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
