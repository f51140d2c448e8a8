import type { KeyboardEvent } from 'react';
import { ARROW_DIRECTIONS, nearestInDirection } from './navigation.ts';

/**
 * Arrow keys move the focus between the buttons of a wrapped grid (the keycode grid) as they lie on screen: the
 * nearest one in that direction, as on the keyboard canvas, so a keyboard user remaps without tabbing through
 * hundreds of buttons. Other keys are left alone.
 */
export function arrowFocus(event: KeyboardEvent<HTMLElement>, selector = 'button:not(:disabled)'): void {
  const direction = ARROW_DIRECTIONS[event.key];
  if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const from = items.indexOf(document.activeElement as HTMLElement);
  if (from < 0) return;
  event.preventDefault();
  const centers = items.map((item) => {
    const r = item.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const next = nearestInDirection(centers, from, direction);
  if (next !== null) items[next]!.focus();
}
