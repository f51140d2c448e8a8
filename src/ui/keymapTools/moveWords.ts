import type { TFunction } from 'i18next';
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
