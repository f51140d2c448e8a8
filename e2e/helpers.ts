import type { Page } from '@playwright/test';

/** The virtual keyboard as tests reach it through the documented `window.__keyloom` hook. */
interface VirtualDevice {
  firmware: Record<string, (...args: unknown[]) => unknown>;
  faults: { inject(fault: unknown, options: unknown): void; latencyMs: number; refuseOpen: boolean };
  loadFaultInjection(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Runs `body` in the page with the first virtual keyboard. Playwright sends `body` as source text, so it may use
 * only its arguments; `arg` crosses the page boundary as JSON. (No `new Function` in the page: the app's
 * Content-Security-Policy refuses eval there, for tests too.)
 */
async function onFirstDevice<A, R>(
  page: Page,
  body: (device: VirtualDevice, arg: A) => R,
  arg: A,
): Promise<R> {
  const device = await page.evaluateHandle(async () => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { runtime: { provider: { devices(): Promise<{ device: unknown }[]> } } } };
      }
    ).__keyloom;
    const [first] = await hook.stores.runtime.provider.devices();
    return first!.device as VirtualDevice;
  });
  try {
    return (await device.evaluate(body as never, arg as never)) as R;
  } finally {
    await device.dispose();
  }
}

/** Inspection methods of the virtual keyboard's firmware model (its EEPROM, not the app's copy). */
type FirmwareCall =
  | 'getKeycode'
  | 'getEncoderKeycode'
  | 'layoutOptionsValue'
  | 'customValue'
  | 'actuationPoint'
  | 'rapidTrigger'
  | 'dksEntries'
  | 'macroBuffer'
  | 'playMacro'
  | 'matrixAnimation'
  | 'firmwareVersion'
  | 'screenContent'
  | 'screenPixel'
  | 'press'
  | 'release'
  | 'handleReport'
  | 'receivingTransfer';

/**
 * Calls a method on the first virtual keyboard's firmware. Byte arrays cross the page boundary as plain arrays:
 * `handleReport` gets its request as a Uint8Array, and typed-array results come back as number arrays.
 */
export function firmware<T = number>(
  page: Page,
  method: FirmwareCall,
  ...args: (number | boolean | number[])[]
): Promise<T> {
  return onFirstDevice(
    page,
    async (device, [name, callArgs]) => {
      // The board's vendor extensions (actuation, transfers…) load on first use: the app's requests wait for
      // them on the HID link; a direct call waits here.
      await device.firmware.loadExtensions!();
      // What only tests read (playMacro, actuationPoint …) loads on demand too (firmwareInspection.ts).
      await device.firmware.loadInspection!();
      const input =
        name === 'handleReport' ? (callArgs as number[][]).map((a) => Uint8Array.from(a)) : callArgs;
      const result = device.firmware[name]!(...input);
      return ArrayBuffer.isView(result) ? Array.from(result as Uint8Array) : result;
    },
    [method, args] as [string, unknown[]],
  ) as Promise<T>;
}

/**
 * Queues a fault on the first virtual keyboard (both its HID and serial interfaces see it unless `link` says
 * which); `times: 'always'` keeps it until the page reloads (a board that went silent).
 */
export async function injectFault(
  page: Page,
  fault:
    | { kind: 'drop' | 'wrongEcho' | 'unhandled' | 'error238' | 'unplug' }
    | { kind: 'overwrite'; offset: number; bytes: number[] },
  options: { command?: number; times?: number | 'always'; link?: 'hid' | 'serial'; after?: number } = {},
): Promise<void> {
  // The injector's `inject` loads on demand (no user's page injects faults): awaited before it is called.
  await onFirstDevice(
    page,
    async (device, [f, o]) => {
      await device.loadFaultInjection();
      device.faults.inject(f, o);
    },
    [fault, options] as const,
  );
}

/** Makes the first virtual keyboard refuse to open, as a hidraw node without permission does on Linux. */
export function refuseOpen(page: Page): Promise<void> {
  return onFirstDevice(
    page,
    (device) => {
      device.faults.refuseOpen = true;
      // Closing is immediate on the virtual device; the next request has to open it again.
      void device.close();
    },
    null,
  );
}

/** Delays every reply of the first virtual keyboard (slows transfers so a test can act mid-way). */
export function setLatency(page: Page, ms: number): Promise<void> {
  return onFirstDevice(page, (device, latency) => void (device.faults.latencyMs = latency), ms);
}

/** Inspection and simulation methods of a virtual Vial keyboard's Vial layer (virtual-keyboard/vial/VialModel). */
type VialCall =
  | 'entry'
  | 'setEntry'
  | 'qmkSetting'
  | 'setQmkSetting'
  | 'lockState'
  | 'setUnlocked'
  | 'holdUnlockKeys'
  | 'rgbState'
  | 'ignoreRgbWrites';

/** Calls a method of the first virtual keyboard's Vial layer (its EEPROM entries and settings, its lock). */
export function vial<T = unknown>(
  page: Page,
  method: VialCall,
  ...args: (number | boolean | string | number[])[]
): Promise<T> {
  return onFirstDevice(
    page,
    (device, [name, callArgs]) =>
      (device.firmware as unknown as { vial: Record<string, (...a: unknown[]) => unknown> }).vial[name]!(
        ...callArgs,
      ),
    [method, args] as [string, unknown[]],
  ) as Promise<T>;
}

/** A Vial dynamic entry's 10 EEPROM bytes on the first virtual keyboard (null past its count). */
export const vialEntry = (page: Page, kind: 'tapDance' | 'combo' | 'keyOverride', index: number) =>
  vial<number[] | null>(page, 'entry', kind, index);

/** A QMK setting's value bytes (little-endian) as the first virtual Vial keyboard stores them. */
export const qmkSetting = (page: Page, qsid: number) => vial<number[] | null>(page, 'qmkSetting', qsid);

/** The Vial lock of the first virtual keyboard: unlocked, unlock in progress, the poll counter (50 → 0). */
export const vialLock = (page: Page) =>
  vial<{ unlocked: boolean; inProgress: boolean; counter: number }>(page, 'lockState');

/** Holds (true) or lets go of (false) the keys the first virtual Vial keyboard's unlock asks for. */
export const holdUnlockKeys = (page: Page, down: boolean) => vial<void>(page, 'holdUnlockKeys', down);

/** VialRGB as the first virtual Vial keyboard holds it: `ram` (what its LEDs show) and `saved` (EEPROM). */
export const vialRgbState = (page: Page) => vial<{ ram: RgbView; saved: RgbView } | null>(page, 'rgbState');
type RgbView = { effect: number; speed: number; hue: number; saturation: number; brightness: number };

export const eepromKey = (page: Page, layer: number, row: number, col: number) =>
  firmware(page, 'getKeycode', layer, row, col);

export const canvasKey = (page: Page, name: RegExp) =>
  page.getByTestId('keyboard-canvas').getByRole('button', { name });

/** Sends a raw 32-byte request straight to the virtual firmware and returns its reply bytes. */
export function firmwareRequest(page: Page, ...bytes: number[]): Promise<number[]> {
  return firmware<number[]>(page, 'handleReport', [...bytes, ...new Array(32 - bytes.length).fill(0)]);
}

/** Starts the page as a machine whose user unplugged every virtual keyboard (only `?virtual=` connects one). */
export async function withoutRememberedKeyboards(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
}

/** Opens a demo virtual keyboard on Configure and chooses a pane of its left menu. */
export async function openPane(page: Page, pane: string, demo = 'aurora75'): Promise<void> {
  await page.goto(`/?virtual=${demo}#/`);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: pane, exact: true })
    .click();
}

/** Has the app read the selected keyboard again (after changes made on the virtual board behind its back). */
export async function readKeyboardAgain(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const hook = (window as unknown as { __keyloom: { stores: { runtime: { store: StoreLike } } } })
      .__keyloom;
    type StoreLike = { getState(): { selectedPath: string; select(path: string): Promise<void> } };
    const state = hook.stores.runtime.store.getState();
    await state.select(state.selectedPath);
  });
}

/** Reads the device list again and probes every device afresh (what 'Check again' does). */
export async function recheckDevices(page: Page): Promise<void> {
  await page.evaluate(() =>
    (
      window as unknown as {
        __keyloom: {
          stores: { runtime: { store: { getState(): { refresh(o: { recheck: boolean }): Promise<void> } } } };
        };
      }
    ).__keyloom.stores.runtime.store
      .getState()
      .refresh({ recheck: true }),
  );
}

/** Moves the Mac/Windows switch of the first virtual keyboard (a Keychron board's KeychronModel.setOsSwitch). */
export function keychronOsSwitch(page: Page, position: 'mac' | 'win'): Promise<void> {
  return onFirstDevice(
    page,
    (device, where) =>
      void (
        device.firmware as unknown as { keychron: { setOsSwitch(p: string): void } }
      ).keychron.setOsSwitch(where),
    position,
  );
}
