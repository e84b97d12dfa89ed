import { BRIDGE } from './bridge-driver.ts';
import { expect, operatorOf, tokenFor } from './operator-driver.ts';
import { invite, signUp } from './people-driver.ts';
import type { TestService } from './test-service.ts';

let serial = 0;
export const unique = () => `${Date.now().toString(36)}c${(serial++).toString(36)}`;

/**
 * An organisation (with the settings given), a department, its game credential, and a way to sign
 * players up into it by invitation in a role, with a character of their own at once if named.
 */
export async function playerCommunity(app: TestService, settings: Record<string, unknown> = {}) {
  const root = operatorOf(app.http, app.bootstrapKey);
  const org = await root.organisation(settings);
  const slug = `lspd-${unique()}`;
  const departmentId = await org.department(slug);
  const gameToken = await tokenFor(app.http, await org.gameCredential(departmentId));
  const game = (path: string, body: unknown) => app.http.post(`${BRIDGE}${path}`, body, { token: gameToken });
  const base = `/api/v1/account/organisations/${org.organisationId}`;
  const player = async (displayName = 'Pat Player', role = 'civilian') => {
    const invitation = await invite({ key: app.bootstrapKey }, app.http, org.organisationId, role);
    return signUp(app.http, app.service.url, invitation, displayName, `pat.${unique()}`);
  };
  const characterOf = async (who: Awaited<ReturnType<typeof player>>, firstName: string, lastName = 'Player') =>
    expect(await who.browser.post(`${base}/characters`, { firstName, lastName }), 201);
  return { root, org, slug, departmentId, game, base, player, characterOf };
}
