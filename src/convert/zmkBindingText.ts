import { paramMatches } from '../zmk/bindingParams.ts';
import type { ZmkBehavior, ZmkParamValue } from '../zmk/behavior.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';
import type { ConvertNote } from './convertNotes.ts';
import {
  builtInCellCount,
  commandText,
  constantText,
  ZMK_BUILT_IN_BEHAVIORS,
  type ZmkBuiltInBehavior,
} from './zmkBuiltInBehaviors.ts';
import { cellNumber, zmkUsageText } from './zmkKeyText.ts';

/** What the writer knows of a behavior's devicetree label. */
export type ZmkBehaviorNaming =
  | { kind: 'builtIn'; builtIn: ZmkBuiltInBehavior; behavior: ZmkBehavior }
  /** A label the user gave for a behavior of their own keymap. */
  | { kind: 'labelled'; label: string; behavior: ZmkBehavior }
  /** Not one of ZMK's own: the firmware reports its display name only. */
  | { kind: 'unknown'; behavior: ZmkBehavior }
  /** Named like one of ZMK's own, but the name is there twice or the parameters differ. */
  | { kind: 'uncertain'; behavior: ZmkBehavior };

/** A devicetree label (what follows `&`). */
export const ZMK_LABEL = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The key of `labels` that names the behavior with local id `id` whatever its display name (`#12`). */
export const zmkLabelKey = (id: number) => `#${id}`;

/**
 * The built-in whose driver's parameter descriptions only ZMK's own behavior gives (Bluetooth's commands, the
 * output constants), when exactly one of the firmware's behaviors has them: known by its parameters, whatever
 * name the build reports.
 */
function byFingerprint(
  behavior: ZmkBehavior,
  behaviors: readonly ZmkBehavior[],
): ZmkBuiltInBehavior | undefined {
  const builtIn = ZMK_BUILT_IN_BEHAVIORS.find((b) => b.fingerprint?.(behavior.sets));
  if (!builtIn) return undefined;
  const alike = behaviors.filter((b) => builtIn.fingerprint!(b.sets)).length;
  return alike === 1 ? builtIn : undefined;
}

/**
 * Each behavior's naming, by local id (what bindings carry, stable for the build). A label the user gave for the
 * id (`#12`) comes first, then one given for its display name when no other behavior has that name. Then ZMK's
 * own behavior whose parameters only ZMK's driver describes so (Bluetooth, output selection), and last ZMK's own
 * behavior of that display name when the firmware has the name once and describes its parameters as ZMK's driver
 * does. Nothing is named from a guess: a renamed behavior whose parameters many behaviors share is `unknown`
 * (shown and edited by its parameters, written as a comment), a name there twice or with other parameters
 * `uncertain`.
 */
export function nameBehaviors(
  behaviors: readonly ZmkBehavior[],
  labels: Readonly<Record<string, string>> = {},
): Map<number, ZmkBehaviorNaming> {
  const named = new Map<number, ZmkBehaviorNaming>();
  for (const behavior of behaviors) {
    const twice = behaviors.filter((b) => b.displayName === behavior.displayName).length > 1;
    const byId = zmkLabelKey(behavior.id);
    const label = Object.hasOwn(labels, byId)
      ? labels[byId]
      : !twice && Object.hasOwn(labels, behavior.displayName)
        ? labels[behavior.displayName]
        : undefined;
    if (label !== undefined) {
      named.set(behavior.id, { kind: 'labelled', label, behavior });
      continue;
    }
    const known = byFingerprint(behavior, behaviors);
    if (known) {
      named.set(behavior.id, { kind: 'builtIn', builtIn: known, behavior });
      continue;
    }
    const builtIn = ZMK_BUILT_IN_BEHAVIORS.find((b) => b.displayName === behavior.displayName);
    if (!builtIn) named.set(behavior.id, { kind: 'unknown', behavior });
    else if (twice || !builtIn.fits(behavior.sets)) named.set(behavior.id, { kind: 'uncertain', behavior });
    else named.set(behavior.id, { kind: 'builtIn', builtIn, behavior });
  }
  return named;
}

/** The local id of ZMK's own behavior `label` ('trans') on this keyboard, when Keyloom knows it for sure. */
export function builtInBehaviorId(behaviors: readonly ZmkBehavior[], label: string): number | null {
  for (const [id, naming] of nameBehaviors(behaviors))
    if (naming.kind === 'builtIn' && naming.builtIn.label === label) return id;
  return null;
}

/** Counts of what a keymap's bindings could not carry as they are, turned into notes at the end. */
export class ZmkTally {
  private readonly behaviors = new Map<number, { naming: ZmkBehaviorNaming; count: number }>();
  private readonly missingLayers = new Set<number>();
  private missingLayerCount = 0;
  private readonly unnamedUsages = new Set<number>();
  private unnamedUsageCount = 0;
  droppedParams = 0;
  /** dt-bindings headers the written parameters use. */
  readonly headers = new Set<string>();

  behavior(naming: ZmkBehaviorNaming): void {
    const entry = this.behaviors.get(naming.behavior.id) ?? { naming, count: 0 };
    entry.count++;
    this.behaviors.set(naming.behavior.id, entry);
  }

  missingLayer(id: number): void {
    this.missingLayers.add(id);
    this.missingLayerCount++;
  }

  unnamedUsage(value: number): void {
    this.unnamedUsages.add(value);
    this.unnamedUsageCount++;
  }

  notes(): ConvertNote[] {
    const notes: ConvertNote[] = [];
    for (const { naming, count } of this.behaviors.values()) {
      const { id, displayName: name } = naming.behavior;
      if (naming.kind === 'unknown') notes.push({ kind: 'zmkUnknownBehavior', name, id, count });
      if (naming.kind === 'uncertain') notes.push({ kind: 'zmkUncertainBehavior', name, id, count });
    }
    if (this.missingLayerCount > 0)
      notes.push({
        kind: 'zmkMissingLayer',
        ids: [...this.missingLayers].join(', '),
        count: this.missingLayerCount,
      });
    if (this.unnamedUsageCount > 0)
      notes.push({
        kind: 'zmkUnnamedUsage',
        values: [...this.unnamedUsages].map((v) => '0x' + v.toString(16)).join(', '),
        count: this.unnamedUsageCount,
      });
    if (this.droppedParams > 0) notes.push({ kind: 'zmkDroppedParams', count: this.droppedParams });
    return notes;
  }
}

export interface ZmkBindingContext {
  naming: ReadonlyMap<number, ZmkBehaviorNaming>;
  /** Layer id → the layer's index in the written file (what layer parameters hold there). */
  layerIndex: ReadonlyMap<number, number>;
  tally: ZmkTally;
}

/** Text safe inside a `/* … *\/` comment on one line. */
export function commentText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\*\//g, '* /');
}

/** A binding kept only as a comment: `&none` holds its place so every later key stays on its position. */
const commented = (what: string) => `&none /* ${commentText(what)} */`;

/** A missing layer while formatting: the binding is then written as a comment. */
class MissingLayer extends Error {
  constructor(readonly id: number) {
    super(`layer id ${id}`);
  }
}

function usageCell(value: number, ctx: ZmkBindingContext): string {
  const text = zmkUsageText(value);
  if (text !== null) return text;
  ctx.tally.unnamedUsage(value);
  return cellNumber(value);
}

function layerCell(id: number, ctx: ZmkBindingContext): string {
  const index = ctx.layerIndex.get(id);
  if (index === undefined) throw new MissingLayer(id);
  return String(index);
}

function builtInParams(
  builtIn: ZmkBuiltInBehavior,
  { param1, param2 }: ZmkBinding,
  ctx: ZmkBindingContext,
): string[] {
  const { cells } = builtIn;
  if ('kind' in cells)
    return cells.kind === 'commands'
      ? [commandText(cells.commands, param1, param2)]
      : [constantText(cells.names, param1)];
  return cells.map((cell, i) => {
    const value = i === 0 ? param1 : param2;
    return cell === 'usage' ? usageCell(value, ctx) : layerCell(value, ctx);
  });
}

/**
 * A behavior of the user's own, by the firmware's description of its parameters: as many cells as it describes
 * (or holds), each a key name, a layer index or a number.
 */
function describedParams(
  behavior: ZmkBehavior,
  { param1, param2 }: ZmkBinding,
  ctx: ZmkBindingContext,
): string[] {
  const ids = [...ctx.layerIndex.keys()];
  const described = Math.max(
    0,
    ...behavior.sets.map((s) => (s.param2.length > 0 ? 2 : s.param1.length > 0 ? 1 : 0)),
  );
  const count = Math.max(described, param2 !== 0 ? 2 : param1 !== 0 ? 1 : 0);
  const cell = (values: ZmkParamValue[], value: number): string => {
    const match = values.find((v) => v.kind !== 'layerId' && paramMatches(v, value, ids));
    if (match?.kind === 'hidUsage') return usageCell(value, ctx);
    if (!match && values.some((v) => v.kind === 'layerId')) return layerCell(value, ctx);
    return cellNumber(value);
  };
  const set =
    behavior.sets.find((s) => s.param1.some((v) => paramMatches(v, param1, ids))) ?? behavior.sets[0];
  return [cell(set?.param1 ?? [], param1), cell(set?.param2 ?? [], param2)].slice(0, count);
}

/** A position the selected physical layout does not have: behavior id 0, when no behavior has that id. */
export function isUnmapped(binding: ZmkBinding, naming: ReadonlyMap<number, unknown>): boolean {
  return binding.behaviorId === 0 && !naming.has(0);
}

/** The behavior with `id` as the firmware lists it, or a stand-in for an id it does not list. */
function namingOf(id: number, ctx: ZmkBindingContext): ZmkBehaviorNaming {
  return ctx.naming.get(id) ?? { kind: 'unknown', behavior: { id, displayName: `behavior ${id}`, sets: [] } };
}

/**
 * One binding as devicetree text: `&label params…`. A behavior Keyloom cannot name, or a layer parameter whose
 * layer is not written, becomes `&none` with the binding in a comment (counted in the tally); a position the
 * selected physical layout does not have (behavior id 0, no such behavior listed) is `&none`.
 */
export function zmkBindingText(binding: ZmkBinding, ctx: ZmkBindingContext): string {
  if (isUnmapped(binding, ctx.naming)) return '&none';
  const naming = namingOf(binding.behaviorId, ctx);
  const named = naming.kind === 'builtIn' || naming.kind === 'labelled';
  const name =
    naming.kind === 'builtIn'
      ? `&${naming.builtIn.label}`
      : naming.kind === 'labelled'
        ? `&${naming.label}`
        : JSON.stringify(naming.behavior.displayName);
  if (!named) ctx.tally.behavior(naming);
  let params: string[];
  try {
    params =
      naming.kind === 'builtIn'
        ? builtInParams(naming.builtIn, binding, ctx)
        : describedParams(naming.behavior, binding, ctx);
  } catch (error) {
    if (!(error instanceof MissingLayer)) throw error;
    ctx.tally.missingLayer(error.id);
    return commented(`${name}: layer id ${error.id} is not in this keymap`);
  }
  if (naming.kind === 'builtIn') {
    const cells = builtInCellCount(naming.builtIn);
    if ((cells < 2 && binding.param2 !== 0) || (cells < 1 && binding.param1 !== 0)) ctx.tally.droppedParams++;
    if (naming.builtIn.header) ctx.tally.headers.add(naming.builtIn.header);
  }
  const text = [name, ...params].join(' ');
  return named ? text : commented(text);
}
