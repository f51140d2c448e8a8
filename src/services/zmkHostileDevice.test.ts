import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zmkHostileRig } from '../../tests/support/zmkTestRig.ts';
import { writeZmkKeymap } from '../convert/zmkKeymap.ts';
import { createZmkKeyboardStore } from '../state/zmkKeyboardStore.ts';
import {
  deviceName,
  farKey,
  layerNames,
  manyBehaviors,
  manyLayers,
  manyParamValues,
  manyPositions,
  spareLayers,
} from '../virtual-keyboard/zmk/zmkHostileReplies.ts';
import { isSafeName } from '../lib/safeName.ts';
import { ZMK_LIMITS, ZMK_MAX_FRAME_BYTES } from '../zmk/limits.ts';
import { ZMK_REQUEST_DEADLINE_MS, ZMK_SILENCE_TIMEOUT_MS } from '../zmk-studio/ZmkRpcClient.ts';
import { loadZmkKeyboard, ZMK_READ_RETRIES } from './zmkSession.ts';

// The hostile-device rig (issue 39): a ZMK keyboard that trickles, falls silent, reports counts and lengths no
// ZMK keyboard holds, sends frames without end or floods notifications. Each fails with a named error within a
// stated time (fake timers), allocates nothing past the limits, and leaves the page's store responsive.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown } | null;

/** The outcome of `promise` once `ms` of fake time have passed (null: still pending). */
async function after<T>(promise: Promise<T>, ms: number): Promise<Outcome<T>> {
  const seen: { outcome: Outcome<T> } = { outcome: null };
  promise.then(
    (value) => (seen.outcome = { ok: true, value }),
    (error: unknown) => (seen.outcome = { ok: false, error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return seen.outcome;
}

describe('a keyboard that sends bytes but never answers', () => {
  it('noise (one byte a second, no frame) fails "notStudio" after the silence timeout, not retried', async () => {
    const { keyboard, session, sent } = zmkHostileRig();
    keyboard.faults.trickle = 'noise';
    const load = loadZmkKeyboard(session);
    expect(await after(load, ZMK_SILENCE_TIMEOUT_MS - 1)).toBeNull();
    expect(await after(load, 1)).toMatchObject({
      ok: false,
      error: { code: 'notStudio', request: 'core.getDeviceInfo' },
    });
    expect(sent).toEqual(['core.getDeviceInfo']);
  });

  it('a frame that trickles in without end fails "tooSlow" at the request deadline, not retried', async () => {
    const { keyboard, session, sent } = zmkHostileRig();
    keyboard.faults.trickle = 'frame';
    keyboard.faults.trickleMs = 500;
    const load = loadZmkKeyboard(session);
    expect(await after(load, ZMK_REQUEST_DEADLINE_MS - 1)).toBeNull();
    expect(await after(load, 1)).toMatchObject({
      ok: false,
      error: { code: 'tooSlow', request: 'core.getDeviceInfo' },
    });
    expect(sent).toEqual(['core.getDeviceInfo']);
  });

  const LOAD_REQUESTS = [
    'core.getDeviceInfo',
    'core.getLockState',
    'behaviors.listAllBehaviors',
    'behaviors.getBehaviorDetails',
    'keymap.getPhysicalLayouts',
    'keymap.getKeymap',
    'keymap.checkUnsavedChanges',
  ];
  it.each(LOAD_REQUESTS)('silence after %s: the load fails "timeout" after its retries', async (request) => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.silentAfter.add(request);
    const load = loadZmkKeyboard(session);
    const outcome = await after(load, (ZMK_READ_RETRIES + 1) * ZMK_SILENCE_TIMEOUT_MS + 1000);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout', request } });
  });
});

describe('counts and lengths no ZMK keyboard holds are refused by name, before they are used', () => {
  it('available_layers 4,294,967,295: "overLimit" naming the spare layers and the limit', async () => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.rewrite = spareLayers(0xffffffff);
    const outcome = await after(session.keymap.keymap(), 100);
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: 'overLimit',
        request: 'keymap.getKeymap',
        over: { what: 'availableLayers', value: 4294967295, limit: ZMK_LIMITS.layers - 4 },
        message: expect.stringContaining('availableLayers 4294967295, limit 28'),
      },
    });
  });

  it('100,000 behavior ids: refused after the list, with no details request sent', async () => {
    const { keyboard, session, sent } = zmkHostileRig();
    keyboard.faults.rewrite = manyBehaviors(100_000);
    const outcome = await after(loadZmkKeyboard(session), 1000);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'overLimit', over: { what: 'behaviors', value: 100_000, limit: ZMK_LIMITS.behaviors } },
    });
    expect(sent.filter((name) => name === 'behaviors.getBehaviorDetails')).toEqual([]);
  });

  it.each([
    ['300 layers with 300-letter names', manyLayers(300, 300), 'layers', 300],
    ['2,000 positions a layer', manyPositions(2000), 'positions', 2000],
    ['a 300-letter layer name', manyLayers(2, 300), 'text', 300],
  ] as const)('%s: "overLimit" (%s)', async (_, rewrite, what, value) => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.rewrite = rewrite;
    const outcome = await after(session.keymap.keymap(), 100);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'overLimit', over: { what, value } } });
  });

  it('a 1,000-byte keyboard name and 1,000 parameter descriptions of one parameter are refused', async () => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.rewrite = deviceName('K'.repeat(1000));
    expect(await after(session.core.deviceInfo(), 100)).toMatchObject({
      ok: false,
      error: { code: 'overLimit', over: { what: 'text', value: 1000, limit: ZMK_LIMITS.text } },
    });
    keyboard.faults.rewrite = manyParamValues(1000);
    expect(await after(session.behaviors.details(1), 100)).toMatchObject({
      ok: false,
      error: { code: 'overLimit', over: { what: 'values', value: 1000 } },
    });
  });

  it('a key 21 million keys to the right (past int16): "overLimit" for the coordinate', async () => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.rewrite = farKey(0x7fffffff);
    expect(await after(session.keymap.physicalLayouts(), 100)).toMatchObject({
      ok: false,
      error: { code: 'overLimit', over: { what: 'coordinate', value: 0x7fffffff, limit: 32768 } },
    });
  });

  it('parameter descriptions: 1,100 in one behavior, or 17 behaviors of 1,000 (17,000 in all), are refused', async () => {
    const one = zmkHostileRig();
    one.keyboard.faults.rewrite = manyParamValues(1100, 250);
    expect(await after(one.session.behaviors.details(1), 100)).toMatchObject({
      ok: false,
      error: {
        code: 'overLimit',
        over: { what: 'behaviorValues', value: 1100, limit: ZMK_LIMITS.behaviorValues },
      },
    });
    const all = zmkHostileRig();
    all.keyboard.faults.rewrite = manyParamValues(1000, 250);
    expect(await after(loadZmkKeyboard(all.session), 2000)).toMatchObject({
      ok: false,
      error: {
        code: 'overLimit',
        over: { what: 'allBehaviorValues', value: 17_000, limit: ZMK_LIMITS.allBehaviorValues },
      },
    });
  });

  it('a frame without end longer than any reply fails "replyTooLarge"; nothing past the limit is kept', async () => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.unendedFrameBytes = ZMK_MAX_FRAME_BYTES + 4096;
    keyboard.faults.silentAfter.add('core.getLockState');
    expect(await after(session.gate.refresh(), 100)).toMatchObject({
      ok: false,
      error: { code: 'replyTooLarge', request: 'core.getLockState' },
    });
    keyboard.faults.clear();
    // The next frame decodes: the dropped one did not poison the stream.
    expect(await after(session.gate.refresh(), 100)).toMatchObject({ ok: true, value: 'unlocked' });
  });
});

describe('floods and hostile names', () => {
  it('100,000 unsaved-changes notifications: the reply arrives, the page hears of them once a chunk and renders once', async () => {
    const { keyboard, session } = zmkHostileRig();
    let told = 0;
    session.client.onNotification(() => told++);
    const store = createZmkKeyboardStore({ session, logError: () => undefined });
    let updates = 0;
    store.subscribe((state, previous) => void (state.unsaved !== previous.unsaved && updates++));
    keyboard.faults.notificationFlood = 100_000;
    expect(await after(session.keymap.hasUnsavedChanges(), 1000)).toEqual({ ok: true, value: false });
    // Each frame is 8 bytes: 800,000 bytes in 4 KiB chunks.
    expect(told).toBeLessThanOrEqual(Math.ceil((100_000 * 8) / 4096) + 1);
    expect(updates).toBe(0);
  });

  it("bidi overrides and control characters in the keyboard's and layers' names never reach the page or the .keymap", async () => {
    const { keyboard, session } = zmkHostileRig();
    keyboard.faults.rewrite = (reply, request) => {
      deviceName('evil\u202eexe.txt')(reply, request);
      layerNames('Fn\u202e\n/* x */\u2066')(reply, request);
    };
    const outcome = await after(loadZmkKeyboard(session), 2000);
    if (!outcome?.ok) throw new Error(`load failed: ${String(outcome?.error)}`);
    const data = outcome.value;
    expect(data.info.name).toBe('evilexe.txt');
    expect(data.keymap.layers[0]!.name).toBe('Fn\u240a/* x */');
    const written = writeZmkKeymap({
      keyboardName: data.info.name,
      behaviors: data.behaviors,
      physicalLayouts: data.layouts,
      keymap: data.keymap,
    });
    if (!written.ok) throw new Error('not written');
    const text = written.files[0]!.text;
    // Line by line: no bidi control and no control character but the line breaks themselves.
    expect(text.split('\n').filter((line) => !isSafeName(line))).toEqual([]);
    expect(text).toContain('display-name = "Fn\u240a/* x */"');
  });
});
