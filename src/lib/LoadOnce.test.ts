import { describe, expect, it } from 'vitest';
import { LoadOnce } from './LoadOnce.ts';

/** A fetch the test settles by hand, counting how often it was started. */
function manualFetch<T>() {
  const calls: { resolve(value: T): void; reject(error: Error): void }[] = [];
  const fetch = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { fetch, calls };
}

describe('LoadOnce', () => {
  it('loads nothing until asked, then once for every caller, and tells subscribers when it is here', async () => {
    const { fetch, calls } = manualFetch<string>();
    const once = new LoadOnce(fetch);
    const heard: (string | null)[] = [];
    once.subscribe(() => heard.push(once.current));
    expect([once.ready, once.current, calls.length]).toEqual([false, null, 0]);

    const first = once.load();
    const second = once.load();
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
    expect(once.ready).toBe(false);

    calls[0]!.resolve('table');
    expect(await first).toBe('table');
    expect([once.ready, once.current, heard]).toEqual([true, 'table', ['table']]);
    // Kept for good: the same promise, no second fetch, no second notice.
    expect(once.load()).toBe(first);
    expect(calls).toHaveLength(1);
    expect(heard).toEqual(['table']);
  });

  it('retry rule: a failure reaches every waiting caller, is not kept, and the next load fetches again', async () => {
    const { fetch, calls } = manualFetch<number>();
    const once = new LoadOnce(fetch);
    let heard = 0;
    once.subscribe(() => heard++);

    const a = once.load();
    const b = once.load();
    calls[0]!.reject(new Error('offline'));
    await expect(a).rejects.toThrow('offline');
    await expect(b).rejects.toThrow('offline');
    expect([once.ready, once.current, heard]).toEqual([false, null, 0]);

    const retry = once.load();
    expect(retry).not.toBe(a);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(0);
    expect(await retry).toBe(0);
    // A falsy value is still "here".
    expect([once.ready, once.current, heard]).toEqual([true, 0, 1]);
  });

  it('a value that is null is here all the same (an answer of "cannot tell")', async () => {
    const once = new LoadOnce(async () => null);
    await once.load();
    expect(once.ready).toBe(true);
    expect(once.current).toBeNull();
  });

  it('stops telling a listener that unsubscribed', async () => {
    const once = new LoadOnce(async () => 1);
    let calls = 0;
    const unsubscribe = once.subscribe(() => calls++);
    unsubscribe();
    await once.load();
    expect(calls).toBe(0);
  });
});
