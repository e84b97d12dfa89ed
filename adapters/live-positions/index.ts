export { MemoryPositionCache } from './memory-position-cache.ts';
export { RedisPositionCache, type RedisPositionCacheOptions } from './redis-position-cache.ts';
