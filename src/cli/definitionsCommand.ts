import type { CliCommand } from './main.ts';

// Scaffold: the owning issue replaces this module with the real command.
export const run: CliCommand = async (_args, io) => {
  io.stderr.write('This command is not built yet.\n');
  return 1;
};
