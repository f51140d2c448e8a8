import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptedHidDevice } from '../../tests/support/scriptedHidDevice.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { MenuValueWriter, SAVE_DEBOUNCE_MS } from './menuValueWriter.ts';

afterEach(() => vi.useRealTimers());

describe('MenuValueWriter', () => {
  it('sets every change at once and saves the channel once after the user pauses', async () => {
    vi.useFakeTimers();
    const device = new ScriptedHidDevice([
      { expect: '07 03 01 10', reply: '07 03 01 10' },
      { expect: '07 03 01 20', reply: '07 03 01 20' },
      { expect: '07 03 01 30', reply: '07 03 01 30' },
      { expect: '09 03', reply: '09 03' },
    ]);
    const commands = new ViaCommands(new ViaClient(device), 12);
    const writer = new MenuValueWriter(
      () => commands,
      { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as never) },
      () => {},
    );
    for (const v of [0x10, 0x20, 0x30]) await writer.set(3, 1, [], [v]);
    expect(device.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 1);
    expect(device.sent).toHaveLength(4);
    expect(device.remaining).toBe(0);
  });
});
