import type * as Compiler from './compile.ts';

type CompilerModule = typeof Compiler;

/**
 * Loads the definition compiler on demand. The reader's schema validators print ajv "strict mode" notes
 * while they compile at import time; those are about the reader's own schemas, not the user's files, so they
 * are kept off the console.
 */
export async function loadCompiler(): Promise<CompilerModule> {
  const { warn, log } = console;
  console.warn = () => {};
  console.log = () => {};
  try {
    return await import('./compile.ts');
  } finally {
    console.warn = warn;
    console.log = log;
  }
}
