import { describe, expect, it, vi } from 'vitest';
import { saveFile } from './saveFile.ts';

/** A window whose save picker resolves with a handle named `name`, whose writable's write does `write`. */
const windowWith = (picker: () => Promise<unknown>) => ({ showSaveFilePicker: picker }) as unknown as Window;
const handle = (name: string, write: () => Promise<void>) => ({
  name,
  createWritable: async () => ({ write, close: async () => undefined }),
});

describe('saveFile says how a save ended (issue 38 item 8)', () => {
  const blob = new Blob(['{}']);

  it('saved, under the name the user chose', async () => {
    const win = windowWith(async () => handle('mine.layout.json', async () => undefined));
    expect(await saveFile(blob, 'board.layout.json', 'Layout', win)).toEqual({
      kind: 'saved',
      name: 'mine.layout.json',
      downloaded: false,
    });
  });

  it('a picker closed without a choice is a cancel, said by nobody', async () => {
    const win = windowWith(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    expect(await saveFile(blob, 'board.layout.json', 'Layout', win)).toEqual({ kind: 'cancelled' });
  });

  it.each([
    ['QuotaExceededError', 'quota'],
    ['NotAllowedError', 'permission'],
    ['InvalidStateError', 'other'],
  ])('a write failing with %s is named (%s) and logged, never taken for a cancel', async (error, reason) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const win = windowWith(async () =>
      handle('board.layout.json', async () => {
        throw new DOMException('The write failed.', error);
      }),
    );
    expect(await saveFile(blob, 'board.layout.json', 'Layout', win)).toMatchObject({
      kind: 'failed',
      name: 'board.layout.json',
      reason,
    });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
