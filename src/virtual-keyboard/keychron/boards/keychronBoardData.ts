/** One LED of a board's RGB matrix: its matrix position and RGB-matrix coordinates (keyboard.json). */
export interface KeychronLed {
  row: number;
  col: number;
  /** RGB-matrix coordinates (0–224 × 0–64); the firmware's LED table holds them after the matrix map. */
  x: number;
  y: number;
  flags: number;
}

/**
 * A Keychron board as flashed with its `keychron` keymap: identity, matrix, defaults and the build options the
 * firmware's replies depend on. Typed data only; `KeychronModel` is the firmware that answers with it.
 */
export interface KeychronBoardData {
  /** The board's QMK folder name joined by underscores (`keyloom virtual-keyboard --keychron <id>`). */
  id: string;
  name: string;
  vendorId: number;
  productId: number;
  /** USB device version (DEVICE_VER), `0xMmpp`-style nibbles: 0x0220 reads `v2.2.0`. */
  deviceVersion: number;
  rows: number;
  cols: number;
  /** VIA macro buffer: what the 3,072-byte EEPROM leaves after everything else (checked by the layout). */
  macroBufferSize: number;
  /** DEBOUNCE: the debounce time (ms) after flashing and factory reset. */
  debounceMs: number;
  /** Built with the USB report rate commands (8 kHz boards). */
  reportRate: boolean;
  /** QMK_MCU, the chip name the DFU info reply carries. */
  mcu: string;
  /** DFU info bootloader type: 1 STM32 DFU, 2 WB32 DFU, 0 other (AT32 DFU). */
  bootloaderType: number;
  /**
   * Its bootloader as Keyloom flashes it (bootloaders/flashTargets.ts: the chip and its DFU), and how its owner gets
   * there: info.json's `bootloader`; the readme's reset key (K00, Esc, held while plugging in) and, where the
   * readme names one, the reset button under the space bar.
   */
  flash: { target: string; resetButton: boolean };
  /** OS indicators with an RGB LED (KC_OS_INDICATOR_* bits). */
  osIndicatorSupported: number;
  /** RGB_MATRIX_BRIGHTNESS_TURN_OFF_VAL: turning the matrix on raises the brightness to at least this. */
  brightnessTurnOffVal: number;
  /**
   * Default layer the Mac / Windows position of the OS switch selects; `matrix`, where the board scans it with the
   * keys (closed = Windows), from qmk/keychronOsSwitch.ts.
   */
  osSwitch: { macLayer: number; winLayer: number; matrix?: readonly [row: number, col: number] | null };
  /** [layer][row * cols + col] keycodes; 0 where the matrix has no key. */
  keymap: readonly (readonly number[])[];
  /** [layer][encoder] = [clockwise, counter-clockwise]; empty without an encoder map. */
  encoders: readonly (readonly (readonly [number, number])[])[];
  /** LEDs in index order. */
  leds: readonly KeychronLed[];
  /** Default per-key colours, [h, s, v] per LED. */
  perKeyColors: readonly (readonly [number, number, number])[];
  /** Default mixed-RGB region of each LED. */
  regions: readonly number[];
}
