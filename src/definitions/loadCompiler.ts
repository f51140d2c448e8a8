import type * as Compiler from './compile.ts';

type CompilerModule = typeof Compiler;

/**
 * Loads the definition compiler on demand: its precompiled schema validators are large (about 2.4 MB of
 * generated code), and only screens that read a definition need them.
 */
export async function loadCompiler(): Promise<CompilerModule> {
  return await import('./compile.ts');
}
