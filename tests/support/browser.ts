import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

/** Debian's chromium package; CI installs it (`.ci/run`). Never a downloaded browser. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where each screen's screenshot goes (git-ignored). */
export const SCREENSHOTS = new URL('../browser/screenshots/', import.meta.url);

export interface Browser {
  readonly context: BrowserContext;
  /** The profile folder: what Chromium keeps on disk (its History database, say). */
  readonly profile: string;
  /** Closes the browser, so that what it keeps is written out, and leaves the profile for reading. */
  closeBrowser(): Promise<void>;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile in a temporary folder; fails loudly when the browser is missing. */
export async function openBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}, and it is missing. Install Debian's package: apt-get install -y chromium (CI's .ci/run does).`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'cad-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  return {
    context,
    profile,
    closeBrowser: () => context.close(),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const AXE = readFile(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * axe-core run in the page as it is now. Injected through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the page keeps its policy while it is checked.
 */
export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(await AXE);
  return page.evaluate(async () => {
    const browser = globalThis as any;
    const { violations } = await browser.axe.run(browser.document, { resultTypes: ['violations'] });
    return (violations as any[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
}

/**
 * A screen as a person meets it: screenshotted (`<prefix>-<name>.png` under SCREENSHOTS) and
 * checked with axe, failing the test on any serious or critical violation.
 */
export async function checkScreen(
  t: { deepEqual(a: unknown, b: unknown, message?: string): void },
  page: Page,
  prefix: string,
  name: string,
) {
  await page.screenshot({ path: new URL(`${prefix}-${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
}

/** The session cookie a browser holds for the service, as an HTTP client sends it (`name=value`). */
export async function sessionCookieIn(browser: Browser): Promise<string> {
  const cookie = (await browser.context.cookies()).find((c) => c.name.endsWith('cad_session'));
  if (cookie === undefined) throw new Error('this browser holds no session cookie');
  return `${cookie.name}=${cookie.value}`;
}
