import { CMD, KEYBOARD_VALUE, MAX_CHUNK, REPORT_LENGTH } from '../protocol/commands.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import { KC_GET_PROTOCOL_VERSION } from '../protocol/keychron/keychronProbe.ts';
import { u16, u32 } from '../protocol/bytes.ts';
import { DEFAULT_CONFIG, type CustomValueSpec, type VirtualKeyboardConfig } from './config.ts';
import { ValueStore } from './valueStore.ts';
import type { TabReceiver } from './tabReceiver.ts';
import type { VialModel } from './vial/VialModel.ts';
import type { KeychronModel } from './keychron/KeychronModel.ts';
import type * as Extensions from './extendedFeatures.ts';
import type { ExtendedFeatures, ExtendedImage, FlashedImage } from './extendedFeatures.ts';
import type { FirmwareInspection } from './firmwareInspection.ts';
import { ENTER_BOOT, FIRMWARE_PARTS, MATRIX_TEXTS } from '../protocol/vendorValues.ts';
import { TEXT_MAX_LENGTH } from '../qmk/vendorLimits.ts';
import { CONNECT_DFU, isDfuCommand } from '../definitions/vendorMenus.ts';

/** Custom values holding the LED grid's texts: channel 0, id 67, one per index (length byte + ASCII). */
function textValues(texts: { count: number; length: number } | undefined): CustomValueSpec[] {
  return Array.from({ length: texts?.count ?? 0 }, (_, index) => ({
    channel: MATRIX_TEXTS[0],
    valueId: MATRIX_TEXTS[1],
    args: [index],
    length: 1 + Math.min(texts!.length, TEXT_MAX_LENGTH),
  }));
}

/**
 * Commands the core firmware answers itself (the switch in `dispatch`), and the keyboard values it knows: a
 * keyboard's load uses only these, so it never waits for the extensions' code.
 */
// Keychron's protocol question (0xA0), which every VIA load asks once: no extension answers it, so it must not
// load them (their code would join the first screen's download).
const CORE_COMMANDS = new Set<number>([...Object.values(CMD), KC_GET_PROTOCOL_VERSION]);
const CORE_KEYBOARD_VALUES = new Set<number>([
  KEYBOARD_VALUE.UPTIME,
  KEYBOARD_VALUE.LAYOUT_OPTIONS,
  KEYBOARD_VALUE.SWITCH_MATRIX_STATE,
  KEYBOARD_VALUE.FIRMWARE_VERSION,
  KEYBOARD_VALUE.DEVICE_INDICATION,
]);

/** A request needed the extensions (`VirtualFirmware.loadExtensions`) before they were loaded. */
export const EXTENSIONS_NOT_LOADED = 'Virtual firmware: await loadExtensions() before this request';

/** Persists the EEPROM image across page loads, like a real board keeps it across power cycles. */
export interface EepromStorage {
  load(key: string): Uint8Array | null;
  save(key: string, bytes: Uint8Array): void;
}

export interface FirmwareOptions {
  now?: () => number;
  storage?: EepromStorage;
  /** Storage key; defaults to the vendor/product id. */
  storageKey?: string;
  /** Loads the extensions' code (a dynamic import unless given: tests hold it to see requests wait). */
  importExtensions?: () => Promise<typeof Extensions>;
}

const KC_TRNS = 0x0001;

/** Build options a firmware may lack (the rest get DEFAULT_CONFIG's values). */
type OptionalConfig =
  | 'defaultKeymap'
  | 'defaultEncoders'
  | 'matrixLighting'
  | 'screen'
  | 'receiverBoot'
  | 'vial'
  | 'keychron'
  | 'qmkBootloader'
  | 'qmkFaults';

// The class and the interface of the same name are one type: the interface names the inspection methods
// firmwareInspection.ts puts on the prototype (`loadInspection`).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface VirtualFirmware extends FirmwareInspection {}

/**
 * A QMK VIA firmware in TypeScript: an in-memory EEPROM (keymap, encoder map, layout options, macro buffer,
 * custom values) answering raw-HID requests byte for byte as QMK's via.c does. Bytes a command does not
 * write are echoed from the request; unknown commands, values and channels get 0xFF in byte 0; reads past a
 * buffer's end give zeros and writes past it are dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class VirtualFirmware {
  readonly config: Required<Omit<VirtualKeyboardConfig, OptionalConfig>> &
    Pick<VirtualKeyboardConfig, OptionalConfig>;
  private keymap!: Uint8Array;
  private encoderMap!: Uint16Array;
  private layoutOptions!: Uint8Array;
  private macros!: Uint8Array;
  private readonly custom: ValueStore;
  private readonly lighting: ValueStore;
  /**
   * The vendor extensions (actuation, legacy keyboard values, bulk transfers) once loaded; until then what a
   * stored image holds for them is kept as it was (`pendingImage`) and written back unchanged.
   */
  private extensions: ExtendedFeatures | null = null;
  private extensionsLoading: Promise<void> | null = null;
  private pendingImage: ExtendedImage = { legacy: null, actuation: null, matrix: null };
  /** The Vial layer of a vial-qmk build (null for a VIA firmware). */
  readonly vial: VialModel | null;
  /** Keychron's layer of a Keychron build (null otherwise): it sees every report before VIA does. */
  readonly keychron: KeychronModel | null;
  private readonly pressed = new Set<number>();
  private readonly now: () => number;
  private readonly bootedAt: number;
  private readonly storageKey: string;
  /** Set after a bootloader jump: the board stops answering, as real hardware does. */
  jumpedToBootloader = false;
  /** Version set by the last firmware flashed (it survives like the flash does), or null for the factory one. */
  private flashedVersion: number | null = null;
  /** Version of the PLC part set by the last PLC file flashed, or null for the factory parts. */
  private plcVersion: number | null = null;
  /** Set by the 'enter boot mode' command (16, 10, 1) before master firmware; cleared by the next image. */
  bootMode = false;
  /** Called after a firmware image was flashed: the board restarts (the HID stand-in re-enumerates it). */
  onRestart: (() => void) | null = null;
  /** Called when 'connect to DFU' puts the 2.4G receiver into its bootloader. */
  onDfu: (() => void) | null = null;

  constructor(
    config: VirtualKeyboardConfig,
    private readonly options: FirmwareOptions = {},
  ) {
    this.config = { ...DEFAULT_CONFIG, ...config } as VirtualFirmware['config'];
    this.now = options.now ?? Date.now;
    this.bootedAt = this.now();
    this.storageKey = options.storageKey ?? `vk:${config.vendorId}:${config.productId}`;
    this.custom = new ValueStore([...this.config.customValues, ...textValues(config.matrixLighting?.texts)]);
    this.lighting = new ValueStore(
      this.config.lightingValues.map((v) => ({ ...v, channel: -1 }) satisfies CustomValueSpec),
    );
    this.vial = config.vial
      ? config.vial.createModel(config.vial, {
          now: () => this.now(),
          isPressed: (row, col) => this.pressed.has(row * this.config.cols + col),
          layers: this.config.layers,
          encoders: this.config.encoders,
          getEncoder: (layer, encoder, clockwise) => this.getEncoderKeycode(layer, encoder, clockwise),
          setEncoder: (layer, encoder, clockwise, keycode) => {
            this.encoderMap[(layer * this.config.encoders + encoder) * 2 + (clockwise ? 0 : 1)] = keycode;
          },
          keymapBytes: this.config.layers * this.config.rows * this.config.cols * 2,
          keymapByte: (offset) => this.keymap[offset] ?? 0,
          hold: (row, col, down) => (down ? this.press(row, col) : this.release(row, col)),
          save: () => this.persist(),
        })
      : null;
    this.keychron = config.keychron?.createModel(config.keychron, this) ?? null;
    this.resetEeprom();
    this.restore();
  }

  /**
   * Loads the code of the board's vendor extensions (once; resolves at once when loaded). The HID stand-in does
   * this before a request that needs it (`extensionsFor`); code that calls `handleReport` or the inspection
   * methods directly awaits it first.
   */
  loadExtensions(): Promise<void> {
    const load = this.options.importExtensions ?? (() => import('./extendedFeatures.ts'));
    this.extensionsLoading ??= load().then(
      ({ ExtendedFeatures }) => {
        const extensions = new ExtendedFeatures(this.config, (image) => this.flashed(image));
        try {
          extensions.load(this.pendingImage);
        } catch {
          // A corrupt stored part: factory content, as a board with a bad EEPROM magic has.
        }
        this.extensions = extensions;
      },
      (error: unknown) => {
        // The code could not be fetched (offline, redeployed): the next request that needs it tries again.
        this.extensionsLoading = null;
        throw error;
      },
    );
    return this.extensionsLoading;
  }

  /** What must load before `request` can be answered, or null when it can be answered now. */
  extensionsFor(request: Uint8Array): Promise<void> | null {
    if (this.extensions || this.jumpedToBootloader) return null;
    const { legacyCustomFeatures, actuation, matrixLighting, screen, serialFirmware } = this.config;
    const command = request[0]!;
    const needed =
      command === CMD.GET_KEYBOARD_VALUE || command === CMD.SET_KEYBOARD_VALUE
        ? !!legacyCustomFeatures && !CORE_KEYBOARD_VALUES.has(request[1]!)
        : !CORE_COMMANDS.has(command) && (!!actuation || !!matrixLighting || !!screen || !!serialFirmware);
    return needed ? this.loadExtensions() : null;
  }

  /** The loaded extensions (for the inspection too); inspection before `loadExtensions` is a caller's mistake. */
  loaded(): ExtendedFeatures {
    if (!this.extensions) throw new Error(EXTENSIONS_NOT_LOADED);
    return this.extensions;
  }

  /** Bulk transfers of the vendor line (matrix lighting, screen files, firmware), once the extensions loaded. */
  get transfers(): TabReceiver {
    return this.loaded().transfers;
  }

  private flashed(image: FlashedImage): void {
    if (image.plc !== null) this.plcVersion = image.plc;
    else this.flashedVersion = image.version ?? this.firmwareVersion();
    this.bootMode = false;
    this.persist();
    this.onRestart?.();
  }

  /** Restores factory defaults (VIA's EEPROM reset / a fresh board). */
  resetEeprom(): void {
    const { layers, rows, cols, encoders, macroBufferSize, layoutOptionBytes } = this.config;
    this.keymap = new Uint8Array(layers * rows * cols * 2);
    for (let layer = 0; layer < layers; layer++) {
      for (let i = 0; i < rows * cols; i++) {
        this.writeKey(layer, i, this.config.defaultKeymap?.[layer]?.[i] ?? (layer === 0 ? 0 : KC_TRNS));
      }
    }
    this.encoderMap = new Uint16Array(layers * encoders * 2);
    for (let layer = 0; layer < layers; layer++) {
      for (let e = 0; e < encoders; e++) {
        const [cw, ccw] = this.config.defaultEncoders?.[layer]?.[e] ?? [
          layer === 0 ? 0 : KC_TRNS,
          layer === 0 ? 0 : KC_TRNS,
        ];
        this.encoderMap[(layer * encoders + e) * 2] = cw;
        this.encoderMap[(layer * encoders + e) * 2 + 1] = ccw;
      }
    }
    this.layoutOptions = new Uint8Array(layoutOptionBytes);
    this.setLayoutOptionsValue(this.config.layoutOptionsDefault);
    this.macros = new Uint8Array(macroBufferSize);
    this.custom.reset();
    this.lighting.reset();
    this.extensions?.legacy?.reset();
    this.pendingImage.legacy = null;
    this.vial?.reset();
  }

  /** Answers one 32-byte request; null when the board no longer answers (after a bootloader jump). */
  handleReport(request: Uint8Array): Uint8Array | null {
    if (this.jumpedToBootloader) return null;
    if (this.extensionsFor(request)) throw new Error(EXTENSIONS_NOT_LOADED);
    const data = new Uint8Array(REPORT_LENGTH);
    data.set(request.subarray(0, REPORT_LENGTH));
    // Keychron's layer sees every report first; it may answer silently or with a new report.
    const keychron = this.keychron?.handle(data);
    if (keychron ? keychron.changed : this.dispatch(data)) this.persist();
    return keychron ? keychron.reply : data;
  }

  /** Runs the command in place on `data`; returns whether EEPROM changed. */
  private dispatch(data: Uint8Array): boolean {
    const { protocol, layers, encoders } = this.config;
    const vial = this.vial?.dispatch(data);
    if (vial && !vial.pass) return vial.changed;
    switch (data[0]) {
      case CMD.GET_PROTOCOL_VERSION:
        data[1] = protocol >> 8;
        data[2] = protocol & 0xff;
        return false;
      case CMD.GET_KEYBOARD_VALUE:
        return this.getKeyboardValue(data);
      case CMD.SET_KEYBOARD_VALUE:
        return this.setKeyboardValue(data);
      case CMD.DYNAMIC_KEYMAP_GET_KEYCODE: {
        const index = this.keyIndex(data[1]!, data[2]!, data[3]!);
        const code = index === null ? 0 : u16(this.keymap, index * 2);
        data[4] = code >> 8;
        data[5] = code & 0xff;
        return false;
      }
      case CMD.DYNAMIC_KEYMAP_SET_KEYCODE: {
        const index = this.keyIndex(data[1]!, data[2]!, data[3]!);
        if (index === null) return false;
        this.keymap[index * 2] = data[4]!;
        this.keymap[index * 2 + 1] = data[5]!;
        return true;
      }
      case CMD.DYNAMIC_KEYMAP_RESET: {
        const { macros, layoutOptions } = this;
        this.resetEeprom();
        this.macros = macros;
        this.layoutOptions = layoutOptions;
        return true;
      }
      case CMD.CUSTOM_SET_VALUE:
      case CMD.CUSTOM_GET_VALUE:
      case CMD.CUSTOM_SAVE:
        return protocol >= PROTOCOL.V3_DEFINITIONS ? this.customCommand(data) : this.lightingCommand(data);
      case CMD.EEPROM_RESET:
        if (!this.config.allowEepromReset) return this.unhandled(data);
        this.resetEeprom();
        return true;
      case CMD.BOOTLOADER_JUMP:
        if (!this.config.bootloaderJump) return this.unhandled(data);
        this.jumpedToBootloader = true;
        return false;
      case CMD.MACRO_GET_COUNT:
        data[1] = this.config.macroCount;
        return false;
      case CMD.MACRO_GET_BUFFER_SIZE:
        data[1] = this.macros.length >> 8;
        data[2] = this.macros.length & 0xff;
        return false;
      case CMD.MACRO_GET_BUFFER:
        this.readBuffer(this.macros, data);
        return false;
      case CMD.MACRO_SET_BUFFER:
        return this.writeBuffer(this.macros, data);
      case CMD.MACRO_RESET:
        this.macros.fill(0);
        return true;
      case CMD.GET_LAYER_COUNT:
        data[1] = layers;
        return false;
      case CMD.DYNAMIC_KEYMAP_GET_BUFFER:
        this.readBuffer(this.keymap, data);
        return false;
      case CMD.DYNAMIC_KEYMAP_SET_BUFFER:
        return this.writeBuffer(this.keymap, data);
      case CMD.DYNAMIC_KEYMAP_GET_ENCODER:
      case CMD.DYNAMIC_KEYMAP_SET_ENCODER: {
        if (protocol < PROTOCOL.ENCODERS || encoders === 0) return this.unhandled(data);
        const [layer, encoder, clockwise] = [data[1]!, data[2]!, data[3]!];
        const slot =
          layer < layers && encoder < encoders ? (layer * encoders + encoder) * 2 + (clockwise ? 0 : 1) : -1;
        if (data[0] === CMD.DYNAMIC_KEYMAP_GET_ENCODER) {
          const code = slot < 0 ? 0 : this.encoderMap[slot]!;
          data[4] = code >> 8;
          data[5] = code & 0xff;
          return false;
        }
        if (slot < 0) return false;
        this.encoderMap[slot] = u16(data, 4);
        return true;
      }
      default:
        return this.extensions?.dispatch(data) ?? this.unhandled(data);
    }
  }

  /**
   * Answers one 64-byte frame on the serial interface; null when the frame gets no reply (unknown commands,
   * data chunks the board does not acknowledge) or the board is in its bootloader.
   */
  handleSerialFrame(frame: Uint8Array): Uint8Array | null {
    // The serial port is made after the extensions loaded (VirtualHidDevice.serialPort).
    return this.jumpedToBootloader || !this.extensions ? null : this.extensions.serialReply(frame, this);
  }

  /** Whether the board asks for serial data chunks to be acknowledged (flag byte of info replies). */
  serialAcks = true;

  /** Versions of the board's parts (a single PLC part once a PLC file was flashed). */
  firmwareParts(): readonly number[] {
    const parts = this.config.firmwareParts;
    return this.plcVersion !== null && parts.length <= 1 ? [this.plcVersion] : parts;
  }

  /** The running firmware's version, `major<<8 | minor<<4 | patch`. */
  firmwareVersion(): number {
    return this.flashedVersion ?? this.config.firmwareVersion;
  }

  private unhandled(data: Uint8Array): false {
    data[0] = CMD.UNHANDLED;
    return false;
  }

  private getKeyboardValue(data: Uint8Array): boolean {
    const put32 = (value: number) =>
      data.set([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff], 2);
    switch (data[1]) {
      case KEYBOARD_VALUE.UPTIME:
        put32(Math.max(0, Math.floor(this.now() - this.bootedAt)) >>> 0);
        return false;
      case KEYBOARD_VALUE.LAYOUT_OPTIONS:
        put32(this.layoutOptionsValue());
        return false;
      case KEYBOARD_VALUE.SWITCH_MATRIX_STATE:
        if (this.config.protocol < PROTOCOL.MATRIX_TESTER) return this.unhandled(data);
        this.fillSwitchMatrix(data);
        return false;
      case KEYBOARD_VALUE.FIRMWARE_VERSION:
        if (this.config.protocol < PROTOCOL.V3_DEFINITIONS) return this.unhandled(data);
        put32(this.firmwareVersion());
        return false;
      default:
        if (this.extensions?.legacy?.get(data)) return false;
        return this.unhandled(data);
    }
  }

  private setKeyboardValue(data: Uint8Array): boolean {
    switch (data[1]) {
      case KEYBOARD_VALUE.LAYOUT_OPTIONS:
        this.setLayoutOptionsValue(u32(data, 2));
        return true;
      case KEYBOARD_VALUE.DEVICE_INDICATION:
        return false;
      default:
        if (this.extensions?.legacy?.set(data)) return true;
        return this.unhandled(data);
    }
  }

  /** Protocol ≥ 12: rows from data[2], written from data[3]; 9–11: all rows from data[2] if they fit. */
  private fillSwitchMatrix(data: Uint8Array): void {
    const { rows, cols, protocol } = this.config;
    const bytesPerRow = Math.ceil(cols / 8);
    const withOffset = protocol >= PROTOCOL.MATRIX_ROW_OFFSET;
    const first = withOffset ? data[2]! : 0;
    const start = withOffset ? 3 : 2;
    const rowsFit = Math.floor((REPORT_LENGTH - start) / bytesPerRow);
    if (!withOffset && rows * bytesPerRow > MAX_CHUNK) return;
    for (let r = 0; r < Math.min(rowsFit, rows - first); r++) {
      let bits = 0;
      for (let c = 0; c < cols; c++)
        if (this.pressed.has((first + r) * cols + c) || this.keychron?.closesSwitch(first + r, c))
          bits += 2 ** c;
      for (let b = 0; b < bytesPerRow; b++)
        data[start + r * bytesPerRow + b] = Math.floor(bits / 2 ** (8 * (bytesPerRow - 1 - b))) & 0xff;
    }
  }

  private customCommand(data: Uint8Array): boolean {
    const [command, channel] = [data[0]!, data[1]!];
    // The receiver channel of wireless boards: 'connect to DFU' (set 18, 5, 1) and its save are acknowledged.
    if (this.config.receiverBoot && channel === CONNECT_DFU[0] && command !== CMD.CUSTOM_GET_VALUE) {
      if (command === CMD.CUSTOM_SET_VALUE && isDfuCommand(channel, data[2]!, [data[3]!])) this.onDfu?.();
      return false;
    }
    if (
      this.config.serialFirmware &&
      command === CMD.CUSTOM_SET_VALUE &&
      channel === ENTER_BOOT[0] &&
      data[2] === ENTER_BOOT[1]
    ) {
      // The CDC bootloader keeps the keyboard's ids, so the master image goes over the same port.
      this.bootMode = data[3] === ENTER_BOOT[2];
      return false;
    }
    const parts = this.firmwareParts();
    if (
      command === CMD.CUSTOM_GET_VALUE &&
      channel === FIRMWARE_PARTS[0] &&
      data[2] === FIRMWARE_PARTS[1] &&
      parts.length
    ) {
      data[3] = parts.length;
      parts.forEach((v, i) => data.set([0, v >> 8, (v >> 4) & 0xf, v & 0xf], 4 + i * 4));
      return false;
    }
    const compiled = this.config.customChannels.includes(channel);
    if (!compiled && !this.custom.hasChannel(channel)) return this.unhandled(data);
    if (command === CMD.CUSTOM_SAVE) return false;
    const handled = this.custom.handle(channel, data, 2, command === CMD.CUSTOM_SET_VALUE);
    // Core QMK channels echo unknown value ids; keyboard-level channel 0 reports them unhandled.
    if (handled === null) return compiled && channel !== 0 ? false : this.unhandled(data);
    return handled;
  }

  private lightingCommand(data: Uint8Array): boolean {
    if (data[0] === CMD.CUSTOM_SAVE) return false;
    const handled = this.lighting.handle(-1, data, 1, data[0] === CMD.CUSTOM_SET_VALUE);
    return handled === null ? this.unhandled(data) : handled;
  }

  /** QMK does not check the size byte; a report only has room for 28 data bytes, so neither do we read more. */
  private readBuffer(buffer: Uint8Array, data: Uint8Array): void {
    const offset = u16(data, 1);
    const size = Math.min(data[3]!, MAX_CHUNK);
    for (let i = 0; i < size; i++) data[4 + i] = offset + i < buffer.length ? buffer[offset + i]! : 0;
  }

  private writeBuffer(buffer: Uint8Array, data: Uint8Array): boolean {
    const offset = u16(data, 1);
    const size = Math.min(data[3]!, MAX_CHUNK);
    let changed = false;
    for (let i = 0; i < size; i++) {
      if (offset + i < buffer.length) {
        buffer[offset + i] = data[4 + i]!;
        changed = true;
      }
    }
    return changed;
  }

  private keyIndex(layer: number, row: number, col: number): number | null {
    const { layers, rows, cols } = this.config;
    return layer < layers && row < rows && col < cols ? (layer * rows + row) * cols + col : null;
  }

  private writeKey(layer: number, index: number, code: number): void {
    const at = (layer * this.config.rows * this.config.cols + index) * 2;
    this.keymap[at] = code >> 8;
    this.keymap[at + 1] = code & 0xff;
  }

  /** Layout options as the firmware reads them back: only the kept low-order bytes survive. */
  layoutOptionsValue(): number {
    let value = 0;
    for (const byte of this.layoutOptions) value = value * 256 + byte;
    return value >>> 0;
  }

  private setLayoutOptionsValue(value: number): void {
    const n = this.layoutOptions.length;
    for (let i = 0; i < n; i++) this.layoutOptions[n - 1 - i] = Math.floor(value / 2 ** (8 * i)) & 0xff;
  }

  // Inspection and simulation, for tests, the debug pane and the stdio bridge.

  getKeycode(layer: number, row: number, col: number): number {
    const index = this.keyIndex(layer, row, col);
    return index === null ? 0 : u16(this.keymap, index * 2);
  }

  getEncoderKeycode(layer: number, encoder: number, clockwise: boolean): number {
    const { encoders } = this.config;
    return this.encoderMap[(layer * encoders + encoder) * 2 + (clockwise ? 0 : 1)] ?? 0;
  }

  macroBuffer(): Uint8Array {
    return this.macros.slice();
  }

  /**
   * Loads the inspection of what the board holds that no page of the app reads (`firmwareInspection.ts`:
   * actuation, DKS, rapid trigger, the LED grid's animation, the screen's file, transfers, macro playback), for
   * tests and automation; the unit tests' setup installs it at once.
   */
  loadInspection(): Promise<void> {
    return import('./firmwareInspection.ts').then((m) => m.installInspection(VirtualFirmware.prototype));
  }

  /** A stored custom-menu value; channel -1 reads the legacy (protocol ≤ 10) lighting values. */
  customValue(channel: number, valueId: number, args: readonly number[] = []): number[] | null {
    return channel === -1
      ? this.lighting.value(-1, valueId, args)
      : this.custom.value(channel, valueId, args);
  }

  press(row: number, col: number): void {
    this.pressed.add(row * this.config.cols + col);
  }

  release(row: number, col: number): void {
    this.pressed.delete(row * this.config.cols + col);
  }

  /** Keeps the EEPROM image in storage (a board back from its bootloader with a fresh EEPROM calls it too). */
  persist(): void {
    this.options.storage?.save(this.storageKey, this.serialize());
  }

  /** The EEPROM image: keymap, encoders, layout options, macros, custom and lighting values, actuation. */
  serialize(): Uint8Array {
    const image = {
      keymap: [...this.keymap],
      encoders: [...this.encoderMap],
      layoutOptions: [...this.layoutOptions],
      macros: [...this.macros],
      custom: this.custom.dump(),
      lighting: this.lighting.dump(),
      flashedVersion: this.flashedVersion,
      plcVersion: this.plcVersion,
      vial: this.vial?.dump() ?? null,
      keychron: this.keychron?.dump() ?? null,
      ...(this.extensions?.dump() ?? this.pendingImage),
    };
    return new TextEncoder().encode(JSON.stringify(image));
  }

  /** The live arrays of VIA's EEPROM part (a Keychron board composes its EEPROM image from them). */
  viaParts(): { keymap: Uint8Array; encoders: Uint16Array; layoutOptions: Uint8Array; macros: Uint8Array } {
    return {
      keymap: this.keymap,
      encoders: this.encoderMap,
      layoutOptions: this.layoutOptions,
      macros: this.macros,
    };
  }

  private restore(): void {
    const bytes = this.options.storage?.load(this.storageKey);
    if (!bytes) return;
    try {
      const image = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      const fit = (target: Uint8Array | Uint16Array, source: unknown) => {
        // A stored image from a differently sized board is ignored rather than half-applied.
        if (
          Array.isArray(source) &&
          source.length === target.length &&
          source.every((n) => Number.isInteger(n))
        ) {
          target.set(source as number[]);
        }
      };
      fit(this.keymap, image.keymap);
      fit(this.encoderMap, image.encoders);
      fit(this.layoutOptions, image.layoutOptions);
      fit(this.macros, image.macros);
      this.custom.load(image.custom);
      this.lighting.load(image.lighting);
      if (typeof image.flashedVersion === 'number') this.flashedVersion = image.flashedVersion;
      if (typeof image.plcVersion === 'number') this.plcVersion = image.plcVersion;
      this.vial?.load(image.vial);
      this.keychron?.load(image.keychron);
      // Read by the extensions when they load (the model keeps only what this board has).
      const { legacyCustomFeatures, actuation, matrixLighting } = this.config;
      this.pendingImage = {
        legacy: legacyCustomFeatures ? (image.legacy ?? null) : null,
        actuation: actuation ? (image.actuation ?? null) : null,
        matrix: matrixLighting ? (image.matrix ?? null) : null,
      };
    } catch {
      // Corrupt storage: keep factory defaults, as a board with a bad EEPROM magic does.
    }
  }
}
