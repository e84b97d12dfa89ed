import type { BoloHitId, BoloId, CredentialId, OrganisationId } from '../shared/ids.ts';
import type { MapPoint } from '../shared/map-point.ts';

/** What a camera reports when it reads a plate. */
export interface Sighting {
  readonly plate: string;
  readonly cameraId: string;
  readonly cameraLabel: string;
  readonly position: MapPoint;
  readonly seenAt: Date;
}

export interface BoloHit extends Sighting {
  readonly id: BoloHitId;
  readonly boloId: BoloId;
  readonly organisationId: OrganisationId;
  readonly reportedAt: Date;
  readonly reportedBy: CredentialId;
}
