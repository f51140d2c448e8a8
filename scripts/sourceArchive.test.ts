import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSourceArchive } from '../src/formats/creditsFile.ts';
import { sourceArchive } from './sourceArchive.ts';

// Issue 42.5: the build ships the source it was built from, tracked files only.

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A project folder with a tracked file, an ignored build output and an ignored dependency. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'keyloom-source-'));
  folders.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('.gitignore', 'node_modules/\ndist/\n');
  write('src/main.ts', 'export {};\n');
  write('dist/index.html', '<p>built</p>');
  write('node_modules/react/index.js', 'module.exports = {};');
  return root;
}

/** The file names of a zip, from its central directory (end record: offset 10 count, 16 directory offset). */
function listing(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names.filter((name) => !name.endsWith('/')).sort();
}

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: root });

/** The project as a git checkout with its two source files committed (the build output and deps ignored). */
function checkout(): string {
  const root = project();
  git(root, 'init', '-q');
  git(root, 'add', '.gitignore', 'src/main.ts');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

describe('source archive', () => {
  it('in a git checkout: the commit built, tracked files only, named by it', () => {
    const root = checkout();
    writeFileSync(path.join(root, 'untracked.txt'), 'not in the commit');
    const commit = git(root, 'rev-parse', 'HEAD').toString().trim();
    const archive = sourceArchive(root, '1.2.3');
    expect(archive.commit).toBe(commit);
    expect(archive.file).toBe(`keyloom-source-1.2.3-${commit.slice(0, 12)}.zip`);
    expect(isSourceArchive(archive.file)).toBe(true);
    expect(archive.bytes).toBe(archive.data.length);
    const folder = `keyloom-1.2.3-${commit.slice(0, 12)}`;
    expect(listing(archive.data)).toEqual([`${folder}/.gitignore`, `${folder}/src/main.ts`]);
  });

  it('says when the work tree has changes the archive does not hold', () => {
    const root = checkout();
    writeFileSync(path.join(root, 'src/main.ts'), 'export const changed = 1;\n');
    expect(sourceArchive(root, '1.2.3').notes.join('\n')).toMatch(/changes not committed/);
  });

  it('outside a git checkout (an unpacked tarball): the tree less what .gitignore excludes, commit unknown', () => {
    const root = project();
    const archive = sourceArchive(root, '1.2.3');
    expect(archive.commit).toBeNull();
    expect(archive.file).toBe('keyloom-source-1.2.3.zip');
    expect(archive.notes.join('\n')).toMatch(/not a git checkout/);
    expect(listing(archive.data)).toEqual(['keyloom-1.2.3/.gitignore', 'keyloom-1.2.3/src/main.ts']);
  });
});
