// HTTP doors of organizations and feature flags: parse → app → present.
import { type App, callerOf, ErrorBodySchema, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { featureFlags } from '../app/lookups.ts';
import {
  addOrganization,
  changeOrganization,
  getOrganization,
  listOrganizations,
} from '../app/organizations.ts';
import type { DirectoryDeps } from '../service.ts';
import { FeatureFlags, OrganizationCreate, OrganizationType, OrganizationUpdate } from './schemas.ts';

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const OrganizationIdParam = Type.Object({ organizationId: Type.String({ maxLength: 64 }) });

export function organizationRoutes(app: App, deps: DirectoryDeps): void {
  app.get(
    '/api/organizations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organizations'],
        summary:
          'Organizations the caller may see: a broker sees itself and its customers and factors; a customer sees itself',
        querystring: Type.Object({ organizationType: Type.Optional(OrganizationType) }),
        response: { 200: Type.Array(Type.Ref('Organization')), ...errors },
      },
    },
    (request) => listOrganizations(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/organizations/:organizationId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organizations'],
        params: OrganizationIdParam,
        response: { 200: Type.Ref('Organization'), ...errors },
      },
    },
    (request) => getOrganization(deps, callerOf(request), request.params.organizationId),
  );

  app.post(
    '/api/organizations',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organizations'],
        summary: "Adds a customer or factoring company to the caller's broker",
        body: OrganizationCreate,
        response: { 201: Type.Ref('Organization'), ...errors },
      },
    },
    async (request, reply) => {
      const organization = await addOrganization(deps, callerOf(request), request.body);
      reply.status(201);
      return organization;
    },
  );

  app.put(
    '/api/organizations/:organizationId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organizations'],
        summary: 'Changes an organization; the change is published as organization.changed',
        params: OrganizationIdParam,
        body: OrganizationUpdate,
        response: { 200: Type.Ref('Organization'), ...errors },
      },
    },
    (request) => changeOrganization(deps, callerOf(request), request.params.organizationId, request.body),
  );

  app.get(
    '/api/featureFlags',
    {
      preHandler: requireUser,
      schema: {
        tags: ['settings'],
        summary:
          "Feature flags switched on for the caller's broker (spec 002 §3.9), and the class calculator's density scale they and the broker's settings decide",
        response: { 200: FeatureFlags, ...errors },
      },
    },
    (request) => featureFlags(deps, callerOf(request)),
  );
}
