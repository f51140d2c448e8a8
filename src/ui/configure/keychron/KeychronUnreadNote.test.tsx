// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings } from '../../../i18n/i18n.ts';
import ja from '../../../i18n/locales/ja/keychron.json';
import { KeychronUnreadNote } from './KeychronUnreadNote.tsx';

beforeAll(async () => {
  await initI18n('ja');
  await loadStrings(['keychron']);
});
afterEach(cleanup);
afterAll(() => initI18n('en'));

describe('a board that answered 0xA0 but garbled 0xA2', () => {
  it('says so in Japanese, naming the command', () => {
    render(<KeychronUnreadNote problem={{ code: 'garbled', command: 'A2', detail: 'garbled A2' }} />);
    const garbled = ja.problem.garbled.replace('{{command}}', 'A2');
    expect(screen.getByRole('status').textContent).toBe(ja.unread.replace('{{message}}', garbled));
  });
});
