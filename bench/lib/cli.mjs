import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs qrelay's CLI from the build in `root` (a directory holding dist/) with `env` added to this
 * process's: its `--json` answer. A command that fails throws with what the CLI printed.
 */
export function cli(args, env, root = '.') {
  const result = spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), ...args, '--json'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`qrelay ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
