import { describe, expect, it } from 'vitest';
import { initI18n, withStrings } from '../i18n/i18n.ts';
import { RefusalError } from '../lib/refusal.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import { refusalWords } from '../ui/common/refusalWords.ts';
import { saveMacros } from './macroSave.ts';

// Saving a macro set the buffer cannot hold is refused as the macro readers refuse (macros/macroRefusal.ts), so
// the Macros pane words it in the user's language instead of showing an English protocol message.
describe('saveMacros refuses a set the buffer cannot hold', () => {
  const oversized = async () => {
    const sent: number[][] = [];
    const commands = {
      writeMacroBuffer: (offset: number, bytes: ArrayLike<number>) => {
        sent.push([offset, ...Array.from(bytes)]);
        return Promise.resolve();
      },
    } as unknown as ViaCommands;
    const macros = { bufferSize: 64, bytes: new Uint8Array(10) };
    const error = await saveMacros(commands, macros, new Uint8Array(80)).catch((e: unknown) => e);
    return { error, sent };
  };

  it('with the coded macro.size refusal, before anything is sent', async () => {
    const { error, sent } = await oversized();
    expect(error).toBeInstanceOf(RefusalError);
    expect((error as RefusalError).refusal).toEqual({
      code: 'macro.size',
      values: { size: '80', max: '63' },
    });
    expect((error as RefusalError).message).toBe('Macro size (80) exceeds buffer size (63)');
    expect(sent).toEqual([]);
  });

  it('which the page shows in Japanese', async () => {
    const i18n = await initI18n('ja');
    await withStrings(Promise.resolve(), ['refusals']);
    const { error } = await oversized();
    if (!(error instanceof RefusalError)) throw new Error('no refusal');
    expect(refusalWords(i18n.getFixedT('refusals'), error.refusal)).toBe(
      'マクロのサイズ（80）がバッファサイズ（63）を超えています',
    );
  });
});
