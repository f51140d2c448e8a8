import { describe, expect, it, vi } from 'vitest';
import { createToolsStore } from './keymapToolsStore.ts';

const A = { layer: 0, index: 1 };
const B = { layer: 2, index: 13 };

describe('createToolsStore: the keymap tools of any family', () => {
  it('runs a picked key onto the next key chosen through the family, and says what it did', async () => {
    const run = vi.fn(async () => undefined);
    const tools = createToolsStore(run);
    tools.getState().pick(A, 'copy');
    await tools.getState().placePicked(B);
    expect(run).toHaveBeenCalledWith('copy', A, B);
    expect(tools.getState().picked).toBeNull();
    expect(tools.getState().lastMove).toEqual({ mode: 'copy', from: A, to: B });
  });

  it('says nothing was done when the family refuses the move (a ZMK layer without &none or &trans)', async () => {
    const run = vi.fn(async () => false);
    const tools = createToolsStore(run);
    await tools.getState().moveKey('move', A, B);
    expect(run).toHaveBeenCalledOnce();
    expect(tools.getState().lastMove).toBeNull();
  });

  it('a key moved onto itself asks the family nothing', async () => {
    const run = vi.fn(async () => undefined);
    await createToolsStore(run)
      .getState()
      .moveKey('swap', A, { ...A });
    expect(run).not.toHaveBeenCalled();
  });

  it('a move after select by pressing says the move, not the press any more', async () => {
    const tools = createToolsStore(async () => undefined);
    tools.getState().setPressed({ code: 'KeyQ', keycode: 0x14, candidates: [1] });
    await tools.getState().moveKey('swap', A, B);
    expect(tools.getState().pressed).toBeNull();
  });
});
