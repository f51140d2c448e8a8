import { describe, expect, it } from 'vitest';
import { createErrorStore } from '../state/errorStore.ts';
import { memoryStorage } from '../state/storage.ts';
import { DeviceRuntime } from './DeviceRuntime.ts';
import { logRequestAllowed } from './commandLogRequests.ts';

/** A window stand-in: message events in, replies recorded with the origin they were addressed to. */
function fakeWindow(origin: string) {
  const target = new EventTarget() as EventTarget & { location: { origin: string } };
  target.location = { origin };
  return target as unknown as Window;
}

function requestFrom(page: Window, origin: string) {
  const replies: { message: unknown; targetOrigin: string }[] = [];
  const source = {
    postMessage: (message: unknown, options: { targetOrigin: string }) =>
      replies.push({ message, targetOrigin: options.targetOrigin }),
  };
  page.dispatchEvent(
    Object.assign(new Event('message'), {
      data: { type: 'keyloom:command-log:request', limit: 2 },
      origin,
      source,
    }),
  );
  return replies;
}

describe('command log over window messages', () => {
  it('answers only its own origin (or an allowed one), never opaque or empty origins', () => {
    const own = 'https://keyloom.example';
    expect(logRequestAllowed(own, own)).toBe(true);
    expect(logRequestAllowed('https://evil.example', own)).toBe(false);
    expect(logRequestAllowed('null', own)).toBe(false);
    expect(logRequestAllowed('', own)).toBe(false);
    expect(logRequestAllowed('https://tools.example', own, ['https://tools.example'])).toBe(true);
  });

  it('a same-origin window gets the newest entries addressed to its origin; another origin gets nothing', async () => {
    const runtime = new DeviceRuntime(memoryStorage(), createErrorStore(), 'http://localhost:5205/');
    runtime.commandLog.push(
      { time: 1, direction: 'out', bytes: [0x0f, 0x41] },
      { time: 2, direction: 'in', bytes: [0x0f, 0x41] },
      { time: 3, direction: 'out', bytes: [0x01] },
    );
    const page = fakeWindow('http://localhost:5205');
    runtime.listenForLogRequests(page);
    const otherOrigin = requestFrom(page, 'http://127.0.0.1:5205');
    const opaque = requestFrom(page, 'null');
    const replies = requestFrom(page, 'http://localhost:5205');
    // The answering code loads with the first request; requests are answered in the order they came.
    await expect.poll(() => replies.length).toBe(1);
    expect(otherOrigin).toEqual([]);
    expect(opaque).toEqual([]);
    expect(replies).toEqual([
      {
        targetOrigin: 'http://localhost:5205',
        message: { type: 'keyloom:command-log', entries: runtime.commandLog.slice(-2) },
      },
    ]);
  });
});
