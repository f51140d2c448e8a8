/** Matrix test (core.md §4 Key test): what changed between two switch-matrix reads. */
export type Change = { index: number; state: 'down' | 'up' };

/**
 * Each key whose bit changed since the last read: pressed now → down, released → up. The first read compares
 * against an all-released matrix, so keys already held show as down.
 */
export function matrixChanges(
  previous: readonly boolean[][] | null,
  next: readonly boolean[][],
  cols: number,
): Change[] {
  const changes: Change[] = [];
  next.forEach((row, r) =>
    row.forEach((pressed, c) => {
      if (pressed !== (previous?.[r]?.[c] ?? false))
        changes.push({ index: r * cols + c, state: pressed ? 'down' : 'up' });
    }),
  );
  return changes;
}

/** The keyboard's poll interval in matrix test mode. */
export const MATRIX_POLL_MS = 20;
