/**
 * `npm run check`: runs the named npm scripts side by side (the typecheck, lint and format check are each one
 * process on one core, and CI has two) and prints each one's output whole when it ends, so nothing interleaves.
 * Exits non-zero when any of them failed, after all have ended.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/together.ts <npm script>…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name: string): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why = '') => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${ok ? '✓' : '✗'} ${name} (${seconds} s)${why}`);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      if (text) console.log(text);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code, signal) => finish(code === 0, signal ? `: stopped by ${signal}` : ''));
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
