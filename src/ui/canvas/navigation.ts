export type Direction = 'left' | 'right' | 'up' | 'down';

/** The arrow keys' directions, by `KeyboardEvent.key`. */
export const ARROW_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The key to move to from `from` with an arrow key: the nearest key centre lying in that direction, favouring
 * keys in line (distance along the axis plus twice the sideways offset). Null at the edge.
 */
export function nearestInDirection(
  centers: readonly ({ x: number; y: number } | null)[],
  from: number,
  direction: Direction,
): number | null {
  const origin = centers[from];
  if (!origin) return null;
  let best: number | null = null;
  let bestScore = Infinity;
  centers.forEach((c, i) => {
    if (!c || i === from) return;
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const along = direction === 'left' ? -dx : direction === 'right' ? dx : direction === 'up' ? -dy : dy;
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) return;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}
