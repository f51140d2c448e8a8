// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, strings } from './i18n.ts';
import { useTranslation } from './useTranslation.ts';

function Undo() {
  const { t, i18n } = useTranslation(['configure', 'shell']);
  return (
    <p lang={i18n.language}>
      {t('undo')} · {t('shell:doctorButton')}
    </p>
  );
}
function Framed() {
  const { t } = useTranslation('gates');
  return <h1>{t('framed.title')}</h1>;
}

const warn = vi.spyOn(console, 'warn');
const error = vi.spyOn(console, 'error');
beforeAll(() => initI18n('ja'));
afterEach(cleanup);
afterAll(() => strings.changeLanguage('en'));

describe('useTranslation', () => {
  it('shows the language chosen, and again when it changes', async () => {
    render(<Undo />);
    expect(screen.getByText('元に戻す · 接続診断')).toHaveProperty('lang', 'ja');
    await act(() => strings.changeLanguage('ko'));
    expect(screen.getByText('실행 취소 · 연결 진단')).toHaveProperty('lang', 'ko');
  });

  it('waits, inside Suspense, for a namespace nothing loaded yet, then shows it', async () => {
    // The fallback notes that it was drawn: however fast the load settles, the hook must have suspended first.
    let suspended = false;
    function Loading() {
      suspended = true;
      return <p>loading</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Loading />}>
          <Framed />
        </Suspense>,
      );
    });
    expect(suspended).toBe(true);
    expect((await screen.findByRole('heading')).textContent).toBe(
      'Keyloom은 다른 사이트 안에서 실행되지 않습니다',
    );
  });

  it('warns of nothing on the way (Lingui warns when a language without messages is shown)', () => {
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
