// The upload widget's defaults (001 §4, §5): the type guessed from the file name, the access level that
// follows from it on a shipment (000 §5: Public; 001 §4: Private for the carrier packet, carrier bill,
// carrier confirmation and accessorial authorisation). The server applies the same rules.
import {
  AccessLevel,
  type AccessLevelValue,
  type AttachmentTypeCode,
  AttachmentTypeList,
  defaultAccessLevelForAttachmentType,
  guessAttachmentTypeFromFileName,
} from '@loadline/contracts';

export const attachmentTypeChoices = AttachmentTypeList.entries.map((e) => ({
  code: e.code as AttachmentTypeCode,
  name: e.name,
}));

export function defaultsForFile(fileName: string): {
  type: AttachmentTypeCode;
  accessLevel: AccessLevelValue;
} {
  const type = guessAttachmentTypeFromFileName(fileName) ?? 'Document';
  return { type, accessLevel: defaultAccessLevelForAttachmentType(type) };
}

export const accessLevelName = (level: number) => AccessLevel.nameOf(level) ?? String(level);

/** 1.2 MB, 340 KB, 12 B. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
