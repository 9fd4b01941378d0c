// Small synthetic reports for the atlas tests: two CloudI-like reports on different machines and two
// httpc_bench-like reports, one with two runs. Only the fields the atlas reads.
export const entitiesYaml = `kinds:
  message-bus: bus
  language-runtime: language
  http-client: client
tables:
  cloudi-request-rate:
    measures: cloudi
    columns:
      language: [language-runtime]
  http-client-rate:
    columns:
      client: [http-client]
entities:
  cloudi:
    name: CloudI
    kind: message-bus
    aliases: [CloudI]
  erlang:
    name: Erlang
    kind: language-runtime
    aliases: [Erlang]
  java:
    name: Java
    kind: language-runtime
    aliases: [Java, Java OpenJDK]
  hackney:
    name: hackney
    kind: http-client
    aliases: [hackney, Hackney]
  buoy:
    name: buoy
    kind: http-client
    aliases: [buoy, Buoy]
`;

const cloudiColumns = [
  'language',
  'receiver_kind',
  'senders',
  'receivers',
  'requests_per_second',
  'note',
  'seed',
  'line',
].map((name) => ({
  name,
  type: ['senders', 'receivers', 'line'].includes(name)
    ? 'integer'
    : name === 'requests_per_second'
      ? 'number'
      : 'string',
  title: name === 'requests_per_second' ? 'Rate (requests/s)' : name === 'language' ? 'Receiver language' : name,
  unit: name === 'requests_per_second' ? 'requests/s' : '',
}));
const httpColumns = ['run', 'client', 'pool_size', 'requests_per_second', 'error_pct', 'seed', 'line'].map(
  (name) => ({
    name,
    type: ['pool_size', 'line'].includes(name)
      ? 'integer'
      : ['requests_per_second', 'error_pct'].includes(name)
        ? 'number'
        : 'string',
    title: name === 'requests_per_second' ? 'Successful requests/s' : name === 'client' ? 'Client' : name,
    unit: name === 'requests_per_second' ? 'requests/s' : '',
  }),
);

function report(slug, date, seed, machines, platforms, software, kind, columns, runs = []) {
  return {
    slug,
    title: slug,
    date,
    seed: { path: seed, meta: seed.replace(/\.\w+$/, '.meta.yaml') },
    platforms,
    machines,
    software: { declared: [], stated: software },
    methodology: [{ title: 'Test', text: `method of ${slug}`, line: 20 }],
    runs,
    errata: [],
    tables: [{ id: 't', kind, title: 'T', path: `tables/${slug}/t.csv`, derived: false, digitized: false, columns }],
  };
}

export const reports = [
  report(
    'old',
    '2015',
    'seeds/old.txt',
    {
      system: {
        facts: [
          { field: 'sockets', value: 2, line: 2 },
          { field: 'cores_per_socket', value: 10, line: 2 },
          { field: 'clock_ghz', value: 3.42, line: 2 },
        ],
      },
    },
    [{ id: 'power8', machine: 'system', role: 'all', name: 'POWER8' }],
    [
      { name: 'CloudI', version: '1.5.1', line: 10 },
      { name: 'Java', version: '1.8.0_25', line: 8 },
    ],
    'cloudi-request-rate',
    cloudiColumns,
  ),
  report(
    'new',
    '2017-04',
    'seeds/new.md',
    {
      system: {
        facts: [
          { field: 'sockets', value: 1, line: 4 },
          { field: 'cores_per_socket', value: 4, line: 4 },
          { field: 'clock_ghz', value: 3.5, line: 4 },
        ],
      },
    },
    [{ id: 'i7', machine: 'system', role: 'all', name: 'Core i7' }],
    [
      { name: 'CloudI', version: '1.7.1', line: 13 },
      { name: 'Java OpenJDK', version: '1.8.0_91', line: 17 },
    ],
    'cloudi-request-rate',
    cloudiColumns,
  ),
  report(
    'h2017',
    '2017',
    'seeds/h2017.md',
    { client: { facts: [{ field: 'clock_ghz', value: 2.2, line: 25 }] }, server: { facts: [] } },
    [
      { id: 'xeon', machine: 'client', role: 'clients', name: 'Xeon' },
      { id: 'xeon-s', machine: 'server', role: 'server', name: 'Xeon S' },
    ],
    [],
    'http-client-rate',
    httpColumns,
    [{ id: 'results', title: 'Results', ulimit_n: null }],
  ),
  report(
    'h2019',
    '2019-05-15',
    'seeds/h2019.md',
    { client: { facts: [{ field: 'vcpus', value: 16, line: 7 }] }, server: { facts: [] } },
    [
      { id: 'ec2', machine: 'client', role: 'clients', name: 'EC2' },
      { id: 'ec2-s', machine: 'server', role: 'server', name: 'EC2 S' },
    ],
    [{ name: 'Hackney', version: '1.15.1', line: 17 }],
    'http-client-rate',
    httpColumns,
    [
      { id: 'current', title: 'Current', ulimit_n: 12000000, ulimit_line: 25 },
      { id: 'original', title: 'Original', ulimit_n: 1024, ulimit_line: 381 },
    ],
  ),
];

export const csvTexts = {
  'tables/old/t.csv': `language,receiver_kind,senders,receivers,requests_per_second,note,seed,line
Erlang,internal,1,1,1000,,seeds/old.txt,26
Erlang,internal,2,2,2000,,seeds/old.txt,27
Java,threads,2,2,1500,,seeds/old.txt,40
`,
  'tables/new/t.csv': `language,receiver_kind,senders,receivers,requests_per_second,note,seed,line
Erlang,internal,2,2,3000,,seeds/new.md,48
Java,threads,2,2,3000,(threads),seeds/new.md,69
Java,processes,2,2,2500,(processes),seeds/new.md,68
`,
  'tables/h2017/t.csv': `run,client,pool_size,requests_per_second,error_pct,seed,line
results,hackney,8,40000,0,seeds/h2017.md,110
results,hackney,16,50000,2,seeds/h2017.md,111
results,buoy,8,100000,0,seeds/h2017.md,60
`,
  'tables/h2019/t.csv': `run,client,pool_size,requests_per_second,error_pct,seed,line
current,Hackney,32,20000,0.5,seeds/h2019.md,212
current,Hackney,64,20000,0,seeds/h2019.md,213
current,Buoy,32,90000,99.4,seeds/h2019.md,250
original,Hackney,32,10000,1,seeds/h2019.md,439
original,Buoy,32,80000,95,seeds/h2019.md,400
`,
};
