/**
 * The corresponding source of a build (issue 42.5): Keyloom is GPL-3.0-or-later and every visitor receives its
 * scripts, so the build writes an archive of the source it was built from beside index.html, and Settings →
 * About links it (`licences.json` names it, scripts/licencesPlugin.ts).
 *
 * A zip, not a .tar.gz: common static servers (vite preview's among them) send `.gz` files with
 * `Content-Encoding: gzip`, and the browser would then hand the visitor an unpacked tar under a .gz name.
 *
 * - In a git checkout: `git archive` of the commit being built, tracked files only. Changes not committed are not
 *   in it, so the build says so on its console when the work tree has any.
 * - Anywhere else (built from an unpacked tarball, which has no `.git`): the tree as it is, less what `.gitignore`
 *   excludes (node_modules, builds, generated definitions) by git's own rules, so the archive holds the files a
 *   checkout would track. The commit is then unknown and the build says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOURCE_ARCHIVE_PREFIX, type SourceArchiveFacts } from '../src/formats/creditsFile.ts';

export interface SourceArchive extends SourceArchiveFacts {
  /** The zip itself. */
  data: Buffer;
  /** What the build prints about it (how it was made, anything a reader should know). */
  notes: string[];
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** The commit of the checkout at `root`, or null when `root` is not the top of a git work tree. */
function gitCommit(root: string): string | null {
  try {
    const top = run('git', ['rev-parse', '--show-toplevel'], root).toString().trim();
    if (realpathSync(top) !== realpathSync(root)) return null;
    return run('git', ['rev-parse', 'HEAD'], root).toString().trim();
  } catch {
    return null;
  }
}

/**
 * Packs the source of the project at `root` (its folder name inside the archive is `keyloom-<version>`).
 * @throws Error when git cannot pack it (git missing): the build stops rather than ship without its source.
 */
export function sourceArchive(root: string, version: string): SourceArchive {
  const commit = gitCommit(root);
  if (commit) {
    const short = commit.slice(0, 12);
    const prefix = `keyloom-${version}-${short}/`;
    const data = run('git', ['archive', '--format=zip', `--prefix=${prefix}`, commit], root);
    const dirty = run('git', ['status', '--porcelain', '--untracked-files=no'], root).length > 0;
    return {
      file: `${SOURCE_ARCHIVE_PREFIX}${version}-${short}.zip`,
      bytes: data.length,
      commit,
      data,
      notes: [
        `source archive: git archive of ${short} (tracked files only)`,
        ...(dirty
          ? ['source archive: the work tree has changes not committed; the archive holds the commit']
          : []),
      ],
    };
  }
  // Git's own ignore rules on a scratch index: `git add -A` of the tree into a throwaway repository, then the
  // same `git archive` of the tree it wrote. Nothing is written into the project.
  const scratch = mkdtempSync(path.join(tmpdir(), 'keyloom-source-'));
  let data: Buffer;
  try {
    const git = (...args: string[]) =>
      run('git', [`--git-dir=${scratch}`, `--work-tree=${root}`, ...args], root);
    run('git', ['init', '-q', '--bare', scratch], root);
    git('add', '-A', '.');
    const tree = git('write-tree').toString().trim();
    data = git('archive', '--format=zip', `--prefix=keyloom-${version}/`, tree);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `Source archive: ${path.basename(root)} is no git checkout and git could not pack it (${reason})`,
      { cause: error },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    file: `${SOURCE_ARCHIVE_PREFIX}${version}.zip`,
    bytes: data.length,
    commit: null,
    data,
    notes: [
      'source archive: not a git checkout; packed the tree less what .gitignore excludes (commit unknown)',
    ],
  };
}
