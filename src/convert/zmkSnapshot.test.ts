import type { Refused } from '../lib/refusal.ts';
import { describe, expect, it } from 'vitest';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import {
  isZmkSnapshotText,
  readZmkSnapshotFile,
  writeZmkSnapshotFile,
  zmkSnapshotRefusals,
  ZMK_SNAPSHOT_LIMITS,
  type ZmkKeymapSnapshot,
} from './zmkSnapshot.ts';
import type { ZmkParamSet } from '../zmk/behavior.ts';

async function demoFile() {
  const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
  return { snapshot, text: writeZmkSnapshotFile(snapshot) };
}

describe('Keyloom ZMK keymap files', () => {
  it('read back exactly what was written', async () => {
    const { snapshot, text } = await demoFile();
    expect(isZmkSnapshotText(JSON.parse(text))).toBe(true);
    expect(readZmkSnapshotFile(text)).toEqual({ ok: true, snapshot });
  });

  it('refuse, with one clear message, what is not a ZMK keymap as Studio reports it', async () => {
    const { text } = await demoFile();
    type File = ZmkKeymapSnapshot & { format: string; version: number };
    const edit = (change: (file: File) => void) => {
      const file = JSON.parse(text) as File;
      change(file);
      return JSON.stringify(file);
    };
    const cases: [string, Refused][] = [
      ['{"format": "keyloom-zmk-keymap"', zmkSnapshotRefusals.refuse('notJson')],
      [
        ' '.repeat(ZMK_SNAPSHOT_LIMITS.bytes + 1),
        zmkSnapshotRefusals.refuse('tooLarge', { max: '4,000,000', depth: 16 }),
      ],
      [
        '['.repeat(40) + ']'.repeat(40),
        zmkSnapshotRefusals.refuse('tooLarge', { max: '4,000,000', depth: 16 }),
      ],
      [edit((f) => (f.version = 2)), zmkSnapshotRefusals.refuse('invalid', { where: 'version' })],
      [
        edit((f) => (f.keymap.layers[1]!.bindings[3]!.param1 = -1)),
        zmkSnapshotRefusals.refuse('invalid', { where: 'keymap.layers.1.bindings.3.param1' }),
      ],
      [
        edit(
          (f) =>
            (f.behaviors[0]!.sets = [
              { param1: [{ name: 'x', kind: 'color' }], param2: [] },
            ] as unknown as ZmkParamSet[]),
        ),
        zmkSnapshotRefusals.refuse('invalid', { where: 'behaviors.0.sets.0.param1.0.kind' }),
      ],
      [
        edit((f) => (f.keymap.layers = [])),
        zmkSnapshotRefusals.refuse('invalid', { where: 'keymap.layers' }),
      ],
      [edit((f) => (f.keymap.layers[1]!.id = 0)), zmkSnapshotRefusals.refuse('layerIds')],
      [edit((f) => (f.behaviors[1]!.id = f.behaviors[0]!.id)), zmkSnapshotRefusals.refuse('behaviorIds')],
      [edit((f) => f.keymap.layers[2]!.bindings.pop()), zmkSnapshotRefusals.refuse('positions')],
      [edit((f) => (f.physicalLayouts.activeIndex = 2)), zmkSnapshotRefusals.refuse('activeLayout')],
    ];
    for (const [file, refused] of cases) expect(readZmkSnapshotFile(file)).toEqual(refused);
  });
});
