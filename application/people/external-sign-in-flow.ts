import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import type { KeptAuthorisation } from '../ports/external-identities.ts';
import type { SecretSealer } from '../ports/secret-sealer.ts';
import type { WayIn } from './joining.ts';

/** How long a person has at the provider before the sign-in they started is refused. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

/**
 * What a sign-in started at a provider is for: signing in (and, for someone without an account,
 * entering an organisation by an invitation or its join rule), or connecting the provider to the
 * account of the person who started it.
 */
export type FlowPurpose = { readonly way: WayIn | null } | { readonly connect: PersonId };

/** A started sign-in, as the browser carries it (sealed) to the callback: nothing in it is readable or changeable there. */
export interface Flow {
  readonly provider: string;
  readonly kept: KeptAuthorisation;
  readonly purpose: FlowPurpose;
  /** A path of this service's own pages, checked when the flow started. */
  readonly returnTo: string;
  readonly expiresAt: number;
}

export function sealFlow(sealer: SecretSealer, flow: Flow): string {
  return sealer.seal(JSON.stringify(flow));
}

/** The flow, when it was sealed here, is for this provider and is still young; else null. */
export function openFlow(sealer: SecretSealer, sealed: string | null, provider: string, now: Date): Flow | null {
  if (sealed === null || sealed.length > 8192) return null;
  const plain = sealer.open(sealed);
  if (plain === null) return null;
  let flow: Flow;
  try {
    flow = JSON.parse(plain) as Flow;
  } catch {
    return null;
  }
  if (flow.provider !== provider || typeof flow.expiresAt !== 'number' || flow.expiresAt <= now.getTime()) return null;
  return flow;
}

/** The way in a flow names, rebuilt with its branded id. */
export function wayOf(purpose: FlowPurpose): WayIn | null {
  if (!('way' in purpose) || purpose.way === null) return null;
  return 'invitationToken' in purpose.way
    ? { invitationToken: purpose.way.invitationToken }
    : { organisationId: purpose.way.organisationId as OrganisationId };
}
