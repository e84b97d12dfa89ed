export { type PoolUse, ServiceMetrics } from './service-metrics.ts';
export { type MetricsListener, type MetricsListenerOptions, listenMetrics } from './metrics-listener.ts';
