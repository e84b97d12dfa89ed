import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { endSessions } from './person-sessions.ts';

/** `POST /auth/sign-out`: ends this browser's session; `everywhere` ends every session of the person. */
export class SignOut {
  constructor(private readonly ports: Pick<Ports, 'browserSessions' | 'clock' | 'uow' | 'access'>) {}

  execute(input: { person: PersonOperator; everywhere: boolean }): Promise<Outcome<{ ended: number }, never>> {
    return this.ports.uow.run(async () => {
      const now = this.ports.clock.now();
      const { personId, sessionIdHash } = input.person;
      const ended = await endSessions(this.ports, personId, now, input.everywhere ? null : sessionIdHash);
      // A board or page open on an ended session closes at once, on every instance.
      this.ports.uow.afterCommit(() => this.ports.access.changed({ kind: 'person', id: input.person.personId }));
      return accept({ ended });
    });
  }
}
