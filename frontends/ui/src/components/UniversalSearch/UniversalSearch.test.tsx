import '../../../test/setup.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw } from '../../../test/msw.ts';
import type { UniversalSearchResult } from '../../api/types.ts';
import { UniversalSearch } from './UniversalSearch.tsx';

const server = setupMsw();
type Kind = 'shipments' | 'organizations' | 'staff' | 'carriers';

function result(type: number, id: string, text: string): UniversalSearchResult {
  return {
    universalSearchResultType: type,
    organizationId: type === 1 || type === 3 ? id : type === 2 || type === 4 ? 'org_7' : null,
    staffId: type === 2 || type === 4 ? id : null,
    shipmentId: type === 5 ? id : null,
    ...(type === 6 ? { carrierMasterId: id } : {}),
    updateStatusText: text,
  };
}

const many = (type: number, prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => result(type, `${prefix}${i}`, `${prefix} result ${i}`));

/** Answers each kind from `answers`; records the kinds and queries asked. */
function answerWith(answers: Partial<Record<Kind, UniversalSearchResult[] | number>>) {
  const asked: { kind: Kind; query: string | null }[] = [];
  for (const kind of ['shipments', 'organizations', 'staff', 'carriers'] as const) {
    server.use(
      http.get(`*/api/universalSearch/${kind}`, ({ request }) => {
        asked.push({ kind, query: new URL(request.url).searchParams.get('query') });
        const answer = answers[kind] ?? [];
        return typeof answer === 'number'
          ? HttpResponse.json({ statusCode: answer, error: 'x', message: 'x' }, { status: answer })
          : HttpResponse.json(answer);
      }),
    );
  }
  return asked;
}

function type(text: string) {
  fireEvent.change(screen.getByLabelText('Universal search'), { target: { value: text } });
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

describe('UniversalSearch (001 §2, §5, §9)', () => {
  it('sends nothing for 3 characters or fewer', async () => {
    const asked = answerWith({});
    renderWithShell(<UniversalSearch debounceMs={0} />);
    for (const text of ['a', 'ab', 'abc', ' abc ', '123']) {
      type(text);
      await settle();
    }
    expect(asked).toEqual([]);
    type('abcd');
    await waitFor(() => expect(asked).toHaveLength(4));
  });

  it('searches shipments and carriers for a numeric query, every kind otherwise', async () => {
    const asked = answerWith({});
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('10045');
    await waitFor(() => expect(asked).toHaveLength(2));
    await settle();
    expect(asked.map((a) => a.kind).sort()).toEqual(['carriers', 'shipments']);

    asked.length = 0;
    type('acme');
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.map((a) => a.kind).sort()).toEqual(['carriers', 'organizations', 'shipments', 'staff']);
  });

  it('shows at most 12 results, shared equally across the kinds searched', async () => {
    answerWith({ shipments: many(5, 'S', 10), organizations: many(1, 'O', 10), staff: many(4, 'P', 10) });
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('acme');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(12);
    const texts = options.map((o) => o.textContent ?? '');
    expect(texts.filter((t) => t.includes('S result'))).toHaveLength(4);
    expect(texts.filter((t) => t.includes('O result'))).toHaveLength(4);
    expect(texts.filter((t) => t.includes('P result'))).toHaveLength(4);
  });

  it('gives the share of a kind with fewer results to the others; a 404 kind is left out silently', async () => {
    answerWith({ shipments: 404, organizations: many(3, 'O', 10), staff: many(2, 'P', 10) });
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('acme');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(12));
    const texts = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(texts.filter((t) => t.includes('O result'))).toHaveLength(6);
    expect(texts.filter((t) => t.includes('P result'))).toHaveLength(6);
    expect(screen.queryByText(/Unable to search/)).toBeNull();
  });

  it("shows one 'No Results Found' placeholder when nothing is found", async () => {
    answerWith({});
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('zzzz');
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.getAllByText('No Results Found')).toHaveLength(1);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it("toasts 'Unable to search {kind}. Please try again.' when a kind fails", async () => {
    answerWith({ organizations: 500, staff: many(2, 'P', 1) });
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('acme');
    expect(await screen.findByText('Unable to search organizations. Please try again.')).toBeTruthy();
    // each kind answers on its own, so the staff result may come after the failed kind's toast
    expect(await screen.findAllByRole('option')).toHaveLength(1);
  });

  it.each([
    [1, 'org_1', '/back-office/customer/companies/details/org_1'],
    [2, 'usr_2', '/back-office/customer/staff/details/usr_2'],
    [3, 'org_3', '/back-office/lsp/organizations/details/org_3'],
    [4, 'usr_4', '/back-office/lsp/broker-staff/details/usr_4'],
    [5, '10045', '/back-office/shipment/search?shipmentId=10045'],
    [6, 'car_1', '/back-office/lsp/carriers/details/car_1'],
  ])('result type %i navigates to its page', async (resultType, id, target) => {
    answerWith({
      [resultType === 5
        ? 'shipments'
        : resultType === 6
          ? 'carriers'
          : resultType % 2 === 1
            ? 'organizations'
            : 'staff']: [result(resultType, id, 'The one')],
    });
    const { router } = renderWithShell(<UniversalSearch debounceMs={0} />, { path: '/back-office/' });
    type(resultType === 5 ? id : 'the one');
    fireEvent.click(await screen.findByRole('option'));
    await waitFor(() => expect(currentPath(router)).toBe(target));
  });

  it('shows each result’s whole type and line, however long (issue 14 item 7)', async () => {
    const line = 'Old Line Freight · OLFT · MC-612407 · DOT 2214570 · Enabled';
    answerWith({
      carriers: [result(6, 'car_1', line)],
      staff: [result(2, 'usr_2', 'Sam Shipper · Acme Manufacturing')],
    });
    renderWithShell(<UniversalSearch debounceMs={0} />);
    type('olft');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining([`Customer staffSam Shipper · Acme Manufacturing`, `Broker carrier${line}`]),
    );
    // no ellipsis: the line wraps rather than being cut
    for (const o of options) expect(o.querySelector('[data-truncate]')).toBeNull();
  });
});
