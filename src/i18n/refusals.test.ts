import { describe, expect, it } from 'vitest';
import en from './locales/en/refusals.json';
import ja from './locales/ja/refusals.json';
import ko from './locales/ko/refusals.json';
import zh from './locales/zh/refusals.json';
import { initI18n, withStrings } from './i18n.ts';
import { refusalTables, refusalText } from '../lib/refusal.ts';
import { refusalWords } from '../ui/common/refusalWords.ts';
import { checkLayoutFile } from '../formats/layoutFile.ts';
// Every reader with a refusal table (a table is registered when its module runs).
import '../formats/layoutRefusal.ts';
import '../macros/macroRefusal.ts';
import { readVilFile } from '../vial/vilFile.ts';
import { readQmkInfo } from '../convert/qmkInfo.ts';
import '../convert/qmkKeymapJsonReader.ts';
import '../convert/readKeymap.ts';
import '../convert/viaLayoutDocument.ts';
import '../convert/keymapFormats.ts';
import '../convert/zmkSnapshot.ts';
import '../convert/zmkKeymap.ts';
import '../convert/shareLink.ts';
import '../flash/flashRefusals.ts';
import '../convert/userNames.ts';
import '../convert/zmkPreprocessor.ts';
import '../convert/zmkKeymapDocument.ts';
import '../services/vialRgb.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const tables = () => Object.fromEntries(refusalTables());

describe('refusals in four languages', () => {
  it('the page’s English strings are the core’s tables, group for group and one for one', () => {
    expect(Object.keys(tables()).sort()).toEqual(
      [
        'layout',
        'macro',
        'vil',
        'qmkInfo',
        'keymapJson',
        'readKeymap',
        'viaLayout',
        'keymapFormat',
        'zmkSnapshot',
        'zmkKeymap',
        'shareLink',
        'flash',
        'flashStep',
        'userNames',
        'zmkSource',
        'zmkDocument',
        'vialRgb',
      ].sort(),
    );
    expect(en).toEqual(tables());
  });

  it.each([
    ['ja', ja],
    ['ko', ko],
    ['zh', zh],
  ])('%s words every refusal of every reader, with the same values, not in English', (_, strings) => {
    const words = strings as Record<string, Record<string, string>>;
    expect(Object.keys(words).sort()).toEqual(Object.keys(tables()).sort());
    for (const [group, texts] of refusalTables()) {
      expect(Object.keys(words[group] ?? {}).sort(), group).toEqual(Object.keys(texts).sort());
      for (const [name, text] of Object.entries(texts)) {
        const translated = words[group]?.[name] ?? '';
        expect(placeholders(translated), `${group}.${name}`).toEqual(placeholders(text));
        expect(translated, `${group}.${name}`).not.toBe(text);
      }
    }
  });

  it('a .vil refusal is a code with values; the CLI’s message is its English text', () => {
    const result = readVilFile('x'.repeat(1_000_001), {
      name: 'B',
      vendorProductId: 1,
      protocol: 12,
      rows: 1,
      cols: 1,
      layerCount: 1,
      keymap: [[0]],
      encoderCount: 0,
      macrosSupported: false,
      macroCount: 0,
    });
    expect(result).toEqual({
      ok: false,
      refusal: { code: 'vil.tooLarge', values: { size: '1,000,001', max: '1,000,000' } },
      message:
        'Could not import the .vil file: it is 1,000,001 bytes; Keyloom reads .vil files of at most 1,000,000.',
    });
  });

  // A macro's reason inside the layout file's refusal: both worded in the page's language.
  const unclosed = JSON.stringify({ name: 'B', vendorProductId: 7, layers: [['KC_A']], macros: ['{KC_A'] });
  const target = {
    vendorProductId: 7,
    protocol: 12,
    layerCount: 1,
    keysPerLayer: 1,
    macroCount: 1,
    macrosSupported: true,
    encoderCount: 0,
  };

  it('a refusal holding a reason: the reason is a refusal too, in English for the CLI', () => {
    const result = checkLayoutFile(unclosed, 'b.layout.json', target);
    if (result.ok) throw new Error('an unclosed macro loaded');
    expect(result.refusal).toEqual({
      code: 'layout.macro',
      values: { macro: '1', reason: { code: 'macro.unclosed', values: {} } },
    });
    expect(result.message).toBe(
      "Could not import layout: macro 1: Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
    );
    expect(refusalText(result.refusal)).toBe(result.message);
  });

  it.each([
    [
      'en',
      "Could not import layout: macro 1: Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
      'Could not read the keyboard.json/info.json: it is not JSON.',
    ],
    [
      'ja',
      "レイアウトを読み込めませんでした：マクロ 1：キーコードのブロック {} が閉じていません。'}' が抜けていませんか？",
      'keyboard.json/info.json を読み込めませんでした：JSON ではありません。',
    ],
    [
      'ko',
      "레이아웃을 가져올 수 없습니다: 매크로 1: 키코드 블록 {}이(가) 닫히지 않았습니다. '}'가 빠지지 않았나요?",
      'keyboard.json/info.json을 읽을 수 없습니다: JSON이 아닙니다.',
    ],
    [
      'zh',
      "无法导入布局：宏 1：键码块 {} 没有闭合。是否缺少 '}'？",
      '无法读取 keyboard.json/info.json：它不是 JSON。',
    ],
  ] as const)('the page shows refusals in %s', async (language, macroWords, infoWords) => {
    const i18n = await initI18n(language);
    await withStrings(Promise.resolve(), ['refusals']);
    const t = i18n.getFixedT('refusals');
    const layout = checkLayoutFile(unclosed, 'b.layout.json', target);
    const info = readQmkInfo('{');
    if (layout.ok || info.ok) throw new Error('a refused file loaded');
    expect(refusalWords(t, layout.refusal)).toBe(macroWords);
    expect(refusalWords(t, info.refusal)).toBe(infoWords);
  });
});
