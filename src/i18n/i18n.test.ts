import { describe, expect, it } from 'vitest';
import { initI18n, withStrings } from './i18n.ts';

describe('strings loaded with the code that shows them', () => {
  it('the first screen starts with its own strings only; an on-demand namespace arrives with its code, and follows a language change', async () => {
    const i18n = await initI18n('zh');
    // The first screen's strings, in Chinese.
    expect(i18n.t('configure:undo')).toBe('撤销');
    expect(i18n.t('shell:doctorButton')).toBe('连接诊断');
    // The connection doctor's strings are not fetched until the doctor is.
    expect(i18n.hasLoadedNamespace('connection')).toBe(false);

    const code = await withStrings(Promise.resolve('the doctor'), ['connection']);
    expect(code).toBe('the doctor');
    expect(i18n.t('connection:doctor.title')).toBe('连接诊断');

    // Switching language (as Settings does) loads every namespace loaded so far in the new language first.
    await i18n.changeLanguage('ja');
    expect(i18n.t('connection:doctor.checkAgain')).toBe('もう一度確認');
    expect(i18n.t('configure:undo')).toBe('元に戻す');
    await i18n.changeLanguage('en');
    expect(i18n.t('connection:doctor.checkAgain')).toBe('Check again');
  });
});
