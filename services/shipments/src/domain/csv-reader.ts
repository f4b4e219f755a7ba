// Reading a CSV file as it streams in (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes,
// CRLF or LF rows, a UTF-8 byte-order mark first). Pure: it is fed text in pieces and hands back the
// complete records, so a file of any size is read with one record in memory at a time.

/** Ours: a field longer than this is a broken file (an unclosed quote), not a shipment's value. */
export const MAX_CSV_FIELD_CHARS = 10_000;
/** Ours: more fields than this in one row is not a shipment row. */
export const MAX_CSV_FIELDS = 200;

export class CsvFormatError extends Error {}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** inside quotes, the last character was a quote (the field's end or the first of a doubled one) */
  private quoteSeen = false;
  private started = false;
  private pendingCr = false;

  /**
   * The records completed by this piece of text. Runs of ordinary characters are taken a slice at a time
   * (not a character at a time: a value built up character by character is a chain of one-character strings
   * until it is read, tens of times the memory of its text).
   */
  push(text: string): string[][] {
    const out: string[][] = [];
    const n = text.length;
    let i = 0;
    if (!this.started && n > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < n) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (text.charCodeAt(i) === LF) {
          i++;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i++;
            continue;
          }
          this.quoted = false;
          // falls through to the unquoted handling of this character
        } else {
          // inside quotes everything up to the next quote is the value's, line breaks included
          const quote = text.indexOf('"', i);
          const end = quote === -1 ? n : quote;
          if (end > i) this.append(text, i, end);
          if (quote !== -1) this.quoteSeen = true;
          i = end + 1;
          continue;
        }
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE && this.field.length === 0) {
        this.quoted = true;
        i++;
      } else if (c === COMMA) {
        this.endField();
        i++;
      } else if (c === LF || c === CR) {
        if (c === CR) this.pendingCr = true;
        this.endField();
        out.push(this.record);
        this.record = [];
        i++;
      } else {
        // the value runs to the next comma or line break (a quote inside it is its own character)
        let end = i + 1;
        for (; end < n; end++) {
          const d = text.charCodeAt(end);
          if (d === COMMA || d === LF || d === CR) break;
        }
        this.append(text, i, end);
        i = end;
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

  private append(text: string, from: number, to: number): void {
    if (this.field.length + (to - from) > MAX_CSV_FIELD_CHARS)
      throw new CsvFormatError(
        `A value is longer than ${MAX_CSV_FIELD_CHARS} characters (is a quote left open?).`,
      );
    this.field += text.slice(from, to);
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
