import { CMD, KEYBOARD_VALUE, REPORT_LENGTH } from '../../protocol/commands.ts';
import {
  KC_EEPROM_SIZE,
  KC_FACTORY_TEST,
  KC_GET_DEFAULT_LAYER,
  KC_GET_FIRMWARE_VERSION,
  KC_GET_PROTOCOL_VERSION,
  KC_GET_SUPPORT_FEATURE,
  KC_KEYCHRON_RGB,
  KC_MISC_CMD_GROUP,
  KC_MISC_REPORT_RATE_GET,
  KC_WIRELESS_DFU,
} from '../../protocol/keychron/keychronIds.ts';
import {
  KC_DEBOUNCE_DEFAULT_TYPE,
  KC_DEBOUNCE_TYPE_COUNT,
  KC_OS_INDICATOR_MIN_V,
  KC_REPORT_RATE_DIVIDER_MAX,
  KC_REPORT_RATE_SUPPORTED_MASK,
} from '../../qmk/keychronValues.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import { keychronEepromLayout, type KeychronEepromLayout } from './keychronEepromLayout.ts';
import { EECONFIG_MAGIC, freshKeychronEeprom, viaMagic } from './keychronFreshEeprom.ts';
import { buildDateIn, factoryTest, infoCommand } from './keychronInfo.ts';
import { debounceTimeFor, miscCommand } from './keychronMisc.ts';
import { rgbCommand } from './keychronRgb.ts';
import { readRgbConfig, RGB_MATRIX_DEFAULTS, RgbMatrixRam, writeRgbConfig } from './rgbMatrixConfig.ts';
import { rgbMatrixChannel } from './rgbMatrixChannel.ts';
import type { KeychronState } from './keychronState.ts';

/** What the Keychron layer needs from the VIA firmware it sits on (VirtualFirmware). */
export interface KeychronHost {
  /** The live arrays of VIA's EEPROM part; keymap bytes as stored (big endian), encoders [cw, ccw] per encoder. */
  viaParts(): { keymap: Uint8Array; encoders: Uint16Array; layoutOptions: Uint8Array; macros: Uint8Array };
  /** eeconfig_init_via: keymap and encoders from flash, macros cleared, layout options default. */
  resetEeprom(): void;
}

/**
 * A request Keychron's layer answered: whether EEPROM changed, and the reply (the request buffer changed in
 * place, a new report, or null for none). `handle` returns null for requests VIA answers.
 */
export interface KeychronAnswer {
  changed: boolean;
  reply: Uint8Array | null;
}

/**
 * Keychron's firmware layer over QMK's VIA (docs/keychron-protocol.md): it sees every report first. It answers
 * 0xA0-0xA3, 0xA7, 0xA8 and 0xAB, stays silent on 0xAA, and replaces VIA's custom-value commands (channel 3 RGB
 * matrix with the save quirk) and device indication; everything else passes to the VIA model.
 *
 * State is split as on the board: `eeprom` (3,072 bytes; the VIA part lives in the VIA model and is composed
 * in by `image()`), and RAM loaded from it at power-on (`boot`). Writes that the firmware stores at once go to
 * both; Snap Click, Keychron RGB and VIA's RGB values stay in RAM until their save.
 */
export class KeychronModel implements KeychronState {
  readonly layout: KeychronEepromLayout;
  eeprom: Uint8Array;
  rgb!: RgbMatrixRam;
  /** VIA RGB value ids set since the last save (rgb_matrix_value_id_mask). */
  viaRgbMask = 0;
  osIndicator!: Uint8Array;
  perKeyType = 0;
  perKeyColors!: Uint8Array;
  regions!: Uint8Array;
  effects!: Uint8Array;
  snapClick!: Uint8Array;
  debounceType = KC_DEBOUNCE_DEFAULT_TYPE;
  debounceTime = 0;
  reportRate = 0;
  /** Highest default layer, set by the OS switch at power-on and whenever it moves. */
  defaultLayer = 0;
  /** Where the physical OS switch stands (Mac when the board is new); a power cycle does not move it. */
  osSwitch: 'mac' | 'win' = 'mac';
  /**
   * Unsolicited reports (state notify) go here: the CLI bridge writes them, the app's virtual device delivers
   * them as input reports (VirtualHidDevice).
   */
  onReport: ((report: Uint8Array) => void) | null = null;

  constructor(
    readonly board: KeychronBoardData,
    /** The build date of the firmware in its flash (a flash of another build changes it: `startAfterBootloader`). */
    public buildDate: string,
    private readonly host: KeychronHost,
  ) {
    this.layout = keychronEepromLayout(board);
    this.eeprom = freshKeychronEeprom(board, this.layout);
    this.boot();
  }

  /** Power-on: RAM from EEPROM, as each module's init reads it (with their repairs of bad values). */
  boot(): void {
    const { layout: l, eeprom: e, board } = this;
    const leds = board.leds.length;
    const config = readRgbConfig(e, l.rgbMatrix);
    // rgb_matrix_init: a mode of 0 means an uninitialised config; the defaults are written.
    if (config.mode === 0) writeRgbConfig(e, l.rgbMatrix, RGB_MATRIX_DEFAULTS);
    this.rgb = new RgbMatrixRam(
      config.mode === 0 ? { ...RGB_MATRIX_DEFAULTS } : config,
      board.brightnessTurnOffVal,
    );
    this.viaRgbMask = 0;
    this.osIndicator = e.slice(l.osIndicator, l.osIndicator + 4);
    this.osIndicator[3] = Math.max(this.osIndicator[3]!, KC_OS_INDICATOR_MIN_V);
    this.perKeyType = e[l.perKeyType]!;
    this.perKeyColors = e.slice(l.perKeyColors, l.perKeyColors + leds * 3);
    this.regions = e.slice(l.regions, l.regions + leds);
    this.effects = e.slice(l.effectList, l.kbEnd);
    this.snapClick = e.slice(l.snapClick, l.osIndicator);
    const type = e[l.debounce]!;
    this.setDebounce(type >= KC_DEBOUNCE_TYPE_COUNT ? KC_DEBOUNCE_DEFAULT_TYPE : type, e[l.debounce + 1]!);
    this.reportRate =
      l.reportRate >= 0 && e[l.reportRate]! <= KC_REPORT_RATE_DIVIDER_MAX ? e[l.reportRate]! : 0;
    // dip_switch_read at power-on sets the default layer from the switch (q1v2.c / c1_pro_8k.c).
    this.defaultLayer = this.osSwitch === 'mac' ? board.osSwitch.macLayer : board.osSwitch.winLayer;
  }

  /** Runs the request in place on `data` if it is Keychron's; null when VIA answers it (KeychronAnswer). */
  handle(data: Uint8Array): KeychronAnswer | null {
    const echo = (changed: boolean): KeychronAnswer => ({ changed, reply: data });
    switch (data[0]) {
      case KC_GET_PROTOCOL_VERSION:
      case KC_GET_FIRMWARE_VERSION:
      case KC_GET_SUPPORT_FEATURE:
      case KC_GET_DEFAULT_LAYER:
        infoCommand(this.facts(), data);
        return echo(false);
      case KC_MISC_CMD_GROUP:
        return echo(miscCommand(this, data));
      case KC_KEYCHRON_RGB:
        return echo(rgbCommand(this, data));
      case KC_WIRELESS_DFU:
        // Wired: falls through to the factory-test handler, which ignores any id but 0xAB.
        return { changed: false, reply: null };
      case KC_FACTORY_TEST:
        return { changed: false, reply: factoryTest(this.facts(), data) };
      case CMD.CUSTOM_SET_VALUE:
      case CMD.CUSTOM_GET_VALUE:
      case CMD.CUSTOM_SAVE:
        return echo(rgbMatrixChannel(this, data));
      case CMD.SET_KEYBOARD_VALUE:
        // Device indication toggles the RGB matrix (not stored); VIA still writes the reply.
        if (data[1] === KEYBOARD_VALUE.DEVICE_INDICATION) this.rgb.toggle();
        return null;
      default:
        return null;
    }
  }

  private facts() {
    return {
      deviceVersion: this.board.deviceVersion,
      buildDate: this.buildDate,
      defaultLayer: this.defaultLayer,
    };
  }

  setDebounce(type: number, time: number): void {
    this.debounceType = type;
    this.debounceTime = debounceTimeFor(type, time);
  }

  /** Report rate set (0xA7 0x0E or the Fn combination): stored at once. */
  setReportRate(divider: number): void {
    this.reportRate = divider;
    this.eeprom[this.layout.reportRate] = divider;
  }

  /** 0xA8 0x02: OS indicator, per-key type and colours, regions and effect lists to EEPROM. */
  saveRgb(): void {
    const l = this.layout;
    this.eeprom.set(this.osIndicator, l.osIndicator);
    this.eeprom[l.perKeyType] = this.perKeyType;
    this.eeprom.set(this.perKeyColors, l.perKeyColors);
    this.eeprom.set(this.regions, l.regions);
    this.eeprom.set(this.effects, l.effectList);
  }

  /** The OS switch moved: the default layer changes and the board tells the host (`[A3, layer]`). */
  setOsSwitch(position: 'mac' | 'win'): void {
    this.osSwitch = position;
    this.defaultLayer = position === 'mac' ? this.board.osSwitch.macLayer : this.board.osSwitch.winLayer;
    this.notify([KC_GET_DEFAULT_LAYER, this.defaultLayer]);
  }

  /** Whether the OS switch closes this matrix position now (the Q1 V2 scans it with the keys: closed = Windows). */
  closesSwitch(row: number, col: number): boolean {
    const at = this.board.osSwitch.matrix;
    return !!at && this.osSwitch === 'win' && at[0] === row && at[1] === col;
  }

  /** The Fn report-rate combination on the keyboard: stored, and reported as `[A7, 0D, 00, divider, 7F]`. */
  reportRateFromKeyboard(divider: number): void {
    if (!this.board.reportRate || divider > KC_REPORT_RATE_DIVIDER_MAX) return;
    this.setReportRate(divider);
    this.notify([KC_MISC_CMD_GROUP, KC_MISC_REPORT_RATE_GET, 0, divider, KC_REPORT_RATE_SUPPORTED_MASK]);
  }

  private notify(bytes: number[]): void {
    const report = new Uint8Array(REPORT_LENGTH);
    report.set(bytes);
    this.onReport?.(report);
  }

  /** The whole 3,072-byte EEPROM: Keychron's part with the VIA model's magic, layout options, keymap and macros. */
  image(): Uint8Array {
    const l = this.layout;
    const image = this.eeprom.slice();
    const via = this.host.viaParts();
    image.set(viaMagic(this.buildDate), l.viaMagic);
    image.set(via.layoutOptions.subarray(0, 1), l.layoutOptions);
    image.set(via.keymap.subarray(0, l.keymapSize), l.keymap);
    // Encoder keycodes big endian, clockwise first, as dynamic_keymap stores them.
    via.encoders.forEach((code, i) => image.set([code >> 8, code & 0xff], l.encoders + i * 2));
    image.set(via.macros.subarray(0, l.macrosSize), l.macros);
    return image;
  }

  /**
   * Powers the board on with `image` as its EEPROM (a power cycle). A wrong eeconfig magic means a fresh board
   * (everything initialised); a wrong VIA magic re-initialises VIA's part only, as via_init does.
   * Throws on an image that is not 3,072 bytes.
   */
  loadImage(image: Uint8Array): void {
    if (image.length !== KC_EEPROM_SIZE) {
      throw new Error(`A Keychron EEPROM image is ${KC_EEPROM_SIZE} bytes; this one is ${image.length}`);
    }
    const l = this.layout;
    if ((image[0]! | (image[1]! << 8)) !== EECONFIG_MAGIC) return this.flashFresh();
    this.eeprom = image.slice();
    const magic = viaMagic(this.buildDate);
    if (magic.some((b, i) => image[l.viaMagic + i] !== b)) this.host.resetEeprom();
    else {
      const via = this.host.viaParts();
      via.layoutOptions.set(image.subarray(l.layoutOptions, l.layoutOptions + 1));
      via.keymap.set(image.subarray(l.keymap, l.keymap + l.keymapSize));
      via.encoders.forEach(
        (_, i) => (via.encoders[i] = (image[l.encoders + i * 2]! << 8) | image[l.encoders + i * 2 + 1]!),
      );
      via.macros.set(image.subarray(l.macros, l.macros + l.macrosSize));
    }
    this.boot();
  }

  /** The board right after flashing: every setting, Keychron's and VIA's, initialised; RAM from them. */
  flashFresh(): void {
    this.eeprom = freshKeychronEeprom(this.board, this.layout);
    this.host.resetEeprom();
    this.boot();
  }

  /**
   * QMK's bootmagic (Esc held while plugging in): `eeconfig_disable` writes the magic's "off" value (0xFFFF)
   * before the bootloader jump, so whatever firmware starts next initialises every setting.
   */
  disableEeconfig(): void {
    this.eeprom.set([0xff, 0xff], 0);
  }

  /**
   * The board starts again after its bootloader with `flash` in it: the EEPROM is what it was (a DFU flash
   * erases only the sectors the image covers, and the wear-levelled EEPROM sits at the flash's end), read by that
   * firmware: a build of another date has another VIA magic and re-initialises VIA's part (keymap, encoders,
   * macros, layout options); a disabled eeconfig (bootmagic) initialises everything.
   */
  startAfterBootloader(flash: Uint8Array): void {
    const image = this.image();
    this.buildDate = buildDateIn(flash) ?? this.buildDate;
    this.loadImage(image);
  }

  /** Keychron's stored part for the app's storage (the VIA part is stored by the VIA model). */
  dump(): number[] {
    return [...this.eeprom.subarray(0, this.layout.viaMagic)];
  }

  /** Restores `dump()`'s bytes and powers on from them; anything else keeps the fresh EEPROM. */
  load(stored: unknown): void {
    const size = this.layout.viaMagic;
    if (!Array.isArray(stored) || stored.length !== size) return;
    if (!stored.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) return;
    this.eeprom.set(stored as number[]);
    this.boot();
  }
}
