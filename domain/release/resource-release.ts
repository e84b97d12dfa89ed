import type { ReleaseId } from '../shared/ids.ts';

/** A published version of a distributed game resource, for the public version check. */
export interface ResourceRelease {
  readonly id: ReleaseId;
  readonly resourceSlug: string;
  readonly version: string;
  readonly manifest: Readonly<Record<string, unknown>>;
  readonly publishedAt: Date;
}
