import { existsSync } from 'node:fs';

/**
 * How every tool here launches Debian's Chromium (browser downloads do not work on our machines): e2e, the
 * first-load budget, benches, screenshots and icon rendering share one path and one set of flags.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's headless build of the same release (Debian's `chromium-headless-shell`: same Blink, V8 and network
 * stack, no browser window layer). It is what Playwright itself runs headless tests in, and it costs about half
 * the CPU per page of the full browser, which halves the e2e suite on a 2-core machine. The e2e suite runs in it
 * when it is installed; the specs that depend on the browser itself (its profile settings, offline detection,
 * framing, CSP) run in the full browser too (docs/adr/0010-e2e-in-the-headless-shell.md). `CHROMIUM_PATH` forces one
 * binary for everything.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_HEADLESS_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** No sandbox (containers), no GPU, and nothing of Chromium's own on the network while we measure. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser users run: benches, the budget, screenshots, and the e2e specs about the browser itself. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** The e2e suite's default: the headless shell when installed, else the browser. */
export const headlessLaunchOptions = { executablePath: CHROMIUM_HEADLESS_PATH, args: CHROMIUM_ARGS };
