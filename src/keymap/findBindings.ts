import type { BindingPlace, KeymapView } from './layerReach.ts';

/**
 * Every place whose binding `matches`: keys layer by layer in position order (only the positions in `used`,
 * when given), then encoder directions layer by layer (clockwise first).
 */
export function findBindings<B>(view: KeymapView<B>, matches: (binding: B) => boolean): BindingPlace[] {
  const used = view.used ?? (view.keymap[0] ?? []).map((_, i) => i);
  const found: BindingPlace[] = [];
  view.keymap.forEach((bindings, layer) => {
    for (const index of used) {
      const binding = bindings[index];
      if (binding !== undefined && matches(binding)) found.push({ kind: 'key', layer, index });
    }
  });
  view.encoders?.forEach((pairs, layer) =>
    pairs.forEach(([cw, ccw], encoder) => {
      if (matches(cw)) found.push({ kind: 'encoder', layer, encoder, clockwise: true });
      if (matches(ccw)) found.push({ kind: 'encoder', layer, encoder, clockwise: false });
    }),
  );
  return found;
}
