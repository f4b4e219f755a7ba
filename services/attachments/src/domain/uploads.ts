// What an upload means (000 §3 attachment, 000 §5 and 001 §4 default access, 001 §5 type from the file
// name): which source it belongs to, which attachment type, which access level, and a file name that can
// be shown and sent but never names a place on disk. Pure rules: the route reads the multipart fields and
// the file, these decide.
import {
  AccessLevel,
  type AccessLevelValue,
  AttachmentSources,
  type AttachmentSourceType,
  AttachmentType,
  type AttachmentTypeCode,
  AttachmentTypeList,
  defaultAccessLevelForAttachmentType,
  defaultAccessLevelForSource,
  guessAttachmentTypeFromFileName,
  isAttachmentSourceType,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';
import { ownShipmentsOnly } from './access.ts';

/** An attachment type: its 002 §3.10 number where the spec gives one, and its catalogue code where known. */
export interface AttachmentTypeRef {
  value: number | null;
  code: AttachmentTypeCode | null;
}

export interface UploadTarget {
  sourceType: AttachmentSourceType;
  /** the first id field of the source (000 §3): shipmentId, carrierId, brokerCarrierInsuranceId... */
  sourceId: string;
  /** every id field the upload carried for this source */
  sourceIds: Record<string, string>;
  attachmentType: AttachmentTypeRef;
  accessLevel: AccessLevelValue;
  title: string | null;
}

export type Uploader = { kind: 'staff' | 'customer' };

/** Which source an upload names when it does not say: by the id fields it carries (000 §3). */
const inferenceOrder: readonly AttachmentSourceType[] = [
  'brokercarrierinsurance',
  'brokercarrier',
  'shipment',
  'tariff',
  'taishippingmarketplace',
  'organization',
];

/** The source ids an upload may carry, for every source type. */
export const sourceIdFields: readonly string[] = [
  ...new Set(Object.values(AttachmentSources).flatMap((s) => [...s.idFields])),
];

// 000 §3 lists for the carrier "carrierId and carrierMasterId"; the catalogue names its first as carrierId.
const idFieldsOf = (source: AttachmentSourceType): readonly string[] => AttachmentSources[source].idFields;

export function inferSourceType(
  fields: Readonly<Record<string, string | undefined>>,
): AttachmentSourceType | null {
  // By each source's own id (its first): an insurance also carries the carrier's id.
  for (const source of inferenceOrder) {
    if (fields[idFieldsOf(source)[0]!]) return source;
  }
  return null;
}

/** Parses `attachmentType` (a 002 §3.10 number or a catalogue code, any case). */
export function parseAttachmentType(
  raw: string,
  source: AttachmentSourceType,
): AttachmentTypeRef | FieldProblem {
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    const known = AttachmentType.fromValue(value);
    if (known) return { value, code: known.code };
    // 000 §3: the carrier's upload type is 2, a number 002 §3.10 does not name.
    if (value === AttachmentSources[source].attachmentType) return { value, code: null };
    return { field: 'attachmentType', message: `attachmentType ${value} is not a known attachment type.` };
  }
  const entry = AttachmentTypeList.entries.find((e) => e.code.toLowerCase() === text.toLowerCase());
  if (!entry)
    return { field: 'attachmentType', message: `attachmentType "${text}" is not a known attachment type.` };
  return {
    value: AttachmentType.byCode[entry.code as keyof typeof AttachmentType.byCode]?.value ?? null,
    code: entry.code,
  };
}

/** The source's own upload type (000 §3: shipment 1, carrier 2, tariff 1, organization 1, insurance 9, marketplace 20). */
export function sourceDefaultType(source: AttachmentSourceType): AttachmentTypeRef {
  const value = AttachmentSources[source].attachmentType;
  return { value, code: AttachmentType.fromValue(value)?.code ?? null };
}

/**
 * 001 §5: the type is guessed from keywords in the file name when the upload does not give one; else the
 * source's own upload type.
 */
export function attachmentTypeFor(
  given: string | undefined,
  fileName: string,
  source: AttachmentSourceType,
): AttachmentTypeRef | FieldProblem {
  if (given?.trim()) return parseAttachmentType(given, source);
  const guessed = guessAttachmentTypeFromFileName(fileName);
  if (guessed) {
    return {
      value: AttachmentType.byCode[guessed as keyof typeof AttachmentType.byCode]?.value ?? null,
      code: guessed,
    };
  }
  return sourceDefaultType(source);
}

/**
 * The access level of a new attachment when the upload does not give one. The spec has two rules: by
 * source (000 §5) and by type (001 §4). Ours: Private when either says Private, so that a carrier's file or
 * a carrier bill is never shown to a customer by default.
 */
export function defaultAccessLevel(source: AttachmentSourceType, type: AttachmentTypeRef): AccessLevelValue {
  const bySource = defaultAccessLevelForSource(source);
  const byType = type.code ? defaultAccessLevelForAttachmentType(type.code) : AccessLevel.values.Public;
  return bySource === AccessLevel.values.Private || byType === AccessLevel.values.Private
    ? AccessLevel.values.Private
    : AccessLevel.values.Public;
}

/** 001 §3: an attachment is Public or Private; given as 0/1 or by name. */
export function parseAttachmentAccessLevel(raw: string | number): AccessLevelValue | null {
  const text = String(raw).trim().toLowerCase();
  if (text === '0' || text === 'public') return AccessLevel.values.Public;
  if (text === '1' || text === 'private') return AccessLevel.values.Private;
  return null;
}

export const accessLevelProblem: FieldProblem = {
  field: 'accessLevel',
  message: 'accessLevel must be Public (0) or Private (1).',
};

const TITLE_MAX = 200;
const ID_MAX = 64;

/**
 * Decides where an upload goes and how it is typed and shared, from its text fields and the file name.
 * Customers attach only to shipments (their own: the route checks the shipment) and their files are
 * always Public, so they can see what they sent (ours: 000 §6 leaves upload rights open).
 */
export function planUpload(
  fields: Readonly<Record<string, string | undefined>>,
  fileName: string,
  uploader: Uploader,
): { ok: true; target: UploadTarget } | { ok: false; status: 400 | 403; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const named = fields.sourceType?.trim().toLowerCase();
  let source: AttachmentSourceType | null;
  if (named) {
    source = isAttachmentSourceType(named) ? named : null;
    if (!source) {
      problems.push({
        field: 'sourceType',
        message: `sourceType must be one of ${Object.keys(AttachmentSources).join(', ')}.`,
      });
    }
  } else {
    source = inferSourceType(fields);
    if (!source) {
      problems.push({
        field: 'shipmentId',
        message: `The upload must name what the file belongs to: one of ${sourceIdFields.join(', ')}.`,
      });
    }
  }
  if (!source) return { ok: false, status: 400, problems };

  if (uploader.kind === 'customer' && source !== 'shipment') {
    return {
      ok: false,
      status: 403,
      problems: [{ field: 'sourceType', message: ownShipmentsOnly }],
    };
  }

  const sourceIds: Record<string, string> = {};
  for (const field of idFieldsOf(source)) {
    const value = fields[field]?.trim();
    if (!value) continue;
    if (value.length > ID_MAX || !/^[\w.:-]+$/.test(value)) {
      problems.push({ field, message: `${field} is not a valid id.` });
    } else sourceIds[field] = value;
  }
  const firstField = idFieldsOf(source)[0]!;
  const sourceId = sourceIds[firstField];
  if (!sourceId) problems.push({ field: firstField, message: `${firstField} is required.` });
  if (source === 'shipment' && sourceId && !/^[1-9]\d{0,14}$/.test(sourceId)) {
    problems.push({ field: 'shipmentId', message: 'shipmentId must be a shipment number.' });
  }

  const type = attachmentTypeFor(fields.attachmentType, fileName, source);
  if ('field' in type) problems.push(type);

  let accessLevel: AccessLevelValue | null = null;
  if (fields.accessLevel !== undefined && fields.accessLevel.trim() !== '') {
    accessLevel = parseAttachmentAccessLevel(fields.accessLevel);
    if (accessLevel === null) problems.push(accessLevelProblem);
    else if (uploader.kind === 'customer' && accessLevel !== AccessLevel.values.Public) {
      problems.push({
        field: 'accessLevel',
        message: 'Files you attach are shared with your broker and are always Public.',
      });
    }
  }

  const title = fields.title?.trim() || null;
  if (title && title.length > TITLE_MAX) {
    problems.push({ field: 'title', message: `title must be at most ${TITLE_MAX} characters.` });
  }

  if (problems.length > 0 || 'field' in type || !sourceId) return { ok: false, status: 400, problems };
  return {
    ok: true,
    target: {
      sourceType: source,
      sourceId,
      sourceIds,
      attachmentType: type,
      accessLevel:
        uploader.kind === 'customer'
          ? AccessLevel.values.Public
          : (accessLevel ?? defaultAccessLevel(source, type)),
      title,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// File names

const NAME_MAX_BYTES = 255;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A file name safe to show, store and send: the last path segment only (so `../../etc/passwd` is
 * `passwd`), no control or bidirectional-override characters (which disguise `fdp.exe` as `exe.pdf`), none
 * of `<>:"/\|?*`, no leading dots, at most 255 bytes with the extension kept. Storage never uses the name:
 * files are kept by the hash of their bytes.
 */
export function cleanFileName(raw: string | undefined | null): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  name = name.replace(/[\u0000-\u001f\u007f\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  name = name.replace(/[<>:"|?*]/g, '_');
  name = name.replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (!name) name = 'file';
  if (Buffer.byteLength(name) > NAME_MAX_BYTES) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    let stem = extension ? name.slice(0, dot) : name;
    while (Buffer.byteLength(stem + extension) > NAME_MAX_BYTES) stem = [...stem].slice(0, -1).join('');
    name = stem + extension;
  }
  return name;
}

/** The extension of a file name, lower case without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
