import type { VirtualKeyboardConfig } from './config.ts';

/** The demo keyboards shipped with Keyloom, served like any other definition from keyboards/demo/. */
export interface DemoKeyboard {
  id: string;
  name: string;
  vendorProductId: number;
  definitionVersion: 'v2' | 'v3';
  protocol: number;
  /** Source file under keyboards/demo/. */
  source: string;
  /** Firmware build options beyond what the definition tells (Hall-effect actuation, LED grid, flashing). */
  firmware?: Partial<
    Pick<
      VirtualKeyboardConfig,
      'actuation' | 'matrixLighting' | 'serialFirmware' | 'firmwareVersion' | 'screen' | 'receiverBoot'
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
    // Wireless: its 2.4G receiver can be put into its bootloader and flashed from /boot.
    firmware: { receiverBoot: { usbVendorId: VID, usbProductId: 0xb024 } },
  },
];

/** The demo a fresh machine connects: the v3 board with menus and encoders. */
export const DEFAULT_DEMO_ID = 'aurora75';

export function findDemo(id: string): DemoKeyboard | undefined {
  return DEMO_KEYBOARDS.find((d) => d.id === id);
}
