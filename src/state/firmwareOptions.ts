import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Firmware options (extended.md §3): the keyboard a firmware update was asked for — by a link such as
 * `?firmware=4b4c:0002` from a vendor's support page. While set, the firmware modal overlays everything.
 */
export interface FirmwareOptions {
  vendorId: number;
  productId: number;
}

export interface FirmwareOptionsState {
  options: FirmwareOptions | null;
  set(options: FirmwareOptions | null): void;
}

export function createFirmwareOptionsStore(): StoreApi<FirmwareOptionsState> {
  return createStore<FirmwareOptionsState>((set) => ({ options: null, set: (options) => set({ options }) }));
}

/** Reads `firmware=vvvv:pppp` (hex) from a query string; anything else is no options. */
export function parseFirmwareOptions(search: string): FirmwareOptions | null {
  const match = /^([0-9a-f]{4}):([0-9a-f]{4})$/i.exec(new URLSearchParams(search).get('firmware') ?? '');
  return match ? { vendorId: parseInt(match[1]!, 16), productId: parseInt(match[2]!, 16) } : null;
}
