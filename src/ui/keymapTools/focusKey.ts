/** Focuses a key of the Configure keyboard (VIA's or ZMK's) once it has drawn its selection. */
export function focusKey(index: number): void {
  requestAnimationFrame(() =>
    document
      .querySelector<SVGGElement>(`[data-testid="keyboard-canvas"] [data-key-index="${index}"]`)
      ?.focus(),
  );
}
