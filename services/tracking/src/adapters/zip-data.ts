// The bundled ZIP dataset: the `zipcodes` npm package (BSD licence; US ZIP codes with coordinates
// from federalgovernmentzipcodes.us, Canadian forward sortation areas with coordinates), read from
// node_modules once per process, no network at run time. Indexed in memory (domain/zip-index.ts).
//
// The package is one 5 MB JavaScript object literal: loading it costs a process ~75 MB resident for
// good (the source, its compiled literal, the parser's memory). So a short-lived child process loads
// it and hands over only the six fields we keep, as tab-separated lines (~2 MB); this process never
// holds the package.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { type RawZipRecord, toZipPlace, ZipIndex } from '../domain/zip-index.ts';

/** Run by the child: the records as `zip \t city \t state \t country \t latitude \t longitude` lines. */
const exportScript = `
const { codes } = require(process.argv[1]);
const clean = (s) => String(s ?? '').replace(/[\\t\\n]/g, ' ');
const lines = [];
for (const r of Object.values(codes))
  lines.push([r.zip, r.city, r.state, r.country, r.latitude, r.longitude].map(clean).join('\\t'));
process.stdout.write(lines.join('\\n'));
`;

/** The package's records, read through a child process (see above). */
export function readZipRecords(): RawZipRecord[] {
  const packagePath = createRequire(import.meta.url).resolve('zipcodes');
  const text = execFileSync(process.execPath, ['-e', exportScript, packagePath], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return text.split('\n').map((line) => {
    const [zip = '', city = '', state = '', country = '', latitude = '', longitude = ''] = line.split('\t');
    return { zip, city, state, country, latitude: Number(latitude), longitude: Number(longitude) };
  });
}

let index: ZipIndex | undefined;

/** The one in-memory index of this process (built on first use, ~44,000 places). */
export function zipIndex(): ZipIndex {
  index ??= new ZipIndex(readZipRecords().map(toZipPlace));
  return index;
}
