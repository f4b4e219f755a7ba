// Reading a CSV file as it streams in (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes,
// CRLF or LF rows, a UTF-8 byte-order mark first). Pure: it is fed text in pieces and hands back the
// complete records, so a file of any size is read with one record in memory at a time.

/** Ours: a field longer than this is a broken file (an unclosed quote), not a shipment's value. */
export const MAX_CSV_FIELD_CHARS = 10_000;
/** Ours: more fields than this in one row is not a shipment row. */
export const MAX_CSV_FIELDS = 200;

export class CsvFormatError extends Error {}

export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** inside quotes, the last character was a quote (the field's end or the first of a doubled one) */
  private quoteSeen = false;
  private started = false;
  private pendingCr = false;

  /** The records completed by this piece of text. */
  push(text: string): string[][] {
    const out: string[][] = [];
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (c === '\n') continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // falls through to the unquoted handling of this character
        } else {
          if (c === '"') this.quoteSeen = true;
          else this.append(c);
          continue;
        }
      }
      if (c === '"' && this.field.length === 0) {
        this.quoted = true;
      } else if (c === ',') {
        this.endField();
      } else if (c === '\n' || c === '\r') {
        if (c === '\r') this.pendingCr = true;
        this.endField();
        out.push(this.record);
        this.record = [];
      } else {
        this.append(c);
      }
    }
    return out;
  }

  /** The last record when the file does not end with a line break. */
  end(): string[][] {
    if (this.quoted && !this.quoteSeen)
      throw new CsvFormatError('A quoted value is not closed before the end of the file.');
    this.quoted = false;
    this.quoteSeen = false;
    if (this.field.length === 0 && this.record.length === 0) return [];
    this.endField();
    const last = this.record;
    this.record = [];
    return [last];
  }

  private append(c: string): void {
    if (this.field.length >= MAX_CSV_FIELD_CHARS)
      throw new CsvFormatError(
        `A value is longer than ${MAX_CSV_FIELD_CHARS} characters (is a quote left open?).`,
      );
    this.field += c;
  }

  private endField(): void {
    if (this.record.length >= MAX_CSV_FIELDS)
      throw new CsvFormatError(`A row has more than ${MAX_CSV_FIELDS} values.`);
    this.record.push(this.field);
    this.field = '';
  }
}

/** A row with nothing in it (blank lines, or only commas) is skipped, not reported. */
export const isBlankRecord = (record: readonly string[]) => record.every((v) => v.trim() === '');
