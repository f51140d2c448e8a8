// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Dialog, type DialogProps } from './Dialog.tsx';

afterEach(cleanup);

/** A page with a button that opens the dialog, and one more control behind it. */
function Page({ dialog, children }: { dialog: Partial<DialogProps>; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && (
        <Dialog
          title="Settings"
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="button">Apply</button>
            </>
          }
          {...dialog}
        >
          {children ?? <input aria-label="Name" />}
        </Dialog>
      )}
    </>
  );
}

const focused = () => document.activeElement;

async function openPage(dialog: Partial<DialogProps> = {}, children?: ReactNode) {
  const user = userEvent.setup();
  render(<Page dialog={dialog}>{children}</Page>);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Dialog', () => {
  it('is a modal dialog named by its title; its first control has the focus', async () => {
    await openPage();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(focused()).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('Tab goes round its controls and never reaches the page behind', async () => {
    const user = await openPage();
    const [name, cancel, apply] = [
      screen.getByRole('textbox', { name: 'Name' }),
      screen.getByRole('button', { name: 'Cancel' }),
      screen.getByRole('button', { name: 'Apply' }),
    ];
    const seen = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      seen.push(focused());
    }
    expect(seen).toEqual([cancel, apply, name, cancel]);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(focused()).toBe(apply);
  });

  it('Escape closes it and the focus goes back to the button that opened it', async () => {
    const user = await openPage();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('closing with a button returns the focus too', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('with escapeCloses false (keys the user must hold include Escape) Escape leaves it open', async () => {
    const user = await openPage({ escapeCloses: false });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an Escape a control inside used (a suggestion list closing) does not close it', async () => {
    const user = await openPage(
      {},
      <input aria-label="Name" onKeyDown={(e) => e.key === 'Escape' && e.preventDefault()} />,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an Escape while an input method is composing does not close it', async () => {
    await openPage();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape', isComposing: true });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keys pressed inside do not reach the page’s shortcuts', async () => {
    const shortcut = vi.fn();
    window.addEventListener('keydown', shortcut);
    try {
      const user = await openPage();
      await user.keyboard('{Control>}z{/Control}');
      expect(shortcut).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('keydown', shortcut);
    }
  });

  it('focus that lands outside comes back inside', async () => {
    await openPage();
    act(() => screen.getByRole('button', { name: 'Behind' }).focus());
    expect(screen.getByRole('dialog').contains(focused())).toBe(true);
  });

  it('Escape still closes it when nothing inside has the focus (a focused button was disabled)', async () => {
    await openPage();
    act(() => (focused() as HTMLElement).blur());
    expect(focused()).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a press on the backdrop closes it only with closeOnBackdrop', async () => {
    await openPage();
    const backdrop = screen.getByRole('dialog').parentElement!;
    fireEvent.pointerDown(backdrop);
    expect(screen.getByRole('dialog')).toBeTruthy();
    cleanup();
    await openPage({ closeOnBackdrop: true });
    fireEvent.pointerDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('initialFocus picks the control that has the focus when it opens', async () => {
    function WithInitial() {
      const apply = useRef<HTMLButtonElement>(null);
      return (
        <Dialog
          title="Pick"
          initialFocus={apply}
          actions={
            <button ref={apply} type="button">
              Apply
            </button>
          }
        >
          <input aria-label="First" />
        </Dialog>
      );
    }
    render(<WithInitial />);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Apply' }));
  });

  it('when the focused control goes away (the next step replaces it) the focus moves to what is there now', async () => {
    function Steps() {
      const [step, setStep] = useState(1);
      return (
        <Dialog title="Build">
          {step === 1 ? (
            <button type="button" onClick={() => setStep(2)}>
              Next
            </button>
          ) : (
            <input aria-label="Layers" />
          )}
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('textbox', { name: 'Layers' })));
  });

  it('a dialog opened from a dialog keeps the focus; closing it gives the focus back inside the first', async () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog title="Outer" onClose={() => {}}>
          <button type="button" onClick={() => setInner(true)}>
            Ask
          </button>
          {inner && (
            <ConfirmDialog
              title="Sure?"
              description="It cannot be undone."
              cancelLabel="No"
              confirmLabel="Yes"
              onCancel={() => setInner(false)}
              onConfirm={() => setInner(false)}
            />
          )}
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    const ask = screen.getByRole('button', { name: 'Ask' });
    await user.click(ask);
    const question = screen.getByRole('alertdialog', { name: 'Sure?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(question.getAttribute('aria-describedby')!)?.textContent).toBe(
      'It cannot be undone.',
    );
    // The question's safe answer has the focus, and Tab stays in the question.
    expect(focused()).toBe(screen.getByRole('button', { name: 'No' }));
    await user.tab();
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'No' }));
    // Escape answers the question only; the outer dialog stays, its button has the focus again.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy();
    expect(focused()).toBe(ask);
  });
});
