import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs qrelay's CLI from the build in `root` (a directory holding dist/) with `env` added to this
 * process's: its `--json` answer. A command that fails throws with what the CLI printed.
 */
export function cli(args, env, root = '.') {
  // Builds from before the bundled CLI have only dist/cli/main.js.
  const entry = existsSync(join(root, 'dist/cli.js')) ? 'dist/cli.js' : 'dist/cli/main.js';
  const result = spawnSync(process.execPath, [join(root, entry), ...args, '--json'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`qrelay ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
