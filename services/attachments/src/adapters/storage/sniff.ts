// The real type of a file, from its first bytes (file-type), checked by domain/content-check.ts.
import { fileTypeFromBuffer } from 'file-type';
import { type ContentVerdict, checkContent } from '../../domain/content-check.ts';

export async function sniffContent(fileName: string, head: Uint8Array): Promise<ContentVerdict> {
  const sniffed = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  return checkContent(fileName, sniffed ? { ext: sniffed.ext, mime: sniffed.mime } : undefined, head);
}
