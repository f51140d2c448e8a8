/**
 * What a hostile ZMK keyboard costs the page (issue 39): a flood of 2,000,000 unsaved-changes notifications
 * through the client and the keyboard's store, the longest chunk of it (what one task holds the page for), a
 * frame without end, and the keymap grid of 20,000 keys. `npm run bench -- zmkHostile`.
 */
import { createStore } from 'zustand/vanilla';
import { zmkKeymapGrid } from '../src/convert/zmkKeymapGrid.ts';
import { encodeFrame, FrameDecoder } from '../src/zmk-studio/framing.ts';
import { coreRequest } from '../src/zmk-studio/requests.ts';
import { ZmkRpcClient } from '../src/zmk-studio/ZmkRpcClient.ts';
import type { ZmkReceiver } from '../src/zmk-studio/transport.ts';
import type { Report } from './run.ts';

/** An encoded Response: keymap notification unsaved_changes_status_changed = true. */
const UNSAVED = Uint8Array.of(0x12, 0x04, 0x2a, 0x02, 0x08, 0x01);

async function flood(count: number, chunkBytes: number) {
  let receiver: ZmkReceiver | null = null;
  const client = new ZmkRpcClient({
    label: 'bench',
    open: async (r) => void (receiver = r),
    write: async () => undefined,
    close: async () => undefined,
  });
  // The store as the app's keyboard store holds it: set only on a change.
  const store = createStore<{ unsaved: boolean }>(() => ({ unsaved: false }));
  let renders = 0;
  store.subscribe(() => renders++);
  client.onNotification((n) => {
    const value = n.subsystem.case === 'keymap' && n.subsystem.value.notificationType.value === true;
    if (store.getState().unsaved !== value) store.setState({ unsaved: value });
  });
  // Opened by a request that is never answered (its failure is not timed).
  void client.request(coreRequest({ case: 'getLockState', value: true })).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const frame = encodeFrame(UNSAVED);
  const perChunk = Math.max(1, Math.floor(chunkBytes / frame.length));
  const chunk = new Uint8Array(frame.length * perChunk);
  for (let i = 0; i < perChunk; i++) chunk.set(frame, i * frame.length);
  let longest = 0;
  const start = performance.now();
  for (let sent = 0; sent < count; sent += perChunk) {
    const t = performance.now();
    receiver!.bytes(chunk);
    longest = Math.max(longest, performance.now() - t);
  }
  const total = performance.now() - start;
  await client.close();
  return { total, longest, renders };
}

export async function run(report: Report) {
  for (const chunkBytes of [64, 4096]) {
    const { total, longest, renders } = await flood(2_000_000, chunkBytes);
    report({
      name: `2,000,000 unsaved notifications in ${chunkBytes}-byte chunks: all`,
      value: total,
      unit: 'ms',
      note: `spread over the chunks' tasks; the page re-rendered ${renders} time(s)`,
    });
    report({ name: `… the longest chunk (one task)`, value: longest, unit: 'ms', limit: 50 });
  }
  const decoder = new FrameDecoder();
  const endless = new Uint8Array(1 << 20).fill(1);
  const start = performance.now();
  decoder.push(Uint8Array.of(0xab));
  for (let i = 0; i < 64; i++) decoder.push(endless);
  report({
    name: 'a 64 MiB frame without end: decoded and dropped',
    value: performance.now() - start,
    unit: 'ms',
    note: `held at most ${decoder.bufferedBytes} bytes at the end (limit 4 MiB)`,
  });
  const keys = Array.from({ length: 20_000 }, (_, i) => ({
    x: (i % 100) * 100,
    y: Math.floor(i / 100) * 100,
    width: 100,
    height: 100,
    r: 0,
    rx: 0,
    ry: 0,
  }));
  const t = performance.now();
  zmkKeymapGrid([keys.map(() => '&kp A')], keys);
  report({ name: 'keymap grid of 20,000 keys', value: performance.now() - t, unit: 'ms', limit: 500 });
}
