// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadStrings } from '../../i18n/i18n.ts';
import { createOutcomeStore, MAX_OUTCOMES } from './outcomeStore.ts';
import { OUTCOME_SHOWN_MS, OutcomeToasts } from './OutcomeToasts.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['feedback']);
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToasts() {
  const store = createOutcomeStore();
  render(
    <>
      <button type="button">Save</button>
      <OutcomeToasts store={store} />
    </>,
  );
  return store;
}

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('outcome notifications', () => {
  it('a success is a status, an error an alert, both inside the named live region', () => {
    const store = renderToasts();
    act(() => {
      store.getState().show({ kind: 'success', message: 'Saved to the keyboard.', source: 'a' });
      store.getState().show({ kind: 'error', message: 'Failed to save.', source: 'b' });
    });
    expect(region().querySelector('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saved to the keyboard.');
    expect(screen.getByRole('alert').textContent).toBe('Failed to save.');
  });

  it('a success goes by itself; an error stays until dismissed', () => {
    const store = renderToasts();
    act(() => {
      store.getState().show({ kind: 'success', message: 'Link copied.', source: 'a' });
      store.getState().show({ kind: 'error', message: 'Sharing failed', source: 'b' });
    });
    act(() => vi.advanceTimersByTime(OUTCOME_SHOWN_MS - 1));
    expect(screen.queryByText('Link copied.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Link copied.')).toBeNull();
    act(() => vi.advanceTimersByTime(10 * OUTCOME_SHOWN_MS));
    expect(screen.queryByText('Sharing failed')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Sharing failed')).toBeNull();
  });

  it('an outcome that names its time keeps to it', () => {
    const store = renderToasts();
    act(() =>
      store.getState().show({ kind: 'success', message: 'Sharing success', source: 'a', shownMs: 3000 }),
    );
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Sharing success')).toBeNull();
  });

  it('a success stays while the pointer or the focus is on it', () => {
    const store = renderToasts();
    act(() => store.getState().show({ kind: 'success', message: 'Saved.', source: 'a' }));
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(3 * OUTCOME_SHOWN_MS));
    expect(screen.queryByText('Saved.')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(OUTCOME_SHOWN_MS));
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('F8 takes the focus to the newest and back; Escape there dismisses it and the focus goes back', () => {
    const store = renderToasts();
    const save = screen.getByRole('button', { name: 'Save' });
    act(() => save.focus());
    act(() => {
      store.getState().show({ kind: 'error', message: 'First', source: 'a' });
      store.getState().show({ kind: 'error', message: 'Second', source: 'b' });
    });
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement?.textContent).toBe('Second');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(save);

    fireEvent.keyDown(window, { key: 'F8' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByText('Second')).toBeNull();
    // The one left takes the focus; dismissing it too gives the focus back.
    expect(document.activeElement?.textContent).toBe('First');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(save);
  });

  it('F8 with nothing to show leaves the key alone', () => {
    renderToasts();
    const event = new KeyboardEvent('keydown', { key: 'F8', cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('the outcome store', () => {
  it('a source’s next outcome takes its place; clear takes back only that source’s', () => {
    const store = createOutcomeStore();
    store.getState().show({ kind: 'error', message: 'Not a layout file', source: 'load' });
    store.getState().show({ kind: 'success', message: 'Link copied', source: 'link' });
    store.getState().show({ kind: 'success', message: 'Layout loaded', source: 'load' });
    expect(store.getState().outcomes.map((o) => o.message)).toEqual(['Link copied', 'Layout loaded']);
    store.getState().clear('load');
    expect(store.getState().outcomes.map((o) => o.message)).toEqual(['Link copied']);
  });

  it(`keeps the newest ${MAX_OUTCOMES}`, () => {
    const store = createOutcomeStore();
    for (let i = 0; i < MAX_OUTCOMES + 2; i++)
      store.getState().show({ kind: 'info', message: `n${i}`, source: `s${i}` });
    expect(store.getState().outcomes.map((o) => o.message)).toEqual(
      Array.from({ length: MAX_OUTCOMES }, (_, i) => `n${i + 2}`),
    );
  });
});

describe('where the notifications show', () => {
  /** Lays the focused Save button out at `top` px in a 900 px window, centred like the stack. */
  function focusSaveAt(top: number) {
    vi.stubGlobal('innerHeight', 900);
    const save = screen.getByRole('button', { name: 'Save' });
    save.getBoundingClientRect = () => new DOMRect(600, top, 120, 36);
    save.focus();
  }
  function layStack() {
    const list = region().querySelector('ol')!;
    list.getBoundingClientRect = () => new DOMRect(420, 820, 560, 56);
  }
  afterEach(() => vi.unstubAllGlobals());

  it('at the bottom, unless that covers the focused control: then at the top', () => {
    const store = renderToasts();
    layStack();
    focusSaveAt(100);
    act(() => void store.getState().show({ kind: 'success', message: 'Saved.', source: 'a' }));
    expect(region().className).not.toContain('outcomes-top');

    focusSaveAt(840);
    act(() => void store.getState().show({ kind: 'success', message: 'Saved again.', source: 'b' }));
    expect(region().className).toContain('outcomes-top');
  });
});
