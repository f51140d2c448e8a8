import { describe, expect, it } from 'vitest';
import { framedByAnotherSite, type FramedWindow } from './frameCheck.ts';

/** A window of `origin` inside `parent` (none: the top); another origin's location throws, as in a browser. */
function windowOf(origin: string, parent?: FramedWindow, readable = true): FramedWindow {
  const win: { parent: FramedWindow; location: { origin: string } } = {
    parent: parent ?? (null as unknown as FramedWindow),
    location: { origin },
  };
  if (!parent) win.parent = win;
  if (!readable)
    Object.defineProperty(win, 'location', {
      get() {
        throw new DOMException(
          'Blocked a frame with origin from accessing a cross-origin frame.',
          'SecurityError',
        );
      },
    });
  return win;
}

const APP = 'https://keyloom.example';
const EVIL = 'https://evil.example';

describe('framedByAnotherSite', () => {
  it('the top window runs', () => {
    expect(framedByAnotherSite(windowOf(APP))).toBe(false);
  });

  it("a frame of the app's own origin runs, at any depth", () => {
    const top = windowOf(APP);
    expect(framedByAnotherSite(windowOf(APP, top))).toBe(false);
    expect(framedByAnotherSite(windowOf(APP, windowOf(APP, top)))).toBe(false);
  });

  it("another origin's frame is refused, whether its location throws or reads differently", () => {
    expect(framedByAnotherSite(windowOf(APP, windowOf(EVIL, undefined, false)))).toBe(true);
    expect(framedByAnotherSite(windowOf(APP, windowOf(EVIL)))).toBe(true);
  });

  it('a same-origin frame inside another site is refused', () => {
    const evil = windowOf(EVIL, undefined, false);
    expect(framedByAnotherSite(windowOf(APP, windowOf(APP, evil)))).toBe(true);
  });

  it('a sandboxed frame (opaque origin) is refused', () => {
    expect(framedByAnotherSite(windowOf('null', windowOf('null')))).toBe(true);
  });
});
