import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { Person, normaliseDisplayName } from '../../domain/people/person.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { withoutInvisible } from '../../domain/shared/text.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { ExternalIdentity, ExternalProvider, ExternalRefusal } from '../ports/external-identities.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { FLOW_LIFETIME_MS, type FlowPurpose, openFlow, sealFlow, wayOf } from './external-sign-in-flow.ts';
import { type EntryRefusal, enterOrganisation } from './joining.ts';
import { openSession } from './person-sessions.ts';
import type { AwaitingApproval } from './sign-up.ts';
import type { SignedIn } from './sign-in-with-password.ts';

/** The stored subject of an external identity: the provider's id and its subject there, so two providers never meet. */
export const externalSubject = (identity: Pick<ExternalIdentity, 'provider' | 'subject'>) => `${identity.provider}:${identity.subject}`;

/** `GET /auth/external`: the providers the operator configured, for every sign-in screen's buttons. */
export class ListExternalProviders {
  constructor(private readonly ports: Pick<Ports, 'externalIdentities'>) {}

  execute(): readonly ExternalProvider[] {
    return this.ports.externalIdentities.providers().map(({ id, name }) => ({ id, name }));
  }
}

export interface StartInput {
  readonly provider: string;
  readonly purpose: FlowPurpose;
  readonly returnTo: string;
  /** This service's callback address for the provider, as the request reached it. */
  readonly callbackUrl: string;
}

/**
 * `GET /auth/external/:provider/start`: the provider's authorisation address (PKCE, `state`, and
 * `nonce` for OpenID Connect), and the flow to keep sealed in the browser until the callback, for
 * ten minutes. Nothing is written: whichever instance gets the callback can finish it.
 */
export class StartExternalSignIn {
  constructor(private readonly ports: Pick<Ports, 'externalIdentities' | 'sealer' | 'clock'>) {}

  async execute(input: StartInput): Promise<Outcome<{ url: string; flow: string; maxAgeSeconds: number }, ExternalRefusal>> {
    const started = await this.ports.externalIdentities.start(input.provider, input.callbackUrl);
    if (!started.ok) return started;
    const expiresAt = this.ports.clock.now().getTime() + FLOW_LIFETIME_MS;
    const flow = sealFlow(this.ports.sealer, {
      provider: input.provider,
      kept: started.value.kept,
      purpose: input.purpose,
      returnTo: input.returnTo,
      expiresAt,
    });
    return accept({ url: started.value.url, flow, maxAgeSeconds: FLOW_LIFETIME_MS / 1000 });
  }
}

export interface FinishInput {
  readonly provider: string;
  /** The callback's address as the browser requested it: the provider's `code`, `state` or `error`. */
  readonly returned: URL;
  readonly flow: string | null;
  readonly userAgent: string;
}

export type Finished =
  | { readonly signedIn: SignedIn; readonly returnTo: string }
  | { readonly awaiting: AwaitingApproval }
  | { readonly connected: ExternalProvider; readonly returnTo: string };

export type FinishRefusal =
  | ExternalRefusal
  | EntryRefusal
  | 'account_pending'
  | 'account_disabled'
  /** Nobody's account is bound to this identity, and no way into an organisation was given: nothing is made. */
  | 'no_account'
  /** Connecting: the identity is another account's already. */
  | 'identity_taken';

/**
 * `GET /auth/external/:provider/callback`: checks the flow (sealed here, this provider's, under ten
 * minutes old), lets the adapter check `state`, PKCE and `nonce` and exchange the code, then finds
 * the account bound to the identity. Bound: a session, refused to pending and disabled accounts as
 * a password is. Not bound: with a way in, a new account (no username) enters the organisation as
 * `enterOrganisation` decides, bound, audited, in one unit of work; without one, nothing is made.
 * Connecting binds the identity to the person who started the flow.
 */
export class FinishExternalSignIn {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'externalIdentities'
      | 'sealer'
      | 'clock'
      | 'invitations'
      | 'organisations'
      | 'people'
      | 'signInMethods'
      | 'personMemberships'
      | 'browserSessions'
      | 'hasher'
      | 'secrets'
      | 'ids'
      | 'settings'
      | 'writes'
      | 'uow'
    >,
  ) {}

  async execute(input: FinishInput): Promise<Outcome<Finished, FinishRefusal>> {
    const flow = openFlow(this.ports.sealer, input.flow, input.provider, this.ports.clock.now());
    if (flow === null) return refuse('failed');
    const identity = await this.ports.externalIdentities.finish(input.provider, input.returned, flow.kept);
    if (!identity.ok) return identity;
    const subject = externalSubject(identity.value);
    const provider = this.ports.externalIdentities.providers().find((p) => p.id === input.provider)!;
    const bound = await this.ports.signInMethods.find('external', subject);
    if ('connect' in flow.purpose) {
      const personId = flow.purpose.connect;
      if (bound !== null)
        return bound.personId === personId ? accept({ connected: provider, returnTo: flow.returnTo }) : refuse('identity_taken');
      const saved = await this.bind(personId, subject);
      return saved.ok ? accept({ connected: provider, returnTo: flow.returnTo }) : saved;
    }
    if (bound !== null) {
      const person = await this.ports.people.get(bound.personId);
      if (person === null) return refuse('failed');
      if (person.status === 'pending') return refuse('account_pending');
      if (person.status === 'disabled') return refuse('account_disabled');
      const now = this.ports.clock.now();
      const opened = await this.ports.uow.run(() => openSession(this.ports, person.id, input.userAgent, now));
      const { sessionId, session } = opened;
      const signedIn = { sessionId, personId: person.id, displayName: person.displayName, expiresAt: session.snapshot().expiresAt };
      return accept({ signedIn, returnTo: flow.returnTo });
    }
    const way = wayOf(flow.purpose);
    if (way === null) return refuse('no_account');
    return this.join(way, identity.value, subject, provider, input.userAgent, flow.returnTo);
  }

  private async bind(personId: PersonId, subject: string): Promise<Outcome<true, 'identity_taken'>> {
    try {
      await this.ports.uow.run(async () => {
        const now = this.ports.clock.now();
        await this.ports.signInMethods.save({ personId, kind: 'external', subject, secret: '-', createdAt: now });
      });
      return accept(true);
    } catch (error) {
      // Another account bound the identity at the same moment.
      if ((await this.ports.signInMethods.find('external', subject)) !== null) return refuse('identity_taken');
      throw error;
    }
  }

  private async join(
    way: NonNullable<ReturnType<typeof wayOf>>,
    identity: ExternalIdentity,
    subject: string,
    provider: ExternalProvider,
    userAgent: string,
    returnTo: string,
  ): Promise<Outcome<Finished, FinishRefusal>> {
    // A provider's name is another party's text: the characters no name may hold are left out, not refused.
    const named = normaliseDisplayName(withoutInvisible(identity.displayName));
    const displayName = named.ok ? named.value : `${provider.name} user`;
    const id = this.ports.ids.next<PersonId>();
    return this.ports.writes.run<Finished, FinishRefusal>(
      { kind: 'person', id, label: displayName },
      async (now) => {
        // The person is stored first, waiting, and the invitation after them: a spent invitation names
        // its person (a foreign key on PGlite and PostgreSQL). A refusal undoes it all with the unit of work.
        const person = Person.register({ id, displayName, username: null, status: 'pending' }, now);
        await this.ports.people.save(person);
        const entry = await enterOrganisation(this.ports, way, id, now);
        if (!entry.ok) return entry;
        const { organisationId, role, status, invitation } = entry.value;
        if (status !== 'pending') {
          person.setStatus(status, now);
          await this.ports.people.save(person);
        }
        await this.ports.signInMethods.save({ personId: id, kind: 'external', subject, secret: '-', createdAt: now });
        await this.ports.personMemberships.save({ personId: id, organisationId, role, since: now });
        if (invitation !== null) await this.ports.invitations.save(invitation);
        const invited = invitation !== null;
        const note = {
          organisationId,
          action: status === 'pending' ? 'person.asked_to_join' : 'person.joined',
          subject: { type: 'person', id },
          playerCharacterId: null,
          details: { role, displayName, invited, signInWith: provider.id },
        } as const;
        if (status === 'pending') return audited<Finished>({ awaiting: { pending: true, personId: id, displayName } }, note);
        const { sessionId, session } = await openSession(this.ports, id, userAgent, now);
        const signedIn = { sessionId, personId: id, displayName, expiresAt: session.snapshot().expiresAt };
        return audited<Finished>({ signedIn, returnTo }, note);
      },
      { sign_in_methods_subject: 'identity_taken' },
    );
  }
}

/** `GET /account/external`: the providers bound to the signed-in person's account. */
export class ListMyExternalIdentities {
  constructor(private readonly ports: Pick<Ports, 'signInMethods' | 'externalIdentities'>) {}

  async execute(input: { person: PersonOperator }): Promise<Outcome<ExternalProvider[], never>> {
    const methods = await this.ports.signInMethods.ofPerson(input.person.personId);
    const providers = this.ports.externalIdentities.providers();
    const bound = new Set(methods.filter((m) => m.kind === 'external').map((m) => m.subject.split(':', 1)[0]));
    // A provider the operator removed since is no longer a way in, so it is not listed.
    return accept(providers.filter((p) => bound.has(p.id)).map((p) => ({ id: p.id, name: p.name })));
  }
}
