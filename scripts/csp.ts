/**
 * The app's Content-Security-Policy, built from the vendor configuration at build time.
 *
 * Scripts come only from the app's own origin; 'wasm-unsafe-eval' lets ffmpeg.wasm compile its WebAssembly
 * (it allows WebAssembly compilation only, not `eval` or `new Function`). `connect-src` is the app's origin
 * plus every origin the vendor config names (firmware files or allow-listed hosts given as absolute URLs), so a
 * vendor config cannot make the app talk to a host the build did not know about. See docs/deploy.md.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Every http(s) origin named by an absolute URL anywhere in a vendor config, sorted, without duplicates. */
export function vendorOrigins(config: unknown): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!/^https?:\/\//i.test(value)) return;
      try {
        origins.add(new URL(value).origin);
      } catch {
        // Not a URL after all: nothing to allow.
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(config);
  return [...origins].sort();
}

export interface PolicyOptions {
  /** Extra origins for `connect-src` (from `vendorOrigins`). */
  connect?: readonly string[];
  /** Vite's dev server: its React refresh preamble is an inline script, its CSS arrives in <style> tags. */
  dev?: boolean;
  /** The HTTP header form may add directives a <meta> policy ignores (frame-ancestors). */
  header?: boolean;
}

/** The policy text, directives in a fixed order. */
export function contentSecurityPolicy({
  connect = [],
  dev = false,
  header = false,
}: PolicyOptions = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...(dev ? ["'unsafe-inline'"] : [])],
    ['style-src', "'self'", ...(dev ? ["'unsafe-inline'"] : [])],
    // Video previews play the chosen file from a blob: URL.
    ['media-src', "'self'", 'blob:'],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['connect-src', "'self'", ...connect, ...(dev ? ['ws://127.0.0.1:*', 'ws://localhost:*'] : [])],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ...(header ? ([['frame-ancestors', "'none'"]] as [string, ...string[]][]) : []),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Reads the vendor config's origins; a missing file names none. */
export function originsFromFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return vendorOrigins(JSON.parse(text));
}

/**
 * Puts the policy into index.html as the first element of <head> (the strict one in builds, a relaxed one for
 * the dev server) and sends the header form from `vite preview`, so e2e runs under both.
 */
export function cspPlugin(vendorConfigFile: string): Plugin {
  const connect = () => originsFromFile(vendorConfigFile);
  return {
    name: 'keyloom-csp',
    config() {
      return {
        preview: {
          headers: {
            'Content-Security-Policy': contentSecurityPolicy({ connect: connect(), header: true }),
            'X-Content-Type-Options': 'nosniff',
            'Referrer-Policy': 'no-referrer',
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const content = contentSecurityPolicy({ connect: connect(), dev: Boolean(context.server) });
        return [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
