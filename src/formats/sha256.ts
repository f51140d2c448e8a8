/**
 * SHA-256 of bytes as lower-case hex, with Web Crypto (in browsers and in Node ≥ 19 as `globalThis.crypto`).
 * Used to check firmware files against the hash a vendor config gives and to show a local file's hash.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes.slice().buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
