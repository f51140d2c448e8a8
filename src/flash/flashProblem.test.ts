import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/flash.json';
import ja from '../i18n/locales/ja/flash.json';
import ko from '../i18n/locales/ko/flash.json';
import zh from '../i18n/locales/zh/flash.json';
import { FLASH_PROBLEM_TEXT, FLASH_STEP_TEXT, flashProblemText, problem } from './flashProblem.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('flash problems in four languages', () => {
  it('the page’s English strings are the core’s texts, one for one', () => {
    expect(en.problem).toEqual(FLASH_PROBLEM_TEXT);
    expect(en.step).toEqual(FLASH_STEP_TEXT);
    for (const strings of [ja, ko, zh])
      expect(Object.keys(strings.step).sort()).toEqual(Object.keys(FLASH_STEP_TEXT).sort());
  });

  it.each([
    ['ja', ja],
    ['ko', ko],
    ['zh', zh],
  ])('%s names every problem with the same values', (_, strings) => {
    for (const [code, text] of Object.entries(FLASH_PROBLEM_TEXT))
      expect(placeholders((strings.problem as Record<string, string>)[code] ?? ''), code).toEqual(
        placeholders(text),
      );
  });

  it('places the values in the English text', () => {
    expect(flashProblemText(problem('hexBadChecksum', { line: 12 }))).toBe(
      'Line 12: the checksum is wrong (the file is damaged).',
    );
    expect(flashProblemText(problem('stalled', { step: 'erase' }))).toBe(
      'The bootloader refused the request (erasing).',
    );
  });
});
