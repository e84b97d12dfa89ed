import type { Container } from 'inversify';
import type { PortName } from '../application/ports/port-catalogue.ts';
import { USE_CASE_REGISTRY, type UseCaseName, type UseCases } from '../application/use-cases.ts';
import { portToken, useCaseToken } from './tokens.ts';

const names = Object.keys(USE_CASE_REGISTRY) as UseCaseName[];

/** Binds every use case of the registry to exactly the ports its row names. */
export function bindUseCases(container: Container): void {
  for (const name of names) {
    const { needs, make } = USE_CASE_REGISTRY[name];
    container.bind(useCaseToken(name)).toResolvedValue(
      (...resolved: unknown[]) => make(Object.fromEntries(needs.map((port: PortName, i) => [port, resolved[i]])) as never) as never,
      needs.map((port: PortName) => portToken(port)),
    );
  }
}

/** Resolves the whole catalogue once; driving adapters receive this, never the container. */
export function resolveUseCases(container: Container): UseCases {
  return Object.fromEntries(names.map((name) => [name, container.get(useCaseToken(name))])) as unknown as UseCases;
}
