// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { clipboard: { writeText } });
}

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('CopyButton', () => {
  it('copies the text and says so on the button; a new text asks again', async () => {
    const written: string[] = [];
    withClipboard(async (text) => void written.push(text));
    const { rerender } = render(<CopyButton text="rule A" label="Copy" copiedLabel="Copied" />);
    await click('Copy');
    expect(written).toEqual(['rule A']);
    expect(screen.getByRole('button').textContent).toBe('Copied');
    rerender(<CopyButton text="rule B" label="Copy" copiedLabel="Copied" />);
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('a refused clipboard leaves the copy label', async () => {
    withClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<CopyButton text="rule A" label="Copy" copiedLabel="Copied" />);
    await click('Copy');
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
