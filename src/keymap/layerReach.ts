import { latches, type BindingModel, type LayerEffect } from './bindingModel.ts';
import type { Keymap } from './transparency.ts';

/** Where a binding sits: a key (by position) or one direction of an encoder, on a layer. */
export type BindingPlace =
  | { kind: 'key'; layer: number; index: number }
  | { kind: 'encoder'; layer: number; encoder: number; clockwise: boolean };

/** A keyboard's bindings as the analysis reads them. */
export interface KeymapView<B> {
  keymap: Keymap<B>;
  /** [layer][encoder] = [clockwise, counter-clockwise]. */
  encoders?: readonly (readonly (readonly [B, B])[])[];
  /** The positions the keyboard draws (matrix positions outside the layout hold nothing a finger can press). */
  used?: readonly number[];
}

/** A binding that turns a layer on, where it sits and how. */
export interface LayerEntry<B> {
  place: BindingPlace;
  binding: B;
  effect: LayerEffect;
  /** Whether the layer it sits on can itself be reached (and, for a tri-layer key, its partner held). */
  live: boolean;
}

/** How one layer is reached. */
export interface LayerReach<B> {
  layer: number;
  /** The default layer the keyboard starts on: reached without any key. */
  base: boolean;
  /** Whether some chain of keys from the default layer turns it on. */
  reachable: boolean;
  /** Every binding on another layer that turns this one on, in keymap order (encoders after keys). */
  reachedBy: LayerEntry<B>[];
  /** The live latching bindings (TG, TO, DF …) that turn it on when no key can turn it off again. */
  oneWay: LayerEntry<B>[];
}

/** How far the way-back search looks: layer sets reached by holding or toggling more layers on top. */
const MAX_STATES = 256;

/**
 * How each layer is reached, from the default layer `base`: which bindings turn it on (MO, LT, LM, TT, TG, TO,
 * OSL, DF, tri-layer keys; an encoder only by what a tap does), whether any chain of them starts at the base,
 * and which latching ones leave no way back. A layer turned on by TG or TO is left by a key that, with it on over
 * the base, turns it off (TG/TT/MO/OSL of it on release, or TO of another layer), transparent keys falling
 * through and layers held on top included; a default layer set by DF needs a DF or PDF of another layer.
 */
export function layerReach<B>(view: KeymapView<B>, model: BindingModel<B>, base = 0): LayerReach<B>[] {
  const count = view.keymap.length;
  const used = view.used ?? (view.keymap[0] ?? []).map((_, i) => i);
  const entries = collectEntries(view, model, used, count);
  const reachable = reachableLayers(entries, base);
  const partnerHeld = (partner: number) =>
    entries.some(
      (e) =>
        e.place.kind === 'key' &&
        reachable.has(e.place.layer) &&
        (e.effect.kind === 'hold' || e.effect.kind === 'triLayer') &&
        e.effect.layer === partner,
    );
  const live = (entry: Omit<LayerEntry<B>, 'live'>, target: number) =>
    reachable.has(entry.place.layer) &&
    (entry.effect.kind !== 'triLayer' || target !== entry.effect.both || partnerHeld(entry.effect.partner));
  const ways = new WayBack(view.keymap, model, used, base);

  return view.keymap.map((_, layer) => {
    const reachedBy = entries
      .filter((e) => e.place.layer !== layer && targets(e.effect).includes(layer))
      .map((e) => ({ ...e, live: live(e, layer) }));
    const latching = reachedBy.filter((e) => e.live && latches(e.effect) && e.effect.layer === layer);
    const oneWay =
      layer === base ? [] : latching.filter((e) => !ways.canLeave(layer, e.effect.kind === 'default'));
    return { layer, base: layer === base, reachable: reachable.has(layer), reachedBy, oneWay };
  });
}

/** The layers an effect turns on: a tri-layer key's own layer and the one it makes with its partner. */
function targets(effect: LayerEffect): number[] {
  return effect.kind === 'triLayer' ? [effect.layer, effect.both] : [effect.layer];
}

function collectEntries<B>(
  view: KeymapView<B>,
  model: BindingModel<B>,
  used: readonly number[],
  count: number,
): Omit<LayerEntry<B>, 'live'>[] {
  const inRange = (effect: LayerEffect) => targets(effect).every((l) => l >= 0 && l < count);
  const entries: Omit<LayerEntry<B>, 'live'>[] = [];
  view.keymap.forEach((bindings, layer) => {
    for (const index of used) {
      const binding = bindings[index];
      if (binding === undefined) continue;
      for (const effect of model.layerEffects(binding))
        if (inRange(effect)) entries.push({ place: { kind: 'key', layer, index }, binding, effect });
    }
  });
  // An encoder step is a tap: what a held key does (MO, LT, tri-layer) is over before the next step.
  view.encoders?.forEach((pairs, layer) =>
    pairs.forEach((pair, encoder) =>
      pair.forEach((binding, direction) => {
        for (const effect of model.layerEffects(binding))
          if (inRange(effect) && effect.kind !== 'hold' && effect.kind !== 'triLayer')
            entries.push({
              place: { kind: 'encoder', layer, encoder, clockwise: direction === 0 },
              binding,
              effect,
            });
      }),
    ),
  );
  return entries;
}

/** Layers reachable from `base`, to a fixed point (a tri-layer's third layer needs both halves). */
function reachableLayers<B>(entries: readonly Omit<LayerEntry<B>, 'live'>[], base: number): Set<number> {
  const reachable = new Set([base]);
  const held = (layer: number) =>
    entries.some(
      (e) =>
        e.place.kind === 'key' &&
        reachable.has(e.place.layer) &&
        (e.effect.kind === 'hold' || e.effect.kind === 'triLayer') &&
        e.effect.layer === layer,
    );
  for (let grew = true; grew;) {
    grew = false;
    for (const { place, effect } of entries) {
      if (!reachable.has(place.layer)) continue;
      const on = [effect.layer];
      if (effect.kind === 'triLayer' && held(effect.partner)) on.push(effect.both);
      for (const layer of on)
        if (!reachable.has(layer)) {
          reachable.add(layer);
          grew = true;
        }
    }
  }
  return reachable;
}

/** Whether a latched layer can be left: a search over the layer sets that keys can turn on from there. */
class WayBack<B> {
  private readonly memo = new Map<string, boolean>();

  constructor(
    private readonly keymap: Keymap<B>,
    private readonly model: BindingModel<B>,
    private readonly used: readonly number[],
    private readonly base: number,
  ) {}

  /**
   * `asDefault`: the layer was made the default one (DF), so it is the only layer on and only another default
   * leaves it; else it is on over the base (TG, TO), and anything that turns it off leaves it.
   */
  canLeave(layer: number, asDefault: boolean): boolean {
    const key = `${layer} ${asDefault}`;
    let answer = this.memo.get(key);
    if (answer === undefined) {
      answer = this.search(layer, asDefault);
      this.memo.set(key, answer);
    }
    return answer;
  }

  private search(layer: number, asDefault: boolean): boolean {
    const leaves = (e: LayerEffect) =>
      asDefault
        ? e.kind === 'default' && e.layer !== layer
        : (e.kind === 'to' && e.layer !== layer) ||
          (e.kind !== 'default' && e.kind !== 'to' && e.layer === layer);
    const start = asDefault ? [layer] : [this.base, layer];
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0 && seen.size < MAX_STATES) {
      const on = queue.shift()!;
      const id = [...on].sort((a, b) => a - b).join(',');
      if (seen.has(id)) continue;
      seen.add(id);
      for (const binding of this.pressable(on))
        for (const effect of this.model.layerEffects(binding)) {
          if (leaves(effect)) return true;
          // Holding or toggling another layer on top shows its keys as well.
          if (effect.kind === 'hold' || effect.kind === 'oneShot' || effect.kind === 'toggle')
            if (!on.includes(effect.layer) && effect.layer < this.keymap.length)
              queue.push([...on, effect.layer]);
          if (effect.kind === 'triLayer' && !on.includes(effect.layer)) {
            const next = [...on, effect.layer];
            if (on.includes(effect.partner) && effect.both < this.keymap.length) next.push(effect.both);
            queue.push(next);
          }
        }
    }
    return false;
  }

  /** What each position does with the layers `on`: the highest one's binding that is not transparent. */
  private pressable(on: readonly number[]): B[] {
    const order = [...on].sort((a, b) => b - a);
    const found: B[] = [];
    for (const index of this.used) {
      for (const layer of order) {
        const binding = this.keymap[layer]?.[index];
        if (binding !== undefined && !this.model.isTransparent(binding)) {
          found.push(binding);
          break;
        }
      }
    }
    return found;
  }
}
