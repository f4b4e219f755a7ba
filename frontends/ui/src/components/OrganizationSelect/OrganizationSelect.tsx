// The organization select (001 §7, §8): a list of organizations (id and name) read with GET from a given url,
// or from the payer lists (`type`): 'payers' → /api/organization/billToOrganizations, 'payersWithOpenInvoices' →
// /api/organization/openInvoiceOrganizations. A failed read says 'Error: Unable to get organizations' (a toast
// and in place, with "Try again"). Neither a url nor a type is a programming error (required apiUrl); both:
// a warning, and the url is used. A native select (Mantine's Select is not part of this package's exports).
import { messages } from '@loadline/contracts';
import type { paths as AccountingPaths } from '@loadline/contracts/types/accounting';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useApi } from '../../api/ApiContext.tsx';
import { type Outcome, outcomeOf } from '../../api/client.ts';
import { toast } from '../../feedback/toast.ts';
import { useLoad } from '../../hooks/useLoad.ts';

export type OrganizationOption =
  AccountingPaths['/api/organization/billToOrganizations']['get']['responses'][200]['content']['application/json'][number];

/** 001 §7: the organization select's types and the url each reads. */
export const OrganizationSelectUrls = Object.freeze({
  payers: '/api/organization/billToOrganizations',
  payersWithOpenInvoices: '/api/organization/openInvoiceOrganizations',
} as const);

export type OrganizationSelectType = keyof typeof OrganizationSelectUrls;

export interface OrganizationSelectProps {
  label: string;
  value: string | null;
  onChange: (organizationId: string | null, organization: OrganizationOption | null) => void;
  /** a url answering [{ id, name }] (001 §7 "a configurable url") */
  apiUrl?: string;
  /** or one of the payer lists */
  type?: OrganizationSelectType;
  /** the first, empty choice */
  placeholder?: string;
  disabled?: boolean;
}

/** 001 §8: which url the select reads; neither a url nor a type throws, both warn (the url wins). */
export function organizationSelectUrl(
  apiUrl: string | undefined,
  type: OrganizationSelectType | undefined,
): string {
  if (apiUrl && type)
    console.warn(`OrganizationSelect: both apiUrl (${apiUrl}) and type (${type}) are given; apiUrl is used.`);
  if (apiUrl) return apiUrl;
  if (type) return OrganizationSelectUrls[type];
  throw new Error('OrganizationSelect: apiUrl is required (give apiUrl or type).');
}

export function OrganizationSelect({
  label,
  value,
  onChange,
  apiUrl,
  type,
  placeholder = '--Select--',
  disabled = false,
}: OrganizationSelectProps) {
  const url = organizationSelectUrl(apiUrl, type);
  const client = useApi();
  const id = useId();
  const load = useLoad(
    ['organization-select', url],
    async (): Promise<Outcome<OrganizationOption[]>> => {
      // A configurable url is not one of the typed paths: the same client, untyped for this call.
      const get = client.GET as unknown as (
        path: string,
      ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      const answer = await outcomeOf(get(url));
      if (!answer.ok) return answer;
      return Array.isArray(answer.data)
        ? { ok: true, data: answer.data as OrganizationOption[] }
        : { ok: false, status: 0, error: new Error(`${url} did not answer a list`) };
    },
    { onFailed: () => toast.error(messages.organizationSelect.loadFailed) },
  );

  const organizations = load.state === 'loaded' ? load.data : [];
  return (
    <Stack gap={2}>
      <Text size="xs" component="label" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        style={{ font: 'inherit', fontSize: 13, padding: 4, borderRadius: 4 }}
        value={value ?? ''}
        disabled={disabled || load.state !== 'loaded'}
        aria-busy={load.state === 'loading' || load.state === 'idle' || undefined}
        onChange={(e) => {
          const chosen = organizations.find((o) => o.id === e.currentTarget.value) ?? null;
          onChange(chosen?.id ?? null, chosen);
        }}
      >
        <option value="">
          {load.state === 'loading' || load.state === 'idle' ? 'Loading…' : placeholder}
        </option>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        {/* A value the list does not hold (e.g. a payer since made inactive) is still shown. */}
        {value && load.state === 'loaded' && !organizations.some((o) => o.id === value) && (
          <option value={value}>{value}</option>
        )}
      </select>
      {load.state === 'failed' && (
        <Group gap="xs">
          <Text size="xs" c="red" role="alert">
            {messages.organizationSelect.loadFailed}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={load.reload}>
            Try again
          </Button>
        </Group>
      )}
    </Stack>
  );
}
