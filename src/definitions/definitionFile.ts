import type * as Compiler from './compile.ts';
import type { DefinitionVersion, Result, ServedDefinition } from './compile.ts';
import type { LimitProblem } from './definitionLimits.ts';
import { textSizeProblem } from './definitionText.ts';
import { limitMessage } from './limitMessage.ts';
import { definitionName } from './definitionName.ts';
import { formatIds } from './deviceIds.ts';
import { formatVendorProductId } from './vendorProductIds.ts';

// The ids' text lives in deviceIds.ts (the first screen shows it without loading this file's checks).
export { formatIds, formatVendorProductId };

/** The compiler functions a definition file needs; passed in so this module never pulls the reader in itself. */
export type DefinitionCompiler = Pick<
  typeof Compiler,
  'compileSourceDefinition' | 'validateServedDefinition'
>;

/** The keyboard a definition file is meant for: its USB ids and the VIA protocol it answered. */
export interface KeyboardIdentity {
  vendorId: number;
  productId: number;
  protocol: number;
}

/** Protocol 11 split definitions in two: older firmware reads v2 definitions, 11 and later v3 (core.md §3). */
export const V3_PROTOCOL = 11;

export function requiredVersion(protocol: number): DefinitionVersion {
  return protocol >= V3_PROTOCOL ? 'v3' : 'v2';
}

/** `FEED:0001`: vendor and product id as 4 upper-case hex digits each, the form people read on labels and lsusb. */
/** A definition file checked for one keyboard: which form it came in, its version and the compiled definition. */
export interface CheckedDefinition {
  form: 'source' | 'via';
  version: DefinitionVersion;
  definition: ServedDefinition;
}

/** Why a file was refused, with what the message names; the UI words it in the user's language. */
export type Refusal =
  | { code: 'notJson' }
  | { code: 'notDefinition' }
  | { code: 'wrongIds'; fileIds: string; fileName: string; keyboardIds: string }
  | { code: 'invalid'; detail: string }
  | ({ code: 'tooLarge' } & LimitProblem)
  | { code: 'wrongVersion'; protocol: number; needed: DefinitionVersion; got: DefinitionVersion };

export type DefinitionFileResult =
  { ok: true; value: CheckedDefinition } | { ok: false; refusal: Refusal; message: string };

/** The English wording of a refusal (logs, CLI, tests); the UI has the same sentences in every language. */
export function refusalMessage(r: Refusal): string {
  switch (r.code) {
    case 'notJson':
      return 'This file is not valid JSON.';
    case 'notDefinition':
      return 'This file is not a keyboard definition: it needs name, matrix and layouts (VIA or keyboards-repository form).';
    case 'wrongIds':
      return `This definition is for ${r.fileIds}${r.fileName ? ` (${r.fileName})` : ''}, but the keyboard is ${r.keyboardIds}. Nothing was stored.`;
    case 'invalid':
      return `This definition is not valid: ${r.detail}. Nothing was stored.`;
    case 'wrongVersion':
      return `This keyboard speaks VIA protocol ${r.protocol} and needs a ${r.needed} definition; this file is a ${r.got} definition. Nothing was stored.`;
    case 'tooLarge': {
      const { code: _code, ...problem } = r;
      return `${limitMessage(problem)} Nothing was stored.`;
    }
  }
}

const refuse = (refusal: Refusal): DefinitionFileResult => ({
  ok: false,
  refusal,
  message: refusalMessage(refusal),
});

type Json = Record<string, unknown>;

/** QMK's default vendor id, left in place by many hand-built keyboards. */
const PLACEHOLDER_VENDOR_ID = 0xfeed;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** VIA's served form carries `vendorProductId` and compiled `layouts.keys`; the source form has KLE `layouts.keymap`. */
function formOf(json: Json): 'source' | 'via' | null {
  if (!('matrix' in json) || !isObject(json.layouts)) return null;
  if (typeof json.vendorProductId === 'number' && Array.isArray(json.layouts.keys)) return 'via';
  if ('keymap' in json.layouts) return 'source';
  return null;
}

/** The ids a file claims, read before any schema check so a file for another keyboard is named as such. */
function claimedVendorProductId(json: Json, form: 'source' | 'via'): number | null {
  if (form === 'via') return Number.isInteger(json.vendorProductId) ? (json.vendorProductId as number) : null;
  const id = (v: unknown) =>
    typeof v === 'string' && /^0x[0-9a-f]{1,4}$/i.test(v.trim()) ? parseInt(v.trim(), 16) : null;
  const vendorId = id(json.vendorId);
  const productId = id(json.productId);
  return vendorId === null || productId === null ? null : vendorId * 65536 + productId;
}

/** A refusal from the compiler: its size problem when it has one, else its message. */
const compilerRefusal = (failure: { message: string; limit?: LimitProblem }): DefinitionFileResult =>
  refuse(
    failure.limit ? { code: 'tooLarge', ...failure.limit } : { code: 'invalid', detail: failure.message },
  );

/**
 * Checks a definition file someone brought for one keyboard, in this order: its size (before JSON.parse), JSON,
 * a definition at all (VIA form or keyboards-repository source form with KLE layouts), the ids it claims against
 * the keyboard's, the compiler's checks (sizes, then schema), then the version the keyboard's protocol needs.
 * Nothing is stored here: the caller stores only an `ok` result, so a refused file leaves no trace.
 */
export function checkDefinitionFile(
  text: string,
  keyboard: KeyboardIdentity,
  compiler: DefinitionCompiler,
): DefinitionFileResult {
  const size = textSizeProblem(text);
  if (size) return refuse({ code: 'tooLarge', ...size });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ code: 'notJson' });
  }
  if (!isObject(json)) return refuse({ code: 'notDefinition' });
  const form = formOf(json);
  if (!form) return refuse({ code: 'notDefinition' });
  const expected = keyboard.vendorId * 65536 + keyboard.productId;
  const claimed = claimedVendorProductId(json, form);
  const keyboardIds = formatIds(keyboard.vendorId, keyboard.productId);
  if (claimed !== null && claimed !== expected) {
    const fileName = typeof json.name === 'string' ? json.name : '';
    return refuse({ code: 'wrongIds', fileIds: formatVendorProductId(claimed), fileName, keyboardIds });
  }
  let checked: CheckedDefinition;
  if (form === 'source') {
    // The public collection refuses QMK's placeholder vendor id 0xFEED, because many hobby boards share it —
    // which is exactly why such a board needs a personal definition. The ids were checked above; the rest of the
    // file goes through the compiler unchanged.
    const placeholder = claimed !== null && Math.floor(claimed / 65536) === PLACEHOLDER_VENDOR_ID;
    const compiled = compiler.compileSourceDefinition(placeholder ? { ...json, vendorId: '0x0000' } : json);
    if (!compiled.ok) return compilerRefusal(compiled);
    checked = { form, ...compiled.value };
    if (placeholder) checked.definition = { ...checked.definition, vendorProductId: claimed };
  } else {
    const version: DefinitionVersion = 'menus' in json || 'keycodes' in json ? 'v3' : 'v2';
    const served = compiler.validateServedDefinition(json, version);
    if (!served.ok) return compilerRefusal(served);
    checked = { form, version, definition: served.value };
  }
  // The schema may have normalised the ids (e.g. a source file without them fails above); check the result too.
  if (checked.definition.vendorProductId !== expected) {
    return refuse({
      code: 'wrongIds',
      fileIds: formatVendorProductId(checked.definition.vendorProductId),
      fileName: definitionName(checked.definition),
      keyboardIds,
    });
  }
  const needed = requiredVersion(keyboard.protocol);
  if (checked.version !== needed) {
    return refuse({ code: 'wrongVersion', protocol: keyboard.protocol, needed, got: checked.version });
  }
  return { ok: true, value: checked };
}

/**
 * A keyboard definition file as users have them: the keyboards repository's source form (KLE layouts, compiled
 * here) or VIA's served form (`vendorProductId`, `layouts.keys`), v2 or v3. A file larger than Keyloom reads,
 * invalid JSON and definitions the compiler refuses come back as one readable message.
 */
export function readDefinitionFile(
  text: string,
  compiler: Pick<typeof Compiler, 'compileSourceDefinition' | 'validateServedDefinition'>,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  const size = textSizeProblem(text);
  if (size) return { ok: false, message: limitMessage(size), limit: size };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not valid JSON.' };
  }
  if (json && typeof json === 'object' && 'vendorProductId' in json) {
    const version: DefinitionVersion = 'menus' in json ? 'v3' : 'v2';
    const served = compiler.validateServedDefinition(json, version);
    return served.ok ? { ok: true, value: { version, definition: served.value } } : served;
  }
  return compiler.compileSourceDefinition(json);
}
