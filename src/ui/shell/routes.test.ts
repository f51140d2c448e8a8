import { describe, expect, it } from 'vitest';
import {
  canvasSlot,
  isCanvasVisible,
  parseHashRoute,
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
