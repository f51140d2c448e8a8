import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { LazyStore } from './lazyStore.ts';

describe('LazyStore', () => {
  it('creates its store once, on the first load, and tells subscribers', async () => {
    let made = 0;
    const lazy = new LazyStore(async () => {
      made++;
      return createStore(() => ({ count: 7 }));
    });
    const seen: (number | undefined)[] = [];
    lazy.subscribe(() => seen.push(lazy.current?.getState().count));
    expect(lazy.current).toBeNull();
    expect(made).toBe(0);
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(lazy.current).toBe(a);
    expect(made).toBe(1);
    expect(seen).toEqual([7]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const lazy = new LazyStore(async () => createStore(() => ({})));
    let calls = 0;
    const unsubscribe = lazy.subscribe(() => calls++);
    unsubscribe();
    await lazy.load();
    expect(calls).toBe(0);
  });
});
