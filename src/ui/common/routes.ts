/** The app's routes, taken from the URL fragment (`#/test`); anything unknown shows Configure. */
export const ROUTES = [
  '/',
  '/test',
  '/design',
  '/settings',
  '/debug',
  '/errors',
  '/boot',
  '/boot2',
  // A keymap shared by link (convert/shareLink.ts): read-only, in any browser.
  '/keymap',
] as const;
export type Route = (typeof ROUTES)[number];

/** Routes the keyboard canvas slides between, in slide order. */
export const CANVAS_ROUTES: readonly Route[] = ['/', '/test', '/design', '/debug'];

/** Parses `location.hash` ('#/test?x=1', '#test', '') into a route; default '/'. */
export function parseHashRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const normalised = ('/' + path.replace(/^\/+/, '')).replace(/\/+$/, '') || '/';
  return (ROUTES as readonly string[]).includes(normalised) ? (normalised as Route) : '/';
}

export interface MenuVisibilityInput {
  /** The selected keyboard's vendor config has the g24boot flag. */
  g24boot: boolean;
  showDesignTab: boolean;
  isDevelopment: boolean;
  debugProd: boolean;
  errorCount: number;
}

/** Which top-menu entries show (core.md §2 top menu rules). Configure, Key Tester and Settings always show. */
export function visibleMenuRoutes(input: MenuVisibilityInput): Route[] {
  const routes: Route[] = ['/', '/test'];
  if (input.showDesignTab) routes.push('/design');
  if (input.isDevelopment || input.debugProd) routes.push('/debug');
  if (input.g24boot) routes.push('/boot', '/boot2');
  if (input.errorCount > 0) routes.push('/errors');
  routes.push('/settings');
  return routes;
}

export interface CanvasVisibilityInput {
  route: Route;
  hidSupported: boolean;
  /** Configure is still loading the selected keyboard. */
  loading: boolean;
  /** A design definition exists for the chosen definition version. */
  hasDesignDefinition: boolean;
}

/** Whether the keyboard canvas area shows (hidden on settings, errors, boot, while loading on '/', …). */
export function isCanvasVisible(input: CanvasVisibilityInput): boolean {
  if (!input.hidSupported) return false;
  if (!CANVAS_ROUTES.includes(input.route)) return false;
  if (input.route === '/' && input.loading) return false;
  if (input.route === '/design' && !input.hasDesignDefinition) return false;
  return true;
}

/** Horizontal slot of the canvas for a route: the area translates by -100% per slot (0.25 s). */
export function canvasSlot(route: Route): number {
  const index = CANVAS_ROUTES.indexOf(route);
  return index < 0 ? 0 : index;
}

/** Why a typed or bookmarked route was refused: the menu hides it for the same reason. */
export type GateReason = 'design' | 'debug' | 'boot' | 'errors';

export type RouteGate = { kind: 'allowed' } | { kind: 'pending' } | { kind: 'refused'; reason: GateReason };

const GATE_REASONS: Partial<Record<Route, GateReason>> = {
  '/design': 'design',
  '/debug': 'debug',
  '/boot': 'boot',
  '/boot2': 'boot',
  '/errors': 'errors',
};

/**
 * The same gates as the menu (`visibleMenuRoutes`), for a route reached by URL: allowed when the menu would
 * show its link. Boot routes depend on the selected keyboard's vendor config, so they wait ('pending') while
 * keyboards are still being found or loaded (`settled` false) instead of refusing too early.
 */
export function routeGate(route: Route, input: MenuVisibilityInput & { settled: boolean }): RouteGate {
  if (visibleMenuRoutes(input).includes(route)) return { kind: 'allowed' };
  const reason = GATE_REASONS[route];
  if (!reason) return { kind: 'allowed' };
  if (reason === 'boot' && !input.settled) return { kind: 'pending' };
  return { kind: 'refused', reason };
}
