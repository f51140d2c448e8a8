import { useEffect, useState } from 'react';
import { routeGate, type GateReason, type MenuVisibilityInput, type Route } from '../common/routes.ts';
import { navigate } from '../common/useHashRoute.ts';

export interface GatedRoute {
  /** The route whose screen renders. */
  shown: Route;
  /** Why the last typed or bookmarked route was sent back to Configure, until dismissed or left. */
  refused: GateReason | null;
  dismiss(): void;
}

/**
 * Applies the menu's gates to the URL: a route the menu would hide goes back to Configure and says why. A route is
 * judged when it is entered (once keyboards are loaded, for the boot routes); a screen already open stays open if
 * its gate closes meanwhile (clearing the last error on the Errors screen does not throw the user out).
 */
export function useGatedRoute(route: Route, input: MenuVisibilityInput & { settled: boolean }): GatedRoute {
  const gate = routeGate(route, input);
  // A route open from the start is admitted from the start: no second render of the whole shell on mount.
  const [admitted, setAdmitted] = useState<Route | null>(gate.kind === 'allowed' ? route : null);
  const [refused, setRefused] = useState<GateReason | null>(null);
  const open = admitted === route || gate.kind === 'allowed';
  const reason = gate.kind === 'refused' ? gate.reason : null;

  useEffect(() => {
    if (admitted === route) return;
    if (gate.kind === 'allowed') {
      setAdmitted(route);
      if (route !== '/') setRefused(null);
    } else if (reason) {
      setRefused(reason);
      setAdmitted('/');
      navigate('/');
    }
  }, [route, admitted, gate.kind, reason]);

  return { shown: open ? route : '/', refused, dismiss: () => setRefused(null) };
}
