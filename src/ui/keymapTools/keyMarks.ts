import type { BindingPlace, LayerReach } from '../../keymap/layerReach.ts';
import type { Landing } from '../../keymap/transparency.ts';
import type { CanvasKey } from '../common/canvasKey.ts';

/** What the marks are made from, for any firmware's keyboard. */
export interface MarkSource {
  /** How every layer is reached. */
  reach: readonly LayerReach<unknown>[];
  /** Find's hits. */
  hits: readonly BindingPlace[];
  /** For each drawn key: where its press falls through to (undefined: it has its own binding). */
  through: readonly unknown[];
  /** Each drawn key's position in the keymap (-1: none) and its encoder, if it is one. */
  drawn: readonly { matrixIndex: number; key: { ei?: number | undefined } }[];
}

/** Positions (matrix indexes) the tools mark besides what the insight knows. */
export interface ExtraMarks {
  /** The picked key, when it is on the shown layer. */
  picked: number | null;
  /** Keys that type the key last pressed (select by pressing). */
  candidates: readonly number[];
  /** Keys the computer cannot see, while waiting for a press. */
  unseen: readonly number[];
}

export const NO_EXTRA_MARKS: ExtraMarks = { picked: null, candidates: [], unseen: [] };

/**
 * The `data-mark` of each drawn key on the shown layer: 'through' (transparent, showing what it falls through
 * to), 'reach' (a key that turns the shown layer on), 'hit' (Find), 'candidate', 'unseen', 'picked'.
 */
export function keyMarks(
  insight: MarkSource,
  layer: number,
  extra: ExtraMarks,
): (drawnIndex: number) => string | undefined {
  // The default layer is where typing starts: a key elsewhere that goes back to it (&to 0 on an upper layer) is
  // not a key of this layer, so its position is not outlined here.
  const shown = insight.reach[layer];
  const reach = new Set(
    (shown && !shown.base ? shown.reachedBy : []).flatMap((e) =>
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

/** A key face as the fall-through shows it. */
export interface ThroughFace {
  label: string;
  title: string;
  topLabel?: string | undefined;
  bottomLabel?: string | undefined;
}

/**
 * A drawn key with its mark; a transparent one shows (dimmed, by its mark) what it falls through to, and its
 * tooltip and name say so: 'Row 2, column 5: transparent → A (layer 0)' — the place stays, what the key does
 * becomes where it lands. `words` are the tools' phrases in the user's language.
 */
export function markedKey<B>(
  key: CanvasKey,
  mark: string | undefined,
  landing: Landing<B> | null | undefined,
  describe: (binding: B) => ThroughFace,
  words: { through(key: string, layer: number): string; nothing: string },
): CanvasKey {
  if (landing === undefined || key.failed) return mark ? { ...key, mark } : key;
  // The key keeps its place in its name ('row 2, column 5: …'), worded as its language places it.
  const named = key.named ?? String;
  if (!landing) return { ...key, mark, tooltip: words.nothing, ariaLabel: named(words.nothing) };
  const face = describe(landing.binding);
  const text = words.through(face.title, landing.layer);
  return {
    ...key,
    mark,
    label: face.label,
    topLabel: face.topLabel,
    bottomLabel: face.bottomLabel,
    tooltip: text,
    ariaLabel: named(text),
  };
}
