// A catalogue enumeration (contracts/catalogue) offered in a select, in the spec's order with its display
// names: one way for every screen, so no screen keeps its own list of values or names.

/** What a select needs of an enumeration: its numbered entries. */
export interface CatalogueEnumeration {
  readonly entries: readonly { readonly value: number; readonly name: string }[];
}

/** The entries as Mantine select data: the value as text, the display name as the label. */
export const catalogueOptions = (enumeration: CatalogueEnumeration): { value: string; label: string }[] =>
  enumeration.entries.map((entry) => ({ value: String(entry.value), label: entry.name }));

/** The entries as the `<option>`s of a native select. */
export function CatalogueOptions({ of }: { of: CatalogueEnumeration }) {
  return (
    <>
      {of.entries.map((entry) => (
        <option key={entry.value} value={entry.value}>
          {entry.name}
        </option>
      ))}
    </>
  );
}
