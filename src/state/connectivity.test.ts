import { describe, expect, it } from 'vitest';
import { createConnectivity, RETRY_OFFLINE_MS } from './connectivity.ts';

/** A network the test switches on and off, and a browser hint that may lie (connected but down). */
function world(options: { hint?: boolean; network?: boolean } = {}) {
  const state = { hint: options.hint ?? true, network: options.network ?? true, probes: 0 };
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const connectivity = createConnectivity({
    hint: () => state.hint,
    probe: async () => {
      state.probes++;
      if (!state.network) throw new TypeError('Failed to fetch');
      return true;
    },
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const i = timers.indexOf(handle as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { state, connectivity, advance, pending: () => timers.length };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connectivity: navigator.onLine is a hint, requests decide', () => {
  it('a network that is connected but down: the hint says online, the service worker says otherwise', async () => {
    const { connectivity } = world({ hint: true, network: false });
    expect(connectivity.online()).toBe(true);
    const changes: boolean[] = [];
    connectivity.subscribe(() => changes.push(connectivity.online()));
    connectivity.report(false);
    expect(connectivity.online()).toBe(false);
    expect(changes).toEqual([false]);
  });

  it('a failed request is checked with a probe before the app calls itself offline', async () => {
    const { state, connectivity } = world({ network: false });
    await expect(connectivity.observe(Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow();
    await settle();
    expect(state.probes).toBe(1);
    expect(connectivity.online()).toBe(false);
  });

  it('a failure the probe contradicts (a dead foreign host, CORS) leaves the app online', async () => {
    const { state, connectivity } = world({ network: true });
    await expect(connectivity.observe(Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow();
    await settle();
    expect(state.probes).toBe(1);
    expect(connectivity.online()).toBe(true);
  });

  it('an aborted request says nothing about the network', async () => {
    const { state, connectivity } = world({ network: false });
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    await expect(connectivity.observe(Promise.reject(abort))).rejects.toBe(abort);
    await settle();
    expect(state.probes).toBe(0);
    expect(connectivity.online()).toBe(true);
  });

  it('while offline it probes every few seconds and notices the network coming back', async () => {
    const { state, connectivity, advance } = world({ network: false });
    connectivity.report(false);
    await advance(RETRY_OFFLINE_MS);
    expect(state.probes).toBe(1);
    expect(connectivity.online()).toBe(false);
    state.network = true;
    await advance(RETRY_OFFLINE_MS);
    expect(state.probes).toBe(2);
    expect(connectivity.online()).toBe(true);
  });

  it('online, nothing is probed in the background', async () => {
    const { state, connectivity, advance, pending } = world();
    connectivity.report(true);
    await advance(RETRY_OFFLINE_MS * 10);
    expect(state.probes).toBe(0);
    expect(pending()).toBe(0);
  });

  it("the browser's false is believed at once; its true is checked", async () => {
    const { state, connectivity } = world({ network: false });
    state.hint = false;
    connectivity.hintChanged();
    expect(connectivity.online()).toBe(false);
    expect(state.probes).toBe(0);
    // 'online' fires, but the network is still dead (a captive or broken link): the probe keeps it offline.
    state.hint = true;
    connectivity.hintChanged();
    await settle();
    expect(state.probes).toBe(1);
    expect(connectivity.online()).toBe(false);
    state.network = true;
    connectivity.hintChanged();
    await settle();
    expect(connectivity.online()).toBe(true);
  });

  it('probes that overlap are one request', async () => {
    const { state, connectivity } = world({ network: false });
    connectivity.suspect();
    connectivity.suspect();
    connectivity.suspect();
    await settle();
    expect(state.probes).toBe(1);
  });

  it('a browser that says offline is believed even when a report says a request got through', () => {
    const { state, connectivity } = world();
    state.hint = false;
    connectivity.report(true);
    expect(connectivity.online()).toBe(false);
  });
});
