// What a ZMK keyboard says about itself, and how its serial number is shown.

export interface ZmkDeviceInfo {
  /** CONFIG_ZMK_KEYBOARD_NAME (safeName: no bidi or control characters). */
  name: string;
  /** The chip's hardware id (up to 32 bytes), empty when the build has none. */
  serialNumber: Uint8Array;
}

/** Hex of a serial number, for display ('e3 5a …' → 'E35A…'). */
export function serialNumberText(serial: Uint8Array): string {
  return [...serial].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');
}
