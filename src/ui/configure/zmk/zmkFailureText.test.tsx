// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings, strings } from '../../../i18n/i18n.ts';
import { KeyboardNotes } from '../../keymapScreen/KeyboardNotes.tsx';
import type { ZmkFailure } from '../../../state/zmkKeyboardStore.ts';
import { zmkFailureText, zmkRequestName } from '../../../zmk/names.ts';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['zmk']);
});
afterEach(cleanup);

// The failure as the screen shows it: ZMK's words in the shared notes.
const note = (failure: ZmkFailure) => {
  const t = strings.getFixedT('zmk');
  return (
    <KeyboardNotes
      prefix="zmk"
      name={null}
      lock={null}
      problem={null}
      failure={{
        message: zmkFailureText(t, failure),
        hint: failure.request && zmkRequestName(t, failure.request),
        dismiss: { label: t('dismiss'), onClick: () => undefined },
      }}
    />
  );
};

const over = {
  code: 'overLimit',
  request: 'keymap.getKeymap',
  over: { what: 'availableLayers', value: 4294967295, limit: 28 },
} as const;

describe('a keyboard that reported more than ZMK holds', () => {
  it('says what it reported, the value and the limit, with the request', async () => {
    await strings.changeLanguage('en');
    render(note(over));
    expect(screen.getByRole('alert').textContent).toMatch(
      /more than a ZMK keyboard can hold: spare layers 4,294,967,295, limit 28\./,
    );
    expect(screen.getByRole('alert').textContent).toContain('Reading the keymap');
  });

  it('in Japanese too', async () => {
    await strings.changeLanguage('ja');
    render(note(over));
    const text = screen.getByRole('alert').textContent;
    expect(text).toContain('空きレイヤー数 4,294,967,295');
    expect(text).toContain('上限 28');
  });

  it('names a trickling keyboard', async () => {
    await strings.changeLanguage('en');
    render(note({ code: 'tooSlow', request: 'keymap.getKeymap' }));
    expect(screen.getByRole('alert').textContent).toContain('kept sending without finishing its reply');
  });
});
