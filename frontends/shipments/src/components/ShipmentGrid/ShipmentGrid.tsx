import { Anchor, Table, Text } from '@loadline/ui';
import type { MouseEvent } from 'react';
import type { GridColumn, ShipmentListItem, ShipmentSortColumn } from '../../api/types.ts';
import {
  cellText,
  keepsOnOneLine,
  SHIPMENT_ID_COLUMN,
  STATUS_COLUMN,
  sortKeyOf,
} from '../../rules/gridColumns.ts';
import { pageSelection, togglePage, toggleShipment } from '../../rules/rowSelection.ts';
import { StatusBadge } from '../StatusBadge/index.ts';

export interface ShipmentSort {
  by: ShipmentSortColumn;
  direction: 'asc' | 'desc';
}

export interface ShipmentGridProps {
  items: readonly ShipmentListItem[];
  /** The columns the service answered with the page, in order. */
  columns: readonly GridColumn[];
  sort: ShipmentSort | null;
  onSort: (sort: ShipmentSort) => void;
  /** The page a row opens (000 §2 by type); used as the id cell's link. */
  hrefOf: (item: ShipmentListItem) => string;
  onOpen: (item: ShipmentListItem) => void;
  /**
   * Row selection (the back office): a checkbox per row and one for the page in the header. Not one of the
   * grid's columns (002 §3.11): not chosen, not exported. Left out: no selection column.
   */
  selection?: { selected: readonly number[]; onChange: (selected: number[]) => void };
}

const checkboxCell = { width: 32, paddingRight: 0 } as const;

/**
 * The shipment grid: the chosen columns, each status in its colour; a row opens its shipment. Dense (issue
 * 14 item 11): the 14 default columns fit a 1,440 px screen beside the sidebar — headers and long text
 * (names, cities, alerts) wrap, ids, states, dates, pro numbers and the status stay on one line and whole.
 */
export function ShipmentGrid({ items, columns, sort, onSort, hrefOf, onOpen, selection }: ShipmentGridProps) {
  const pageIds = items.map((item) => item.shipmentId);
  const onPage = selection ? pageSelection(selection.selected, pageIds) : 'none';
  const open = (item: ShipmentListItem) => (event: MouseEvent) => {
    // A modified click on the id's link opens a new tab (000 §2: pages can open in a new tab).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(item);
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        striped
        highlightOnHover
        aria-label="Shipments"
        fz="xs"
        horizontalSpacing={4}
        verticalSpacing={4}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Td style={checkboxCell}>
                <input
                  type="checkbox"
                  aria-label="Select all shipments on this page"
                  checked={onPage === 'all'}
                  ref={(box) => {
                    // Some of the page picked: the header box shows the mixed state.
                    if (box) box.indeterminate = onPage === 'some';
                  }}
                  onChange={() => selection.onChange(togglePage(selection.selected, pageIds))}
                />
              </Table.Td>
            )}
            {columns.map((column) => {
              const key = sortKeyOf(column);
              const active = key !== undefined && sort?.by === key;
              const ariaSort = active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <Table.Th key={column.code} aria-sort={ariaSort} style={{ verticalAlign: 'bottom' }}>
                  {key ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      fw={600}
                      ta="left"
                      c="inherit"
                      onClick={() =>
                        onSort({ by: key, direction: active && sort?.direction === 'asc' ? 'desc' : 'asc' })
                      }
                    >
                      {column.name}
                      {active ? (sort?.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                    </Anchor>
                  ) : (
                    column.name
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.shipmentId}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a,button,[data-row-select]')) return;
                onOpen(item);
              }}
              style={{ cursor: 'pointer' }}
            >
              {selection && (
                <Table.Td style={checkboxCell} data-row-select>
                  <input
                    type="checkbox"
                    aria-label={`Select shipment ${item.shipmentId}`}
                    checked={selection.selected.includes(item.shipmentId)}
                    onChange={(e) =>
                      selection.onChange(
                        toggleShipment(selection.selected, item.shipmentId, e.currentTarget.checked),
                      )
                    }
                  />
                </Table.Td>
              )}
              {columns.map(({ code }) => (
                <Table.Td key={code} style={keepsOnOneLine(code) ? { whiteSpace: 'nowrap' } : undefined}>
                  {code === SHIPMENT_ID_COLUMN ? (
                    <Anchor href={hrefOf(item)} onClick={open(item)} size="xs">
                      {item.shipmentId}
                    </Anchor>
                  ) : code === STATUS_COLUMN ? (
                    <StatusBadge status={item.status} size="sm" />
                  ) : (
                    <Text size="xs" span>
                      {cellText(item, code)}
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
