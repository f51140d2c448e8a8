import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZMK_ERROR_MESSAGES } from '../zmk/errors.ts';
import { REQUESTS_ALLOWED_WHILE_LOCKED, REQUESTS_REFUSED_WHILE_LOCKED } from '../zmk-studio/lockRules.ts';

const strings = (lng: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', lng, 'zmk.json'), 'utf8')) as {
    error: Record<string, string>;
    request: Record<string, string>;
  };

describe('ZMK wording', () => {
  for (const lng of ['en', 'ja', 'ko', 'zh'])
    it(`${lng} words every ZMK Studio failure and names every request (the lock lists what waits by name)`, () => {
      const { error, request } = strings(lng);
      expect(Object.keys(ZMK_ERROR_MESSAGES).filter((code) => !error[code])).toEqual([]);
      const requests = [...REQUESTS_ALLOWED_WHILE_LOCKED, ...REQUESTS_REFUSED_WHILE_LOCKED];
      expect(requests.filter((name) => !request[name])).toEqual([]);
    });

  it('the English page wording says what the Errors page logs (errors.ts)', () => {
    const { error } = strings('en');
    for (const [code, message] of Object.entries(ZMK_ERROR_MESSAGES))
      expect(error[code]!.replace(/'/g, '’')).toBe(message);
  });
});
