// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadStrings } from '../../../i18n/i18n.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import { memoryStorage } from '../../../state/storage.ts';
import { zmkExportKey } from '../../../state/zmkExportLabels.ts';
import { ZmkKeymapFormats } from './ZmkKeymapFormats.tsx';

const downloads = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../common/download.ts', () => ({
  downloadBlob: (blob: Blob, name: string) => downloads.push({ blob, name }),
}));

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['zmk', 'convert', 'refusals']);
});
afterEach(() => {
  cleanup();
  // The pane keeps typed labels in the browser's storage: each test starts from none.
  localStorage.clear();
  downloads.length = 0;
});

const KEY = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff } as const;
const behaviors: ZmkBehavior[] = [
  { id: 1, displayName: 'Key Press', sets: [{ param1: [KEY], param2: [] }] },
  { id: 90, displayName: 'Home Row Mods', sets: [{ param1: [KEY], param2: [KEY] }] },
];
const key = { width: 100, height: 100, x: 0, y: 0, r: 0, rx: 0, ry: 0 };
// &kp A, then Home Row Mods LSHFT B: a behavior of the user's keymap, which Studio reports by name only.
const state = {
  info: { name: 'Test Board', serialNumber: new Uint8Array() },
  behaviors,
  layouts: { activeIndex: 0, layouts: [{ name: 'Default', keys: [key, { ...key, x: 100 }] }] },
  keymap: {
    layers: [
      {
        id: 0,
        name: 'Base',
        bindings: [
          { behaviorId: 1, param1: 0x070004, param2: 0 },
          { behaviorId: 90, param1: 0x0700e1, param2: 0x070005 },
        ],
      },
    ],
    availableLayers: 0,
    maxLayerNameLength: 20,
  },
};

describe('ZMK formats in Save + Load', () => {
  it('keeps the labels typed for a keyboard for its next export, and only for that keyboard', async () => {
    const storage = memoryStorage();
    render(<ZmkKeymapFormats state={state} storage={storage} />);
    fireEvent.change(screen.getByRole('textbox', { name: '“Home Row Mods” (1 key)' }), {
      target: { value: 'hm' },
    });
    cleanup();

    render(<ZmkKeymapFormats state={state} storage={storage} />);
    const field = screen.getByRole('textbox', { name: '“Home Row Mods” (1 key)' }) as HTMLInputElement;
    expect(field.value).toBe('hm');
    fireEvent.click(screen.getByRole('button', { name: 'Download .keymap' }));
    expect(await downloads[0]!.blob.text()).toMatch(/&hm LSHFT B/);
    cleanup();

    const other = { ...state, info: { name: 'Other Board', serialNumber: new Uint8Array() } };
    render(<ZmkKeymapFormats state={other} storage={storage} />);
    expect((screen.getByRole('textbox', { name: '“Home Row Mods” (1 key)' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('ignores kept labels that are not what it writes', () => {
    const storage = memoryStorage({ [zmkExportKey(state.info)]: '{"Home Row Mods":"hm","#90":5}' });
    render(<ZmkKeymapFormats state={state} storage={storage} />);
    expect((screen.getByRole('textbox', { name: '“Home Row Mods” (1 key)' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it("asks a label for each behavior of the user's own keymap and writes its bindings with it", async () => {
    render(<ZmkKeymapFormats state={state} />);
    const field = screen.getByRole('textbox', { name: '“Home Row Mods” (1 key)' });
    fireEvent.change(field, { target: { value: '9hm' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/letters, digits and _/);
    expect((screen.getByRole('button', { name: 'Download .keymap' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.change(field, { target: { value: '&hm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download .keymap' }));
    expect(downloads.map((d) => d.name)).toEqual(['test_board.keymap']);
    const text = await downloads[0]!.blob.text();
    expect(text).toMatch(/&kp A\s+&hm LSHFT B/);
    expect(screen.getByRole('status').textContent).toContain('Written: test_board.keymap.');
    // Only what Studio never reports is left to say.
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.kind)).toEqual(['zmkNotReported']);
  });

  it('without a label, the binding stays in a comment and the notes say so', async () => {
    render(<ZmkKeymapFormats state={state} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download .keymap' }));
    expect(await downloads[0]!.blob.text()).toContain('&none /* "Home Row Mods" LSHFT B */');
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.kind)).toEqual([
      'zmkUnknownBehavior',
      'zmkNotReported',
    ]);
  });

  it('the .zmk.json holds what the keyboard reported, for the command line', async () => {
    render(<ZmkKeymapFormats state={state} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download .zmk.json' }));
    expect(downloads[0]!.name).toBe('test_board.zmk.json');
    expect(JSON.parse(await downloads[0]!.blob.text())).toMatchObject({
      format: 'keyloom-zmk-keymap',
      keyboardName: 'Test Board',
      behaviors,
    });
  });
});
