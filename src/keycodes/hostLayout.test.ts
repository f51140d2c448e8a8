import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HOST_LAYOUT_TABLES } from './generated/hostLayouts.ts';
import { detectHostLayout, hostKeyLabel, HOST_LAYOUT_IDS, hostLayouts } from './hostLayout.ts';

const KC_Y = 0x1c;
const KC_Z = 0x1d;
const KC_2 = 0x1f;
const KC_A = 0x04;
const KC_Q = 0x14;
const KC_M = 0x10;
const KC_SCLN = 0x33;
const KC_MINS = 0x2d;
const KC_GRV = 0x35;
const KC_INT3 = 0x89;

describe('legend tables', () => {
  beforeAll(() => hostLayouts.load());
  it('German: Y and Z swap, 2 shifts to ", AltGr+Q is @, umlauts on the US punctuation keys', () => {
    expect(hostKeyLabel(KC_Z, 'de')).toEqual({ label: 'Y', title: 'Y' });
    expect(hostKeyLabel(KC_Y, 'de')).toEqual({ label: 'Z', title: 'Z' });
    expect(hostKeyLabel(KC_2, 'de')).toEqual({ label: '2', title: '2', topLabel: '"', bottomLabel: '2' });
    expect(hostKeyLabel(KC_SCLN, 'de')).toEqual({ label: 'Ö', title: 'Ö' });
    expect(hostKeyLabel(KC_MINS, 'de')).toEqual({ label: 'ß', title: 'ß', topLabel: '?', bottomLabel: 'ß' });
    expect(hostKeyLabel(0x1400 | KC_Q, 'de')).toEqual({ label: '@', title: '@' });
    expect(hostKeyLabel(0x0200 | KC_2, 'de')).toEqual({ label: '"', title: '"' });
    // A that types A on both: the general legend applies.
    expect(hostKeyLabel(KC_A, 'de')).toBeNull();
  });

  it('French (AZERTY): A and Q swap, M moves to the semicolon key, digits are shifted', () => {
    expect(hostKeyLabel(KC_Q, 'fr')).toEqual({ label: 'A', title: 'A' });
    expect(hostKeyLabel(KC_A, 'fr')).toEqual({ label: 'Q', title: 'Q' });
    expect(hostKeyLabel(KC_SCLN, 'fr')).toEqual({ label: 'M', title: 'M' });
    expect(hostKeyLabel(KC_M, 'fr')?.label).toBe(',');
    expect(hostKeyLabel(KC_2, 'fr')).toEqual({ label: 'é', title: 'é', topLabel: '2', bottomLabel: 'é' });
  });

  it('Japanese (JIS): Yen key, half/full width on the grave key, shifted 2 is "', () => {
    expect(hostKeyLabel(KC_INT3, 'ja')).toEqual({ label: '¥', title: '¥', topLabel: '|', bottomLabel: '¥' });
    expect(hostKeyLabel(KC_GRV, 'ja')).toEqual({ label: '半角', title: '半角' });
    expect(hostKeyLabel(0x0200 | KC_2, 'ja')).toEqual({ label: '"', title: '"' });
  });

  it('US and keys outside the tables fall through', () => {
    expect(hostKeyLabel(KC_Z, 'us')).toBeNull();
    expect(hostKeyLabel(0x5100, 'de')).toBeNull(); // a layer key
    expect(hostKeyLabel(0x0100 | KC_Z, 'de')).toBeNull(); // Ctrl+Z: the general label
  });

  it('offers US first and at least eight layouts', () => {
    expect(HOST_LAYOUT_IDS).toEqual(['us', ...Object.keys(HOST_LAYOUT_TABLES)]);
    expect(HOST_LAYOUT_IDS[0]).toBe('us');
    expect(HOST_LAYOUT_IDS).toEqual(expect.arrayContaining(['de', 'fr', 'uk', 'nordic', 'es', 'it', 'ja']));
  });
});

describe('detectHostLayout', () => {
  const map = (overrides: Record<string, string>) => {
    const base: Record<string, string> = {};
    for (let i = 0; i < 26; i++) base[`Key${String.fromCharCode(65 + i)}`] = String.fromCharCode(97 + i);
    for (let i = 0; i < 10; i++) base[`Digit${i}`] = String(i);
    Object.assign(base, { Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Semicolon: ';' });
    Object.assign(base, { Quote: "'", Backquote: '`', Comma: ',', Period: '.', Slash: '/', Backslash: '\\' });
    return new Map(Object.entries({ ...base, ...overrides }));
  };

  it('a US map is US; an empty map is US', async () => {
    expect(await detectHostLayout(map({}))).toBe('us');
    expect(await detectHostLayout(new Map())).toBe('us');
  });

  it("a US map is told without the other layouts' tables, which legends other than US wait for", async () => {
    vi.resetModules();
    const fresh = await import('./hostLayout.ts');
    expect(await fresh.detectHostLayout(map({}))).toBe('us');
    expect(fresh.hostLayoutReady('us')).toBe(true);
    expect(fresh.hostLayoutReady('de')).toBe(false);
    expect(fresh.hostKeyLabel(KC_Z, 'de')).toBeNull();
    await fresh.hostLayouts.load();
    expect(fresh.hostLayoutReady('de')).toBe(true);
    expect(fresh.hostKeyLabel(KC_Z, 'de')).toEqual({ label: 'Y', title: 'Y' });
  });

  it('a German map (QWERTZ, umlauts) is German', async () => {
    const de = map({ KeyY: 'z', KeyZ: 'y', Semicolon: 'ö', Quote: 'ä', BracketLeft: 'ü', Minus: 'ß' });
    expect(
      await detectHostLayout(new Map([...de, ['Equal', '´'], ['BracketRight', '+'], ['Backquote', '^']])),
    ).toBe('de');
  });

  it('a French map (AZERTY) is French', async () => {
    const fr = map({ KeyQ: 'a', KeyA: 'q', KeyW: 'z', KeyZ: 'w', Semicolon: 'm', KeyM: ',' });
    const digits = ['à', '&', 'é', '"', "'", '(', '-', 'è', '_', 'ç'];
    expect(
      await detectHostLayout(new Map([...fr, ...digits.map((c, i) => [`Digit${i}`, c] as [string, string])])),
    ).toBe('fr');
  });
});
