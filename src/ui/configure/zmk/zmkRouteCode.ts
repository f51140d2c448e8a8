import { withStrings } from '../../../i18n/i18n.ts';
import { LoadOnce } from '../../../lib/LoadOnce.ts';

/** The ZMK keyboards' screen, loaded with the first ZMK keyboard (or the connect dialog's first opening). */
export const zmkRouteCode = new LoadOnce(() =>
  import('./zmkRouteStart.ts').then((m) => m.loadZmkRoute()).then((m) => m.ZmkRoute),
);

/**
 * Fetches the screen's code and strings now: called as soon as a ZMK keyboard is on its way (the runtime began
 * loading its store at start-up), so they come beside the store's code instead of after the first render.
 */
export function preloadZmkRoute(): void {
  void withStrings(zmkRouteCode.load(), ['zmk', 'sheets']).catch(() => undefined);
}
