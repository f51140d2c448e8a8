import { describe, expect, it } from 'vitest';
import { autocompleteKeycodes, AUTOCOMPLETE_LIMIT } from './autocomplete.ts';
import { keycodeCategories } from './categories.ts';
import { keycodeLabel } from './labels.ts';
import { isValidModalKeycode, parseEncoderKeycodeInput } from './validation.ts';

describe('keycode modal validation', () => {
  it.each([
    'KC_A',
    ' kc_a ',
    'LT(1,KC_SPC)',
    'lt(1,kc_spc)',
    '0xFF',
    '0x00ff',
    '0x5703',
    'MACRO(0)',
    'QK_BOOT',
  ])('accepts %s', (text) => expect(isValidModalKeycode(text, 12)).toBe(true));
  it.each(['', 'KC_', 'LT(16,KC_A)', '0x10000', '0xZZ', 'hello'])('rejects %s', (text) =>
    expect(isValidModalKeycode(text, 12)).toBe(false),
  );
});

describe('custom encoder input', () => {
  it('trims and upper-cases, accepting names, expressions and 0x + 1–4 hex digits', () => {
    expect(parseEncoderKeycodeInput(' kc_volu ', 12)).toBe(0x00a9);
    expect(parseEncoderKeycodeInput('lctl(kc_c)', 12)).toBe(0x0106);
    expect(parseEncoderKeycodeInput('0xa', 12)).toBe(0x000a);
    expect(parseEncoderKeycodeInput('0x7C77', 12)).toBe(0x7c77);
  });
  it('marks anything else as an error', () => {
    expect(parseEncoderKeycodeInput('0x12345', 12)).toBeNull();
    expect(parseEncoderKeycodeInput('volume up', 12)).toBeNull();
    expect(parseEncoderKeycodeInput('', 12)).toBeNull();
  });
});

describe('autocomplete', () => {
  it(`returns at most ${AUTOCOMPLETE_LIMIT} matches`, () => {
    expect(autocompleteKeycodes('KC_', 12)).toHaveLength(10);
    expect(autocompleteKeycodes('K', 12, 3)).toHaveLength(3);
  });
  it('matches words starting with the typed text, whole-name matches first, shorter first', () => {
    const names = autocompleteKeycodes('vol', 12).map((s) => s.name);
    expect(names).toContain('KC_VOLU');
    expect(names).toContain('KC_VOLD');
    expect(autocompleteKeycodes('kc_a', 12)[0]!.name).toBe('KC_A');
    expect(autocompleteKeycodes('zzzz', 12)).toEqual([]);
  });
  it('is deterministic', () => {
    expect(autocompleteKeycodes('MO', 12)).toEqual(autocompleteKeycodes('mo', 12));
  });
  it('offers advanced forms', () => {
    expect(autocompleteKeycodes('LT', 12).map((s) => s.name)).toContain('LT(');
  });
});

describe('key labels', () => {
  it('splits shifted symbols into top and bottom labels', () => {
    expect(keycodeLabel(0x001e, 12)).toMatchObject({ topLabel: '!', bottomLabel: '1' });
  });
  it('labels layer-taps with the layer and the tap key', () => {
    expect(keycodeLabel(0x422c, 12)).toMatchObject({ topLabel: 'LT 2', bottomLabel: 'Space' });
  });
  it('shows a shifted symbol for LSFT(KC_1)', () => {
    expect(keycodeLabel(0x021e, 12).label).toBe('!');
  });
  it('carries the macro expression for MACRO(n)', () => {
    expect(keycodeLabel(0x7701, 12, { macroExpressions: ['a', 'Hello{KC_ENT}'] })).toEqual({
      label: 'M1',
      title: 'Macro 1',
      macroExpression: 'Hello{KC_ENT}',
      tooltipLabel: 'Hello{KC_ENT}',
    });
  });
  it('names custom keycodes from the definition', () => {
    expect(
      keycodeLabel(0x7e00, 12, {
        customKeycodes: [{ name: 'ENC_MODE', shortName: 'Mode', title: 'Encoder mode' }],
      }),
    ).toEqual({
      label: 'Mode',
      title: 'Encoder mode',
      tooltipLabel: 'Encoder mode',
    });
  });
  it('prints hex for unnamed keycodes', () => {
    expect(keycodeLabel(0xabcd, 12).label).toBe('0xABCD');
  });
});

describe('categories', () => {
  const base = { protocol: 12, macroCount: 4, macrosSupported: true, layerCount: 4 } as const;
  it('always has basic, media, macro, layers and special (with Any)', () => {
    const ids = keycodeCategories({ ...base, definitionVersion: 'v3' }).map((c) => c.id);
    expect(ids).toEqual(['basic', 'media', 'macro', 'layers', 'special']);
    const special = keycodeCategories({ ...base, definitionVersion: 'v3' }).find((c) => c.id === 'special')!;
    expect(special.hasAnyButton).toBe(true);
  });
  it('lists macros up to the device macro count, or flags unsupported', () => {
    const macro = keycodeCategories({ ...base, definitionVersion: 'v3' }).find((c) => c.id === 'macro')!;
    expect(macro.keycodes.map((k) => k.name)).toEqual(['MACRO(0)', 'MACRO(1)', 'MACRO(2)', 'MACRO(3)']);
    const none = keycodeCategories({ ...base, macrosSupported: false, definitionVersion: 'v3' }).find(
      (c) => c.id === 'macro',
    )!;
    expect(none.unsupported).toBe(true);
  });
  it('v2 hides lighting unless the lighting type is QMK or WT', () => {
    expect(
      keycodeCategories({ ...base, definitionVersion: 'v2', lighting: 'none' }).map((c) => c.id),
    ).not.toContain('lighting');
    expect(
      keycodeCategories({ ...base, definitionVersion: 'v2', lighting: 'qmk_rgblight' }).map((c) => c.id),
    ).toContain('lighting');
    expect(
      keycodeCategories({ ...base, protocol: 10, definitionVersion: 'v2', lighting: 'wt_rgb' }).map(
        (c) => c.id,
      ),
    ).toContain('lighting');
  });
  it("a VialRGB board gets QMK's RGB controls (no fixed-mode keys), in its Vial numbering", () => {
    for (const [protocol, first] of [
      [9, 'RGB_TOG'],
      [12, 'UG_TOGG'],
    ] as const) {
      const lighting = keycodeCategories({
        ...base,
        protocol,
        definitionVersion: 'v2',
        lighting: 'none',
        vialRgb: true,
      }).find((c) => c.id === 'lighting')!;
      const names = lighting.keycodes.map((k) => k.name);
      expect(names).toHaveLength(11);
      expect(names[0]).toBe(first);
      expect(names.some((n) => n.startsWith('RGB_M_'))).toBe(false);
    }
  });

  it('v3 shows lighting from keycode modules, new module names included', () => {
    const cats = keycodeCategories({
      ...base,
      definitionVersion: 'v3',
      keycodeModules: ['qmk_rgb_matrix_keycodes'],
    });
    const lighting = cats.find((c) => c.id === 'lighting')!;
    expect(lighting.keycodes.map((k) => k.code)).toContain(0x7840);
  });
  it('custom lists CUSTOM(n) from the definition and TD(n) entries, hidden without them', () => {
    expect(keycodeCategories({ ...base, definitionVersion: 'v3' }).map((c) => c.id)).not.toContain('custom');
    const custom = keycodeCategories({
      ...base,
      definitionVersion: 'v3',
      customKeycodes: [{ name: 'FOO', title: 'Foo' }],
      tapDanceCount: 2,
    }).find((c) => c.id === 'custom')!;
    expect(custom.keycodes.map((k) => k.name)).toEqual(['CUSTOM(0)', 'TD(0)', 'TD(1)']);
    expect(custom.keycodes[0]!.code).toBe(0x7e00);
  });
});
