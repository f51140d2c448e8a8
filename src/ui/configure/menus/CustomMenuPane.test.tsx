// @vitest-environment jsdom
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuControl, MenuPane } from '../../../definitions/menus.ts';
import { initI18n, loadStrings } from '../../../i18n/i18n.ts';
import ja from '../../../i18n/locales/ja/panes.json';
import { keychronKnowsValue } from '../../../qmk/keychronKnowsValue.ts';
import { CustomMenuPane } from './CustomMenuPane.tsx';

beforeAll(async () => {
  await initI18n('ja');
  await loadStrings(['panes', 'feedback']);
});
afterEach(cleanup);
afterAll(() => initI18n('en'));

const range = (label: string, valueId: number): MenuControl => ({
  label,
  type: 'range',
  key: `id_${valueId}`,
  channel: 3,
  valueId,
  args: [],
  options: [0, 255],
});
const pane: MenuPane = {
  label: 'Lighting',
  submenus: [
    {
      label: 'Backlight',
      enabled: true,
      controls: [range('Brightness', 1), range('Nine', 9), range('Forty', 40)],
    },
  ],
} as MenuPane;

describe('a menu on a Keychron board with channel 3 ids past its mask', () => {
  it('leaves those controls out and names them in a note, in the user’s language', async () => {
    render(
      <Suspense fallback={null}>
        <CustomMenuPane
          pane={pane}
          value={() => [0]}
          onChange={() => {}}
          leftOut={(c) => !keychronKnowsValue(c.channel, c.valueId)}
        />
      </Suspense>,
    );
    const note = await screen.findByRole('note');
    expect(screen.getAllByRole('slider')).toHaveLength(1);
    expect(screen.getByRole('slider', { name: /Brightness/ })).toBeTruthy();
    expect(note.textContent).toBe(ja.menuLeftOut.replace('{{labels}}', 'Nine, Forty'));
  });
});
