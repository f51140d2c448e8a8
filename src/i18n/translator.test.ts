import { describe, expect, it } from 'vitest';
import { Translator, type Strings } from './translator.ts';

const FILES: Record<string, Strings> = {
  'en/shell': {
    title: 'Keyloom',
    errorCount_one: '{{count}} error',
    errorCount_other: '{{count}} errors',
    nested: { deep: 'Deep {{name}}' },
    onlyEnglish: 'Only in English',
  },
  'en/configure': { 'pane.keymap': 'Keymap', items_zero: 'No items', items_other: '{{count}} items' },
  'ja/shell': { title: 'キールーム', errorCount_other: '{{count}} 件のエラー' },
  'ja/configure': { 'pane.keymap': 'キーマップ' },
};

function translator(language = 'en') {
  const requests: string[] = [];
  const t = new Translator(async (lng, ns) => {
    requests.push(`${lng}/${ns}`);
    return FILES[`${lng}/${ns}`] ?? null;
  }, language);
  return { t, requests };
}

describe('translator', () => {
  it('fills placeholders, walks dotted and nested keys, and reaches other namespaces with ns:', async () => {
    const { t } = translator();
    await t.load(['shell', 'configure']);
    expect(t.t('shell', 'title')).toBe('Keyloom');
    expect(t.t('shell', 'nested.deep', { name: 'x' })).toBe('Deep x');
    expect(t.t('shell', 'configure:pane.keymap')).toBe('Keymap');
    expect(t.t('shell', 'missing.key')).toBe('missing.key');
  });

  it('picks plural forms by the language rules, with _zero for 0 when present', async () => {
    const en = translator();
    await en.t.load(['shell', 'configure']);
    expect(en.t.t('shell', 'errorCount', { count: 1 })).toBe('1 error');
    expect(en.t.t('shell', 'errorCount', { count: 2 })).toBe('2 errors');
    expect(en.t.t('configure', 'items', { count: 0 })).toBe('No items');
    expect(en.t.t('configure', 'items', { count: 1 })).toBe('1 items');
    const ja = translator('ja');
    await ja.t.load(['shell']);
    expect(ja.t.t('shell', 'errorCount', { count: 1 })).toBe('1 件のエラー');
  });

  it('loads only the language in use and English, once, and falls back to English per key', async () => {
    const { t, requests } = translator('ja');
    await Promise.all([t.load(['shell']), t.load(['shell'])]);
    expect(t.ready(['shell'])).toBe(true);
    expect(t.ready(['configure'])).toBe(false);
    expect(t.t('shell', 'title')).toBe('キールーム');
    expect(t.t('shell', 'onlyEnglish')).toBe('Only in English');
    expect(requests.sort()).toEqual(['en/shell', 'ja/shell']);
  });

  it('changes language once the strings in use are loaded, then tells subscribers', async () => {
    const { t, requests } = translator('en');
    await t.load(['shell', 'configure']);
    let told = 0;
    t.subscribe(() => told++);
    const change = t.changeLanguage('ja');
    expect(t.language).toBe('en');
    await change;
    expect(t.language).toBe('ja');
    expect(told).toBe(1);
    expect(t.t('configure', 'pane.keymap')).toBe('キーマップ');
    expect(requests.filter((r) => r.startsWith('ja/')).sort()).toEqual(['ja/configure', 'ja/shell']);
  });

  it('tries a failed load again', async () => {
    let fail = true;
    const t = new Translator(async () => {
      if (fail) throw new Error('offline');
      return { title: 'Keyloom' };
    }, 'en');
    await expect(t.load(['shell'])).rejects.toThrow('offline');
    fail = false;
    await t.load(['shell']);
    expect(t.t('shell', 'title')).toBe('Keyloom');
  });
});
