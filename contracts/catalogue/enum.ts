// Spec 002 §3 ("Every enumeration entry has a numeric value and a display name; many also carry a code
// name and a description"), 002 §6.5 and §9 (bit flags are powers of two, with one exception).
//
// The three shapes every table of the catalogue is built from:
//   defineEnum       numbered entries: value, code name, display name, optional description.
//   defineNamedList  entries the spec names in order but WITHOUT numbers. The position in the list is the
//                    spec's order only; it is never a value, and no number is invented for these entries.
//   defineFlags      bit flags: a numbered enumeration plus has/test, list, combine, add and remove.
//
// Code names: where the spec gives one (e.g. `InTransit`) it is used as is. Where the spec gives only a
// display name or a description (e.g. "a trucker tools app 86"), the code name is ours, built from the
// spec's words; the display name stays the spec's.

export interface EnumEntry {
  readonly value: number;
  readonly code: string;
  readonly name: string;
  readonly description?: string;
}

export interface NamedEntry {
  readonly code: string;
  readonly name: string;
  readonly description?: string;
}

export interface FlagEntry extends EnumEntry {
  /**
   * Set on a flag whose value is not a power of two (it spans several bits). `has` then requires every
   * one of its bits. Without this marker `defineFlags` refuses a non power of two.
   */
  readonly composite?: true;
}

/** `{ Code: value }` for every entry, each typed as its literal value. */
export type ValuesByCode<E extends readonly EnumEntry[]> = {
  readonly [K in E[number] as K['code']]: K['value'];
};

/** `{ Code: entry }` for every entry, each typed as its literal entry (plus the optional base fields). */
export type EntriesByCode<E extends readonly NamedEntry[], B = NamedEntry> = {
  readonly [K in E[number] as K['code']]: K & B;
};

/** The entries typed literally, each widened by the base shape so that optional fields can be read. */
export type EntryList<E extends readonly NamedEntry[], B> = { readonly [I in keyof E]: E[I] & B };

export interface Enumeration<E extends readonly EnumEntry[]> {
  readonly kind: 'enum';
  /** The entries in the spec's order. */
  readonly entries: EntryList<E, EnumEntry>;
  /** `X.values.InTransit` is typed as the literal value (410). */
  readonly values: ValuesByCode<E>;
  /** `X.byCode.InTransit` is the whole entry, typed literally. */
  readonly byCode: EntriesByCode<E, EnumEntry>;
  readonly codes: readonly E[number]['code'][];
  readonly valueList: readonly E[number]['value'][];
  fromValue(value: number): (E[number] & EnumEntry) | undefined;
  fromCode(code: string): (E[number] & EnumEntry) | undefined;
  /** Display name of a value, or undefined when the value is not in the table. */
  nameOf(value: number): string | undefined;
  codeOf(value: number): E[number]['code'] | undefined;
  /** True when the value is one of the table's values. */
  has(value: unknown): value is E[number]['value'];
}

export interface NamedList<E extends readonly NamedEntry[]> {
  readonly kind: 'list';
  readonly entries: EntryList<E, NamedEntry>;
  readonly byCode: EntriesByCode<E, NamedEntry>;
  readonly codes: readonly E[number]['code'][];
  readonly names: readonly string[];
  has(code: unknown): code is E[number]['code'];
  nameOf(code: string): string | undefined;
  /** Position in the spec's order (0-based). This is an order, not a numeric value. */
  indexOf(code: string): number;
}

type FlagRef<E extends readonly FlagEntry[]> = E[number]['value'] | E[number]['code'];

export interface FlagSet<E extends readonly FlagEntry[]> {
  readonly kind: 'flags';
  readonly entries: EntryList<E, FlagEntry>;
  readonly values: ValuesByCode<E>;
  readonly byCode: EntriesByCode<E, FlagEntry>;
  readonly codes: readonly E[number]['code'][];
  readonly valueList: readonly E[number]['value'][];
  /** Every bit used by at least one flag. */
  readonly allMask: number;
  fromValue(value: number): (E[number] & FlagEntry) | undefined;
  fromCode(code: string): (E[number] & FlagEntry) | undefined;
  nameOf(value: number): string | undefined;
  codeOf(value: number): E[number]['code'] | undefined;
  /** True when the value is exactly one of the defined flags. */
  isKnown(value: unknown): value is E[number]['value'];
  /**
   * True when every bit of `flag` is set in `mask`. For a composite flag (not a power of two) all of its
   * bits are required. A mask that is not a non-negative safe integer has no flags.
   */
  has(mask: number, flag: FlagRef<E>): boolean;
  /** Same as `has`. */
  test(mask: number, flag: FlagRef<E>): boolean;
  /** The entries whose bits are all set in `mask`, in the spec's order. */
  list(mask: number): (E[number] & FlagEntry)[];
  codesIn(mask: number): E[number]['code'][];
  /** Bitwise OR of the flags. */
  combine(...flags: FlagRef<E>[]): number;
  add(mask: number, ...flags: FlagRef<E>[]): number;
  /** Clears every bit of each flag (for a composite flag, all of its bits). */
  remove(mask: number, ...flags: FlagRef<E>[]): number;
  /** Bits of `mask` that no flag of this set uses. */
  unknownBits(mask: number): number;
}

export type EnumValue<T extends { readonly entries: readonly EnumEntry[] }> = T['entries'][number]['value'];
export type EnumCode<T extends { readonly entries: readonly NamedEntry[] }> = T['entries'][number]['code'];

// ---------------------------------------------------------------------------------------------------------
// Bit arithmetic that stays exact above 2^31 (JavaScript's `&` and `|` work on signed 32-bit integers).

const TWO_POW_32 = 2 ** 32;

export function isMask(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function bitAnd(a: number, b: number): number {
  if (a < TWO_POW_32 && b < TWO_POW_32) return (a & b) >>> 0;
  return Number(BigInt(a) & BigInt(b));
}

export function bitOr(a: number, b: number): number {
  if (a < TWO_POW_32 && b < TWO_POW_32) return (a | b) >>> 0;
  return Number(BigInt(a) | BigInt(b));
}

export function bitAndNot(a: number, b: number): number {
  if (a < TWO_POW_32 && b < TWO_POW_32) return (a & ~b) >>> 0;
  return Number(BigInt(a) & ~BigInt(b));
}

export function isPowerOfTwo(value: number): boolean {
  return isMask(value) && value > 0 && bitAnd(value, value - 1) === 0;
}

// ---------------------------------------------------------------------------------------------------------

function freezeEntries<E extends readonly NamedEntry[]>(entries: E): E {
  for (const entry of entries) Object.freeze(entry);
  return Object.freeze(entries);
}

function indexEntries<E extends readonly EnumEntry[]>(
  entries: E,
  what: string,
): { byCode: Record<string, E[number] & EnumEntry>; byValue: Map<number, E[number] & EnumEntry> } {
  const byCode: Record<string, E[number] & EnumEntry> = Object.create(null);
  const byValue = new Map<number, E[number] & EnumEntry>();
  for (const entry of entries) {
    if (!Number.isFinite(entry.value)) throw new TypeError(`${what}: ${entry.code} has no numeric value`);
    if (entry.code in byCode) throw new TypeError(`${what}: duplicate code ${entry.code}`);
    if (byValue.has(entry.value)) throw new TypeError(`${what}: duplicate value ${entry.value}`);
    byCode[entry.code] = entry;
    byValue.set(entry.value, entry);
  }
  return { byCode, byValue };
}

/** A numbered enumeration. Throws on a duplicate code or value, so a typo in a table fails at import. */
/*#__NO_SIDE_EFFECTS__*/
export function defineEnum<const E extends readonly EnumEntry[]>(entries: E): Enumeration<E> {
  const frozen = freezeEntries(entries);
  const { byCode, byValue } = indexEntries(frozen, 'defineEnum');
  const values: Record<string, number> = {};
  for (const entry of frozen) values[entry.code] = entry.value;
  return Object.freeze({
    kind: 'enum' as const,
    entries: frozen as EntryList<E, EnumEntry>,
    values: Object.freeze(values) as ValuesByCode<E>,
    byCode: Object.freeze(byCode) as unknown as EntriesByCode<E, EnumEntry>,
    codes: Object.freeze(frozen.map((e) => e.code)),
    valueList: Object.freeze(frozen.map((e) => e.value)),
    fromValue: (value: number) => byValue.get(value),
    fromCode: (code: string) => byCode[code],
    nameOf: (value: number) => byValue.get(value)?.name,
    codeOf: (value: number) => byValue.get(value)?.code,
    has: (value: unknown): value is E[number]['value'] => typeof value === 'number' && byValue.has(value),
  });
}

/** Names in the spec's order, without numeric values (the spec gives none). */
/*#__NO_SIDE_EFFECTS__*/
export function defineNamedList<const E extends readonly NamedEntry[]>(entries: E): NamedList<E> {
  const frozen = freezeEntries(entries);
  const byCode: Record<string, E[number]> = Object.create(null);
  for (const entry of frozen) {
    if (entry.code in byCode) throw new TypeError(`defineNamedList: duplicate code ${entry.code}`);
    byCode[entry.code] = entry;
  }
  const codes = Object.freeze(frozen.map((e) => e.code));
  return Object.freeze({
    kind: 'list' as const,
    entries: frozen as EntryList<E, NamedEntry>,
    byCode: Object.freeze(byCode) as unknown as EntriesByCode<E, NamedEntry>,
    codes,
    names: Object.freeze(frozen.map((e) => e.name)),
    has: (code: unknown): code is E[number]['code'] => typeof code === 'string' && code in byCode,
    nameOf: (code: string) => byCode[code]?.name,
    indexOf: (code: string) => codes.indexOf(code),
  });
}

/**
 * Bit flags. Every value must be a positive safe integer and a power of two, unless the entry is marked
 * `composite: true` (002 §9 allows exactly one such exception, ApplyNewCustomerCreditHold).
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineFlags<const E extends readonly FlagEntry[]>(entries: E): FlagSet<E> {
  const frozen = freezeEntries(entries);
  const { byCode, byValue } = indexEntries(frozen, 'defineFlags');
  const values: Record<string, number> = {};
  let allMask = 0;
  for (const entry of frozen) {
    if (!isMask(entry.value) || entry.value === 0) {
      throw new TypeError(`defineFlags: ${entry.code} must be a positive integer`);
    }
    if (!isPowerOfTwo(entry.value) && entry.composite !== true) {
      throw new TypeError(`defineFlags: ${entry.code} (${entry.value}) is not a power of two`);
    }
    values[entry.code] = entry.value;
    allMask = bitOr(allMask, entry.value);
  }

  const resolve = (flag: number | string): number => {
    const entry = typeof flag === 'string' ? byCode[flag] : byValue.get(flag);
    if (entry === undefined) throw new TypeError(`Unknown flag: ${String(flag)}`);
    return entry.value;
  };
  const has = (mask: number, flag: FlagRef<E>): boolean => {
    const value = resolve(flag);
    return isMask(mask) && bitAnd(mask, value) === value;
  };
  const list = (mask: number): (E[number] & FlagEntry)[] =>
    (frozen as readonly (E[number] & FlagEntry)[]).filter((e) => has(mask, e.value as FlagRef<E>));
  const add = (mask: number, ...flags: FlagRef<E>[]): number => {
    if (!isMask(mask)) throw new TypeError(`Not a flag mask: ${String(mask)}`);
    return flags.reduce<number>((acc, flag) => bitOr(acc, resolve(flag)), mask);
  };

  return Object.freeze({
    kind: 'flags' as const,
    entries: frozen as EntryList<E, FlagEntry>,
    values: Object.freeze(values) as ValuesByCode<E>,
    byCode: Object.freeze(byCode) as unknown as EntriesByCode<E, FlagEntry>,
    codes: Object.freeze(frozen.map((e) => e.code)),
    valueList: Object.freeze(frozen.map((e) => e.value)),
    allMask,
    fromValue: (value: number) => byValue.get(value),
    fromCode: (code: string) => byCode[code],
    nameOf: (value: number) => byValue.get(value)?.name,
    codeOf: (value: number) => byValue.get(value)?.code,
    isKnown: (value: unknown): value is E[number]['value'] => typeof value === 'number' && byValue.has(value),
    has,
    test: has,
    list,
    codesIn: (mask: number) => list(mask).map((e) => e.code),
    combine: (...flags: FlagRef<E>[]) => add(0, ...flags),
    add,
    remove: (mask: number, ...flags: FlagRef<E>[]): number => {
      if (!isMask(mask)) throw new TypeError(`Not a flag mask: ${String(mask)}`);
      return flags.reduce<number>((acc, flag) => bitAndNot(acc, resolve(flag)), mask);
    },
    unknownBits: (mask: number) => (isMask(mask) ? bitAndNot(mask, allMask) : 0),
  });
}

/** An inclusive range of values the spec gives as a range without naming each value. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
}

export function inRange(range: ValueRange, value: number): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}
