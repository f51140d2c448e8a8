import { describe, expect, it } from 'vitest';
import { shareFile, type ShareFetch } from './shareFile.ts';

const reply =
  (status: number, body: unknown): ShareFetch =>
  async () => ({ status, json: async () => body });

describe('sharing a matrix file', () => {
  it('posts one multipart field "file" with the bytes', async () => {
    let sent: FormData | null = null;
    const fetchImpl: ShareFetch = async (_url, init) => {
      sent = init.body;
      return { status: 200, json: async () => ({ id: 'x' }) };
    };
    expect(
      await shareFile('https://share.example/api', Uint8Array.from([1, 2, 3]), 'a.tabml', fetchImpl),
    ).toBe('Sharing success');
    const file = sent!.get('file') as File;
    expect([...sent!.keys()]).toEqual(['file']);
    expect(file.name).toBe('a.tabml');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it.each([
    ['a non-200 status', reply(500, {})],
    ['a body with an error field', reply(200, { error: 'quota' })],
    [
      'an unreadable body',
      (async () => ({ status: 200, json: async () => Promise.reject(new Error('x')) })) as ShareFetch,
    ],
    ['a network failure', (async () => Promise.reject(new TypeError('offline'))) as ShareFetch],
  ])('%s is "Sharing failed"', async (_, fetchImpl) => {
    expect(await shareFile('u', new Uint8Array(1), 'a.tabml', fetchImpl)).toBe('Sharing failed');
  });

  it('gives up when the server does not answer in time', async () => {
    const hang: ShareFetch = (_url, init) =>
      new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await shareFile('u', new Uint8Array(1), 'a.tabml', hang, 10)).toBe('Sharing failed');
  });
});
