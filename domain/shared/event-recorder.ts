/** Collects the domain events an aggregate records until the application takes them. */
export class EventRecorder<Event> {
  #pending: Event[] = [];

  record(event: Event): void {
    this.#pending.push(event);
  }

  /** Hands over the recorded events and forgets them. */
  take(): Event[] {
    const taken = this.#pending;
    this.#pending = [];
    return taken;
  }
}
