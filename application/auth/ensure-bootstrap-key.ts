import { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyId } from '../../domain/shared/ids.ts';
import { refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OPERATOR_KEY_PREFIX } from './authenticate-operator.ts';

export interface EnsureBootstrapKeyInput {
  /** A key the installer chose (`CAD_BOOTSTRAP_KEY`); it replaces any other bootstrap key. */
  readonly preset?: string;
  /** Replace the bootstrap key with a newly generated one: the recovery for a lost key. */
  readonly replace?: boolean;
  /**
   * Shows a generated key to the installer (prints it). The key is stored first, marked as awaiting
   * display, and the mark is cleared once `show` has returned. A process that fails in between
   * leaves the mark for `awaitingDisplaySince` to find. Without `show`, handing the key back to the
   * caller counts as showing it.
   */
  readonly show?: (key: string) => void | Promise<void>;
}

const SERVICE = { kind: 'system', id: 'service', label: 'service' } as const;

/**
 * Keeps exactly one bootstrap key. When it generates one, it returns it once, to be printed; the
 * key is stored only as a keyed hash and is never shown again.
 */
export class EnsureBootstrapKey {
  constructor(private readonly ports: Pick<Ports, 'operatorKeys' | 'hasher' | 'secrets' | 'ids' | 'writes'>) {}

  /** The newly generated key, or null when none was generated. */
  async execute(input: EnsureBootstrapKeyInput = {}): Promise<string | null> {
    const generated = await this.store(input);
    if (generated === null) return null;
    if (input.show !== undefined) {
      await input.show(generated.key);
      await this.ports.operatorKeys.markAwaitingDisplay(generated.id, false);
    }
    return generated.key;
  }

  /**
   * When the bootstrap key was generated, if it was never confirmed as shown: the start that made
   * it failed before printing it. Null otherwise.
   */
  async awaitingDisplaySince(): Promise<Date | null> {
    const key = await this.ports.operatorKeys.findBootstrapAwaitingDisplay();
    return key === null ? null : key.snapshot().createdAt;
  }

  private async store(input: EnsureBootstrapKeyInput): Promise<{ key: string; id: OperatorKeyId } | null> {
    try {
      const outcome = await this.ports.writes.run(SERVICE, async (now) => {
        const existing = await this.ports.operatorKeys.findBootstrap();
        const generate = input.preset === undefined && (existing === null || input.replace === true);
        const wanted = input.preset ?? (generate ? this.ports.secrets.secret(OPERATOR_KEY_PREFIX) : null);
        if (wanted === null) return refuse('unchanged');
        const keyHash = this.ports.hasher.hash(wanted);
        if (existing?.snapshot().keyHash === keyHash) return refuse('unchanged');
        if (existing !== null) await this.ports.operatorKeys.remove(existing.id);
        const key = OperatorKey.bootstrap(this.ports.ids.next<OperatorKeyId>(), keyHash, now);
        await this.ports.operatorKeys.save(key);
        // In the same write: a key that is stored is either handed back or marked as not yet shown.
        if (generate && input.show !== undefined) await this.ports.operatorKeys.markAwaitingDisplay(key.id, true);
        return audited(generate ? { key: wanted, id: key.id } : null, {
          organisationId: null,
          action: existing === null ? 'bootstrap_key.created' : 'bootstrap_key.replaced',
          subject: { type: 'operator_key', id: key.id },
          details: { source: generate ? 'generated' : 'configuration' },
        });
      });
      return outcome.ok ? outcome.value : null;
    } catch (error) {
      // Another instance created the bootstrap key at the same moment, and printed it.
      if (error instanceof UniqueConstraintViolation) return null;
      throw error;
    }
  }
}
