import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createErrorStore } from '../../state/errorStore.ts';
import { createSelectionStore } from '../../state/selectionStore.ts';
import type { CommandState } from '../../state/commands.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { DrawnKey } from '../canvas/useKeyboardKeys.ts';
import { assignKeycode, type KeyAssignment } from './keyAssignment.ts';

/** Three keys in a row on a 2×2 matrix (the middle one at row 1, col 0), and commands that record writes. */
function pane(overrides: Partial<KeyAssignment> = {}, fail?: Error) {
  const writes: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      writes.push([name, ...args]);
      if (fail) throw fail;
    };
  const commands = createStore<CommandState>(
    () =>
      ({
        assignKey: record('key'),
        assignEncoder: record('encoder'),
      }) as unknown as CommandState,
  );
  const selection = createSelectionStore();
  const errors = createErrorStore();
  const drawn = [0, 2, 1].map(
    (matrixIndex, x) => ({ key: { x, y: 0, row: 0, col: x }, matrixIndex }) as unknown as DrawnKey,
  );
  const keyboard = { definition: { matrix: { rows: 2, cols: 2 } } } as unknown as KeyboardState;
  const assignment: KeyAssignment = {
    stores: { commands, selection, errors },
    keyboard,
    layer: 1,
    drawn,
    selectedIndex: 1,
    encoderIndex: undefined,
    encoderSlot: 'ccw',
    fastRemap: false,
    ...overrides,
  };
  return { assignment, writes, selection, errors };
}

describe('assignKeycode (what a picked keycode does in the keymap pane)', () => {
  it('writes the selected key at its matrix row and column on the shown layer', async () => {
    const { assignment, writes } = pane();
    await assignKeycode(assignment, 0x04);
    expect(writes).toEqual([['key', 1, 1, 0, 0x04]]);
  });

  it('writes the chosen encoder direction, and an encoder key pressed as a key', async () => {
    const turned = pane({ encoderIndex: 3, encoderSlot: 'cw' });
    await assignKeycode(turned.assignment, 0x80);
    expect(turned.writes).toEqual([['encoder', 1, 3, true, 0x80]]);
    const pressed = pane({ encoderIndex: 3, encoderSlot: 'press' });
    await assignKeycode(pressed.assignment, 0x29);
    expect(pressed.writes).toEqual([['key', 1, 1, 0, 0x29]]);
    const undrawn = pane({ selectedIndex: undefined, encoderIndex: 0, encoderSlot: 'press' });
    await assignKeycode(undrawn.assignment, 0x29);
    expect(undrawn.writes).toEqual([['encoder', 1, 0, false, 0x29]]);
  });

  it('writes nothing without a selected key or encoder', async () => {
    const { assignment, writes } = pane({ selectedIndex: undefined });
    await assignKeycode(assignment, 0x04);
    expect(writes).toEqual([]);
  });

  it('with fast mapping, selects the next key in reading order', async () => {
    const { assignment, selection } = pane({ fastRemap: true });
    await assignKeycode(assignment, 0x04);
    await expect.poll(() => [...selection.getState().selected]).toEqual([2]);
  });

  it('a failed write is said on the Errors page', async () => {
    const { assignment, errors } = pane({}, new Error('No reply from the keyboard'));
    await assignKeycode(assignment, 0x04);
    expect(errors.getState().errors.map((e) => e.message)).toEqual(['No reply from the keyboard']);
  });
});
