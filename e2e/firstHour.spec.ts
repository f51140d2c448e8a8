// Issue #30 (the first hour, again): what a new user sees and is told on the Configure screen.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { canvasKey as key, eepromKey, withoutRememberedKeyboards } from './helpers.ts';

interface Hooked {
  __keyloom: {
    stores: { runtime: { store: { getState(): Record<string, unknown>; setState(s: object): void } } };
  };
  calls: number;
}

/** Counts the calls the page makes to one device-store action, still running it. */
async function countCalls(page: Page, action: string): Promise<void> {
  await page.evaluate((name) => {
    const w = window as unknown as Hooked;
    const store = w.__keyloom.stores.runtime.store;
    const original = store.getState()[name] as () => Promise<void>;
    w.calls = 0;
    store.setState({
      [name]: () => {
        w.calls++;
        return original();
      },
    });
  }, action);
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as Hooked).calls);

test('first run: the demo says it is virtual, names Vial and ZMK beside VIA and offers both ways to connect', async ({
  page,
}) => {
  // A fresh profile, as a new user has: the default demo keyboard is plugged in.
  await page.goto('/#/');
  await expect(key(page, /^row 3, column 1: A$/)).toBeVisible();
  // In the top bar, under the menu and the badge naming the keyboard.
  const note = page.getByRole('banner').locator('p', { hasText: 'Virtual keyboard' });
  await expect(note.getByText('Virtual keyboard', { exact: true })).toBeVisible();
  await expect(note).toContainText('— try everything; nothing is written to a real keyboard.');
  const authorize = note.getByRole('button', { name: 'Authorize a VIA or Vial keyboard', exact: true });
  await expect(authorize).toBeVisible();
  await expect(note.getByRole('button', { name: 'Connect a ZMK keyboard…', exact: true })).toBeVisible();
  // The browser's chooser cannot be driven headless: the button asks the device layer for it.
  await countCalls(page, 'authorizeNew');
  await authorize.click();
  await expect.poll(() => calls(page)).toBe(1);
  // Nothing about the note gets in the way of editing the keyboard shown.
  await key(page, /^row 3, column 1: A$/).click();
  await page.locator('.keycode-grid').getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x05);
  // ZMK's button opens ZMK's connect dialog (serial or Bluetooth), not the browser's HID chooser.
  await note.getByRole('button', { name: 'Connect a ZMK keyboard…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a ZMK keyboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The Key Tester shows the same keyboard and says so too; Settings shows none.
  await page.getByRole('link', { name: 'Key Tester' }).click();
  await expect(note).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(note).toBeHidden();
});

/** How many lines the text of each element takes, by its name: [text, lines]. */
const textLines = (elements: Locator) =>
  elements.evaluateAll((all) =>
    all.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [el.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
    }),
  );

for (const width of [1400, 1280, 1024]) {
  test(`at ${width}×900 nothing in the top bar overflows or wraps, on a board with Boot and Boot 2 and the note`, async ({
    page,
  }) => {
    await withoutRememberedKeyboards(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?virtual=orbitpad#/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Boot 2' })).toBeVisible();
    const note = page.getByRole('banner').locator('p', { hasText: 'Virtual keyboard' });
    await expect(note.getByRole('button')).toHaveCount(2);
    // Each menu entry, the note's title and its buttons stand on one line ("Key Tester" was broken under "Key");
    // only the note's sentence may wrap.
    for (const words of [menu.getByRole('link'), note.locator('strong'), note.getByRole('button')]) {
      const lines = await textLines(words);
      expect(lines).toEqual(lines.map(([text]) => [text, 1]));
    }
    // The page is no wider than the window (at 1024 the badge was pushed off it), and every control of the bar
    // is whole inside it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const controls = page.getByRole('banner').locator('a, button');
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      expect([box.x >= 0, box.x + box.width <= width]).toEqual([true, true]);
    }
  });
}

test('the virtual ZMK keyboard says it is virtual too; Connect a ZMK keyboard…, as in the badge menu, connects a real one', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=zmk-demo#/');
  await expect(page.getByTestId('zmk-lock')).toContainText('The keyboard is locked');
  const note = page.getByRole('banner').locator('p', { hasText: 'Virtual keyboard' });
  await expect(note).toContainText('— try everything; nothing is written to a real keyboard.');
  await page.getByTestId('keyboard-badge').click();
  await expect(page.getByRole('menuitem', { name: 'Connect a ZMK keyboard…' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A VIA or Vial keyboard can be connected from here too.
  await expect(note.getByRole('button', { name: 'Authorize a VIA or Vial keyboard' })).toBeVisible();
  await note.getByRole('button', { name: 'Connect a ZMK keyboard…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a ZMK keyboard' })).toBeVisible();
});

test('at 1400×900 Undo, Redo and the help line are in view; the keycode grid scrolls with the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/#/');
  await expect(key(page, /^row 3, column 1: A$/)).toBeVisible();
  const help = page.locator('.hover-bar');
  await expect(page.getByRole('button', { name: 'Undo the last change' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Redo the change undone' })).toBeInViewport();
  await expect(help).toHaveText('Select a key on the keyboard, then pick its new keycode.');
  await expect(help).toBeInViewport();
  // No scroller inside the page: the grid is as tall as its keycodes.
  const grid = page.locator('.keycode-grid');
  expect(await grid.evaluate((g) => g.scrollHeight - g.clientHeight)).toBe(0);
  // Pointing at a keycode far down the grid (the page scrolled to it), its description is still in view.
  await key(page, /^row 3, column 1: A$/).click();
  const last = grid.getByRole('button').last();
  await last.scrollIntoViewIfNeeded();
  await last.hover();
  await expect(help).toHaveText(/^\S+: .+/);
  await expect(help).toBeInViewport();
});

test.describe('say why, where the user looks', () => {
  test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

  test('the Any modal explains the text as it is typed, and says what the key will be', async ({ page }) => {
    await page.goto('/?virtual=aurora75#/');
    await key(page, /^row 3, column 1: A$/).click();
    await page.getByRole('button', { name: 'Special', exact: true }).click();
    await page.getByRole('button', { name: 'Any', exact: true }).click();
    const input = page.getByLabel('Please enter your desired QMK keycode or hex code:');
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Confirm' });
    const cases: [string, string][] = [
      ['KC_FOO', 'Unknown name KC_FOO.'],
      ['LT(99,KC_A)', "Layer 99 is more than this keyboard's 4 layers (0–3)."],
      ['MO(4)', "Layer 4 is more than this keyboard's 4 layers (0–3)."],
      ['0x10000', 'Number too large: 0x10000 (at most 0xFFFF).'],
      ['LT(1,KC_VOLU_X)', 'Unknown name KC_VOLU_X.'],
      ['LT(1)', 'LT(…) takes 2 values.'],
    ];
    for (const [text, reason] of cases) {
      await input.fill(text);
      // The reason is the field's description, so a screen reader reads it with the field.
      await expect(input).toHaveAccessibleDescription(reason);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(confirm).toBeDisabled();
    }
    await input.fill('LT(1,KC_A)');
    await expect(input).toHaveAccessibleDescription('This key will be: Layer-tap 1, A');
    await expect(input).toHaveAttribute('aria-invalid', 'false');
    await confirm.click();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x4104);
  });
});

test.describe('layer tools', () => {
  test.beforeEach(({ page }) => withoutRememberedKeyboards(page));
  const tools = (page: Page) => page.getByRole('dialog', { name: 'Layer tools' });
  const status = (page: Page) => tools(page).getByRole('status');
  const layerButton = (page: Page, n: number) =>
    page
      .getByRole('group', { name: 'Layer', exact: true })
      .getByRole('button', { name: new RegExp(`^Layer ${n}(: .*)?$`) });

  test('say what they did with an Undo, and ask before replacing keys', async ({ page }) => {
    await page.goto('/?virtual=aurora75#/');
    await page.getByRole('button', { name: 'Layer tools' }).click();
    // Layer 1 of the demo is all transparent: a copy onto it replaces nothing and asks nothing.
    await tools(page).getByLabel('Target layer').selectOption({ label: 'Layer 1' });
    await tools(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(status(page)).toHaveText('Layer 0 copied onto layer 1.');
    await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(0x04);
    await tools(page).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(status(page)).toHaveText('Undone.');
    await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(0x01);
    await tools(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(0x04);

    // Now layer 1 has keys: copying (transparent) layer 2 onto it asks first; Cancel leaves it as it was.
    await layerButton(page, 2).click();
    await tools(page).getByLabel('Target layer').selectOption({ label: 'Layer 1' });
    await tools(page).getByRole('button', { name: 'Copy', exact: true }).click();
    const question = tools(page).getByRole('group', { name: /^Layer 1 has \d+ keys set\. Replace them/ });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Copy' })).toBeFocused();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    expect(await eepromKey(page, 1, 3, 1)).toBe(0x04);
    await tools(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await question.getByRole('button', { name: 'Copy' }).click();
    await expect(status(page)).toHaveText('Layer 2 copied onto layer 1.');
    await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(0x01);

    // Clearing a layer with keys asks too.
    await layerButton(page, 0).click();
    await tools(page).getByRole('button', { name: 'To nothing (KC_NO)' }).click();
    await expect(
      tools(page).getByRole('group', { name: /^Layer 0 has \d+ keys set\. Clear them\?/ }),
    ).toBeVisible();
    expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  });

  test('Swap takes the layer names along; the target list names every layer the same way', async ({
    page,
  }) => {
    await page.goto('/?virtual=aurora75#/');
    const bar = page.getByRole('group', { name: 'Layer', exact: true });
    const height = (await bar.boundingBox())!.height;
    await page.getByRole('button', { name: 'Layer tools' }).click();
    await tools(page).getByLabel('Name of layer 0').fill('Navigation, symbols and numbers!');
    await tools(page).getByRole('button', { name: 'Save name' }).click();
    // A long name is cut short on its button (its full name is its accessible name): the bar keeps one line and
    // choosing another layer moves nothing.
    await expect(layerButton(page, 0)).toHaveAccessibleName('Layer 0: Navigation, symbols and numbers!');
    expect((await layerButton(page, 0).boundingBox())!.width).toBeLessThan(160);
    expect((await bar.boundingBox())!.height).toBe(height);
    const box = await layerButton(page, 3).boundingBox();
    await layerButton(page, 2).click();
    await expect(layerButton(page, 2)).toHaveAttribute('aria-pressed', 'true');
    expect(await layerButton(page, 3).boundingBox()).toEqual(box);
    await tools(page).getByLabel('Name of layer 2').fill('Fn');
    await tools(page).getByRole('button', { name: 'Save name' }).click();
    await expect(tools(page).getByLabel('Target layer').locator('option')).toHaveText([
      'Layer 0: Navigation, symbols and numbers!',
      'Layer 1',
      'Layer 3',
    ]);

    const [key0, key2] = [await eepromKey(page, 0, 3, 1), await eepromKey(page, 2, 3, 1)];
    await tools(page).getByLabel('Target layer').selectOption({ index: 0 });
    await tools(page).getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(status(page)).toHaveText('Layers 2 and 0 swapped, names included.');
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(key2);
    expect(await eepromKey(page, 2, 3, 1)).toBe(key0);
    await expect(layerButton(page, 0)).toHaveAccessibleName('Layer 0: Fn');
    await expect(layerButton(page, 2)).toHaveAccessibleName('Layer 2: Navigation, symbols and numbers!');

    await tools(page).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(layerButton(page, 0)).toHaveAccessibleName('Layer 0: Navigation, symbols and numbers!');
    await expect(layerButton(page, 2)).toHaveAccessibleName('Layer 2: Fn');
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(key0);
  });
});

test('with no keyboard at all, the welcome names VIA, Vial and ZMK and offers a button for each way', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/#/');
  const welcome = page.locator('.empty-state', { hasText: 'Welcome to Keyloom' });
  await expect(welcome).toContainText('Keyloom configures VIA, Vial and ZMK keyboards.');
  await expect(welcome.getByRole('button', { name: 'Authorize device' })).toBeVisible();
  await welcome.getByRole('button', { name: 'Connect a ZMK keyboard…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a ZMK keyboard' })).toBeVisible();
});

for (const language of ['ja', 'ko', 'zh']) {
  test(`in ${language} at 1024 and 1400 px, no label of the top bar is cut or leaves the window`, async ({
    page,
  }) => {
    await withoutRememberedKeyboards(page);
    await page.addInitScript(
      (l) => localStorage.setItem('via-app-store', JSON.stringify({ language: l })),
      language,
    );
    for (const width of [1024, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/?virtual=orbitpad#/');
      const banner = page.getByRole('banner');
      await expect(banner.locator('.virtual-notice').getByRole('button')).toHaveCount(2);
      // A label cut by its box ("ZMK 키보드 연…") is wider inside than its box; none is, and none leaves the page.
      const cut = await banner
        .locator('a, button')
        .evaluateAll(
          (all, w) =>
            all
              .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > w)
              .map((el) => el.textContent),
          width,
        );
      expect(cut).toEqual([]);
    }
  });
}
