import type { VirtualKeyboardConfig } from './config.ts';

/** The demo keyboards shipped with Keyloom, served like any other definition from keyboards/demo/. */
export interface DemoKeyboard {
  id: string;
  name: string;
  vendorProductId: number;
  definitionVersion: 'v2' | 'v3';
  protocol: number;
  /** Source file under keyboards/demo/ (the definition the firmware model is built from). */
  source: string;
  /** Firmware build options beyond what the definition tells (Hall-effect actuation, LED grid, flashing). */
  firmware?: Partial<
    Pick<
      VirtualKeyboardConfig,
      | 'actuation'
      | 'matrixLighting'
      | 'serialFirmware'
      | 'firmwareVersion'
      | 'screen'
      | 'receiverBoot'
      | 'qmkBootloader'
      | 'defaultKeymap'
      | 'name'
      | 'vendorId'
      | 'productId'
    >
  >;
}

const VID = 0x4b4c;

export const DEMO_KEYBOARDS: readonly DemoKeyboard[] = [
  {
    id: 'aurora75',
    name: 'Keyloom Aurora 75',
    vendorProductId: VID * 65536 + 2,
    definitionVersion: 'v3',
    protocol: 12,
    source: 'aurora75.json',
    // Matches keyboards/tabkb/configs.json: a 5×16 LED grid with four texts, flashable, one version behind.
    firmware: {
      actuation: true,
      matrixLighting: { rows: 5, cols: 16, maxFrames: 200, texts: { count: 4, length: 16 } },
      serialFirmware: true,
      firmwareVersion: 0x102,
      screen: { maxBytes: 8_000_000 },
    },
  },
  {
    id: 'lumen65',
    name: 'Keyloom Lumen 65',
    vendorProductId: VID * 65536 + 1,
    definitionVersion: 'v2',
    protocol: 9,
    source: 'lumen65.json',
  },
  {
    id: 'orbitpad',
    name: 'Keyloom Orbit Pad',
    vendorProductId: VID * 65536 + 3,
    definitionVersion: 'v3',
    protocol: 12,
    source: 'orbitpad.json',
    // Wireless: its 2.4G receiver can be put into its bootloader and flashed from /boot. It is an nRF52840
    // dongle: it takes UF2 images of that family (UF2_FAMILY.nRF52840, written out so the first screen does
    // not carry the UF2 reader).
    firmware: { receiverBoot: { usbVendorId: VID, usbProductId: 0xb024, familyId: 0xada52840 } },
  },
];

/** The demo a fresh machine connects: the v3 board with menus and encoders. */
export const DEFAULT_DEMO_ID = 'aurora75';

/**
 * A keyboard Keyloom has no definition for: the Aurora 75 firmware model reporting QMK's placeholder ids
 * FEED:0001 (protocol 12). Nothing is served for those ids, so it shows as 'no definition' until the user loads
 * one — the path every hand-built or unlisted keyboard takes. `?virtual=unknown` plugs it in.
 */
export const UNKNOWN_DEMO: DemoKeyboard = {
  id: 'unknown',
  name: 'Prototype 75',
  vendorProductId: VID * 65536 + 2,
  definitionVersion: 'v3',
  protocol: 12,
  source: 'aurora75.json',
  firmware: { name: 'Prototype 75', vendorId: 0xfeed, productId: 0x0001 },
};

export function findDemo(id: string): DemoKeyboard | undefined {
  return [...DEMO_KEYBOARDS, UNKNOWN_DEMO].find((d) => d.id === id);
}

/** A virtual Vial keyboard: it carries its own definition, so nothing is served for it (docs/vial-protocol.md). */
export interface VialDemo {
  id: string;
  name: string;
  /** Vial protocol the firmware reports: 6 uses QMK's new keycode numbering, 5 and below the old one. */
  vialProtocol: number;
}

export const VIAL_DEMOS: readonly VialDemo[] = [
  { id: 'vial-demo', name: 'Keyloom Vial 60', vialProtocol: 6 },
  { id: 'vial-demo-v5', name: 'Keyloom Vial 60 (Vial protocol 5)', vialProtocol: 5 },
];

export function findVialDemo(id: string): VialDemo | undefined {
  return VIAL_DEMOS.find((d) => d.id === id);
}
