import { jsonTextProblem } from '../definitions/definitionText.ts';
import { z } from '../formats/zod.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { refusalTable, type Refused } from '../lib/refusal.ts';
import { safeName } from '../lib/safeName.ts';
import { ZMK_LIMITS } from '../zmk/limits.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkKeymapData, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';

/**
 * A ZMK keyboard's keymap as ZMK Studio reports it: what the `.keymap` writer (zmkKeymap.ts) takes. The app
 * holds these four from its reads; a Keyloom ZMK keymap file (`*.zmk.json`, below) stores them for the CLI.
 */
export interface ZmkKeymapSnapshot {
  /** CONFIG_ZMK_KEYBOARD_NAME (core.getDeviceInfo). */
  keyboardName: string;
  /** Every behavior with its display name and parameter descriptions (behaviors.all()). */
  behaviors: ZmkBehavior[];
  /** keymap.physicalLayouts(): the bindings are in the order of `layouts[activeIndex]`. */
  physicalLayouts: ZmkPhysicalLayouts;
  keymap: ZmkKeymapData;
}

/** The `format` field of a Keyloom ZMK keymap file. */
export const ZMK_SNAPSHOT_FORMAT = 'keyloom-zmk-keymap';
export const ZMK_SNAPSHOT_VERSION = 1;

/**
 * Bounds for a file read from outside: the size of the text, then the same counts a live keyboard is held to
 * (zmk/limits.ts: ZMK keeps layers in a 32-bit state, 32 at most; the rest far above any keyboard).
 */
export const ZMK_SNAPSHOT_LIMITS = { bytes: 4_000_000, depth: 16, ...ZMK_LIMITS } as const;

const L = ZMK_SNAPSHOT_LIMITS;
const uint32 = z.number().int().min(0).max(0xffffffff);
const int32 = z.number().int().min(-0x80000000).max(0x7fffffff);
const text = z.string().max(L.text);

const paramValue = z.discriminatedUnion('kind', [
  z.object({ name: text, kind: z.literal('nil') }),
  z.object({ name: text, kind: z.literal('constant'), value: uint32 }),
  z.object({ name: text, kind: z.literal('range'), min: int32, max: int32 }),
  z.object({ name: text, kind: z.literal('hidUsage'), keyboardMax: uint32, consumerMax: uint32 }),
  z.object({ name: text, kind: z.literal('layerId') }),
  z.object({ name: text, kind: z.literal('unknown') }),
]);
const values = z.array(paramValue).max(L.values);
const behavior = z.object({
  id: uint32,
  displayName: text,
  sets: z.array(z.object({ param1: values, param2: values })).max(L.sets),
});
const key = z.object({ width: int32, height: int32, x: int32, y: int32, r: int32, rx: int32, ry: int32 });
const binding = z.object({ behaviorId: int32, param1: uint32, param2: uint32 });

const ZmkSnapshotFileSchema = z.object({
  format: z.literal(ZMK_SNAPSHOT_FORMAT),
  version: z.literal(ZMK_SNAPSHOT_VERSION),
  keyboardName: text,
  behaviors: z.array(behavior).max(L.behaviors),
  physicalLayouts: z.object({
    activeIndex: uint32,
    layouts: z.array(z.object({ name: text, keys: z.array(key).max(L.positions) })).max(L.layouts),
  }),
  keymap: z.object({
    layers: z
      .array(z.object({ id: uint32, name: text, bindings: z.array(binding).max(L.positions) }))
      .min(1)
      .max(L.layers),
    availableLayers: z.number().int().min(0).max(L.layers),
    maxLayerNameLength: uint32,
  }),
});

/** Why a Keyloom ZMK keymap file is refused (lib/refusal.ts: `refusals:zmkSnapshot.<name>`). */
export const zmkSnapshotRefusals = refusalTable('zmkSnapshot', {
  tooLarge:
    'Could not read the ZMK keymap: the file is larger than {{max}} bytes or nests deeper than {{depth}}.',
  notJson: 'Could not read the ZMK keymap: the file is not JSON.',
  invalid: 'Could not read the ZMK keymap: {{where}} is missing or not what ZMK Studio reports.',
  layerIds: 'Could not read the ZMK keymap: two layers have the same id.',
  behaviorIds: 'Could not read the ZMK keymap: two behaviors have the same id.',
  positions: 'Could not read the ZMK keymap: the layers have different numbers of bindings.',
  activeLayout: 'Could not read the ZMK keymap: the selected physical layout is not in the list.',
});

/** The snapshot as a Keyloom ZMK keymap file (JSON, `format` and `version` first). */
export function writeZmkSnapshotFile(snapshot: ZmkKeymapSnapshot): string {
  const safe = safeZmkSnapshot(snapshot);
  return (
    JSON.stringify({ format: ZMK_SNAPSHOT_FORMAT, version: ZMK_SNAPSHOT_VERSION, ...safe }, null, 1) + '\n'
  );
}

/** Whether a JSON text claims to be a Keyloom ZMK keymap file (read it with readZmkSnapshotFile). */
export function isZmkSnapshotText(json: unknown): boolean {
  return (
    typeof json === 'object' && json !== null && (json as { format?: unknown }).format === ZMK_SNAPSHOT_FORMAT
  );
}

/**
 * Reads a Keyloom ZMK keymap file, checked in this order: size and nesting before parsing, JSON, every field's
 * type and bound, then what ZMK Studio guarantees (unique layer and behavior ids, one binding per position on
 * every layer, the selected layout listed). One message for the first problem; nothing else is read.
 */
export function readZmkSnapshotFile(text: string): { ok: true; snapshot: ZmkKeymapSnapshot } | Refused {
  const { refuse } = zmkSnapshotRefusals;
  if (jsonTextProblem(text, L.bytes, L.depth))
    return refuse('tooLarge', { max: byteCount(L.bytes), depth: L.depth });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('notJson');
  }
  const parsed = ZmkSnapshotFileSchema.safeParse(json);
  if (!parsed.success)
    return refuse('invalid', { where: parsed.error.issues[0]?.path.join('.') || 'the file' });
  const { format: _format, version: _version, ...snapshot } = parsed.data;
  const { layers } = snapshot.keymap;
  if (new Set(layers.map((l) => l.id)).size !== layers.length) return refuse('layerIds');
  if (new Set(snapshot.behaviors.map((b) => b.id)).size !== snapshot.behaviors.length)
    return refuse('behaviorIds');
  if (layers.some((l) => l.bindings.length !== layers[0]!.bindings.length)) return refuse('positions');
  const { activeIndex, layouts } = snapshot.physicalLayouts;
  if (layouts.length > 0 && activeIndex >= layouts.length) return refuse('activeLayout');
  return { ok: true, snapshot: safeZmkSnapshot(snapshot) };
}

/**
 * The snapshot with every name through `safeName` (lib/safeName.ts: no bidi controls, control characters made
 * visible): the keyboard's, its layers', behaviors', parameter values' and physical layouts' names. What the
 * readers hand on and what the writers write.
 */
export function safeZmkSnapshot(snapshot: ZmkKeymapSnapshot): ZmkKeymapSnapshot {
  const { keymap, physicalLayouts } = snapshot;
  return {
    keyboardName: safeName(snapshot.keyboardName),
    behaviors: snapshot.behaviors.map((b) => ({
      ...b,
      displayName: safeName(b.displayName),
      sets: b.sets.map(({ param1, param2 }) => ({
        param1: param1.map((v) => ({ ...v, name: safeName(v.name) })),
        param2: param2.map((v) => ({ ...v, name: safeName(v.name) })),
      })),
    })),
    physicalLayouts: {
      ...physicalLayouts,
      layouts: physicalLayouts.layouts.map((l) => ({ ...l, name: safeName(l.name) })),
    },
    keymap: { ...keymap, layers: keymap.layers.map((l) => ({ ...l, name: safeName(l.name) })) },
  };
}
