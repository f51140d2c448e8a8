import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkLayer } from '../zmk/keymapData.ts';
import type { ZmkBindingWrite } from '../zmk/layerEdits.ts';
import { nameBehaviors, zmkBindingText, ZmkTally } from './zmkBindingText.ts';
import type { ZmkBuiltInBehavior } from './zmkBuiltInBehaviors.ts';
import type { ZmkKeymapSource, ZmkSourceBinding } from './zmkKeymapReader.ts';
import { sourceBindingText } from './zmkKeymapSourceWriter.ts';

/** Why a binding of the file is not put on the keyboard. */
export type ZmkNotCarriedReason =
  /** A behavior the file defines itself (hold-tap, tap dance, macro …): Studio cannot create one. */
  | 'ownBehavior'
  /** One of ZMK's behaviors this keyboard's build does not have (or reports so that it cannot be named). */
  | 'missingBehavior'
  /** A parameter no header Keyloom reads defines (a name from an include it did not read). */
  | 'unknownName'
  /** A layer the keyboard does not have. */
  | 'missingLayer'
  /** A position the keyboard's selected layout does not have. */
  | 'position';

export interface ZmkLoadChange {
  layer: number;
  layerName: string;
  position: number;
  before: ZmkBinding;
  /** The keyboard's binding now, as devicetree text (`&kp SQT`). */
  beforeText: string;
  /** The file's binding as written. */
  text: string;
  binding: ZmkBinding;
}

export interface ZmkNotCarried {
  layer: number;
  position: number;
  text: string;
  reason: ZmkNotCarriedReason;
}

/** What loading a `.keymap` onto a ZMK Studio keyboard does: only the bindings that change, and what cannot go. */
export interface ZmkLoadPlan {
  changes: ZmkLoadChange[];
  writes: ZmkBindingWrite[];
  notCarried: ZmkNotCarried[];
  /** The file's layers beyond the keyboard's (their names): not loaded. */
  extraLayers: string[];
  /** The keyboard's layers the file does not have (their names): left as they are. */
  untouchedLayers: string[];
  /** Layer bindings beyond the keyboard's positions are counted in notCarried; these are never set by Studio. */
  sensorBindings: number;
  /** What the file has that Studio does not hold: listed by name. */
  ownBehaviors: string[];
  combos: string[];
  conditionalLayers: string[];
  overrides: number;
}

const same = (a: ZmkBinding, b: ZmkBinding) =>
  a.behaviorId === b.behaviorId && a.param1 === b.param1 && a.param2 === b.param2;

/**
 * Plans a `.keymap` onto a ZMK Studio keyboard: layer i of the file onto the keyboard's i-th layer, each binding
 * through the behavior of the same devicetree label among ZMK's own that the keyboard reports (named as the
 * export names them, never guessed), layer parameters from the file's index to the keyboard's layer id. Only
 * bindings that differ become `set_layer_binding` requests; everything else is listed with why.
 */
export function planZmkKeymapLoad(
  source: ZmkKeymapSource,
  keyboard: { behaviors: readonly ZmkBehavior[]; layers: readonly ZmkLayer[]; positions: number },
): ZmkLoadPlan {
  const byLabel = new Map<string, { id: number; builtIn: ZmkBuiltInBehavior }>();
  const naming = nameBehaviors(keyboard.behaviors);
  const context = {
    naming,
    layerIndex: new Map(keyboard.layers.map((l, i) => [l.id, i])),
    tally: new ZmkTally(),
  };
  for (const [id, named] of naming)
    if (named.kind === 'builtIn' && !byLabel.has(named.builtIn.label))
      byLabel.set(named.builtIn.label, { id, builtIn: named.builtIn });
  const own = new Set(source.behaviors.map((b) => b.label));
  const changes: ZmkLoadChange[] = [];
  const notCarried: ZmkNotCarried[] = [];

  const toBinding = (b: ZmkSourceBinding): ZmkBinding | ZmkNotCarriedReason => {
    const found = byLabel.get(b.label);
    if (!found) return own.has(b.label) ? 'ownBehavior' : 'missingBehavior';
    if (b.values.some((v) => v === null)) return 'unknownName';
    const values = b.values as number[];
    const { cells } = found.builtIn;
    const params = [values[0] ?? 0, values[1] ?? 0];
    if (Array.isArray(cells))
      for (const [i, kind] of cells.entries())
        if (kind === 'layer') {
          const layer = keyboard.layers[params[i]!];
          if (!layer) return 'missingLayer';
          params[i] = layer.id;
        }
    return { behaviorId: found.id, param1: params[0]! >>> 0, param2: params[1]! >>> 0 };
  };

  source.layers.forEach((layer, l) => {
    const target = keyboard.layers[l];
    if (!target) return;
    layer.bindings.forEach((b, position) => {
      const text = sourceBindingText(b);
      const before = target.bindings[position];
      if (position >= keyboard.positions || !before || before.behaviorId === 0) {
        notCarried.push({ layer: l, position, text, reason: 'position' });
        return;
      }
      const binding = toBinding(b);
      if (typeof binding === 'string') notCarried.push({ layer: l, position, text, reason: binding });
      else if (!same(before, binding))
        changes.push({
          layer: l,
          layerName: target.name,
          position,
          before,
          beforeText: zmkBindingText(before, context),
          text,
          binding,
        });
    });
  });
  return {
    changes,
    writes: changes.map((c) => ({
      layerId: keyboard.layers[c.layer]!.id,
      position: c.position,
      binding: c.binding,
    })),
    notCarried,
    extraLayers: source.layers.slice(keyboard.layers.length).map((l) => l.displayName ?? l.node),
    untouchedLayers: keyboard.layers.slice(source.layers.length).map((l) => l.name),
    sensorBindings: source.layers.reduce((n, l) => n + (l.sensorBindings?.length ?? 0), 0),
    ownBehaviors: source.behaviors.map((b) => b.label),
    combos: source.combos,
    conditionalLayers: source.conditionalLayers,
    overrides: source.overrides.length,
  };
}
