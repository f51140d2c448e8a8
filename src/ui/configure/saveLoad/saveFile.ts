import { downloadBlob } from '../../common/download.ts';

interface SaveFilePickerWindow {
  showSaveFilePicker?(options: object): Promise<{
    name?: string;
    createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void> }>;
  }>;
}

/** How a save ended: written (under the name the user chose), cancelled in the picker, or failed and why. */
export type SaveOutcome =
  | { kind: 'saved'; name: string; downloaded: boolean }
  | { kind: 'cancelled' }
  | { kind: 'failed'; name: string; reason: 'quota' | 'permission' | 'other'; message: string };

/**
 * Writes `blob` through the browser's save picker (the File System Access API), or as a download where there is
 * none, and says how it ended; never throws. A failed write (storage full, no permission, a disk error) is
 * reported and logged, never taken for a cancel: issue 38 item 8 found every failure silent.
 */
export async function saveFile(
  blob: Blob,
  suggestedName: string,
  description: string,
  win: Window = window,
): Promise<SaveOutcome> {
  const picker = (win as SaveFilePickerWindow).showSaveFilePicker;
  if (!picker) {
    try {
      downloadBlob(blob, suggestedName);
      return { kind: 'saved', name: suggestedName, downloaded: true };
    } catch (e) {
      return failed(suggestedName, e);
    }
  }
  let handle: Awaited<ReturnType<NonNullable<SaveFilePickerWindow['showSaveFilePicker']>>>;
  try {
    handle = await picker.call(win, {
      suggestedName,
      types: [{ description, accept: { 'application/json': ['.json'] } }],
    });
  } catch (e) {
    // The picker closed without a choice: nothing to say. Anything else stopped the save.
    if (e instanceof DOMException && e.name === 'AbortError') return { kind: 'cancelled' };
    return failed(suggestedName, e);
  }
  const name = typeof handle.name === 'string' && handle.name ? handle.name : suggestedName;
  try {
    const writable = await handle.createWritable();
    await writable.write(blob);
    await writable.close();
    return { kind: 'saved', name, downloaded: false };
  } catch (e) {
    return failed(name, e);
  }
}

function failed(name: string, e: unknown): SaveOutcome {
  console.error(`Saving ${name} failed:`, e);
  const errorName = e instanceof Error || e instanceof DOMException ? e.name : '';
  const reason =
    errorName === 'QuotaExceededError'
      ? 'quota'
      : errorName === 'NotAllowedError' || errorName === 'SecurityError'
        ? 'permission'
        : 'other';
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'failed', name, reason, message };
}
