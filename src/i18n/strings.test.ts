import { describe, expect, it, vi } from 'vitest';
import type { CompiledCatalog } from './catalogFormat.ts';
import { createStrings } from './strings.ts';

// Catalogs as the build step writes them (scripts/compileCatalog.ts; tested there on the real files).
const CATALOGS: Record<string, Record<string, CompiledCatalog>> = {
  en: {
    panes: { title: ['Macros'], onlyInEnglish: ['Not translated yet'], count: ['', ['n'], ' keys'] },
    vendor: { title: ['Vendor'], vendorOnly: ['From vendor'] },
  },
  ja: {
    panes: { title: ['マクロ'], count: [['n'], ' 個のキー'] },
    vendor: { title: ['ベンダー'], vendorOnly: ['ベンダーから'] },
  },
  ko: { panes: { title: ['매크로'] } },
};

function setUp(read = (lng: string, ns: string) => Promise.resolve(CATALOGS[lng]?.[ns] ?? {})) {
  const reads: string[] = [];
  const strings = createStrings((lng, ns) => (reads.push(`${lng}/${ns}`), read(lng, ns)));
  return { strings, reads };
}

describe('strings over Lingui', () => {
  it('a key missing in Japanese shows its English; a key missing everywhere shows the key or its default', async () => {
    const { strings } = setUp();
    await strings.load(['panes']);
    await strings.changeLanguage('ja');
    const t = strings.getFixedT('panes');
    expect(t('title')).toBe('マクロ');
    expect(t('count', { n: 3 })).toBe('3 個のキー');
    expect(t('onlyInEnglish')).toBe('Not translated yet');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('menuName.backlight', { defaultValue: 'Backlight' })).toBe('Backlight');
    expect(t('vendor:title')).toBe('title'); // vendor is not loaded: the bare key, as i18next showed it
  });

  it('looks a key up in each namespace in order, or in the one its prefix names', async () => {
    const { strings } = setUp();
    await strings.load(['panes', 'vendor']);
    await strings.changeLanguage('en');
    const t = strings.getFixedT(['panes', 'vendor']);
    expect(t('title')).toBe('Macros');
    expect(t('vendorOnly')).toBe('From vendor');
    expect(t('vendor:title')).toBe('Vendor');
    expect(strings.getFixedT(['vendor', 'panes'])('title')).toBe('Vendor');
  });

  it('a language change loads every namespace loaded so far before it shows, and t changes with it', async () => {
    const { strings, reads } = setUp();
    const listener = vi.fn();
    strings.subscribe(listener);
    await strings.load(['panes']);
    await strings.changeLanguage('en');
    await strings.load(['vendor']);
    const before = strings.getFixedT('panes');
    expect(strings.getFixedT('panes')).toBe(before);
    reads.length = 0;
    const change = strings.changeLanguage('ja');
    expect(strings.language).toBe('en');
    await change;
    expect(reads.sort()).toEqual(['en/panes', 'en/vendor', 'ja/panes', 'ja/vendor']);
    expect(strings.language).toBe('ja');
    expect(listener).toHaveBeenCalledTimes(2);
    const after = strings.getFixedT('panes');
    expect(after).not.toBe(before);
    expect(after('title')).toBe('マクロ');
    expect(strings.getFixedT('vendor')('vendorOnly')).toBe('ベンダーから');
  });

  it('of two quick changes the last one shows', async () => {
    const { strings } = setUp();
    await strings.load(['panes']);
    await strings.changeLanguage('en');
    await Promise.all([strings.changeLanguage('ja'), strings.changeLanguage('ko')]);
    expect(strings.language).toBe('ko');
    expect(strings.getFixedT('panes')('title')).toBe('매크로');
  });

  it('a namespace that could not be read shows keys (as i18next did), and the next load reads it again', async () => {
    let offline = true;
    const { strings } = setUp((lng, ns) =>
      offline ? Promise.reject(new Error('chunk failed')) : Promise.resolve(CATALOGS[lng]?.[ns] ?? {}),
    );
    await strings.changeLanguage('en');
    await strings.load(['panes']);
    expect(strings.hasLoadedNamespace('panes')).toBe(true);
    expect(strings.getFixedT('panes')('title')).toBe('title');
    offline = false;
    await strings.load(['panes']);
    expect(strings.getFixedT('panes')('title')).toBe('Macros');
  });

  it('says what a component must wait for, the same promise each time', async () => {
    const { strings } = setUp();
    expect(strings.pending(['panes'])).toBeNull(); // no language yet: nothing to wait for
    await strings.changeLanguage('en');
    const wait = strings.pending(['panes']);
    expect(wait).not.toBeNull();
    expect(strings.pending(['panes'])).toBe(wait);
    await wait;
    expect(strings.pending(['panes'])).toBeNull();
  });

  it('before any language, t shows keys rather than throwing as Lingui does', () => {
    const { strings } = setUp();
    expect(strings.t('title', { defaultValue: 'x' })).toBe('x');
    expect(strings.language).toBe('');
  });
});
