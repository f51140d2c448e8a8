import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { checkAccessibility, serveAxe } from './axe.ts';
import { withoutRememberedKeyboards } from './helpers.ts';

// A ZMK user's .keymap (tests/fixtures/zmk-keymaps/split42.keymap, see its README) loaded onto the virtual ZMK
// keyboard through the Save + Load pane's preview: what changes, what cannot go, then Save keeps exactly those.

const SPLIT42 = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'zmk-keymaps', 'split42.keymap');

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await serveAxe(page);
});

/** The virtual keyboard's stored settings: `bindings` by "layerId/position" as Save wrote them. */
async function savedBindings(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: {
              zmk: {
                current: {
                  getState(): {
                    keyboards: {
                      virtual?: {
                        keyboard: {
                          firmware: { keymap: { settings: { bindings: Record<string, number[]> } } };
                        };
                      };
                    }[];
                  };
                } | null;
              };
            };
          };
        };
      }
    ).__keyloom;
    const keyboard = hook.stores.runtime.zmk.current!.getState().keyboards[0]!.virtual!.keyboard;
    return keyboard.firmware.keymap.settings.bindings;
  });
}

test('a .keymap loads onto the ZMK keyboard through the preview; Save writes exactly the changed bindings', async ({
  page,
}) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  await page.getByTestId('zmk-import-file').setInputFiles(SPLIT42);

  const dialog = page.getByRole('alertdialog', { name: 'Load split42.keymap' });
  await expect(dialog).toContainText('3 bindings change');
  await expect(dialog.getByTestId('zmk-import-changes').locator('li')).toHaveText([
    'Base, position 23: &kp SQT → &kp LS(SQT)',
    'Lower, position 12: &trans → &kp LC(C)',
    'Adjust, position 4: &none → &bt BT_CLR_ALL',
  ]);
  const notCarried = dialog.getByTestId('zmk-import-not-carried');
  await expect(notCarried).toContainText('Base, position 36: &hm LGUI ESC (a behavior your file defines');
  await expect(notCarried).toContainText(
    "Adjust, position 9: &mkp LCLK (this keyboard's firmware does not have this behavior)",
  );
  await expect(notCarried).toContainText('Combos (Studio does not set them): combo_esc.');
  await expect(notCarried).toContainText('Conditional layers (Studio does not set them): tri_layer.');
  await expect(notCarried).toContainText('1 encoder binding (sensor-bindings');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: 'test-results/screenshots/zmk-keymap-import.png' });
  await checkAccessibility(page, 'the .keymap load preview', '[role="alertdialog"]');
  // Nothing is sent before Apply.
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');

  await dialog.getByRole('button', { name: 'Apply (unsaved)' }).click();
  await expect(page.getByTestId('zmk-import')).toContainText('3 bindings changed: Save keeps them');
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');
  expect(await savedBindings(page)).toEqual({});

  await page.getByTestId('zmk-unsaved').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
  // Layer ids are the demo's (Base 0, Lower 1, Adjust 3); behavior ids its build's: compared by what they hold.
  const saved = await savedBindings(page);
  expect(Object.keys(saved).sort()).toEqual(['0/23', '1/12', '3/4']);
  expect(saved['0/23']!.slice(1)).toEqual([0x02070034, 0]);
  expect(saved['1/12']!.slice(1)).toEqual([0x01070006, 0]);
  expect(saved['3/4']!.slice(1)).toEqual([4, 0]);

  // The same file again: the keyboard already holds it, so there is nothing to apply, only Close.
  await page.getByTestId('zmk-import-file').setInputFiles(SPLIT42);
  await expect(dialog).toContainText('nothing would change');
  await expect(dialog.getByRole('button', { name: 'Apply (unsaved)' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
});

test('a file that is not a keymap is refused with its reason, naming the .keymap', async ({ page }) => {
  await page.goto('/?virtual=zmk-demo#/');
  await page
    .getByTestId('zmk-lock')
    .getByRole('button', { name: 'Press the unlock key (virtual keyboard)' })
    .click();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  await page.getByTestId('zmk-import-file').setInputFiles({
    name: 'board.keymap',
    mimeType: 'text/plain',
    buffer: Buffer.from('/ { chosen { }; };'),
  });
  await expect(page.getByTestId('zmk-import-error')).toHaveText(
    'Could not read the .keymap: it has no node with compatible = "zmk,keymap".',
  );
});
