// Use cases that look things up for the screens: universal search over organizations and staff (001 §2,
// §5), the staff typeahead (000 §7), feature flags (002 §3.9), system alerts (001 §3, §9) and support
// requests (000 §2 item 12).
import { type DensityScaleId, OrganizationType } from '@loadline/contracts/catalogue';
import { fieldError, type Identity, newId } from '@loadline/platform';
import { densityScaleOf } from '../domain/organization.ts';
import {
  alertAreaFor,
  alertsShownAtFirst,
  orderAlerts,
  type SystemAlert,
  type SystemAlertArea,
} from '../domain/system-alerts.ts';
import {
  isLongEnough,
  isNumericQuery,
  likePattern,
  organizationResultType,
  queryTooShortMessage,
  searchableOrganizationTypes,
  universalSearchMaxResults,
  userResultType,
} from '../domain/universal-search.ts';
import type { DirectoryDeps } from '../service.ts';
import { currentAlerts, insertSupportRequest } from '../store/alerts-and-support.ts';
import { featureFlagsOf, findOrganization } from '../store/organizations.ts';
import { searchOrganizations, searchUsers, staffTypeahead as typeahead } from '../store/search.ts';

/** One line of universal search's answer (001 §3). */
export interface UniversalSearchResult {
  universalSearchResultType: number;
  organizationId: string | null;
  staffId: string | null;
  shipmentId: string | null;
  updateStatusText: string;
}

export interface SearchCriteria {
  query: string;
  organizationType?: number;
  maxResults?: number;
}

/** 001 §5: a query of 3 characters or fewer is refused; a numeric one finds no organization or person. */
function searchable(query: string): boolean {
  if (!isLongEnough(query)) throw fieldError('query', queryTooShortMessage);
  return !isNumericQuery(query);
}

export async function searchOrganizationsFor(
  deps: DirectoryDeps,
  caller: Identity,
  criteria: SearchCriteria,
): Promise<UniversalSearchResult[]> {
  if (!searchable(criteria.query)) return [];
  const hits = await searchOrganizations(deps.runtime.db, {
    brokerId: caller.brokerId,
    pattern: likePattern(criteria.query),
    types: searchableOrganizationTypes,
    ...(criteria.organizationType ? { organizationType: criteria.organizationType } : {}),
    limit: criteria.maxResults ?? universalSearchMaxResults,
  });
  return hits.map((hit) => ({
    universalSearchResultType: organizationResultType(hit.organizationType) as number,
    organizationId: hit.organizationId,
    staffId: null,
    shipmentId: null,
    updateStatusText: `${hit.name} (${OrganizationType.nameOf(hit.organizationType)})`,
  }));
}

export async function searchStaffFor(
  deps: DirectoryDeps,
  caller: Identity,
  criteria: SearchCriteria,
): Promise<UniversalSearchResult[]> {
  if (!searchable(criteria.query)) return [];
  const hits = await searchUsers(deps.runtime.db, {
    brokerId: caller.brokerId,
    pattern: likePattern(criteria.query),
    limit: criteria.maxResults ?? universalSearchMaxResults,
  });
  return hits.map((hit) => ({
    universalSearchResultType: userResultType(hit.kind),
    organizationId: hit.organizationId,
    staffId: hit.userId,
    shipmentId: null,
    updateStatusText: `${hit.firstName} ${hit.lastName} · ${hit.organizationName}`,
  }));
}

/** Active staff of the caller's broker whose name or email matches (000 §7 assignments). */
export async function staffTypeahead(
  deps: DirectoryDeps,
  caller: Identity,
  criteria: { query: string; recordCount: number },
): Promise<{ staffId: string; name: string; email: string }[]> {
  const staff = await typeahead(deps.runtime.db, {
    brokerId: caller.brokerId,
    pattern: likePattern(criteria.query),
    limit: criteria.recordCount,
  });
  return staff.map((s) => ({ staffId: s.userId, name: `${s.firstName} ${s.lastName}`, email: s.email }));
}

/**
 * The flags on for the caller's broker, and the class calculator's density scale (000 §6, 002 §6.4): decided
 * here, where the broker's settings and flags are, because a customer may not read its broker's organization.
 */
export async function featureFlags(
  deps: DirectoryDeps,
  caller: Identity,
): Promise<{ flags: string[]; densityScale: DensityScaleId }> {
  const [flags, broker] = await Promise.all([
    featureFlagsOf(deps.runtime.db, caller.brokerId),
    findOrganization(deps.runtime.db, caller.brokerId),
  ]);
  const densityScale = densityScaleOf(broker?.brokerSettings ?? 0, flags);
  return { flags, densityScale };
}

/** The current alerts of the caller's office: the first 2, or all with `showAll` (001 §9). */
export async function systemAlerts(
  deps: DirectoryDeps,
  caller: Identity,
  criteria: { area?: SystemAlertArea; showAll: boolean },
): Promise<{ systemAlerts: SystemAlert[]; totalCount: number }> {
  const all = orderAlerts(await currentAlerts(deps.runtime.db, alertAreaFor(caller.kind, criteria.area)));
  return { systemAlerts: criteria.showAll ? all : all.slice(0, alertsShownAtFirst), totalCount: all.length };
}

export async function createSupportRequest(
  deps: DirectoryDeps,
  caller: Identity,
  input: { supportRequestType: number; currentURL: string; description?: string },
): Promise<{ supportRequestId: string }> {
  const supportRequestId = newId('sup');
  await insertSupportRequest(deps.runtime.db, {
    supportRequestId,
    supportRequestType: input.supportRequestType,
    currentUrl: input.currentURL,
    description: input.description ?? '',
    userId: caller.userId,
    organizationId: caller.organizationId,
  });
  return { supportRequestId };
}
