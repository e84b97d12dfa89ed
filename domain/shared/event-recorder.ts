/**
 * Collects the domain events an aggregate records until the application takes them. Each kind of
 * event has its reader (docs/decisions/0028-domain-events.md); a reader takes only its own kind,
 * so that two readers of one aggregate never take each other's events.
 */
export class EventRecorder<Event> {
  #pending: Event[] = [];

  record(event: Event): void {
    this.#pending.push(event);
  }

  /** The events recorded and not yet taken, left in place for their readers. */
  pending(): readonly Event[] {
    return [...this.#pending];
  }

  /** Hands over the recorded events and forgets them. */
  take(): Event[] {
    const taken = this.#pending;
    this.#pending = [];
    return taken;
  }

  /** Hands over the recorded events of one kind, in order, and forgets them; the others stay. */
  takeWhere<Taken extends Event>(isKind: (event: Event) => event is Taken): Taken[] {
    const taken = this.#pending.filter(isKind);
    this.#pending = this.#pending.filter((event) => !isKind(event));
    return taken;
  }
}
