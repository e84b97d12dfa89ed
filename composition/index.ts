/**
 * The library entry: build the core with the adapters you choose and drive it through its use
 * cases (`createCadCore`), or run the whole HTTP service (`startService`).
 */
export { createCadCore, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, type CadCore, type CadCoreOptions } from './core.ts';
export { startService, type RunningService, type ServiceOptions } from './service.ts';
export { loadConfig, ConfigError, type Config } from './config.ts';
export type { StorageOption } from './storage.ts';
export type { UseCases } from '../application/use-cases.ts';
export type { Persistence } from '../application/ports/persistence.ts';
export { createMemoryPersistence } from '../adapters/persistence-memory/memory-persistence.ts';
export { ManualClock } from '../adapters/system/manual-clock.ts';
export { ROUTES } from '../adapters/http/routes/index.ts';
