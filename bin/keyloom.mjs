#!/usr/bin/env node
// Entry for `npx keyloom …`: runs the TypeScript CLI through tsx so the CLI shares the app's pure core as-is.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
