import { SHARING_FAILED, SHARING_SUCCESS } from '../transfer/errors.ts';

export const SHARE_TIMEOUT_MS = 60_000;
/** How long 'Sharing success' stays on screen. */
export const SHARE_MESSAGE_MS = 3000;

export type ShareFetch = (
  url: string,
  init: { method: 'POST'; body: FormData; signal: AbortSignal },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/**
 * Shares a matrix-lighting file with the vendor's configured address (extended.md §7): a multipart form with
 * one field 'file'; aborted after 60 s; a non-200 status, an unreadable body or a body with an `error` field
 * is a failure. Resolves with the message to show; never throws.
 */
export async function shareFile(
  url: string,
  file: Uint8Array,
  fileName: string,
  fetchImpl: ShareFetch,
  timeoutMs = SHARE_TIMEOUT_MS,
): Promise<typeof SHARING_SUCCESS | typeof SHARING_FAILED> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const body = new FormData();
    body.append('file', new Blob([file.slice()], { type: 'application/octet-stream' }), fileName);
    const response = await fetchImpl(url, { method: 'POST', body, signal: controller.signal });
    if (response.status !== 200) return SHARING_FAILED;
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return json && typeof json === 'object' && !('error' in json) ? SHARING_SUCCESS : SHARING_FAILED;
  } catch {
    return SHARING_FAILED;
  } finally {
    clearTimeout(timer);
  }
}
