import type { LayerInsight } from './useLayerInsight.ts';

/** Positions (matrix indexes) the tools mark besides what the insight knows. */
export interface ExtraMarks {
  /** The picked key, when it is on the shown layer. */
  picked: number | null;
  /** Keys that type the key last pressed (select by pressing). */
  candidates: readonly number[];
  /** Keys the computer cannot see, while waiting for a press. */
  unseen: readonly number[];
}

/**
 * The `data-mark` of each drawn key on the shown layer: 'through' (transparent, showing what it falls through
 * to), 'reach' (a key that turns the shown layer on), 'hit' (Find), 'candidate', 'unseen', 'picked'.
 */
export function keyMarks(
  insight: LayerInsight,
  layer: number,
  extra: ExtraMarks,
): (drawnIndex: number) => string | undefined {
  const reach = new Set(
    (insight.reach[layer]?.reachedBy ?? []).flatMap((e) =>
      e.live && e.place.kind === 'key' ? [e.place.index] : [],
    ),
  );
  const hitKeys = new Set<number>();
  const hitEncoders = new Set<number>();
  for (const hit of insight.hits) {
    if (hit.layer !== layer) continue;
    if (hit.kind === 'key') hitKeys.add(hit.index);
    else hitEncoders.add(hit.encoder);
  }
  const candidates = new Set(extra.candidates);
  const unseen = new Set(extra.unseen);
  return (i) => {
    const d = insight.drawn[i];
    if (!d) return undefined;
    const m = d.matrixIndex;
    const marks = [
      insight.through[i] !== undefined && 'through',
      m >= 0 && reach.has(m) && 'reach',
      ((m >= 0 && hitKeys.has(m)) || (d.key.ei !== undefined && hitEncoders.has(d.key.ei))) && 'hit',
      m >= 0 && candidates.has(m) && 'candidate',
      m >= 0 && unseen.has(m) && 'unseen',
      m >= 0 && m === extra.picked && 'picked',
    ].filter(Boolean);
    return marks.length > 0 ? marks.join(' ') : undefined;
  };
}
