// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadStrings } from '../../../i18n/i18n.ts';
import { KeycodeSlots } from './KeycodeSlots.tsx';
import { QmkSettingsPane } from './QmkSettingsPane.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['vial']);
});
afterEach(cleanup);

function renderPane(values: Record<number, number> = { 1: 0, 7: 200, 21: 0 }) {
  const onChange = vi.fn();
  const onReset = vi.fn(() => Promise.resolve(true));
  render(<QmkSettingsPane reported={[1, 7, 21, 99]} values={values} onChange={onChange} onReset={onReset} />);
  return { onChange, onReset };
}

describe('QMK settings pane', () => {
  it('shows only the reported groups, in Vial’s order, each a named group', () => {
    renderPane();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Magic',
      'Grave Escape',
      'Tap-Hold',
    ]);
  });

  it('a flag is a checkbox that changes only its bit', () => {
    const { onChange } = renderPane({ 1: 0b0101, 7: 200, 21: 0 });
    const ctrl = screen.getByRole('checkbox', { name: 'Send Escape when Control is held' });
    expect((ctrl as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Send Escape when Alt is held' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(ctrl);
    expect(onChange).toHaveBeenCalledWith(1, 0b0111);
  });

  it('a number commits on Enter within its range, and says the range when out of it', () => {
    const { onChange } = renderPane();
    const term = screen.getByRole('textbox', { name: 'Tapping term' });
    fireEvent.change(term, { target: { value: '10001' } });
    expect(term.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number from 0 to 10000.')).toBeTruthy();
    fireEvent.keyDown(term, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(term, { target: { value: '250' } });
    fireEvent.keyDown(term, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(7, 250);
  });

  it('reset asks first; Cancel keeps the settings, Reset resets', async () => {
    const { onReset } = renderPane();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByRole('alertdialog', { name: 'Reset QMK settings?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onReset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(await screen.findByText('QMK settings are back to their defaults.')).toBeTruthy();
  });
});

describe('keycode slots', () => {
  it('are a radio group: one checked, arrow keys move the choice', () => {
    const onChoose = vi.fn();
    render(
      <KeycodeSlots
        label="Tap dance 0"
        protocol={12}
        active="onHold"
        onChoose={onChoose}
        slots={[
          { id: 'onTap', label: 'On tap', code: 0x04 },
          { id: 'onHold', label: 'On hold', code: 0xe0 },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Tap dance 0' });
    expect(group).toBeTruthy();
    const hold = screen.getByRole('radio', { name: /^On hold: .*\(KC_LCTL\)$/ });
    expect(hold.getAttribute('aria-checked')).toBe('true');
    expect(hold.textContent).toContain('KC_LCTL');
    fireEvent.keyDown(hold, { key: 'ArrowRight' });
    expect(onChoose).toHaveBeenCalledWith('onTap');
  });
});
