// Preloaded with `node --import` into a CLI under test: counts its file-system writes (writes,
// renames, folders made, files and folders removed, links, copies, mode changes) and, at the Nth
// (KILL_AT_WRITE=N), kills the process with SIGKILL before that write happens: no cleanup, no exit
// handler, as a power cut or the OOM killer would. KILL_AT_WRITE=0 kills never. What it counts and
// where it kills are printed to stderr (`write N: renameSync <path>`) when KILL_AT_WRITE_LOG=1;
// KILL_AT_WRITE_COUNT=<file> has the number of writes so far written there.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const at = Number(process.env.KILL_AT_WRITE ?? 0);
const log = process.env.KILL_AT_WRITE_LOG === '1';
const countFile = process.env.KILL_AT_WRITE_COUNT;
const WRITES = [
  'writeFileSync',
  'appendFileSync',
  'renameSync',
  'mkdirSync',
  'mkdtempSync',
  'rmSync',
  'rmdirSync',
  'unlinkSync',
  'linkSync',
  'symlinkSync',
  'copyFileSync',
  'cpSync',
  'chmodSync',
];
const original = { writeFileSync: fs.writeFileSync, writeSync: fs.writeSync };
let n = 0;
for (const name of WRITES) {
  const fn = fs[name];
  fs[name] = function (...args) {
    n++;
    // Written at each write, not at exit: the CLI's own exit handlers (the lock's release) write too.
    if (countFile) original.writeFileSync(countFile, String(n));
    if (log || n === at) original.writeSync(2, `write ${n}: ${name} ${String(args[0])}\n`);
    if (n === at) process.kill(process.pid, 'SIGKILL');
    return fn.apply(this, args);
  };
}
syncBuiltinESMExports();
