import { describe, expect, it } from 'vitest';
import {
  canvasSlot,
  isCanvasVisible,
  parseHashRoute,
  ROUTES,
  routeGate,
  visibleMenuRoutes,
  type MenuVisibilityInput,
} from './routes.ts';

const base: MenuVisibilityInput = {
  g24boot: false,
  showDesignTab: false,
  isDevelopment: false,
  debugProd: false,
  errorCount: 0,
};

describe('parseHashRoute', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/test', '/test'],
    ['#test', '/test'],
    ['#/settings/', '/settings'],
    ['#/errors?x=1', '/errors'],
    ['#/boot2', '/boot2'],
    ['#/nowhere', '/'],
  ])('%s → %s', (hash, route) => expect(parseHashRoute(hash)).toBe(route));
});

describe('visibleMenuRoutes', () => {
  it('shows configure, test and settings only by default', () => {
    expect(visibleMenuRoutes(base)).toEqual(['/', '/test', '/settings']);
  });
  it('shows design only with the Show Design tab setting', () => {
    expect(visibleMenuRoutes({ ...base, showDesignTab: true })).toContain('/design');
  });
  it('shows debug in development or with the debug-prod flag', () => {
    expect(visibleMenuRoutes({ ...base, isDevelopment: true })).toContain('/debug');
    expect(visibleMenuRoutes({ ...base, debugProd: true })).toContain('/debug');
    expect(visibleMenuRoutes(base)).not.toContain('/debug');
  });
  it('shows boot and boot2 only with g24boot', () => {
    expect(visibleMenuRoutes({ ...base, g24boot: true })).toEqual(
      expect.arrayContaining(['/boot', '/boot2']),
    );
    expect(visibleMenuRoutes(base)).not.toContain('/boot');
  });
  it('shows errors only when errors are logged', () => {
    expect(visibleMenuRoutes({ ...base, errorCount: 2 })).toContain('/errors');
    expect(visibleMenuRoutes(base)).not.toContain('/errors');
  });
});

describe('canvas visibility', () => {
  const v = { hidSupported: true, loading: false, hasDesignDefinition: true };
  it('is hidden on settings, errors, boot and boot2', () => {
    for (const route of ['/settings', '/errors', '/boot', '/boot2'] as const) {
      expect(isCanvasVisible({ ...v, route })).toBe(false);
    }
  });
  it('is hidden while loading on / and without HID', () => {
    expect(isCanvasVisible({ ...v, route: '/', loading: true })).toBe(false);
    expect(isCanvasVisible({ ...v, route: '/test', loading: true })).toBe(true);
    expect(isCanvasVisible({ ...v, route: '/', hidSupported: false })).toBe(false);
  });
  it('is hidden on design without a design definition', () => {
    expect(isCanvasVisible({ ...v, route: '/design', hasDesignDefinition: false })).toBe(false);
  });
  it('slides in the order configure, test, design, debug', () => {
    expect(['/', '/test', '/design', '/debug'].map((r) => canvasSlot(r as '/'))).toEqual([0, 1, 2, 3]);
  });
});

describe('routeGate: a route reached by URL obeys the menu gates', () => {
  const settled = { ...base, settled: true };

  it('always allows Configure, Key Tester and Settings', () => {
    for (const route of ['/', '/test', '/settings'] as const)
      expect(routeGate(route, settled)).toEqual({ kind: 'allowed' });
  });

  it('refuses Design while the Show Design tab setting is off, allows it when on', () => {
    expect(routeGate('/design', settled)).toEqual({ kind: 'refused', reason: 'design' });
    expect(routeGate('/design', { ...settled, showDesignTab: true })).toEqual({ kind: 'allowed' });
  });

  it('refuses Boot and Boot 2 for a keyboard without g24boot, once keyboards are loaded', () => {
    expect(routeGate('/boot', settled)).toEqual({ kind: 'refused', reason: 'boot' });
    expect(routeGate('/boot2', settled)).toEqual({ kind: 'refused', reason: 'boot' });
    expect(routeGate('/boot', { ...settled, settled: false })).toEqual({ kind: 'pending' });
    expect(routeGate('/boot2', { ...settled, g24boot: true })).toEqual({ kind: 'allowed' });
  });

  it('refuses Debug outside development unless debugProd, and Errors with no errors', () => {
    expect(routeGate('/debug', settled)).toEqual({ kind: 'refused', reason: 'debug' });
    expect(routeGate('/debug', { ...settled, debugProd: true })).toEqual({ kind: 'allowed' });
    expect(routeGate('/debug', { ...settled, isDevelopment: true })).toEqual({ kind: 'allowed' });
    expect(routeGate('/errors', settled)).toEqual({ kind: 'refused', reason: 'errors' });
    expect(routeGate('/errors', { ...settled, errorCount: 2 })).toEqual({ kind: 'allowed' });
  });

  it('agrees with the menu for every route and every combination of inputs', () => {
    for (const g24boot of [false, true])
      for (const showDesignTab of [false, true])
        for (const isDevelopment of [false, true])
          for (const debugProd of [false, true])
            for (const errorCount of [0, 1]) {
              const input = { g24boot, showDesignTab, isDevelopment, debugProd, errorCount };
              const menu = visibleMenuRoutes(input);
              for (const route of ROUTES)
                expect(routeGate(route, { ...input, settled: true }).kind === 'allowed').toBe(
                  // A shared keymap is opened by its link, never from the menu, and always allowed.
                  menu.includes(route) || route === '/keymap',
                );
            }
  });
});
