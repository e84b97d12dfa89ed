import type { TestService } from '../../support/test-service.ts';

/**
 * What the service says it answered, from its Prometheus listener: requests by route template and
 * status. The service's own count, so a test compares what a resource sent with what arrived.
 */
export async function answeredCount(app: TestService, route: string, status?: number): Promise<number> {
  const text = await (await fetch(app.service.metricsUrl!)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`cad_http_requests_total{route="${route}"`)) continue;
    if (status !== undefined && !line.includes(`status="${status}"`)) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

export const LOCATION_ROUTE = '/api/v1/integrations/game/location';
