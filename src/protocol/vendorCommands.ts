import { ENTER_BOOT, FIRMWARE_PARTS, MATRIX_TEXTS, PER_KEY_RGB, TIME_SYNC } from './vendorValues.ts';
import { timeSyncBytes } from './timeSyncBytes.ts';
import { TEXT_MAX_LENGTH } from '../qmk/vendorLimits.ts';
import { hi, lo, u16 } from './bytes.ts';
import { CMD, KEYBOARD_VALUE, KEYS_PER_CHUNK, MAX_CHUNK } from './commands.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import { UNSUPPORTED_PROTOCOL, ViaError } from './errors.ts';
import type { ViaCommands } from './viaCommands.ts';

/** The requests of `ViaCommands` that `VendorCommandSet` builds on. */
export type VendorCommandBase = Pick<
  ViaCommands,
  | 'client'
  | 'protocol'
  | 'keyboardValue'
  | 'setKeyboardValue'
  | 'customValue'
  | 'setCustomValue'
  | 'saveCustomValues'
>;

/**
 * The requests no keyboard's load sends, over a keyboard's `ViaCommands`: a v2 definition's custom features
 * (encoder and OLED modes, custom encoders), the vendor line's firmware parts, LED-grid texts, per-key colours,
 * time sync and boot mode, and the switch matrix (tester, debug). Apart from `ViaCommands` so that they load
 * with the pane, screen or flow that sends them, not with the first screen (issue 43).
 */
export class VendorCommandSet {
  constructor(readonly via: VendorCommandBase) {}

  /** Enabled encoder modes bitmask (keyboard value 128; bit 0 volume … bit 7 custom 2). */
  async encoderModes(): Promise<number> {
    return (await this.via.keyboardValue(KEYBOARD_VALUE.ENCODER_MODES))[0]!;
  }

  async setEncoderModes(mask: number): Promise<void> {
    await this.via.setKeyboardValue(KEYBOARD_VALUE.ENCODER_MODES, [mask]);
  }

  /** OLED mode at power-up (129) or now (131): 0 default, 1 time, 2 off. */
  async oledMode(which: 'default' | 'current'): Promise<number> {
    return (
      await this.via.keyboardValue(
        which === 'default' ? KEYBOARD_VALUE.OLED_DEFAULT_MODE : KEYBOARD_VALUE.OLED_MODE,
      )
    )[0]!;
  }

  async setOledMode(which: 'default' | 'current', mode: number): Promise<void> {
    await this.via.setKeyboardValue(
      which === 'default' ? KEYBOARD_VALUE.OLED_DEFAULT_MODE : KEYBOARD_VALUE.OLED_MODE,
      [mode],
    );
  }

  /** Custom encoder `index` (0–2): [clockwise, counter-clockwise, press] keycodes (keyboard value 130). */
  async customEncoder(index: number): Promise<[number, number, number]> {
    const data = await this.via.keyboardValue(KEYBOARD_VALUE.ENCODER_CUSTOM, [index]);
    return [u16(data, 0), u16(data, 2), u16(data, 4)];
  }

  /** Sets one slot of a custom encoder: 0 clockwise, 1 counter-clockwise, 2 press. */
  async setCustomEncoder(index: number, slot: 0 | 1 | 2, keycode: number): Promise<void> {
    await this.via.setKeyboardValue(KEYBOARD_VALUE.ENCODER_CUSTOM, [index, slot, hi(keycode), lo(keycode)]);
  }

  /** Versions of a multi-part board (channel 66, value 100; docs/adr/0005); [] on single-part boards. */
  async firmwareParts(): Promise<number[]> {
    const reply = await this.via.client.request(CMD.CUSTOM_GET_VALUE, [...FIRMWARE_PARTS]);
    if (reply[0] === CMD.UNHANDLED) return [];
    // At most 7 parts fit a report after the count byte.
    const count = Math.min(reply[3]!, 7);
    return Array.from(
      { length: count },
      (_, i) => (reply[5 + i * 4]! << 8) | ((reply[6 + i * 4]! & 0xf) << 4) | (reply[7 + i * 4]! & 0xf),
    );
  }

  /** One of the LED grid's texts (channel 0, value 67, by index). */
  async matrixText(index: number): Promise<string> {
    const value = await this.via.customValue(MATRIX_TEXTS[0], MATRIX_TEXTS[1], [index]);
    const length = Math.min(value[0]!, TEXT_MAX_LENGTH);
    return String.fromCharCode(...value.subarray(1, 1 + length));
  }

  /** Writes a text (printable ASCII, validated by the caller) and saves channel 0. */
  async setMatrixText(index: number, text: string): Promise<void> {
    const bytes = [...text.slice(0, TEXT_MAX_LENGTH)].map((c) => c.charCodeAt(0) & 0x7f);
    await this.via.setCustomValue(MATRIX_TEXTS[0], MATRIX_TEXTS[1], [index, bytes.length, ...bytes]);
  }

  /** One key's colour by LED index: `08 00 01 led 01` → hue, saturation (via-protocol.md §1.8). */
  async perKeyColor(led: number): Promise<[number, number]> {
    const value = await this.via.customValue(PER_KEY_RGB[0], PER_KEY_RGB[1], [led, 1]);
    return [value[0] ?? 0, value[1] ?? 0];
  }

  /** Paints one key: `07 00 01 led 01 hue sat`, then commits custom menu 0. */
  async setPerKeyColor(led: number, hue: number, sat: number): Promise<void> {
    await this.via.setCustomValue(PER_KEY_RGB[0], PER_KEY_RGB[1], [led, 1, hue, sat]);
    await this.via.saveCustomValues(PER_KEY_RGB[0]);
  }

  /** Sets the keyboard's clock to the local time (channel 0, value 25) and commits it. */
  async syncTime(now: Date): Promise<void> {
    await this.via.setCustomValue(TIME_SYNC[0], TIME_SYNC[1], timeSyncBytes(now));
    await this.via.saveCustomValues(TIME_SYNC[0]);
  }

  /** Restarts the board into its bootloader for master firmware (custom-menu set 16, 10, 1). */
  async enterBootMode(): Promise<void> {
    await this.via.setCustomValue(ENTER_BOOT[0], ENTER_BOOT[1], [ENTER_BOOT[2]]);
  }

  /**
   * Reads the raw switch matrix: one bit per key, rows of ceil(cols/8) big-endian bytes. Protocol ≥ 12 asks
   * in chunks of whole rows with a row offset; 9–11 get every row in one reply when it fits in 28 bytes.
   * Returns pressed[row][col]. Throws 'Unsupported protocol version' below protocol 7.
   */
  async switchMatrix(rows: number, cols: number): Promise<boolean[][]> {
    if (this.via.protocol < PROTOCOL.MATRIX_READ_MIN) throw new ViaError(UNSUPPORTED_PROTOCOL);
    const bytesPerRow = Math.ceil(cols / 8);
    const rowsPerQuery = Math.max(1, Math.floor(Math.min(MAX_CHUNK, KEYS_PER_CHUNK * 2) / bytesPerRow));
    const rowBytes: Uint8Array[] = [];
    if (this.via.protocol >= PROTOCOL.MATRIX_ROW_OFFSET) {
      for (let first = 0; first < rows; first += rowsPerQuery) {
        const data = await this.via.keyboardValue(KEYBOARD_VALUE.SWITCH_MATRIX_STATE, [first]);
        for (let r = 0; r < Math.min(rowsPerQuery, rows - first); r++)
          rowBytes.push(data.slice(r * bytesPerRow, (r + 1) * bytesPerRow));
      }
    } else {
      if (rows * bytesPerRow > MAX_CHUNK)
        throw new ViaError(UNSUPPORTED_PROTOCOL, { reason: 'matrix too large for one reply' });
      const data = await this.via.keyboardValue(KEYBOARD_VALUE.SWITCH_MATRIX_STATE);
      for (let r = 0; r < rows; r++) rowBytes.push(data.slice(r * bytesPerRow, (r + 1) * bytesPerRow));
    }
    return rowBytes.map((bytes) =>
      Array.from(
        { length: cols },
        (_, c) => ((bytes[bytesPerRow - 1 - Math.floor(c / 8)] ?? 0) >> (c % 8)) % 2 === 1,
      ),
    );
  }
}
