import { legendsToLoad } from '../keycodes/legends.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { encoderCount } from '../definitions/keys.ts';
import { menuValueSpecs } from '../definitions/menuValues.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { lightingMenu, lightingValueIds, lightingValueLength } from '../definitions/lightingValues.ts';
import { DEFAULT_LAYER_COUNT } from '../protocol/commands.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { ApData, DksEntry, RtData } from '../qmk/actuation.ts';
import type { KeychronInfo } from './keychronSettings.ts';
import type { KeychronProblem } from './keychronProblem.ts';

/** Everything read from a keyboard on select; the UI renders from this and never from raw bytes. */
export interface KeyboardState {
  definition: ServedDefinition;
  definitionVersion: DefinitionVersion;
  /**
   * The VIA protocol whose keycode numbering the keyboard uses (what is shown, written, saved and loaded): the
   * protocol it reports, or for a Vial keyboard the one its Vial protocol numbers keycodes like (12 or 9).
   */
  protocol: number;
  firmwareVersion: number;
  layerCount: number;
  /** [layer][row*cols+col] keycodes. */
  keymap: number[][];
  /** [layer][encoder] = [clockwise, counter-clockwise]; empty without encoders or below protocol 10. */
  encoders: [number, number][][];
  /** Packed layout options, or null when the read failed (a warning, not an error). */
  layoutOptions: number | null;
  /**
   * `writing`: the buffer's "write in progress" flag was raised when it was read (a save stopped part-way, so
   * the keyboard plays no macro); absent or false otherwise.
   */
  macros: { supported: boolean; count: number; bufferSize: number; bytes: Uint8Array; writing?: boolean };
  /** v3 menu values by "channel:valueId:args", v2 lighting values by "valueId[:args]". */
  values: Record<string, number[]>;
  /** Analog actuation, read when the Actuation pane opens (Hall-effect keyboards only). */
  actuation?: { selfChecked: boolean; keys: ApData[]; rt?: RtData[]; dks?: DksEntry[] };
  /** Per-key colours [hue, saturation] by LED index, read when the colour palette opens (keys with `li`). */
  perKeyColors?: [number, number][];
  /**
   * Present exactly when the keyboard runs Vial firmware: its Vial protocol (keycode numbering, features), its
   * UID as hex (high byte first), whether it has VialRGB (the keyboard id's flag, set by every VialRGB build: its
   * Lighting pane then speaks VialRGB). Its definition came from the keyboard itself.
   */
  vial?: { protocol: number; uid: string; vialRgb: boolean };
  /** Present exactly when the keyboard answered Keychron's 0xA0: its protocol, firmware text and features. */
  keychron?: KeychronInfo;
  /**
   * Present when the keyboard answered 0xA0 but its features could not be read (a garbled or silent 0xA1/0xA2):
   * it is driven as a plain VIA board, and the page says why in the user's language.
   */
  keychronUnread?: KeychronProblem;
}

export const LIGHTING_MENU_FAILED = 'Loading lighting/menu data failed';

export interface LoadOptions {
  warn(message: string): void;
  /** Keymap layers already loaded for this device (skips the keymap read when complete). */
  loadedKeymap?: number[][] | undefined;
  /**
   * The VIA protocol whose keycode numbering the keyboard uses, when it is not the one it reports (a Vial
   * keyboard's, from its Vial protocol: its family says).
   */
  keycodeProtocol?: number;
  /**
   * Whether encoders have a code per layer, whatever the VIA protocol says (a Vial keyboard has its own encoder
   * request); by default from protocol 10.
   */
  encoders?: boolean;
  /** Custom menu values never asked for (a Keychron board's channel 3 past its mask: `keychronKnowsValue`). */
  skipValue?: (channel: number, valueId: number) => boolean;
}

/**
 * Loads a keyboard in the order the spec gives: macros, layout options, (matrix lighting config: none on
 * these keyboards), lighting values (protocol < 11) or menu values (≥ 11), then layers and keymap, then
 * encoders. A failed macro read marks macros unsupported; one failed menu value does not lose the others.
 */
export async function loadKeyboard(
  commands: ViaCommands,
  definition: ServedDefinition,
  definitionVersion: DefinitionVersion,
  options: LoadOptions,
): Promise<KeyboardState> {
  const { protocol } = commands;
  // The code the values below need (the reader's common menus, the v2 Lighting pane's builder) loads while the
  // macros and layout options are read, not after them; its failure is met where it is awaited.
  const code =
    'menus' in definition
      ? loadCommonMenus(definition.menus)
      : 'lighting' in definition
        ? lightingMenu.load()
        : null;
  code?.catch(() => undefined);
  const macros = await loadMacros(commands);
  let layoutOptions: number | null = null;
  if ((definition.layouts.labels ?? []).length > 0) {
    layoutOptions = await commands.layoutOptions().catch(() => {
      options.warn('Reading layout options failed');
      return null;
    });
  }
  // A v3 definition's menus (VIA protocol 11+, or a Vial keyboard whose vial.json has menus), else v2 lighting.
  const values =
    'menus' in definition
      ? await loadMenuValues(commands, definition, options)
      : await loadLighting(commands, definition, options);
  const firmwareVersion =
    protocol >= PROTOCOL.V3_DEFINITIONS ? await commands.firmwareVersion().catch(() => 0) : 0;
  const layerCount =
    protocol >= PROTOCOL.LAYER_COUNT_AND_BUFFERS ? await commands.layerCount() : DEFAULT_LAYER_COUNT;
  const { rows, cols } = definition.matrix;
  const loaded = options.loadedKeymap;
  const keymap =
    loaded && loaded.length === layerCount && loaded.every((l) => l.length === rows * cols)
      ? loaded
      : await commands.readKeymap(layerCount, rows, cols);
  const encoders: [number, number][][] = [];
  const count = encoderCount(definition);
  if ((options.encoders ?? protocol >= PROTOCOL.ENCODERS) && count > 0) {
    for (let layer = 0; layer < layerCount; layer++) {
      const row: [number, number][] = [];
      for (let e = 0; e < count; e++) row.push(await commands.encoderPair(layer, e));
      encoders.push(row);
    }
  }
  const keycodeProtocol = options.keycodeProtocol ?? protocol;
  // The first layer shows first: the legend rows (or the composite keycodes' code) its keys need are here before
  // it (offline and not yet cached: QMK's own labels).
  await legendsToLoad([...(keymap[0] ?? []), ...(encoders[0] ?? []).flat()], keycodeProtocol)
    ?.load()
    .catch(() => undefined);
  return {
    definition,
    definitionVersion,
    protocol: keycodeProtocol,
    firmwareVersion,
    layerCount,
    keymap,
    encoders,
    layoutOptions,
    macros,
    values,
  };
}

async function loadMacros(commands: ViaCommands): Promise<KeyboardState['macros']> {
  const unsupported = { supported: false, count: 0, bufferSize: 0, bytes: new Uint8Array() };
  if (commands.protocol < PROTOCOL.LAYER_COUNT_AND_BUFFERS) return unsupported;
  try {
    const count = await commands.macroCount();
    if (count === 0) return unsupported;
    const bufferSize = await commands.macroBufferSize();
    const bytes = await commands.readMacroBytes(count, bufferSize);
    // The last byte is the "write in progress" flag: raised, a save stopped part-way and the keyboard plays no
    // macro (ADR 0012). Read unless the macros reached it; a failed read of it alone loses nothing else.
    const writing =
      bytes.length >= bufferSize
        ? bytes[bufferSize - 1] !== 0
        : await commands
            .readMacroBuffer(bufferSize - 1, 1)
            .then((flag) => flag[0] !== 0)
            .catch(() => false);
    return { supported: true, count, bufferSize, bytes, ...(writing && { writing }) };
  } catch {
    return unsupported;
  }
}

async function loadMenuValues(
  commands: ViaCommands,
  definition: ServedDefinition,
  options: LoadOptions,
): Promise<Record<string, number[]>> {
  const menus = 'menus' in definition ? definition.menus : [];
  // Menus that name QMK's common menus need the reader's copy of them (loaded with the first such keyboard).
  await loadCommonMenus(menus);
  const values: Record<string, number[]> = {};
  let failed = false;
  for (const spec of menuValueSpecs(menus).values) {
    if (options.skipValue?.(spec.channel, spec.valueId)) continue;
    const args = spec.args ?? [];
    try {
      const bytes = await commands.customValue(spec.channel, spec.valueId, args);
      values[[spec.channel, spec.valueId, ...args].join(':')] = [...bytes.subarray(0, spec.length)];
    } catch {
      failed = true;
    }
  }
  if (failed) options.warn(LIGHTING_MENU_FAILED);
  return values;
}

async function loadLighting(
  commands: ViaCommands,
  definition: ServedDefinition,
  options: LoadOptions,
): Promise<Record<string, number[]>> {
  // The Lighting pane's builder loads with the first v2 keyboard, before its keymap shows.
  if ('lighting' in definition) await lightingMenu.load();
  const values: Record<string, number[]> = {};
  let failed = false;
  for (const id of lightingValueIds('lighting' in definition ? definition.lighting : 'none')) {
    try {
      const bytes = await commands.lightingValue(id);
      values[String(id)] = [...bytes.subarray(0, lightingValueLength(id))];
    } catch {
      failed = true;
    }
  }
  if (failed) options.warn(LIGHTING_MENU_FAILED);
  return values;
}
