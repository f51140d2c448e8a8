import { describe, expect, it } from 'vitest';
import { initI18n, withStrings } from '../i18n/i18n.ts';
import { refusalText } from '../lib/refusal.ts';
import { refusalWords } from '../ui/common/refusalWords.ts';
import { checkLayoutFile, type LayoutTarget } from './layoutFile.ts';

// Every code's words in every language: i18n/refusals.test.ts.

const target: LayoutTarget = {
  vendorProductId: 0x12345678,
  protocol: 12,
  layerCount: 2,
  keysPerLayer: 1,
  macroCount: 0,
  macrosSupported: false,
  encoderCount: 0,
};
const otherBoard = JSON.stringify({ name: 'Other Board', vendorProductId: 1, layers: [['KC_A']] });

describe('layout file refusals', () => {
  it('the core refuses with a code and values; the CLI’s message is the English text', () => {
    const result = checkLayoutFile(otherBoard, 'mine.layout.json', target);
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'layout.otherKeyboard',
        values: { file: 'mine.layout.json', keyboard: 'Other Board' },
      },
      message:
        'Could not import layout. This file was created for a different keyboard: mine.layout.json (made for Other Board)',
    });
    if (!result.ok) expect(refusalText(result.refusal)).toBe(result.message);
  });

  it.each([
    ['en', 'Could not import layout: the file has 3 layers but this keyboard has 2.'],
    [
      'ja',
      'レイアウトを読み込めませんでした：ファイルには 3 レイヤーありますが、このキーボードは 2 レイヤーです。',
    ],
    ['ko', '레이아웃을 가져올 수 없습니다: 파일에는 레이어가 3개 있지만 이 키보드에는 2개 있습니다.'],
    ['zh', '无法导入布局：文件有 3 层，而此键盘只有 2 层。'],
  ] as const)('the page shows a refusal in %s', async (language, words) => {
    const i18n = await initI18n(language);
    await withStrings(Promise.resolve(), ['refusals']);
    const file = JSON.stringify({
      name: 'B',
      vendorProductId: target.vendorProductId,
      layers: [['KC_A'], ['KC_B'], ['KC_C']],
    });
    const result = checkLayoutFile(file, 'b.layout.json', target);
    if (result.ok) throw new Error('a file with too many layers loaded');
    expect(refusalWords(i18n.getFixedT('refusals'), result.refusal)).toBe(words);
  });
});
