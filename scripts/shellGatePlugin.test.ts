import { describe, expect, it } from 'vitest';
import { shellGatePlugin } from './shellGatePlugin.ts';

type Handler = (html: string) => string;
const move = (shellGatePlugin().transformIndexHtml as { handler: Handler }).handler;

describe('shellGatePlugin', () => {
  it("puts the gate after the tags the build adds to <head>, so the app's chunk is asked for first", () => {
    const built = [
      '<head>',
      '    <title>Keyloom</title>',
      '    <script src="./shellGate.js" ></script>',
      '    <script type="module" crossorigin src="./assets/index-x.js"></script>',
      '    <link rel="stylesheet" crossorigin href="./assets/index-y.css">',
      '  </head>',
      '  <body></body>',
    ].join('\n');
    const html = move(built);
    expect(html.match(/<script|<link/g)).toEqual(['<script', '<link', '<script']);
    expect(html).toMatch(/index-y\.css">\n {4}<script src="\.\/shellGate\.js" ><\/script>\n {2}<\/head>/);
  });

  it('fails the build when index.html has no gate', () => {
    expect(() => move('<head></head>')).toThrow(/shellGate/);
  });
});
