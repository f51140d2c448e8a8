import type { VialBuildOptions } from './vial/VialModel.ts';
import type { KeychronBuildOptions } from './keychron/keychronBuildOptions.ts';
import type { BootloaderFaults } from './bootloaders/VirtualFlash.ts';

/** A custom-menu value the virtual firmware stores: channel, value id, extra args and value length. */
export interface CustomValueSpec {
  channel: number;
  valueId: number;
  /** Leading argument bytes that address one of many values (e.g. an LED index). */
  args?: readonly number[];
  length: number;
  initial?: readonly number[];
}

/** Everything that makes one virtual keyboard: identity, firmware build options and defaults. */
export interface VirtualKeyboardConfig {
  name: string;
  vendorId: number;
  productId: number;
  /** VIA protocol the firmware reports (9–13 are modelled). */
  protocol: number;
  rows: number;
  cols: number;
  layers: number;
  macroCount: number;
  macroBufferSize: number;
  /** Encoders in the encoder map (protocol ≥ 10). */
  encoders: number;
  /** Bytes of layout options the firmware keeps (QMK default 1). */
  layoutOptionBytes: number;
  layoutOptionsDefault?: number;
  firmwareVersion?: number;
  /** Default keymap, [layer][row*cols+col]; missing entries are KC_NO (layer 0) or KC_TRNS. */
  defaultKeymap?: readonly (readonly number[])[];
  /** Default encoder map, [layer][encoder] = [clockwise, counter-clockwise]. */
  defaultEncoders?: readonly (readonly (readonly [number, number])[])[];
  /** Custom channels compiled into the firmware (protocol ≥ 11): 1 backlight, 2 rgblight, 3 RGB matrix … */
  customChannels?: readonly number[];
  /** Values the firmware stores, per channel (channel 0 values are keyboard-specific). */
  customValues?: readonly CustomValueSpec[];
  /** Legacy lighting value ids answered on protocol ≤ 10 (v2 lighting), each with its byte length. */
  lightingValues?: readonly {
    valueId: number;
    length: number;
    args?: readonly number[];
    initial?: readonly number[];
  }[];
  /** Satisfaction75-style encoder/OLED keyboard values 0x80–0x83 (v2 'rotary-encoder' custom feature). */
  legacyCustomFeatures?: boolean;
  /** Compiled with EEPROM reset (VIA_EEPROM_ALLOW_RESET). */
  allowEepromReset?: boolean;
  /** The keyboard adds a bootloader-jump handler (QMK core dropped it). */
  bootloaderJump?: boolean;
  /** Hall-effect analog actuation commands of the vendor line (per-key actuation point, self check). */
  actuation?: boolean;
  /** A per-key LED grid taking matrix-lighting animations (192/193), with optional on-screen texts. */
  matrixLighting?: {
    rows: number;
    cols: number;
    maxFrames: number;
    texts?: { count: number; length: number };
  };
  /** A screen taking files over 224/225 up to this size (checked like docs/adr/0005 says). */
  screen?: { maxBytes: number };
  /** Flashable over the serial interface (239–241); the image's `KLFW:a.b.c` tag sets the new version. */
  serialFirmware?: boolean;
  /**
   * The 2.4G receiver's bootloader: 'connect to DFU' (custom-menu 18, 5, 1) brings it onto the bus with these
   * ids; it flashes images built for its chip (`familyId`, a UF2 family id).
   */
  receiverBoot?: { usbVendorId: number; usbProductId: number; familyId: number };
  /**
   * A QMK board's bootloader (a `bootloaders/flashTargets.ts` id): after VIA's bootloader jump it comes onto the bus
   * as that virtual bootloader (bootloaders/qmkBootloader.ts), and the board comes back once it leaves.
   */
  qmkBootloader?: string;
  /** Faults the next bootloader visit injects (tests, demos); taken by that visit. */
  qmkFaults?: BootloaderFaults;
  /** Versions of a multi-part board (3: Host, Left, Right; 1: PLC), as `major<<8 | minor<<4 | patch`. */
  firmwareParts?: readonly number[];
  /** A Vial firmware (vial-qmk): the 0xFE commands, the lock, dynamic entries and QMK settings. */
  vial?: VialBuildOptions;
  /** A Keychron firmware (Keychron's QMK fork): its 0xA0-0xAB commands and RGB layer (docs/keychron-protocol.md). */
  keychron?: KeychronBuildOptions;
}

export const DEFAULT_CONFIG: Omit<
  VirtualKeyboardConfig,
  'name' | 'vendorId' | 'productId' | 'rows' | 'cols'
> = {
  protocol: 12,
  layers: 4,
  macroCount: 16,
  macroBufferSize: 1024,
  encoders: 0,
  layoutOptionBytes: 1,
  layoutOptionsDefault: 0,
  firmwareVersion: 0,
  customChannels: [],
  customValues: [],
  lightingValues: [],
  legacyCustomFeatures: false,
  allowEepromReset: true,
  bootloaderJump: true,
  actuation: false,
  serialFirmware: false,
  firmwareParts: [],
};
