import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings, strings } from '../i18n/i18n.ts';
import { MODIFIER_HOLD } from './bindingDraft.ts';
import { zmkParamField, zmkParamKindOptions } from './paramField.ts';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['zmk']);
});

const t = (key: string, values?: Record<string, unknown>) => strings.getFixedT('zmk')(key, values);
const keyTitle = (usage: number) => `key ${usage}`;

describe("a ZMK parameter's field, as the binding editor shows it", () => {
  it("labels a hold-tap's parameters by their role, and a Mod-Tap's hold lists the modifiers", () => {
    const hold = zmkParamField(t, MODIFIER_HOLD, 'hold', keyTitle);
    expect(hold.kind).toBe('choice');
    if (hold.kind !== 'choice') return;
    expect(hold.label).toBe('Hold: Modifier');
    expect(hold.options[0]).toEqual({ value: 0x0700e0, label: 'Left Ctrl' });
    expect(hold.otherLabel(0x070004)).toBe('key 458756');
    const tap = zmkParamField(
      t,
      { kind: 'hidUsage', label: 'Key', keyboardMax: 0xff, consumerMax: 0 },
      'tap',
      keyTitle,
    );
    expect(tap).toEqual({ kind: 'key', label: 'Tap: Key', keyboardMax: 0xff, consumerMax: 0 });
  });

  it('names a layer removed this session as removed, not as a bare number; another unknown value as not offered', () => {
    const field = zmkParamField(
      t,
      {
        kind: 'layer',
        label: '',
        layers: [{ id: 0, name: 'Base' }],
        removed: [{ id: 7, name: 'Gone', removed: true }],
      },
      null,
      keyTitle,
    );
    if (field.kind !== 'choice') throw new Error(field.kind);
    expect(field.label).toBe('Layer');
    expect(field.options).toEqual([{ value: 0, label: 'Base' }]);
    expect(field.otherLabel(7)).toBe('Gone (removed layer)');
    expect(field.otherLabel(9)).toBe('9 (not offered)');
  });

  it('gives a number its range, a list of named values its kind as label, several kinds their names', () => {
    expect(zmkParamField(t, { kind: 'range', label: '', min: 0, max: 4 }, null, keyTitle)).toMatchObject({
      kind: 'number',
      label: 'Number',
      rangeText: 'From 0 to 4',
    });
    const list = zmkParamField(
      t,
      { kind: 'choice', label: 'Profile', options: [{ value: 1, label: 'Select Profile' }] },
      null,
      keyTitle,
    );
    expect(list.label).toBe('Value');
    expect(
      zmkParamKindOptions(t, [
        { kind: 'range', label: '', min: 0, max: 1 },
        { kind: 'layer', label: '', layers: [], removed: [] },
      ]),
    ).toEqual([
      { value: 0, label: 'Number' },
      { value: 1, label: 'Layer' },
    ]);
  });
});
