import semver from 'semver';
import type { VersionOrder } from '../../application/ports/version-order.ts';

/**
 * Semantic versions compare as such (`1.10.0` is newer than `1.9.3`; `v1.2.0` reads as `1.2.0`).
 * Anything else is an update whenever it differs, since the published release is by definition
 * the one to run.
 */
export class SemverVersionOrder implements VersionOrder {
  isNewer(latest: string, current: string): boolean {
    const a = semver.clean(latest);
    const b = semver.clean(current);
    if (a !== null && b !== null) return semver.gt(a, b);
    return latest.trim() !== current.trim();
  }
}
