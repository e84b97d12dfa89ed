import type { Page } from 'playwright-core';

/** On `/admin/` People (the page signed in already), an invitation with a role; returns its address as shown. */
export async function inviteOnPeople(page: Page, baseUrl: string, role: string): Promise<string> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByRole('button', { name: 'People' }).click();
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Create invitation' }).click();
  return (await page.getByRole('link', { name: /\/account\/#invitation=/ }).textContent())!;
}

/** On `/dispatch/`, selects the call by its number and assigns the unit by its callsign, then waits for it EN_ROUTE. */
export async function assignOnBoard(page: Page, callNumber: string, callsign: string): Promise<void> {
  await page
    .getByRole('table', { name: 'Calls' })
    .getByRole('row', { name: new RegExp(callNumber) })
    .click();
  await page.getByRole('button', { name: 'Assign unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign unit' });
  await dialog.getByLabel('Unit').selectOption({ label: callsign });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await page
    .getByRole('table', { name: 'Units' })
    .getByRole('row', { name: new RegExp(`${callsign}.*EN_ROUTE`) })
    .waitFor();
}
