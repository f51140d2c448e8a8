import { CMD, KEYBOARD_VALUE, REPORT_LENGTH } from '../../protocol/commands.ts';
import { DYNAMIC, ENTRY_BYTES, UNLOCK_COUNTER_START, VIAL, VIAL_PREFIX } from '../../protocol/vial.ts';
import { QmkSettingsStore } from './qmkSettingsStore.ts';
import { bootKeycode } from './bootKeycode.ts';
import { VialRgbModel, type VialRgbBuild } from './vialRgbModel.ts';

/** What the Vial layer needs from the VIA firmware it sits on. */
export interface VialHost {
  now(): number;
  isPressed(row: number, col: number): boolean;
  layers: number;
  encoders: number;
  getEncoder(layer: number, encoder: number, clockwise: boolean): number;
  setEncoder(layer: number, encoder: number, clockwise: boolean, keycode: number): void;
  /** Bytes of the dynamic keymap (layers × rows × cols × 2) and a way to read one of them. */
  keymapBytes: number;
  keymapByte(offset: number): number;
  /** Presses or releases a switch (the unlock test hook). */
  hold(row: number, col: number, down: boolean): void;
  /** Writes the EEPROM image now. */
  save(): void;
}

/** How a Vial firmware was built: what the model answers to Vial's commands (docs/vial-protocol.md). */
export interface VialBuildOptions {
  /**
   * Builds the Vial layer on the VIA firmware (`createVialModel`): passed in, so the model's code loads only with
   * a Vial board, not with every virtual keyboard.
   */
  createModel(options: VialBuildOptions, host: VialHost): VialModel;
  /** Vial protocol version the board reports (0–6 are modelled). */
  protocol: number;
  /** The keyboard UID, 8 bytes as the firmware sends them (VIAL_KEYBOARD_UID). */
  uid: readonly number[];
  /** The compiled-in definition as the firmware stores it: vial.json in the xz container. */
  definition: Uint8Array;
  /** Matrix positions to hold for the unlock, [row, col] (at most 14, VIAL_UNLOCK_COMBO_ROWS/COLS). */
  unlockKeys: readonly (readonly [number, number])[];
  /** Built with VIAL_INSECURE: always unlocked, no unlock keys, lock does nothing. */
  insecure?: boolean;
  /**
   * VIALRGB_ENABLE: the flag bit in the keyboard id reply, and VIA's lighting commands answered by VialRGB
   * (`vialRgbModel.ts`) over an RGB Matrix with these effects (VialRGB ids) and brightness ceiling.
   */
  vialRgb?: boolean | VialRgbBuild;
  /** Dynamic entries compiled in (0 = feature off). */
  tapDance?: number;
  combos?: number;
  keyOverrides?: number;
  /** QMK_SETTINGS: the QMK settings commands and their EEPROM area. */
  qmkSettings?: boolean;
}

export type EntryKind = 'tapDance' | 'combo' | 'keyOverride';

/** What a dispatch did: not a Vial matter (`pass`), answered (`changed` says whether EEPROM changed). */
export type VialOutcome = { pass: true } | { pass: false; changed: boolean };

const PASS: VialOutcome = { pass: true };
const done = (changed: boolean): VialOutcome => ({ pass: false, changed });
/** While an unlock runs, only these Vial commands are answered; everything else comes back as sent. */
const DURING_UNLOCK: ReadonlySet<number> = new Set([
  VIAL.GET_KEYBOARD_ID,
  VIAL.GET_SIZE,
  VIAL.GET_DEFINITION,
  VIAL.GET_UNLOCK_STATUS,
  VIAL.UNLOCK_START,
  VIAL.UNLOCK_POLL,
]);
/** VIA's lighting get/set value and save, which a VialRGB build answers (no other lighting is built with it). */
const LIGHTING: ReadonlySet<number> = new Set([CMD.CUSTOM_SET_VALUE, CMD.CUSTOM_GET_VALUE, CMD.CUSTOM_SAVE]);
/** Dynamic entry sub-commands: get (odd) and set (even) per feature. */
const ENTRY_KINDS: Readonly<Record<number, EntryKind>> = {
  [DYNAMIC.TAP_DANCE_GET]: 'tapDance',
  [DYNAMIC.TAP_DANCE_SET]: 'tapDance',
  [DYNAMIC.COMBO_GET]: 'combo',
  [DYNAMIC.COMBO_SET]: 'combo',
  [DYNAMIC.KEY_OVERRIDE_GET]: 'keyOverride',
  [DYNAMIC.KEY_OVERRIDE_SET]: 'keyOverride',
};
const le16 = (b: ArrayLike<number>, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);

/**
 * The Vial part of a vial-qmk firmware (quantum/vial.c, and its gates in via.c and dynamic_keymap.c), byte for
 * byte: the 0xFE commands, the security lock (RAM only: a replugged board is locked again), and the dynamic
 * entries and QMK settings kept in EEPROM. Replies overwrite the request from byte 0; what a command does not
 * write comes back as sent.
 */
export class VialModel {
  private unlocked: boolean;
  private inProgress = false;
  private counter = 0;
  private timer = 0;
  private readonly entries: Record<EntryKind, Uint8Array>;
  readonly settings: QmkSettingsStore | null;
  /** VialRGB (VIALRGB_ENABLE), which answers VIA's lighting commands. */
  readonly rgb: VialRgbModel | null;
  private readonly boot: number;

  constructor(
    readonly options: VialBuildOptions,
    private readonly host: VialHost,
  ) {
    this.unlocked = !!options.insecure;
    this.boot = bootKeycode(options.protocol);
    this.entries = {
      tapDance: new Uint8Array((options.tapDance ?? 0) * ENTRY_BYTES),
      combo: new Uint8Array((options.combos ?? 0) * ENTRY_BYTES),
      keyOverride: new Uint8Array((options.keyOverrides ?? 0) * ENTRY_BYTES),
    };
    this.settings = options.qmkSettings ? new QmkSettingsStore() : null;
    this.rgb = options.vialRgb ? new VialRgbModel(options.vialRgb === true ? {} : options.vialRgb) : null;
    this.reset();
  }

  /** EEPROM defaults, as dynamic_keymap_reset writes them. */
  reset(): void {
    this.settings?.reset();
    for (let i = 0; i < this.count('tapDance'); i++)
      this.entries.tapDance.set([0, 0, 0, 0, 0, 0, 0, 0, 200, 0], i * ENTRY_BYTES);
    this.entries.combo.fill(0);
    // Key overrides: all layers, activate on trigger down / required mod down / negative mod up; disabled.
    for (let i = 0; i < this.count('keyOverride'); i++)
      this.entries.keyOverride.set([0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0x07], i * ENTRY_BYTES);
  }

  count(kind: EntryKind): number {
    return this.entries[kind].length / ENTRY_BYTES;
  }

  /**
   * Runs before the VIA handler: the unlock-in-progress gate, the Vial commands, and the VIA commands a
   * locked board refuses (matrix state, macro writes, bootloader jump: answered with the request as sent) or
   * filters (QK_BOOT in a keymap buffer write becomes 0xFFFF; an out-of-range buffer write writes nothing).
   */
  dispatch(data: Uint8Array): VialOutcome {
    if (this.inProgress && (data[0] !== VIAL_PREFIX || !DURING_UNLOCK.has(data[1]!))) return done(false);
    if (data[0] === VIAL_PREFIX) return done(this.command(data));
    // VialRGB takes VIA's lighting commands (via.c sends them to vialrgb.c), locked or not.
    if (this.rgb && LIGHTING.has(data[0]!)) return done(this.rgb.handle(data));
    if (this.unlocked) return data[0] === CMD.DYNAMIC_KEYMAP_SET_BUFFER ? this.boundedBuffer(data) : PASS;
    switch (data[0]) {
      case CMD.GET_KEYBOARD_VALUE:
        return data[1] === KEYBOARD_VALUE.SWITCH_MATRIX_STATE ? done(false) : PASS;
      case CMD.MACRO_SET_BUFFER:
      case CMD.BOOTLOADER_JUMP:
        return done(false);
      case CMD.DYNAMIC_KEYMAP_SET_BUFFER: {
        const bounded = this.boundedBuffer(data);
        if (bounded.pass) this.filterBoot(data);
        return bounded;
      }
      default:
        return PASS;
    }
  }

  /** vial-qmk refuses a keymap buffer write that does not fit whole (QMK's own writes the part that fits). */
  private boundedBuffer(data: Uint8Array): VialOutcome {
    const offset = (data[1]! << 8) | data[2]!;
    const size = data[3]!;
    if (size > 28) return done(false);
    const total = this.host.keymapBytes;
    return offset >= total || total - offset < size ? done(false) : PASS;
  }

  /** Replaces every QK_BOOT the write would store with 0xFFFF (halves straddling the edges included). */
  private filterBoot(data: Uint8Array): void {
    const offset = (data[1]! << 8) | data[2]!;
    const size = data[3]!;
    if (size === 0) return;
    const at = (i: number) => 4 + i;
    let from = 0;
    let to = size;
    if (offset % 2 !== 0) {
      if (((this.host.keymapByte(offset - 1) << 8) | data[at(0)]!) === this.boot) data[at(0)] = 0xff;
      from = 1;
    }
    if ((offset + size) % 2 !== 0) {
      if (((data[at(size - 1)]! << 8) | this.host.keymapByte(offset + size)) === this.boot)
        data[at(size - 1)] = 0xff;
      to -= 1;
    }
    for (let i = from; i < to; i += 2)
      if (((data[at(i)]! << 8) | data[at(i + 1)]!) === this.boot) data.set([0xff, 0xff], at(i));
  }

  private firewall(keycode: number): number {
    return keycode === this.boot && !this.unlocked ? 0 : keycode;
  }

  /** One 0xFE command; returns whether EEPROM changed. */
  private command(data: Uint8Array): boolean {
    const o = this.options;
    switch (data[1]) {
      case VIAL.GET_KEYBOARD_ID:
        data.fill(0);
        data.set([o.protocol & 0xff, (o.protocol >> 8) & 0xff, (o.protocol >> 16) & 0xff, o.protocol >>> 24]);
        data.set(o.uid.slice(0, 8), 4);
        if (o.vialRgb) data[12] = 1;
        return false;
      case VIAL.GET_SIZE: {
        const size = o.definition.length;
        data.set([size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24]);
        return false;
      }
      case VIAL.GET_DEFINITION: {
        const start = (data[2]! | (data[3]! << 8)) * REPORT_LENGTH;
        if (start >= o.definition.length) return false;
        data.set(o.definition.subarray(start, Math.min(start + REPORT_LENGTH, o.definition.length)));
        return false;
      }
      case VIAL.GET_ENCODER:
      case VIAL.SET_ENCODER:
        return this.encoder(data);
      case VIAL.GET_UNLOCK_STATUS:
        data.fill(0xff);
        data[0] = this.unlocked ? 1 : 0;
        data[1] = this.inProgress ? 1 : 0;
        if (!o.insecure) o.unlockKeys.forEach(([row, col], i) => data.set([row, col], 2 + i * 2));
        return false;
      case VIAL.UNLOCK_START:
        this.inProgress = true;
        this.counter = UNLOCK_COUNTER_START;
        this.timer = this.host.now();
        return false;
      case VIAL.UNLOCK_POLL:
        this.poll();
        data.set([this.unlocked ? 1 : 0, this.inProgress ? 1 : 0, this.counter & 0xff]);
        return false;
      case VIAL.LOCK:
        if (!o.insecure) this.unlocked = false;
        return false;
      case VIAL.QMK_SETTINGS_QUERY:
        this.query(data);
        return false;
      case VIAL.QMK_SETTINGS_GET:
      case VIAL.QMK_SETTINGS_SET:
      case VIAL.QMK_SETTINGS_RESET:
        return this.settingsCommand(data);
      case VIAL.DYNAMIC_ENTRY_OP:
        return this.entryCommand(data);
      default:
        return false;
    }
  }

  /** Each poll with every unlock key held, more than 100 ms after the last counted one, counts down. */
  private poll(): void {
    if (this.options.insecure || !this.inProgress) return;
    const holding = this.options.unlockKeys.every(([row, col]) => this.host.isPressed(row, col));
    if (this.host.now() - this.timer > 100 && holding) {
      this.timer = this.host.now();
      this.counter--;
      if (this.counter === 0) {
        this.inProgress = false;
        this.unlocked = true;
      }
    } else {
      this.counter = UNLOCK_COUNTER_START;
    }
  }

  private encoder(data: Uint8Array): boolean {
    const { encoders, layers } = this.host;
    if (encoders === 0) return false;
    const [layer, index] = [data[2]!, data[3]!];
    const fits = layer < layers && index < encoders;
    if (data[1] === VIAL.GET_ENCODER) {
      const ccw = fits ? this.host.getEncoder(layer, index, false) : 0;
      const cw = fits ? this.host.getEncoder(layer, index, true) : 0;
      data.set([ccw >> 8, ccw & 0xff, cw >> 8, cw & 0xff]);
      return false;
    }
    if (!fits) return false;
    this.host.setEncoder(layer, index, data[4] !== 0, this.firewall((data[5]! << 8) | data[6]!));
    return true;
  }

  private query(data: Uint8Array): void {
    const after = le16(data, 2);
    data.fill(0xff);
    if (!this.settings) return;
    this.settings
      .ids()
      .filter((id) => id > after)
      .slice(0, REPORT_LENGTH / 2)
      .forEach((id, i) => data.set([id & 0xff, id >> 8], i * 2));
  }

  private settingsCommand(data: Uint8Array): boolean {
    const settings = this.settings;
    if (!settings) return false;
    const qsid = le16(data, 2);
    if (data[1] === VIAL.QMK_SETTINGS_RESET) {
      settings.reset();
      return true;
    }
    if (data[1] === VIAL.QMK_SETTINGS_GET) {
      const value = settings.get(qsid);
      data[0] = value ? 0 : 0xff;
      if (value) data.set(value, 1);
      return false;
    }
    const ok = settings.set(qsid, data.subarray(4));
    data[0] = ok ? 0 : 0xff;
    return ok;
  }

  private entryCommand(data: Uint8Array): boolean {
    const sub = data[2]!;
    if (sub === DYNAMIC.COUNTS) {
      data.fill(0);
      data.set([this.count('tapDance'), this.count('combo'), this.count('keyOverride')]);
      return false;
    }
    const kind = ENTRY_KINDS[sub];
    // A feature that is not compiled in has no handler: the request comes back as sent.
    if (!kind || this.count(kind) === 0) return false;
    const index = data[3]!;
    const isGet = sub % 2 === 1;
    if (index >= this.count(kind)) {
      data[0] = 0xff;
      if (isGet) data.fill(0, 1, 1 + ENTRY_BYTES);
      return false;
    }
    const store = this.entries[kind];
    if (isGet) {
      data[0] = 0;
      data.set(store.subarray(index * ENTRY_BYTES, (index + 1) * ENTRY_BYTES), 1);
      return false;
    }
    const entry = [...data.subarray(4, 4 + ENTRY_BYTES)];
    const guard = (at: number) => {
      const code = this.firewall(le16(entry, at));
      entry[at] = code & 0xff;
      entry[at + 1] = code >> 8;
    };
    // The firewall covers what a key can send: tap dance's four actions, a combo's output, an override's
    // replacement.
    if (kind === 'tapDance') [0, 2, 4, 6].forEach(guard);
    if (kind === 'combo') guard(8);
    if (kind === 'keyOverride') guard(2);
    store.set(entry, index * ENTRY_BYTES);
    data[0] = 0;
    return true;
  }

  // Inspection and simulation, for tests and the page hook (e2e/helpers.ts).

  /** Entry `index` of a dynamic feature as its 10 EEPROM bytes, or null past the count. */
  entry(kind: EntryKind, index: number): number[] | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.count(kind)) return null;
    return [...this.entries[kind].subarray(index * ENTRY_BYTES, (index + 1) * ENTRY_BYTES)];
  }

  /** Writes an entry's 10 bytes straight into EEPROM (no firewall: a test arranging a board's state). */
  setEntry(kind: EntryKind, index: number, bytes: readonly number[]): boolean {
    if (this.entry(kind, index) === null || bytes.length !== ENTRY_BYTES) return false;
    this.entries[kind].set(bytes, index * ENTRY_BYTES);
    this.host.save();
    return true;
  }

  /** A QMK setting's value bytes (little-endian) as stored, or null. */
  qmkSetting(qsid: number): number[] | null {
    return this.settings?.get(qsid) ?? null;
  }

  /** Stores a QMK setting straight into EEPROM (a test arranging a board's state). */
  setQmkSetting(qsid: number, bytes: readonly number[]): boolean {
    const ok = this.settings?.set(qsid, bytes) ?? false;
    if (ok) this.host.save();
    return ok;
  }

  /** Holds (or lets go of) every key the unlock asks for. */
  holdUnlockKeys(down: boolean): void {
    for (const [row, col] of this.options.unlockKeys) this.host.hold(row, col, down);
  }

  /** The lock as the firmware holds it in RAM. */
  lockState(): { unlocked: boolean; inProgress: boolean; counter: number } {
    return { unlocked: this.unlocked, inProgress: this.inProgress, counter: this.counter };
  }

  /** Unlocks or locks at once (a test that is not about the unlock); an insecure build stays unlocked. */
  setUnlocked(unlocked: boolean): void {
    this.unlocked = unlocked || !!this.options.insecure;
    this.inProgress = false;
  }

  /** Makes VialRGB answer set mode without applying it (a test of what the app does then); false again restores. */
  ignoreRgbWrites(on: boolean): void {
    if (this.rgb) this.rgb.ignoreWrites = on;
  }

  /** VialRGB as the firmware holds it (RAM and EEPROM), or null without VialRGB. */
  rgbState(): ReturnType<VialRgbModel['state']> | null {
    return this.rgb?.state() ?? null;
  }

  dump(): {
    entries: Record<EntryKind, number[]>;
    settings: ReturnType<QmkSettingsStore['dump']> | null;
    rgb?: ReturnType<VialRgbModel['dump']>;
  } {
    return {
      ...(this.rgb ? { rgb: this.rgb.dump() } : {}),
      entries: {
        tapDance: [...this.entries.tapDance],
        combo: [...this.entries.combo],
        keyOverride: [...this.entries.keyOverride],
      },
      settings: this.settings?.dump() ?? null,
    };
  }

  /** Restores a stored image; a part sized for another build is ignored, like the rest of the EEPROM image. */
  load(image: unknown): void {
    const i = image as
      { entries?: Partial<Record<EntryKind, unknown>>; settings?: unknown; rgb?: unknown } | null | undefined;
    for (const kind of ['tapDance', 'combo', 'keyOverride'] as const) {
      const bytes = i?.entries?.[kind];
      if (
        Array.isArray(bytes) &&
        bytes.length === this.entries[kind].length &&
        bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
      )
        this.entries[kind].set(bytes as number[]);
    }
    this.settings?.load(i?.settings);
    this.rgb?.load(i?.rgb);
  }
}

/** The factory Vial build options carry (`VialBuildOptions.createModel`). */
export function createVialModel(options: VialBuildOptions, host: VialHost): VialModel {
  return new VialModel(options, host);
}
