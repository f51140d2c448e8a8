import { describe, expect, it } from 'vitest';
import { readLayoutSettings, SETTINGS_INVALID, settingsChanges } from './layoutSettings.ts';

describe('a layout file’s settings', () => {
  it('are read when well formed, and absent is no settings', () => {
    expect(readLayoutSettings(undefined)).toEqual({ ok: true, value: null });
    expect(readLayoutSettings({ layoutOptions: 5, values: { '3:1': [120], '3:4:2': [10, 255] } })).toEqual({
      ok: true,
      value: { layoutOptions: 5, values: { '3:1': [120], '3:4:2': [10, 255] } },
    });
    expect(readLayoutSettings({})).toEqual({ ok: true, value: { layoutOptions: null, values: {} } });
  });

  it.each([
    ['not an object', []],
    ['negative layout options', { layoutOptions: -1 }],
    ['fractional layout options', { layoutOptions: 1.5 }],
    ['values as a list', { values: [[1]] }],
    ['a key that is no address', { values: { id_brightness: [1] } }],
    ['a byte over 255', { values: { '3:1': [256] } }],
    ['an empty value', { values: { '3:1': [] } }],
    ['a value of 33 bytes', { values: { '3:1': new Array(33).fill(0) } }],
  ])('refuse %s', (_, value) => {
    expect(readLayoutSettings(value)).toEqual({
      ok: false,
      refusal: { code: 'layout.settingsInvalid', values: {} },
      message: SETTINGS_INVALID,
    });
  });

  it('differ from the keyboard by the values it has; the rest is listed as missing', () => {
    const changes = settingsChanges(
      { layoutOptions: 2, values: { '3:1': [120], '3:2': [4], '9:9': [1] } },
      { layoutOptions: 0, values: { '3:1': [120], '3:2': [1] } },
    );
    expect(changes).toEqual({
      layoutOptions: { from: 0, to: 2 },
      values: ['3:2'],
      missing: ['9:9'],
      layoutOptionsMissing: false,
    });
    expect(
      settingsChanges({ layoutOptions: 2, values: {} }, { layoutOptions: null, values: {} }),
    ).toMatchObject({
      layoutOptions: null,
      layoutOptionsMissing: true,
    });
  });
});
