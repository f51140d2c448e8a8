import type { TFunction } from '../../i18n/useTranslation.ts';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { PickMode } from '../../state/keymapToolsStore.ts';

/** A key's face as the status names it. */
export type PlaceFace = (place: KeyPlace) => string;

/** 'A (layer 0) picked up: choose the key to swap it with, on any layer.' (the layerTools namespace's `t`) */
export function pickedText(
  t: TFunction,
  picked: { place: KeyPlace; mode: PickMode },
  face: PlaceFace,
): string {
  return t(`picked_${picked.mode}`, { key: face(picked.place), layer: picked.place.layer });
}

/** 'Swapped A (layer 0) and B (layer 1).', said after the move: the key that moved is now where it went. */
export function movedText(
  t: TFunction,
  move: { mode: PickMode; from: KeyPlace; to: KeyPlace },
  face: PlaceFace,
): string {
  const moved = move.mode === 'swap' ? move.from : move.to;
  return t(`moved_${move.mode}`, {
    a: face(move.mode === 'swap' ? move.to : moved),
    b: face(move.from),
    la: move.from.layer,
    lb: move.to.layer,
  });
}

/** How many unseen keys are named before the count. */
const NAMED_UNSEEN = 6;

/** 'Press a key on your keyboard to select it.', and which keys cannot be selected that way (their faces). */
export function pressingText(t: TFunction, unseen: readonly string[]): string {
  const shown = unseen.slice(0, NAMED_UNSEEN).join(', ');
  const keys = unseen.length > NAMED_UNSEEN ? `${shown} …` : shown;
  return `${t('pressNow')}${unseen.length > 0 ? ` ${t('unseen', { keys, count: unseen.length })}` : ''}`;
}

/** What the press found: its key's face (`key`, null for a key no keycode stands for) on the `base` layer. */
export function pressedText(
  t: TFunction,
  pressed: { code: string; keycode: number | null; candidates: readonly number[] },
  key: string | null,
  base: number,
): string {
  if (pressed.keycode === null || key === null) return t('pressedUnknown', { code: pressed.code });
  const count = pressed.candidates.length;
  if (count === 0) return t('pressedNone', { key, layer: base });
  return count === 1 ? t('pressedOne', { key }) : t('pressedMany', { key, count });
}

/** What the key tools are doing, as the status says it, for any family. */
export interface KeyToolsActivity {
  picked: { place: KeyPlace; mode: PickMode } | null;
  pressing: boolean;
  pressed: { code: string; keycode: number | null; candidates: readonly number[] } | null;
  lastMove: { mode: PickMode; from: KeyPlace; to: KeyPlace } | null;
}

/**
 * The status line: the picked key first, then waiting for a press (naming the `unseen` keys' faces), what the
 * press found (`pressedFace`: the pressed keycode's face), the last move; '' when the tools are idle.
 */
export function keyStatusText(
  t: TFunction,
  activity: KeyToolsActivity,
  face: PlaceFace,
  unseen: () => readonly string[],
  pressedFace: (keycode: number) => string,
  base: number,
): string {
  const { picked, pressing, pressed, lastMove } = activity;
  if (picked) return pickedText(t, picked, face);
  if (pressing) return pressingText(t, unseen());
  if (pressed)
    return pressedText(t, pressed, pressed.keycode === null ? null : pressedFace(pressed.keycode), base);
  return lastMove ? movedText(t, lastMove, face) : '';
}
