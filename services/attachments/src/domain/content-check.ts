// What a file really is, decided from its first bytes (sniffed by `file-type` in storage/sniff.ts), never
// from its name or the browser's Content-Type: a program renamed `pod.pdf` is still a program and is
// refused. Documents, images, office files, archives and plain text are kept, typed by what they are.
import { extensionOf } from './uploads.ts';

export interface Sniffed {
  ext: string;
  mime: string;
}

export type ContentVerdict = { ok: true; contentType: string } | { ok: false; status: 415; message: string };

/** Programs, installers, packages and shortcuts, by what file-type recognises in their bytes. */
const programTypes: ReadonlySet<string> = new Set([
  'exe',
  'elf',
  'macho',
  'wasm',
  'class',
  'jar',
  'apk',
  'dmg',
  'deb',
  'rpm',
  'cab',
  'crx',
  'xpi',
  'lnk',
  'swf',
  'chm',
  'asar',
  'reg',
]);

/** Names that a desktop runs when opened, whatever their bytes (a .bat file is plain text). */
const programExtensions: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'msp',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'cpl',
  'jar',
  'sh',
  'app',
  'apk',
  'lnk',
  'reg',
  'pif',
]);

const textTypes: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  txt: 'text/plain',
  xml: 'application/xml',
  json: 'application/json',
  edi: 'text/plain',
};

/** The bytes a sniff needs: file-type reads at most this many from the start. */
export const SNIFF_BYTES = 4100;

function looksLikeText(head: Uint8Array): boolean {
  // A NUL byte never appears in text; UTF-8 and the usual single-byte encodings are all fine.
  return !head.includes(0);
}

const startsWith = (head: Uint8Array, text: string) =>
  head.length >= text.length && [...text].every((c, i) => head[i] === c.charCodeAt(0));

export function checkContent(
  fileName: string,
  sniffed: Sniffed | undefined,
  head: Uint8Array,
): ContentVerdict {
  const extension = extensionOf(fileName);
  if (sniffed && programTypes.has(sniffed.ext)) {
    return {
      ok: false,
      status: 415,
      message: `${fileName} is a program (${sniffed.ext.toUpperCase()}), not a document: programs cannot be attached.`,
    };
  }
  // Windows programs start with "MZ" even where file-type cannot tell the variant.
  if (startsWith(head, 'MZ') && (!sniffed || sniffed.ext === 'exe')) {
    return {
      ok: false,
      status: 415,
      message: `${fileName} is a program (EXE), not a document: programs cannot be attached.`,
    };
  }
  if (programExtensions.has(extension)) {
    return {
      ok: false,
      status: 415,
      message: `Files of type .${extension.toUpperCase()} cannot be attached: programs and scripts are refused.`,
    };
  }
  if (sniffed) return { ok: true, contentType: sniffed.mime };
  if (startsWith(head, '#!')) {
    return {
      ok: false,
      status: 415,
      message: `${fileName} is a script, not a document: scripts cannot be attached.`,
    };
  }
  if (looksLikeText(head)) return { ok: true, contentType: textTypes[extension] ?? 'text/plain' };
  return {
    ok: false,
    status: 415,
    message: `The type of ${fileName} could not be recognised. Attach a PDF, an image, an office document or a text file.`,
  };
}
