import { describe, expect, it } from 'vitest';
import { keychronBoard, powerCycle } from '../virtual-keyboard/keychron/keychronTestBoard.ts';
import type { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { KeychronRangeError } from '../protocol/keychron/keychronRequests.ts';
import { dfuTargetForChip } from '../bootloaders/flashTargets.ts';
import { readDfuInfo } from '../protocol/keychron/keychronReplies.ts';
import {
  readKeychronDfuInfo,
  readKeychronInfo,
  readKeychronSettings,
  saveKeychron,
  writePatch,
  type KeychronLink,
} from './keychronSettings.ts';

/** The client over the virtual board's own firmware model, every request recorded. */
function linkTo(board: () => VirtualFirmware) {
  const sent: number[][] = [];
  const link: KeychronLink = {
    async requestRaw(bytes) {
      sent.push([...bytes]);
      const request = new Uint8Array(32);
      request.set(bytes);
      const reply = board().handleReport(request);
      if (!reply) throw new Error('No reply from the keyboard');
      return reply;
    },
  };
  return { link, sent };
}

const Q1_MATRIX = { rows: 6, cols: 16 };

describe('Keychron service against the virtual Q1 V2', () => {
  it('recognises it by its answers and reads every reported setting within its bounds', async () => {
    const board = keychronBoard('q1v2_ansi_encoder');
    const { link, sent } = linkTo(() => board);
    const info = await readKeychronInfo(link, 2);
    expect(info.firmware).toBe('v2.2.0 2025-12-01-16:59:02');
    expect(info.features).toMatchObject({ rgb: true, snapClick: true, debounce: true, reportRate: false });
    const s = await readKeychronSettings(link, info.features, Q1_MATRIX);
    expect(s.rgb?.ledCount).toBe(81);
    expect(s.rgb?.colors).toHaveLength(81);
    expect(s.rgb?.effects.map((l) => l.length)).toEqual([5, 5]);
    expect(s.snapClick).toHaveLength(20);
    expect(s.debounce).toEqual({ type: 4, ms: 50 });
    // No colour or region request reaches past LED 80, no LED-map row past 5, no region past 1.
    for (const r of sent) {
      if (r[0] === 0xa8 && (r[1] === 0x09 || r[1] === 0x0c)) expect(r[2]! + r[3]!).toBeLessThanOrEqual(81);
      if (r[0] === 0xa8 && r[1] === 0x06) expect(r[2]).toBeLessThan(6);
      if (r[0] === 0xa8 && r[1] === 0x0e) expect(r[2]).toBeLessThan(2);
    }
  });

  it('a colour and a Snap Click pair written, read back, and kept over a power cycle only after the saves', async () => {
    let board = keychronBoard('q1v2_ansi_encoder');
    const { link } = linkTo(() => board);
    const info = await readKeychronInfo(link, 2);
    let s = await readKeychronSettings(link, info.features, Q1_MATRIX);
    const before = s.rgb!.colors[80];
    s = await writePatch(link, s, Q1_MATRIX, { kind: 'colors', entries: [[80, [10, 20, 200]]] });
    await writePatch(link, s, Q1_MATRIX, {
      kind: 'snapClick',
      index: 19,
      pair: { type: 5, key1: 4, key2: 7 },
    });
    board = powerCycle(board);
    let again = await readKeychronSettings(link, info.features, Q1_MATRIX);
    expect(again.rgb!.colors[80]).toEqual(before);
    s = await writePatch(link, again, Q1_MATRIX, { kind: 'colors', entries: [[80, [10, 20, 200]]] });
    await writePatch(link, s, Q1_MATRIX, {
      kind: 'snapClick',
      index: 19,
      pair: { type: 5, key1: 4, key2: 7 },
    });
    await saveKeychron(link, { rgb: true, snapClick: true });
    board = powerCycle(board);
    again = await readKeychronSettings(link, info.features, Q1_MATRIX);
    expect(again.rgb!.colors[80]).toEqual([10, 20, 200]);
    expect(again.snapClick![19]).toEqual({ type: 5, key1: 4, key2: 7 });
  });

  it('refuses LED 81 and region 2 before sending anything', async () => {
    const board = keychronBoard('q1v2_ansi_encoder');
    const { link, sent } = linkTo(() => board);
    const info = await readKeychronInfo(link, 2);
    const s = await readKeychronSettings(link, info.features, Q1_MATRIX);
    sent.length = 0;
    await expect(
      writePatch(link, s, Q1_MATRIX, { kind: 'colors', entries: [[81, [1, 2, 3]]] }),
    ).rejects.toThrow(KeychronRangeError);
    await expect(
      writePatch(link, s, Q1_MATRIX, { kind: 'effects', region: 2, list: s.rgb!.effects[0]! }),
    ).rejects.toThrow(KeychronRangeError);
    expect(sent).toEqual([]);
  });

  it('the C1 Pro 8K reports its report rate, which is stored at once', async () => {
    let board = keychronBoard('c1_pro_8k_ansi');
    const { link } = linkTo(() => board);
    const info = await readKeychronInfo(link, 2);
    expect(info.features.reportRate).toBe(true);
    const s = await readKeychronSettings(link, info.features, { rows: 6, cols: 17 });
    expect(s.reportRate).toEqual({ divider: 3, supported: 0x7f });
    await writePatch(link, s, { rows: 6, cols: 17 }, { kind: 'reportRate', divider: 0 });
    board = powerCycle(board);
    expect((await readKeychronSettings(link, info.features, { rows: 6, cols: 17 })).reportRate?.divider).toBe(
      0,
    );
  });
});

describe('Keychron DFU info: the chip names the board’s bootloader', () => {
  it.each([
    ['q1v2_ansi_encoder', 'STM32L432', 1, 'stm32l432-dfu'],
    ['c1_pro_8k_ansi', 'AT32F405', 0, 'at32f405-dfu'],
  ])('%s names %s (type %i): %s', async (id, chip, type, target) => {
    const board = keychronBoard(id);
    const { link } = linkTo(() => board);
    expect(await readKeychronDfuInfo(link)).toEqual({ chip, type });
    expect(dfuTargetForChip(chip)?.id).toBe(target);
  });

  it('a record running past the report or a name that is not printable is left out', () => {
    const reply = new Array(32).fill(0);
    reply.splice(0, 8, 0xa7, 0x02, 0x00, 0x01, 0x03, 0x41, 0x0a, 0x42);
    expect(readDfuInfo(reply)).toEqual({ chip: null, type: null });
    const long = [0xa7, 0x02, 0x00, 0x01, 40, ...new Array(27).fill(0x41)];
    expect(readDfuInfo(long)).toEqual({ chip: null, type: null });
    expect(dfuTargetForChip('GD32VF103')).toBeNull();
  });
});
