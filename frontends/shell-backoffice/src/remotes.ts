// The remotes this shell mounts, loaded at run time from the manifests GET /api/config names.
import { type OrganizationsPageProps, RemoteModuleIds } from '@loadline/ui';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export const loadOrganizationsPage = () =>
  loadRemote<{ default: ComponentType<OrganizationsPageProps> }>(RemoteModuleIds.organizationsPage);
