import { afterEach, describe, expect, it } from 'vitest';
import {
  browserIndexedDb,
  browserSessionStorage,
  browserStorage,
  keptByBrowser,
  memoryStorage,
  siteDataKept,
} from './storage.ts';

// Chromium with site data blocked ("Block all cookies") throws from the storage getters themselves.
const refused = () => new DOMException('Access is denied for this document.', 'SecurityError');
const names = ['localStorage', 'sessionStorage', 'indexedDB'] as const;

function browserRefusing(name: (typeof names)[number]) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      throw refused();
    },
  });
}

function browserOffering(name: 'localStorage' | 'sessionStorage') {
  Object.defineProperty(globalThis, name, { configurable: true, value: memoryStorage() });
}

afterEach(() => {
  for (const name of names) delete (globalThis as Record<string, unknown>)[name];
});

describe('browser storage where the browser refuses site data', () => {
  it('local and session storage fall back to memory, one per page, and say nothing is kept', () => {
    browserRefusing('localStorage');
    browserRefusing('sessionStorage');
    const local = browserStorage();
    local.setItem('keyloom-settings', '{}');
    expect(browserStorage()).toBe(local);
    expect(browserStorage().getItem('keyloom-settings')).toBe('{}');
    const session = browserSessionStorage();
    expect(session).not.toBe(local);
    expect(browserSessionStorage()).toBe(session);
    expect(siteDataKept()).toBe(false);
    expect(keptByBrowser(session)).toBe(false);
  });

  it("the browser's own storage is used, and kept, when it works", () => {
    browserOffering('localStorage');
    browserOffering('sessionStorage');
    expect(browserStorage()).toBe(globalThis.localStorage);
    expect(browserSessionStorage()).toBe(globalThis.sessionStorage);
    expect(siteDataKept()).toBe(true);
    expect(keptByBrowser(browserSessionStorage())).toBe(true);
  });

  it('storage that refuses writes (a full or read-only store) counts as refused', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: full });
    expect(browserStorage()).not.toBe(full);
    expect(siteDataKept()).toBe(false);
  });

  it('IndexedDB is absent, not thrown, where its getter throws', () => {
    browserRefusing('indexedDB');
    expect(browserIndexedDb()).toBeUndefined();
  });
});
