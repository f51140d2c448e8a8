import { describe, expect, it } from 'vitest';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import {
  isZmkSnapshotText,
  readZmkSnapshotFile,
  writeZmkSnapshotFile,
  ZMK_SNAPSHOT_ERRORS,
  ZMK_SNAPSHOT_LIMITS,
  type ZmkKeymapSnapshot,
} from './zmkSnapshot.ts';
import type { ZmkParamSet } from '../zmk/ZmkBehaviors.ts';

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
    const cases: [string, string][] = [
      ['{"format": "keyloom-zmk-keymap"', ZMK_SNAPSHOT_ERRORS.notJson],
      [' '.repeat(ZMK_SNAPSHOT_LIMITS.bytes + 1), ZMK_SNAPSHOT_ERRORS.tooLarge],
      ['['.repeat(40) + ']'.repeat(40), ZMK_SNAPSHOT_ERRORS.tooLarge],
      [edit((f) => (f.version = 2)), ZMK_SNAPSHOT_ERRORS.invalid('version')],
      [
        edit((f) => (f.keymap.layers[1]!.bindings[3]!.param1 = -1)),
        ZMK_SNAPSHOT_ERRORS.invalid('keymap.layers.1.bindings.3.param1'),
      ],
      [
        edit(
          (f) =>
            (f.behaviors[0]!.sets = [
              { param1: [{ name: 'x', kind: 'color' }], param2: [] },
            ] as unknown as ZmkParamSet[]),
        ),
        ZMK_SNAPSHOT_ERRORS.invalid('behaviors.0.sets.0.param1.0.kind'),
      ],
      [edit((f) => (f.keymap.layers = [])), ZMK_SNAPSHOT_ERRORS.invalid('keymap.layers')],
      [edit((f) => (f.keymap.layers[1]!.id = 0)), ZMK_SNAPSHOT_ERRORS.layerIds],
      [edit((f) => (f.behaviors[1]!.id = f.behaviors[0]!.id)), ZMK_SNAPSHOT_ERRORS.behaviorIds],
      [edit((f) => f.keymap.layers[2]!.bindings.pop()), ZMK_SNAPSHOT_ERRORS.positions],
      [edit((f) => (f.physicalLayouts.activeIndex = 2)), ZMK_SNAPSHOT_ERRORS.activeLayout],
    ];
    for (const [file, message] of cases) expect(readZmkSnapshotFile(file)).toEqual({ ok: false, message });
  });
});
