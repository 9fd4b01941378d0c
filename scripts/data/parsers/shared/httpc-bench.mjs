// What the httpc_bench formats share: the column names they use, how a result row is read,
// and the introduction that names the machines and the clients.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank, linkTexts, toNumber, toInteger } from '../../../lib/text.mjs';
import { softwareLine } from '../shared/machine.mjs';

/** Canonical columns and the header spellings accepted for each. */
export const HTTPC_COLUMNS = {
  client: ['Client'],
  pool_count: ['Pool Count', 'PoolCount', 'Pools'],
  pool_size: ['Pool Size', 'PoolSize'],
  concurrency: ['Concurrency', 'Concurency'],
  requests_per_second: ['Req/sec', 'Requests/s', 'Requests/sec', 'Req/s', 'Requests per second'],
  error_pct: ['Error %', 'Error%', 'Errors %', 'Error'],
};

const REQUIRED = ['client', 'pool_size', 'concurrency', 'requests_per_second', 'error_pct'];

/** Check that a header has the columns a result row needs. */
export function checkColumns(columns, line, found) {
  for (const need of REQUIRED) {
    if (!columns.some((c) => c.name === need)) throw new InputError(line, `a "${HTTPC_COLUMNS[need][0]}" column`, found);
  }
}

/** One result row from its cells (canonical name -> text). */
export function httpcRow(cells, columns, run, line) {
  const label = (name) => columns.find((c) => c.name === name)?.text ?? HTTPC_COLUMNS[name][0];
  const int = (name) => {
    const v = toInteger(cells[name] ?? '');
    if (v === undefined) throw new InputError(line, `a whole number under "${label(name)}"`, cells[name] ? quote(cells[name]) : 'a blank cell');
    return v;
  };
  if (!cells.client || !/^[\w.-]+$/.test(cells.client)) throw new InputError(line, 'a client name under "Client"', quote(cells.client ?? ''));
  const rate = toNumber(cells.requests_per_second ?? '');
  if (rate === undefined || rate < 0) throw new InputError(line, `requests per second under "${label('requests_per_second')}"`, quote(cells.requests_per_second ?? ''));
  const error = toNumber((cells.error_pct ?? '').replace(/%$/, ''));
  if (error === undefined || error < 0 || error > 100) throw new InputError(line, `an error percentage (0 to 100) under "${label('error_pct')}"`, quote(cells.error_pct ?? ''));
  return {
    run,
    client: cells.client,
    pool_count: cells.pool_count === undefined || cells.pool_count === null ? null : int('pool_count'),
    pool_size: int('pool_size'),
    concurrency: int('concurrency'),
    requests_per_second: rate,
    error_pct: error,
    line,
  };
}

/**
 * The introduction before the first table: machines ("Clients ran on AWS m5.4xlarge (16 vCPUs, 64 GB
 * RAM) running Ubuntu 18.04.", or "- 2 x 48 Xeon cores @ 2.20GHz + 256 GB ram + SSDs"), the client
 * list ("* Mojito 0.3.0 (Mint 0.2.1)") and method sentences.
 * @param {string[]} lines
 * @param {number} end index of the first line after the introduction
 */
export function readHttpcIntro(lines, end) {
  const client = [];
  const server = [];
  const software = [];
  const methodology = [];
  let inClients = false;
  let inCode = false;
  for (let i = 0; i < end; i++) {
    const n = i + 1;
    const l = lines[i].trim();
    if (/^```/.test(l)) {
      inCode = !inCode;
      continue;
    }
    if (inCode || isBlank(l) || /^#/.test(l)) {
      if (/^#/.test(l)) inClients = false;
      continue;
    }
    const aws = /^Clients? ran on (?:AWS |EC2 |Amazon EC2 )*([\w.]+) \((\d+) vCPUs?, (\d+) GB RAM\)(?: running (.+?))?\.?$/i.exec(l);
    const same = /^The server ran on a separate ([\w.]+), configured identically\.?$/i.exec(l);
    const box = /^[-*]\s+(\d+)\s*x\s*(\d+)\s+(.+?) cores @ ([\d.]+)\s*GHz \+ (\d+) GB ram(?: \+ (.+))?$/i.exec(l);
    if (aws) {
      client.push({ field: 'instance_type', value: `AWS ${aws[1]}`, line: n }, { field: 'vcpus', value: Number(aws[2]), line: n }, { field: 'memory', value: `${aws[3]}GB`, line: n });
      if (aws[4]) client.push({ field: 'os', value: aws[4], line: n });
    } else if (same) {
      server.push({ field: 'instance_type', value: `AWS ${same[1]}`, line: n });
      server.push(...client.filter((f) => f.field !== 'instance_type').map((f) => ({ ...f, note: `configured identically (line ${n})` })));
    } else if (box) {
      // "2 x 48 Xeon cores @ 2.20GHz + 256 GB ram + SSDs": kept in the report's own words; only
      // the clock and the memory are unambiguous ("2 x 48" may be sockets x cores or two machines).
      const stated = l.replace(/^[-*]\s+/, '');
      const facts = [
        { field: 'cpu', value: stated.replace(/\s*\+.*$/, ''), line: n },
        { field: 'clock_ghz', value: Number(box[4]), unit: 'GHz', line: n },
        { field: 'memory', value: `${box[5]}GB`, line: n },
        { field: 'description', value: stated, line: n },
      ];
      if (box[6]) facts.push({ field: 'storage', value: box[6], line: n });
      client.push(...facts);
      server.push(...facts.map((f) => ({ ...f })));
    } else if (/^Clients:$/i.test(l)) {
      inClients = true;
    } else if (/^[-*]\s+/.test(l) && inClients) {
      software.push({ ...softwareLine(l, n), role: 'client under test' });
    } else if (/^[-*]\s+(Erlang|OTP|Elixir)\b/i.test(l)) {
      software.push(softwareLine(l, n));
    } else if (/^[-*]\s+/.test(l)) {
      methodology.push({ title: 'Setup', text: l.replace(/^[-*]\s+/, ''), line: n });
    } else {
      inClients = false;
      methodology.push({ title: 'Method', text: linkTexts(l), line: n });
    }
  }
  const machines = {};
  if (client.length) machines.client = { label: 'Client (load generator)', facts: client };
  if (server.length) machines.server = { label: 'Server', facts: server };
  return { machines, software, methodology };
}
