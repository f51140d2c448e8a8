import { describe, expect, it } from 'vitest';
import { demoDefinition, memoryFetch, servedFiles } from '../../tests/support/servedDefinitions.ts';
import { createErrorStore } from './errorStore.ts';
import { memoryStorage } from './storage.ts';
import { DEMO_KEYBOARDS, type VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { DeviceRuntime } from '../app/DeviceRuntime.ts';
import { macroWriter } from './macroWriter.ts';

const BASE = 'http://app/';

async function aurora() {
  const files = servedFiles(DEMO_KEYBOARDS.map((d) => demoDefinition(d.source)));
  const app = new DeviceRuntime(memoryStorage(), createErrorStore(), BASE, {
    fetch: memoryFetch(files, BASE, []),
  });
  await app.plugDemo('aurora75');
  const [provided] = await app.provider.devices();
  const firmware = (provided!.device as VirtualHidDevice).firmware;
  return { app, firmware, writer: macroWriter(app, createErrorStore()) };
}

describe('macro writer: the Macros pane hands over steps, never bytes', () => {
  it("encodes the set for the keyboard's protocol and the keyboard holds it", async () => {
    const { app, firmware, writer } = await aurora();
    await writer.writeMacros([[{ kind: 'text', text: 'hi' }], [{ kind: 'text', text: 'yo' }]]);
    // "hi" NUL "yo" NUL: two macros as QMK's buffer keeps them.
    expect([...firmware.macroBuffer().slice(0, 6)]).toEqual([0x68, 0x69, 0x00, 0x79, 0x6f, 0x00]);
    expect([...app.store.getState().keyboard!.macros.bytes.slice(0, 6)]).toEqual([
      0x68, 0x69, 0, 0x79, 0x6f, 0,
    ]);
  });

  it("refuses a set bigger than the buffer with VIA's message, before writing anything", async () => {
    const { firmware, writer } = await aurora();
    const before = firmware.macroBuffer();
    const size = before.length; // one byte more than fits: the last byte is the write-in-progress flag
    await expect(writer.writeMacros([[{ kind: 'text', text: 'x'.repeat(size) }]])).rejects.toThrow(
      `Macro size (${size + 1}) exceeds buffer size (${size - 1})`,
    );
    expect(firmware.macroBuffer()).toEqual(before);
  });
});
