import type { Page } from 'playwright-core';
import { bridgeWorld, freshIdentifiers, unique } from './bridge-driver.ts';
import { expect } from './operator-driver.ts';
import type { TestService } from './test-service.ts';

/**
 * Text from other parties that the schemas accept and every screen must show as it is: literally
 * (never as markup), isolated for bidi (inside a `<bdi>`, or between U+2068 and U+2069 where no
 * element can be held), and within the page's width. Planted through the operator routes and the
 * game bridge as a player's resource would send it; the checks below run on any page, so the admin
 * page, the dispatch board and the MDT test their screens with the same strings.
 */
export const HOSTILE = {
  /** One unbroken string at the longest a label may be (100 characters). */
  long: 'W'.repeat(100),
  /** At a name's longest (60 characters). */
  longName: 'M'.repeat(60),
  /** At a callsign's longest (32 characters). */
  longCallsign: 'C'.repeat(32),
  /** Markup that would run or show an image if it were ever parsed as HTML. */
  markup: '<img src=x id=planted-img onerror="window.planted=1"><b>bold</b> &amp;',
  /** Closes the isolating element and opens a script, if text were ever pasted into HTML. */
  script: '</bdi><script id=planted-script>window.planted=1</script>',
  /** Right-to-left letters (not controls): Arabic, with digits. */
  arabic: 'شرطة لوس سانتوس 12',
  /** Hebrew letters. */
  hebrew: 'יחידה שבע',
  /** A Latin label that ends with a right-to-left letter, which would pull the words after it. */
  rtlTail: 'Dashboard ש',
} as const;

/** What was planted, and where an admin screen shows it. */
export interface PlantedText {
  readonly organisationId: string;
  /** The organisation's name: 100 unbroken characters, shown in the header of every screen. */
  readonly organisationName: string;
  /** A second organisation, named in Arabic (the bootstrap key's list shows both). */
  readonly otherOrganisationName: string;
  readonly world: Awaited<ReturnType<typeof bridgeWorld>>;
  /** A character named in right-to-left letters, for the link code shown after its name. */
  readonly rtlCharacter: { characterId: string; displayName: string };
  /** Texts each admin screen shows, as planted. */
  readonly shown: {
    readonly organisations: readonly string[];
    readonly credentials: readonly string[];
    readonly onboarding: readonly string[];
    readonly audit: readonly string[];
  };
  /** Every planted text, to check that none is shown bare anywhere. */
  readonly all: readonly string[];
}

/**
 * Plants hostile names and labels in a new organisation: departments, characters, callsigns,
 * credentials and an operator key through the operator routes, and a player provisioned with a
 * right-to-left name through the bridge's `/duty`. The bridge's and the key's actions come last, so
 * their labels head the audit log.
 */
export async function plantHostileText(app: TestService): Promise<PlantedText> {
  const world = await bridgeWorld(app, { label: HOSTILE.long, slug: unique('lspd-') });
  const { admin, organisationId } = world;
  const organisationName = `${'R'.repeat(99)}P`;
  expect(await admin('PATCH', `/organisations/${organisationId}`, { name: organisationName }), 200);
  const otherOrganisationName = `${HOSTILE.arabic} RP`;
  expect(await admin('POST', '/organisations', { name: otherOrganisationName }), 201);

  const departments = [];
  for (const name of [HOSTILE.long, HOSTILE.markup, HOSTILE.arabic]) {
    const slug = unique('d-');
    const { departmentId } = expect(await admin('POST', `/organisations/${organisationId}/departments`, { slug, name }), 201);
    departments.push({ departmentId: departmentId as string, slug, name });
  }

  const characters = [];
  for (const [firstName, lastName] of [
    [HOSTILE.longName, 'Doe'],
    ['<b>Bold</b>', HOSTILE.script],
    ['فاطمة', 'الزهراء'],
  ] as const) {
    characters.push(await world.character(firstName, lastName));
  }
  const callsigns = [HOSTILE.longCallsign, '<i>1-ADAM</i>', 'وحدة-٧'];
  for (const [index, character] of characters.entries()) {
    await world.member(character.characterId, departments[index]!.departmentId, callsigns[index]!);
  }

  const labels = [HOSTILE.markup, HOSTILE.rtlTail, HOSTILE.hebrew];
  for (const label of labels) {
    expect(
      await admin('POST', `/organisations/${organisationId}/credentials`, { kind: 'generic_api_key', label, scopes: ['cad.unit.view'] }),
      201,
    );
  }

  // Last, so that they head the audit log: an operator key with a long label acts, and the bridge provisions a player.
  const keyLabel = `${'K'.repeat(99)}Y`;
  const { key } = expect(
    await admin('POST', `/organisations/${organisationId}/operator-keys`, { label: keyLabel, permissions: ['roster.manage'] }),
    201,
  );
  const byKey = await app.http.post(
    `/api/v1/admin/organisations/${organisationId}/characters`,
    { firstName: HOSTILE.hebrew, lastName: 'Levi' },
    { token: key },
  );
  characters.push(expect(byKey, 201));
  const duty = await world.desk.post('/duty', {
    identifiers: freshIdentifiers(),
    departmentSlug: world.slug,
    onDuty: true,
    characterName: 'خالد الأحمد',
    jobLabel: HOSTILE.long,
    gradeLabel: HOSTILE.markup,
  });
  if (duty.body?.synced !== true) throw new Error(`provisioning failed: ${duty.status} ${JSON.stringify(duty.body)}`);
  const listed = expect(await admin('GET', `/organisations/${organisationId}/characters?limit=200`), 200) as {
    items: Array<{ characterId: string; displayName: string }>;
  };
  const names = listed.items.map((c) => c.displayName);

  const departmentNames = departments.map((d) => d.name);
  const shown = {
    organisations: [organisationName, otherOrganisationName],
    credentials: [organisationName, HOSTILE.long, ...labels, ...departmentNames],
    onboarding: [organisationName, ...departmentNames, ...names, ...callsigns],
    audit: [organisationName, HOSTILE.long, keyLabel, ...labels],
  };
  const rtl = characters[2]!;
  return {
    organisationId,
    organisationName,
    otherOrganisationName,
    world,
    rtlCharacter: { characterId: rtl.characterId, displayName: rtl.displayName },
    shown,
    all: [...new Set(Object.values(shown).flat())],
  };
}

/** Markup from planted text that became elements or ran: none may. */
export function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const browser = globalThis as any;
    const found: string[] = [];
    for (const selector of ['#planted-img', '#planted-script', 'img[src="x"]', 'bdi b', 'bdi i', 'bdi script'])
      if (browser.document.querySelector(selector) !== null) found.push(`an element ${selector}`);
    if (browser.planted !== undefined) found.push('a planted script ran');
    return found;
  });
}

/**
 * Texts the page does not show literally and isolated: neither a `<bdi>` holding exactly the text,
 * nor an `<option>` or title holding it between isolates or as its whole (direction-auto) text.
 */
export function notShownIsolated(page: Page, texts: readonly string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const document = (globalThis as any).document;
    // Only what is on screen: a screen left earlier keeps its rows, hidden.
    const bdis = new Set([...document.querySelectorAll('bdi')].filter((b: any) => b.checkVisibility()).map((b: any) => b.textContent));
    const options = [...document.querySelectorAll('option')]
      .filter((o: any) => o.closest('select')?.checkVisibility())
      .map((o: any) => ({ text: o.textContent, auto: o.getAttribute('dir') === 'auto' }));
    // No named helper in here: the function runs in the page, without the test runner's helpers.
    return wanted.filter(
      (text) =>
        !(
          bdis.has(text) ||
          options.some((o) => o.text.includes(`\u2068${text}\u2069`) || (o.auto && o.text === text)) ||
          String(document.title).includes(`\u2068${text}\u2069`)
        ),
    );
  }, texts);
}

/**
 * Planted texts that appear in a text node outside any isolation (a `<bdi>`, or an option, title or
 * field of its own): each such place would let the text reorder the words around it.
 */
export function shownBare(page: Page, texts: readonly string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const browser = globalThis as any;
    const document = browser.document;
    const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
    const found: string[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (holder === null || holder.closest('bdi, option, title, textarea, script, style') !== null) continue;
      for (const text of wanted)
        if (node.data.includes(text)) found.push(`${JSON.stringify(text.slice(0, 30))} bare in <${holder.localName}>`);
    }
    return found;
  }, texts);
}

/**
 * What runs past the viewport's width: the document itself, or any control or cell on screen
 * (a button pushed out of a table is as lost as a page that scrolls sideways).
 */
export function beyondWidth(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const browser = globalThis as any;
    const document = browser.document;
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the document is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    for (const node of document.querySelectorAll('button, select, input, textarea, a, td, th, h1, h2, h3, p, li, dd, label, legend')) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Visually hidden (clipped to nothing, as a stacked table's headings are): not on screen.
      let clipped = false;
      for (let up = node; up !== null && !clipped; up = up.parentElement) clipped = browser.getComputedStyle(up).clipPath !== 'none';
      if (clipped) continue;
      if (box.right > width + 1 || box.left < -1)
        found.push(
          `<${node.localName}${node.id ? `#${node.id}` : ''}> spans ${Math.round(box.left)}..${Math.round(box.right)}px in ${width}px`,
        );
    }
    return found;
  });
}

/** Every check at once, for a screen that shows `texts` of the planted ones (and must show none of `all` bare). */
export async function hostileTextProblems(page: Page, texts: readonly string[], all: readonly string[] = texts): Promise<string[]> {
  return [
    ...(await injectedMarkup(page)),
    ...(await notShownIsolated(page, texts)).map((text) => `not shown isolated: ${JSON.stringify(text.slice(0, 40))}`),
    ...(await shownBare(page, all)),
    ...(await beyondWidth(page)),
  ];
}
