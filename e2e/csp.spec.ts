import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { VIA_DEFINITIONS_DIR } from '../tests/fixtures/paths.ts';
import { openPane, withoutRememberedKeyboards } from './helpers.ts';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records every Content-Security-Policy violation the document reports, from the first script on. */
async function recordViolations(page: Page, consoleLines: string[]): Promise<void> {
  await page.addInitScript(() => {
    const list: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (event) =>
      list.push({ directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile }),
    );
  });
  // Workers report to the console only; a refused resource there is a CSP line too.
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleLines.push(message.text());
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('the built app carries the strict policy, in the page and from the server', async ({ page }) => {
  const response = await page.goto('/?virtual=aurora75#/');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  for (const policy of [meta!, response!.headers()['content-security-policy']!]) {
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toMatch(/connect-src 'self'[^;]*;/);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain("'unsafe-inline'");
  }
  // The policy is in force: an inline script (what an injected <script> would be) does not run.
  const inline = await page.evaluate(async () => {
    const refused = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
        once: true,
      }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return { ran: 'inlineRan' in window, directive: await refused };
  });
  expect(inline).toEqual({ ran: false, directive: 'script-src-elem' });
});

test('a tour of every screen raises no CSP violation (lazy languages, ffmpeg.wasm, 3D, definition compiler)', async ({
  page,
}) => {
  const consoleLines: string[] = [];
  await recordViolations(page, consoleLines);

  // Configure: every pane of the richest demo board.
  await page.goto('/?virtual=aurora75#/');
  // The pane buttons are the menu's direct children (Undo/Redo sit in its footer).
  const panes = page.getByRole('navigation', { name: 'Configure panes' }).locator(':scope > button');
  await expect(panes.first()).toBeVisible();
  const count = await panes.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index++) {
    await panes.nth(index).click();
    await expect(panes.nth(index)).toHaveAttribute('aria-current', 'true');
  }

  // ffmpeg.wasm: its worker, core script and WebAssembly, all from our origin.
  await openPane(page, 'Screen');
  await page.getByRole('tab', { name: 'Video' }).click();
  await page.getByLabel('Import Video').setInputFiles('e2e/fixtures/four-colours.gif');
  await expect(page.getByTestId('original-size')).toHaveText('Original size: 48 × 27', { timeout: 120_000 });

  // Languages load as lazy chunks.
  await mainMenu(page).getByRole('link', { name: 'Settings' }).click();
  for (const language of ['zh', 'ko', 'ja', 'en']) {
    await page.getByLabel(/Language|语言|언어|言語/).selectOption(language);
  }
  await expect(page.getByLabel('Language')).toHaveValue('en');

  // three.js.
  await page.getByLabel('Render Mode').selectOption('3D');
  await mainMenu(page).getByRole('link', { name: 'Configure' }).click();
  await expect(page.getByTestId('keyboard-3d').locator('canvas')).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Render Mode').selectOption('2D');

  // The definition compiler on a user's file (Design).
  await page.getByRole('switch', { name: 'Show Design tab' }).check();
  await mainMenu(page).getByRole('link', { name: 'Design' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page
    .getByLabel('Load definitions')
    .setInputFiles(path.join(VIA_DEFINITIONS_DIR, 'v3/0_sixty__0_sixty.json'));
  await expect(page.getByTestId('keyboard-canvas')).toHaveAttribute(
    'aria-label',
    'Draft: 0-Sixty by ven0mtr0n',
  );

  // Key Tester, and Boot on a board that has it.
  await mainMenu(page).getByRole('link', { name: 'Key Tester' }).click();
  await page.goto('/?virtual=orbitpad#/boot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot');

  expect(await violations(page)).toEqual([]);
  expect(consoleLines).toEqual([]);
});
