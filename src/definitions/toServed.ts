import type {
  KeyboardDefinitionV2,
  KeyboardDefinitionV3,
  VIADefinitionV2,
  VIADefinitionV3,
} from '@the-via/reader';
// Deep import on purpose: the reader's index (and its transform module) compile the schemas with
// `new Function` when imported, which the app's Content-Security-Policy forbids. These checks do not.
import {
  validateCommonMenus,
  validateKeyBounds,
  validateLayouts,
  validateMenuConstraints,
} from '@the-via/reader/dist/validate.js';

/** '0x4B42' → 0x4B42; refuses QMK's placeholder vendor id and text that is not hex, with a hint for 'Ox…'. */
function parseHexId(label: 'vendorId' | 'productId', text: string): number {
  const value = Number.parseInt(text, 16);
  if (Number.isNaN(value)) {
    const hint = /^[Oo]x/.test(text) ? ` Did you mean '0x${text.slice(2)}'?` : '';
    throw new Error(`${label} could not be parsed: '${text}'.${hint}`);
  }
  return value;
}

/**
 * The served id of a keyboard: vendor id × 65536 + product id, as the VIA definition index keys it.
 * @throws Error for 0xFEED (QMK's placeholder, shared by many boards) or ids that are not hex.
 */
export function vendorProductIdOf(source: { vendorId: string; productId: string }): number {
  if (source.vendorId.toUpperCase() === '0XFEED') throw new Error("'0xFEED' is not a valid vendorId.");
  return parseHexId('vendorId', source.vendorId) * 65536 + parseHexId('productId', source.productId);
}

/** The KLE keymap parsed into keys and option keys, with every key inside the matrix. */
function servedLayouts<L extends KeyboardDefinitionV3['layouts']>(
  layouts: L,
  matrix: VIADefinitionV3['matrix'],
) {
  const { keymap: _keymap, ...rest } = layouts;
  const served = { ...rest, ...validateLayouts(layouts) };
  validateKeyBounds(matrix, served);
  return served;
}

/**
 * Compiles a schema-checked v3 source definition to the served form.
 * @throws Error naming the first structural problem (KLE groups, matrix bounds, menus, ids).
 */
export function toServedV3(source: KeyboardDefinitionV3): VIADefinitionV3 {
  const menus = source.menus ?? [];
  const layouts = servedLayouts(source.layouts, source.matrix);
  validateCommonMenus(menus);
  validateMenuConstraints(menus);
  return {
    name: source.name,
    vendorProductId: vendorProductIdOf(source),
    firmwareVersion: source.firmwareVersion ?? 0,
    menus,
    keycodes: source.keycodes ?? [],
    customKeycodes: source.customKeycodes,
    matrix: source.matrix,
    layouts,
  };
}

/**
 * Compiles a schema-checked v2 source definition to the served form.
 * @throws Error naming the first structural problem (KLE groups, matrix bounds, menus, ids).
 */
export function toServedV2(source: KeyboardDefinitionV2): VIADefinitionV2 {
  const layouts = servedLayouts(source.layouts, source.matrix);
  validateMenuConstraints(source.customMenus ?? []);
  return {
    name: source.name,
    lighting: source.lighting,
    layouts,
    matrix: source.matrix,
    customFeatures: source.customFeatures,
    customKeycodes: source.customKeycodes,
    customMenus: source.customMenus,
    vendorProductId: vendorProductIdOf(source),
  };
}
