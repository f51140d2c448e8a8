import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/keychron.json';
import ja from '../i18n/locales/ja/keychron.json';
import ko from '../i18n/locales/ko/keychron.json';
import zh from '../i18n/locales/zh/keychron.json';
import { keychronHostileRig, loadThroughVia, type Tamper } from '../../tests/support/keychronHostileRig.ts';
import { viaCapabilities } from './deviceCapabilities.ts';

// A board that answers Keychron's 0xA0 (protocol > 0) but garbles 0xA1 or 0xA2 while connecting: it is driven as
// a plain VIA board, and the load keeps why (the page words it in four languages), not only an English warning.

const definition = {
  name: 'Garbling Keychron',
  vendorId: '0x3434',
  productId: '0x0107',
  matrix: { rows: 6, cols: 16 },
  layouts: { keymap: [['0,0', '0,1']] },
};

const garble =
  (cmd: number): Tamper =>
  (request, reply) =>
    request[0] === cmd && reply ? (reply.fill(0xee, 0, 2), reply) : reply;

describe('a Keychron board that garbles its feature reads', () => {
  it.each([
    ['0xA1 (firmware version)', 0xa1],
    ['0xA2 (features)', 0xa2],
  ])('%s: a plain VIA board, with the reason kept', async (_, cmd) => {
    const rig = keychronHostileRig('q1v2_ansi_encoder', garble(cmd));
    const { keyboard, warnings } = await loadThroughVia(rig, definition);
    expect(keyboard.keychron).toBeUndefined();
    expect(viaCapabilities(keyboard).keychron).toBeUndefined();
    expect(keyboard.keychronUnread).toMatchObject({ code: 'garbled' });
    expect(keyboard.keychronUnread!.command).toContain(cmd.toString(16).toUpperCase());
    expect(warnings).toHaveLength(1);
    for (const strings of [en, ja, ko, zh]) {
      expect(strings.unread).toContain('{{message}}');
      expect((strings.problem as Record<string, string>).garbled).toContain('{{command}}');
    }
    expect(new Set([en, ja, ko, zh].map((s) => s.unread)).size).toBe(4);
  });
});
