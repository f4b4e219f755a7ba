export {
  type OrganizationOption,
  OrganizationSelect,
  type OrganizationSelectProps,
  type OrganizationSelectType,
  OrganizationSelectUrls,
  organizationSelectUrl,
} from './OrganizationSelect.tsx';
