import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, originsFromFile, vendorOrigins } from './csp.ts';

describe('Content-Security-Policy', () => {
  it('connect-src names the origins of absolute URLs anywhere in the vendor config, once each', () => {
    const config = [
      { firmware: { files: ['tabkb/firmware/a.uf2', 'https://dl.example.com/fw/b.uf2'] } },
      { firmware: { files: ['https://dl.example.com/fw/c.uf2'] }, hosts: ['http://mirror.example.org:8080'] },
      { name: 'https is not a URL', note: 'ftp://old.example.com/x', bad: 'https://' },
    ];
    expect(vendorOrigins(config)).toEqual(['http://mirror.example.org:8080', 'https://dl.example.com']);
  });

  it('the shipped vendor config names no other host', () => {
    expect(originsFromFile('keyboards/tabkb/configs.json')).toEqual([]);
  });

  it('is strict for builds: no eval, no inline script or style', () => {
    const policy = contentSecurityPolicy({ connect: ['https://dl.example.com'] });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; media-src 'self' blob:; " +
        "img-src 'self' data: blob:; connect-src 'self' https://dl.example.com; worker-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'",
    );
  });

  it('the header form adds frame-ancestors (a <meta> policy cannot); only the dev server allows inline', () => {
    expect(contentSecurityPolicy({ header: true })).toMatch(/; frame-ancestors 'none'$/);
    const dev = contentSecurityPolicy({ dev: true });
    expect(dev).toContain("script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'");
    expect(dev).not.toContain("'unsafe-eval'");
  });
});
