import type { Page } from 'playwright-core';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';
import { type Browser, openBrowser } from './browser.ts';
import { operatorOf } from './operator-driver.ts';
import { type TestService, startTestService } from './test-service.ts';

/** A service, an organisation with two departments, and the admin page in Chromium signed in with a key holding every permission. */
export interface AdminSession {
  app: TestService;
  browser: Browser;
  page: Page;
  key: string;
  organisationId: string;
  departments: { lspd: string; safd: string };
  /** What the operator types into the page's next prompts, in turn. */
  answers: string[];
}

export async function adminSession(): Promise<AdminSession> {
  const app = await startTestService({ rateLimitScale: 1000 });
  const browser = await openBrowser().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const org = await operatorOf(app.http, app.bootstrapKey).organisation();
  const departments = { lspd: await org.department('lspd'), safd: await org.department('safd') };
  const { key } = await org.operatorKey([...OPERATOR_PERMISSIONS], 'Owner key');
  const page = await browser.context.newPage();
  const answers: string[] = [];
  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept(answers.shift() ?? '') : dialog.accept()));
  await page.goto(`${app.service.url}/admin/`);
  await page.getByLabel('Operator key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in: Owner key').waitFor();
  return { app, browser, page, key, organisationId: org.organisationId, departments, answers };
}
