import { describe, expect, it } from 'vitest';
import { HEAVY_BYTES, planPrecache, SHELL_PUBLIC_FILES } from './precachePlan.ts';
import { strategyFor } from './fetchStrategy.ts';

const files = [
  {
    fileName: 'assets/index-a.js',
    size: 400_000,
    isEntry: true,
    imports: ['assets/vendor-b.js'],
    css: ['assets/index-c.css'],
  },
  { fileName: 'assets/vendor-b.js', size: 1000, imports: [] },
  { fileName: 'assets/index-c.css', size: 1000 },
  { fileName: 'assets/SettingsScreen-d.js', size: 9000, imports: ['assets/vendor-b.js'] },
  { fileName: 'assets/common-e.js', size: 300 },
  { fileName: 'assets/Keyboard3D-f.js', size: 900_000 },
  { fileName: 'assets/ffmpeg-core-g.wasm', size: 32_000_000 },
  { fileName: 'assets/worker-h.js', size: 4000 },
  { fileName: 'assets/big-i.js', size: HEAVY_BYTES + 1 },
  { fileName: 'assets/compile-j.js', size: 1_900_000 },
  { fileName: 'assets/index-a.js.map', size: 2_000_000 },
  // The build's own source (issue 42.5), small enough to be an extra were it not left out by name.
  { fileName: 'keyloom-source-0.1.0-0123456789ab.zip', size: 300_000 },
];

describe('precache plan', () => {
  const plan = planPrecache(files, 'worker v1');

  it('the shell is the first load: the entry, its static imports and CSS, and the public files', () => {
    expect(plan.shell).toEqual(
      [
        ...SHELL_PUBLIC_FILES,
        'assets/index-a.js',
        'assets/vendor-b.js',
        'assets/index-c.css',
        // The definition compiler, whatever its size: every keyboard needs it, offline too.
        'assets/compile-j.js',
      ].sort(),
    );
  });

  it('what the page loads is in the shell, whatever its size, though the bundle marks it no entry', () => {
    const grouped = [
      ...files,
      {
        fileName: 'assets/app-k.js',
        size: HEAVY_BYTES + 1,
        imports: ['assets/runtime-l.js'],
        css: ['assets/app-m.css'],
      },
      { fileName: 'assets/runtime-l.js', size: 700 },
      { fileName: 'assets/app-m.css', size: 5000 },
    ];
    const page =
      '<script type="module" crossorigin src="./assets/runtime-l.js"></script>\n' +
      '<script type="module" crossorigin src="./assets/app-k.js"></script>\n' +
      '<link rel="stylesheet" crossorigin href="./assets/app-m.css">';
    const shell = planPrecache(grouped, 'worker v1', page).shell;
    expect(shell).toEqual(
      expect.arrayContaining(['assets/app-k.js', 'assets/runtime-l.js', 'assets/app-m.css']),
    );
    expect(planPrecache(grouped, 'worker v1').shell).not.toContain('assets/app-k.js');
  });

  it('extras are the rest of the app; heavy files and source maps wait for first use, the source archive for none', () => {
    expect(plan.extras).toEqual(['assets/SettingsScreen-d.js', 'assets/common-e.js', 'assets/worker-h.js']);
  });

  it('the version changes with any file name or the worker, and only then', () => {
    expect(planPrecache(files, 'worker v1').version).toBe(plan.version);
    expect(planPrecache(files, 'worker v2').version).not.toBe(plan.version);
    const renamed = files.map((f) =>
      f.fileName === 'assets/common-e.js' ? { ...f, fileName: 'assets/common-x.js' } : f,
    );
    expect(planPrecache(renamed, 'worker v1').version).not.toBe(plan.version);
    expect(plan.version).toMatch(/^[0-9a-f]{8}$/);
  });

  it("the version changes with a public shell file's content, whose name never changes", () => {
    const gate = (code: string) => planPrecache(files, 'worker v1', '', [code]).version;
    expect(gate('gate v1')).toBe(gate('gate v1'));
    expect(gate('gate v2')).not.toBe(gate('gate v1'));
  });
});

describe('fetch strategy', () => {
  const scope = 'https://example.org/keyloom/';
  const get = (url: string, mode = 'cors') => strategyFor({ url, method: 'GET', mode }, scope);

  it('navigations get the cached page of the running version', () => {
    expect(get('https://example.org/keyloom/?virtual=lumen65', 'navigate')).toBe('page');
  });

  it('definitions and vendor configs: network first, kept for offline', () => {
    expect(get(`${scope}definitions/v3/1263271938.json`)).toBe('data');
    expect(get(`${scope}definitions/supported_kbs.json`)).toBe('data');
    expect(get(`${scope}tabkb/configs.json`)).toBe('data');
  });

  it("the app's own files: cache first", () => {
    expect(get(`${scope}assets/Keyboard3D-f.js`)).toBe('asset');
    expect(get(`${scope}assets/ffmpeg-core-g.wasm`)).toBe('asset');
    expect(get(`${scope}icons/icon-192.png`)).toBe('asset');
    expect(get(`${scope}licences.json`)).toBe('asset');
    expect(get(`${scope}shellGate.js`)).toBe('asset');
  });

  it('never cached: firmware downloads, other origins, writes', () => {
    expect(get(`${scope}tabkb/firmware/aurora75-1.0.3.uf2`)).toBe('network');
    expect(get(`${scope}keyloom-source-0.1.0-0123456789ab.zip`)).toBe('network');
    expect(get('https://cdn.example.com/x.json')).toBe('network');
    expect(get('https://example.org/other-app/assets/x.js')).toBe('network');
    expect(strategyFor({ url: `${scope}share`, method: 'POST', mode: 'cors' }, scope)).toBe('network');
  });
});
