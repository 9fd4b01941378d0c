// Tests of machine facts from report lines: keyed lines (HOST/CPU/Memory/OS/Kernel, lscpu, uname -a),
// bold keys and list items, the unkeyed items of a hardware section, and lines that are not facts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { machineFacts, machinesOf } from './machine-lines.mjs';

const doc = (...lines) => lines.join('\n') + '\n';

test('HOST: and CPU: lines of an RST page, with a clock', () => {
  assert.deepEqual(machineFacts(doc('Run 1', '~~~~~', '', 'HOST: bench-01', 'CPU: Intel Xeon E5-2670 @ 2.60GHz', 'Memory: 16 GB', 'OS: Ubuntu 20.04', 'Kernel: 5.4.0-42-generic')), [
    { field: 'host', value: 'bench-01', line: 4 },
    { field: 'cpu_model', value: 'Intel Xeon E5-2670', line: 5 },
    { field: 'clock_ghz', value: 2.6, unit: 'GHz', line: 5 },
    { field: 'memory', value: '16GB', line: 6 },
    { field: 'os', value: 'Ubuntu 20.04', line: 7 },
    { field: 'kernel', value: '5.4.0-42-generic', line: 8 },
  ]);
});

test('a ## Hardware section: keyed and unkeyed list items, bold keys', () => {
  const text = doc('# Bench', '', '## Hardware', '', '- **CPU:** AMD EPYC 7763 64-Core Processor', '* 8 cores', '- 32GB DDR4 RAM', '- Ubuntu 22.04 LTS', '- RAM: 64 GiB', '', '## Results', '', '- 8 cores were busy');
  assert.deepEqual(machineFacts(text), [
    { field: 'cpu_model', value: 'AMD EPYC 7763 64-Core Processor', line: 5 },
    { field: 'cores', value: 64, line: 5 },
    { field: 'cores', value: 8, line: 6 },
    { field: 'memory', value: '32GB', line: 7 },
    { field: 'memory_type', value: 'DDR4', line: 7 },
    { field: 'os', value: 'Ubuntu 22.04 LTS', line: 8 },
    { field: 'memory', value: '64GiB', line: 9 },
  ]);
});

test('lscpu and uname -a', () => {
  const text = doc('Model name:            Intel(R) Xeon(R) CPU E5-2420 v2 @ 2.20GHz', 'Socket(s):             2', 'Core(s) per socket:    6', 'Thread(s) per core:    2', 'CPU(s):                24', '$ uname -a', 'Linux web1 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023 x86_64 x86_64 x86_64 GNU/Linux');
  assert.deepEqual(machineFacts(text), [
    { field: 'cpu_model', value: 'Intel(R) Xeon(R) CPU E5-2420 v2', line: 1 },
    { field: 'clock_ghz', value: 2.2, unit: 'GHz', line: 1 },
    { field: 'sockets', value: 2, line: 2 },
    { field: 'cores_per_socket', value: 6, line: 3 },
    { field: 'threads_per_core', value: 2, line: 4 },
    { field: 'vcpus', value: 24, line: 5 },
    { field: 'host', value: 'web1', line: 7 },
    { field: 'kernel', value: '5.15.0-91-generic', line: 7 },
    { field: 'architecture', value: 'x86_64', line: 7 },
  ]);
});

test('what is not a fact: results, a Model: of an ML run, a memory that is no size, prose', () => {
  const text = doc('Model: tinyllama', 'Requests/sec: 1234.5', 'Memory: plenty', 'Server Software: nginx/1.18.0', 'The CPU was busy.', '- 8 cores');
  assert.deepEqual(machineFacts(text), []);
});

test('a tool\'s "Threads: 150" among its settings is no machine: no platform called "the machine" with only a thread count', async () => {
  const { parsers } = await import('../index.mjs');
  const { ROOT } = await import('../../../lib/paths.mjs');
  const fs = await import('node:fs');
  const path = await import('node:path');
  // A real README (dimitrovchi/maptest): JMH results under a block of the benchmark's settings.
  const text = fs.readFileSync(path.join(ROOT, 'scripts/data/parsers/jmh-text/fixtures/maptest-gc-readme.md'), 'utf8');
  assert.deepEqual(parsers.document.parse(text).machines, {});
  assert.deepEqual(machinesOf('Threads: 150\nRenew period: 10s\n'), {});
  assert.ok(machinesOf('CPU: Intel Xeon E5-2670 @ 2.60GHz\nThreads: 16\n').system);
});

test('"Results above measured on Apple M4 Pro, macOS 26.4, Swift 6.2" (a Swift README\'s Environment section): the machine the prose names, never "Not stated"', () => {
  const text = doc('## Environment', '', 'Results above measured on Apple M4 Pro, macOS 26.4, Swift 6.2, compiled with `swiftc -O`.');
  assert.deepEqual(machineFacts(text), [
    { field: 'cpu_model', value: 'Apple M4 Pro', line: 3 },
    { field: 'os', value: 'macOS 26.4', line: 3 },
  ]);
  assert.ok(machinesOf(text).system);
  // Within a sentence too, and with the hardware named after "hardware:".
  assert.deepEqual(machineFacts(doc('All numbers were run on a MacBook Pro (16-inch, 2019). Lower is better.')), [
    { field: 'system_model', value: 'MacBook Pro (16-inch, 2019)', line: 1 },
  ]);
  assert.deepEqual(machineFacts(doc('Timings are medians (hardware: AMD Ryzen 9 5950X).')), [{ field: 'cpu_model', value: 'AMD Ryzen 9 5950X', line: 1 }]);
});

test('prose that runs something on what is no one machine names none: "run on every commit", "tested on Linux and macOS", "all vps run on ubuntu 16.04 x64"', () => {
  const text = doc(
    'The benchmarks run on every commit, on GitHub Actions.',
    'It was tested on Linux and macOS.',
    'Latency is measured on the second run, after a warm-up.',
    'We ran on Intel and AMD machines alike.',
    '# get results (all vps run on ubuntu 16.04 x64)',
  );
  assert.deepEqual(machineFacts(text), []);
});

test('systemctl status\'s "CPU: 778ms" and "Memory: 428.7M (peak: 442.7M)" are a service\'s use, no machine: no platform called "778ms"', () => {
  // A real README (dvlonkin/database_otus, MySQL.md, lines 3-15): mysqld's unit status above sysbench.
  const text = doc(
    '```',
    'root@mysql001-otus:/install# systemctl status mysql.service',
    '● mysql.service - MySQL Community Server',
    '     Loaded: loaded (/usr/lib/systemd/system/mysql.service; enabled; preset: enabled)',
    '     Active: active (running) since Sat 2024-11-30 00:47:46 MSK; 21s ago',
    '   Main PID: 5231 (mysqld)',
    '      Tasks: 35 (limit: 4615)',
    '     Memory: 428.7M (peak: 442.7M)',
    '        CPU: 778ms',
    '     CGroup: /system.slice/mysql.service',
    '             └─5231 /usr/sbin/mysqld',
    '',
    'Memory: 16 GB',
  );
  assert.deepEqual(machineFacts(text), [{ field: 'memory', value: '16GB', line: 13 }]);
  assert.deepEqual(machinesOf(text.split('\n').slice(0, 12).join('\n')), {});
});

test('a CPU time ("CPU: 1.2s", "CPU: 778ms") names no processor', () => {
  assert.deepEqual(machineFacts(doc('CPU: 778ms', 'CPU: 1.2 s')), []);
});
