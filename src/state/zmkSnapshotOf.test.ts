import { describe, expect, it, vi } from 'vitest';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { readZmkKeymapText } from '../../tests/support/zmkKeymapReader.ts';
import { writeZmkKeymap } from '../convert/zmkKeymap.ts';
import { readZmkSnapshotFile, writeZmkSnapshotFile } from '../convert/zmkSnapshot.ts';
import { openZmkSession } from '../services/zmkSession.ts';
import { serialZmkTransport } from '../transport/zmkSerialTransport.ts';
import { behaviorByLabel } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import { createZmkKeyboardStore } from './zmkKeyboardStore.ts';
import { zmkSnapshotOf } from './zmkSnapshotOf.ts';

describe('the ZMK exports of a keyboard in the app', () => {
  it('are written from what the keyboard runs now, unsaved changes included, and the .zmk.json reads back', async () => {
    const rig = zmkTestRig();
    const session = openZmkSession(serialZmkTransport(rig.keyboard.serialPort), { silenceTimeoutMs: 300 });
    const store = createZmkKeyboardStore({ session, logError: () => undefined });
    expect(zmkSnapshotOf(store.getState())).toBeNull();
    const load = store.getState().load();
    await vi.waitFor(() => expect(store.getState().lock.waiting).not.toEqual([]));
    rig.keyboard.pressStudioUnlock();
    await load;

    // Base's Q becomes &kp B, not saved.
    const kp = behaviorByLabel('kp').localId;
    await store.getState().setBinding(0, 1, { behaviorId: kp, param1: 0x070005, param2: 0 });
    expect(store.getState().unsaved).toBe(true);
    const snapshot = zmkSnapshotOf(store.getState())!;
    expect(snapshot.keyboardName).toBe('Keyloom Split 42');

    const written = writeZmkKeymap(snapshot);
    if (!written.ok) throw new Error(written.message);
    expect(written.files[0]!.name).toBe('keyloom_split_42.keymap');
    expect(readZmkKeymapText(written.files[0]!.text).layers[0]!.bindings[1]).toEqual({
      label: 'kp',
      cells: [0x070005],
      comment: null,
    });
    expect(readZmkSnapshotFile(writeZmkSnapshotFile(snapshot))).toEqual({ ok: true, snapshot });
    await session.close();
  });
});
