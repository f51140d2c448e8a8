/**
 * The QMK settings a Vial firmware keeps (vial-qmk `qmk_settings.c`, `qmk_settings.h`): each setting id (qsid)
 * with its width, stored little-endian in a 36-byte EEPROM area in the firmware's struct order, and its
 * default after a reset. qsid 21 is the "magic" keymap config, a u32 of which only bits 0–9 are kept.
 */
interface SettingSpec {
  qsid: number;
  offset: number;
  size: 1 | 2 | 4;
  initial: number;
}

/** Bytes of the settings' EEPROM area (sizeof(qmk_settings_t)). */
export const QMK_SETTINGS_BYTES = 36;
const MAGIC_QSID = 21;
const MAGIC_BITS = 0x3ff;

// [qsid, struct offset, size, default]; defaults are QMK's (TAPPING_TERM 200, COMBO_TERM 50, …).
const SPECS: readonly SettingSpec[] = (
  [
    [1, 26, 1, 0], // grave escape overrides (bits)
    [2, 22, 2, 50], // combo term
    [3, 27, 1, 0], // auto shift (bits)
    [4, 0, 2, 175], // auto shift timeout
    [5, 28, 1, 5], // one-shot tap toggle
    [6, 2, 2, 5000], // one-shot timeout
    [7, 24, 2, 200], // tapping term
    [8, 29, 1, 0], // tapping (bits)
    [9, 4, 2, 10], // mouse key delay
    [10, 6, 2, 20], // mouse key interval
    [11, 8, 2, 8], // mouse key move delta
    [12, 10, 2, 10], // mouse key max speed
    [13, 12, 2, 30], // mouse key time to max
    [14, 14, 2, 10], // wheel delay
    [15, 16, 2, 80], // wheel interval
    [16, 18, 2, 8], // wheel max speed
    [17, 20, 2, 40], // wheel time to max
    [18, 30, 2, 10], // tap code delay
    [19, 32, 2, 80], // tap hold caps delay
    [20, 34, 1, 5], // tapping toggle
  ] as const
).map(([qsid, offset, size, initial]) => ({ qsid, offset, size, initial }));

/** The settings area plus the magic flags, with the firmware's get/set/query rules. */
export class QmkSettingsStore {
  readonly area = new Uint8Array(QMK_SETTINGS_BYTES);
  magic = 0;

  constructor() {
    this.reset();
  }

  /** Every qsid the firmware has, ascending. */
  ids(): number[] {
    return [...SPECS.map((s) => s.qsid), MAGIC_QSID];
  }

  reset(): void {
    this.area.fill(0);
    for (const spec of SPECS) this.write(spec, spec.initial);
    this.magic = 0;
  }

  /** The value bytes of `qsid` (little-endian, its width), or null for an id the firmware does not have. */
  get(qsid: number): number[] | null {
    if (qsid === MAGIC_QSID) return le(this.magic, 4);
    const spec = SPECS.find((s) => s.qsid === qsid);
    return spec ? [...this.area.subarray(spec.offset, spec.offset + spec.size)] : null;
  }

  /** Stores `bytes` (little-endian, only the setting's width is read); false for an unknown id. */
  set(qsid: number, bytes: ArrayLike<number>): boolean {
    const read = (n: number) => Array.from({ length: n }, (_, i) => bytes[i] ?? 0);
    if (qsid === MAGIC_QSID) {
      this.magic = fromLe(read(4)) & MAGIC_BITS;
      return true;
    }
    const spec = SPECS.find((s) => s.qsid === qsid);
    if (!spec) return false;
    this.area.set(read(spec.size), spec.offset);
    return true;
  }

  private write(spec: SettingSpec, value: number): void {
    this.area.set(le(value, spec.size), spec.offset);
  }

  dump(): { area: number[]; magic: number } {
    return { area: [...this.area], magic: this.magic };
  }

  load(image: unknown): void {
    const i = image as { area?: unknown; magic?: unknown } | null | undefined;
    if (
      Array.isArray(i?.area) &&
      i.area.length === QMK_SETTINGS_BYTES &&
      i.area.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
    )
      this.area.set(i.area as number[]);
    if (typeof i?.magic === 'number' && Number.isInteger(i.magic)) this.magic = i.magic & MAGIC_BITS;
  }
}

function le(value: number, size: number): number[] {
  return Array.from({ length: size }, (_, i) => Math.floor(value / 2 ** (8 * i)) & 0xff);
}

function fromLe(bytes: readonly number[]): number {
  return bytes.reduce((value, b, i) => value + b * 2 ** (8 * i), 0) >>> 0;
}
