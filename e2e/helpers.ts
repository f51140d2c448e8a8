import type { Page } from '@playwright/test';

/** Inspection methods of the virtual keyboard's firmware model (its EEPROM, not the app's copy). */
type FirmwareCall =
  | 'getKeycode'
  | 'getEncoderKeycode'
  | 'layoutOptionsValue'
  | 'customValue'
  | 'actuationPoint'
  | 'macroBuffer'
  | 'matrixAnimation'
  | 'firmwareVersion'
  | 'screenContent'
  | 'screenPixel'
  | 'handleReport';

/**
 * Calls a method on the first virtual keyboard's firmware, through the documented `window.__keyloom` hook.
 * Byte arrays cross the page boundary as plain arrays: `handleReport` gets its request as a Uint8Array, and
 * typed-array results come back as number arrays.
 */
export function firmware<T = number>(
  page: Page,
  method: FirmwareCall,
  ...args: (number | boolean | number[])[]
): Promise<T> {
  return page.evaluate(
    async ([name, callArgs]) => {
      const hook = (
        window as unknown as {
          __keyloom: {
            stores: {
              runtime: {
                provider: {
                  devices(): Promise<
                    { device: { firmware: Record<string, (...a: unknown[]) => unknown> } }[]
                  >;
                };
              };
            };
          };
        }
      ).__keyloom;
      const [first] = await hook.stores.runtime.provider.devices();
      const input =
        name === 'handleReport'
          ? (callArgs as number[][]).map((a) => Uint8Array.from(a))
          : (callArgs as unknown[]);
      const result = first!.device.firmware[name as string]!(...input);
      return ArrayBuffer.isView(result) ? Array.from(result as Uint8Array) : result;
    },
    [method, args] as const,
  ) as Promise<T>;
}

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

/** Queues a fault on the first virtual keyboard (both its HID and serial interfaces see it). */
export function injectFault(
  page: Page,
  fault: { kind: 'drop' | 'wrongEcho' | 'unhandled' | 'error238' | 'unplug' },
  options: { command?: number; times?: number } = {},
): Promise<void> {
  return page.evaluate(
    async ([f, o]) => {
      const hook = (
        window as unknown as {
          __keyloom: {
            stores: {
              runtime: {
                provider: {
                  devices(): Promise<{ device: { faults: { inject(f: unknown, o: unknown): void } } }[]>;
                };
              };
            };
          };
        }
      ).__keyloom;
      const [first] = await hook.stores.runtime.provider.devices();
      first!.device.faults.inject(f, o);
    },
    [fault, options] as const,
  );
}

/** Delays every reply of the first virtual keyboard (slows transfers so a test can act mid-way). */
export function setLatency(page: Page, ms: number): Promise<void> {
  return page.evaluate(async (latency) => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: { provider: { devices(): Promise<{ device: { faults: { latencyMs: number } } }[]> } };
          };
        };
      }
    ).__keyloom;
    const [first] = await hook.stores.runtime.provider.devices();
    first!.device.faults.latencyMs = latency;
  }, ms);
}
