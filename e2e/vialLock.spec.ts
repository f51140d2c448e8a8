import { test, expect, type Page } from '@playwright/test';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eepromKey, firmware, holdUnlockKeys, vialLock, withoutRememberedKeyboards } from './helpers.ts';

// The matrix tester's unlock is in vial.spec.ts ('the key tester asks for the unlock too').

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
});

const played = async (page: Page, i: number) => {
  const bytes = await firmware<number[] | null>(page, 'playMacro', i);
  return bytes && String.fromCharCode(...bytes);
};

async function openVialPane(page: Page, pane: string) {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: pane, exact: true })
    .click();
}

test('a macro save on a locked Vial board asks for the unlock before writing; holding the keys saves it', async ({
  page,
}) => {
  await openVialPane(page, 'Macros');
  await page.getByRole('tab', { name: 'Script' }).click();
  await page.getByLabel('Macro M0').fill('unlocked first');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await expect(dialog).toContainText('A Vial keyboard takes macro changes only when unlocked.');
  // Nothing was sent to the macro buffer while the dialog waits: M0 plays what it did.
  expect(await played(page, 0)).toBe('');
  await holdUnlockKeys(page, true);
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await holdUnlockKeys(page, false);
  await expect.poll(() => played(page, 0)).toBe('unlocked first');
  await expect(page.getByTestId('macro-fault')).toHaveCount(0);
});

test('a layout load with macros on a locked Vial board asks first; cancelled, nothing is written and it says so', async ({
  page,
}) => {
  await openVialPane(page, 'Save + Load');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
    macros: string[];
  };
  layout.macros[0] = 'from the file';
  layout.layers[0]![2 * 13 + 1] = 'KC_Z';
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-vial-')), 'vial.layout.json');
  await writeFile(file, JSON.stringify(layout));

  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await page.getByTestId('load-preview').getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await expect(dialog).toContainText('This layout writes macros');
  await expect.poll(async () => (await vialLock(page))?.inProgress).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('load-error')).toHaveText(
    'The keyboard is locked: unlock it to load this layout (it writes macros or QK_BOOT). Nothing was written.',
  );
  expect(await eepromKey(page, 0, 2, 1)).toBe(0x0004);
  expect(await played(page, 0)).toBe('');
  await expect(page.getByTestId('layout-fault')).toHaveCount(0);
});

test('the lock chip is in view at 1400×900 on every long Vial pane, at the top of the pane column', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openVialPane(page, 'Key Overrides');
  const chip = page.getByRole('status').filter({ hasText: 'Vial: locked' });
  // It used to sit in the column's footer, which a long pane pushes below the fold.
  for (const pane of ['Tap Dance', 'Combos', 'Key Overrides', 'QMK Settings']) {
    await page
      .getByRole('navigation', { name: 'Configure panes' })
      .getByRole('button', { name: pane, exact: true })
      .click();
    await expect(page.getByRole('button', { name: pane, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(chip, pane).toBeInViewport({ ratio: 1 });
  }
  // The pane is longer than the window (else this proves nothing), and the chip still opens the unlock.
  const main = page.getByRole('main');
  expect(await main.evaluate((m) => m.scrollHeight - m.clientHeight)).toBeGreaterThan(900);
  await chip.getByRole('button', { name: 'Unlock…' }).click();
  await expect(page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' })).toBeVisible();
});
