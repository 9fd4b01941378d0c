// Run code that must end in a child process with a kill timer: a test of an input that makes a
// quadratic algorithm run for minutes cannot stop it from inside (synchronous code never yields to
// a test's timeout), so the code runs in a process that is killed when the timer fires. The test
// asserts on what the code printed, never on how long it took.
import { spawnSync } from 'node:child_process';

/**
 * Run an ES module's source in `node --input-type=module` and return what it printed.
 * @param {string} source the module's code (import with absolute file URLs)
 * @param {{ timeout?: number }} [options] ms before the process is killed
 * @returns {{ status: number | null, stdout: string, stderr: string, killed: boolean }}
 */
export function runBounded(source, { timeout = 60_000 } = {}) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 << 20,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, killed: r.signal !== null };
}
