import type { ReactNode } from 'react';
import { CANVAS_ROUTES, canvasSlot, type Route } from './routes.ts';

export interface KeyboardAreaProps {
  route: Route;
  visible: boolean;
  /** One keyboard view per canvas route (configure, test, design, debug); missing ones stay empty. */
  views: Partial<Record<Route, ReactNode>>;
}

/** The keyboard canvas strip: slides horizontally between configure, test, design and debug (0.25 s). */
export function KeyboardArea({ route, visible, views }: KeyboardAreaProps) {
  const slot = canvasSlot(route);
  return (
    <section className="keyboard-area" hidden={!visible} aria-hidden={!visible} data-testid="keyboard-area">
      <div className="keyboard-track" style={{ transform: `translateX(${-100 * slot}%)` }}>
        {CANVAS_ROUTES.map((r) => (
          // Only the current route's keyboard is mounted: two live keyboards would confuse assistive tech.
          <div className="keyboard-slot" key={r} inert={r !== route}>
            {r === route ? views[r] : null}
          </div>
        ))}
      </div>
    </section>
  );
}
