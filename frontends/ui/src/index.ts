// @loadline/ui: the design system and typed API client, shared as a singleton by every shell and remote.

export { ApiProvider, type GatewayClient, useApi, useRemoteApi } from './api/ApiContext.tsx';
// API
export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type Outcome,
  outcomeOf,
} from './api/client.ts';
export { fetchShellConfig, remotesOf } from './api/config.ts';
export {
  asErrorBody,
  errorToastText,
  fieldMessages,
  modelErrors,
  refusalMessage,
  serverMessages,
} from './api/errors.ts';
export { createSessionStore, type SessionState, type SessionStore } from './api/session.ts';
export type {
  CurrentUser,
  ErrorBody,
  GatewayPaths,
  Organization,
  ProgressSnapshot,
  ProgressTrackerType,
  RequestBody,
  ResponseBody,
  ShellConfig,
  SupportRequestBody,
  SystemAlert,
  SystemAlertArea,
  SystemAlertsAnswer,
  UniversalSearchResult,
} from './api/types.ts';
export { postFormWithProgress } from './api/upload.ts';
export { validateZipCodes } from './api/zipCodes.ts';
// Components
export { AppShellLayout, type AppShellLayoutProps } from './components/AppShellLayout/index.ts';
export { BackLink, type BackLinkProps } from './components/BackLink/BackLink.tsx';
export {
  type CatalogueEnumeration,
  CatalogueOptions,
  catalogueOptions,
} from './components/CatalogueOptions/index.ts';
export {
  ClassCalculator,
  type ClassCalculatorProps,
  densityScaleLabels,
} from './components/ClassCalculator/index.ts';
// Design system root and theme
export { LoadlineProvider, type LoadlineProviderProps } from './components/LoadlineProvider/index.ts';
export { LoadView, type LoadViewProps } from './components/LoadView/index.ts';
export { LoginPage, type LoginPageProps } from './components/LoginPage/index.ts';
export {
  CheckboxField,
  Labelled,
  SelectField,
  type SelectFieldProps,
  TextareaField,
} from './components/NativeFields/index.ts';
export {
  type OrganizationOption,
  OrganizationSelect,
  type OrganizationSelectProps,
  type OrganizationSelectType,
  OrganizationSelectUrls,
  organizationSelectUrl,
} from './components/OrganizationSelect/index.ts';
export { Pager, type PagerProps } from './components/Pager/index.ts';
export { PhoneInput, type PhoneInputProps } from './components/PhoneInput/index.ts';
export { PresenceAvatars, type PresenceAvatarsProps } from './components/PresenceAvatars/index.ts';
export {
  ProgressBar,
  ProgressTracker,
  type ProgressTrackerProps,
} from './components/ProgressTracker/index.ts';
export { QuickQuote, type QuickQuoteProps } from './components/QuickQuote/index.ts';
export {
  RemoteBoundary,
  type RemoteBoundaryProps,
  RemoteComponent,
  type RemoteComponentProps,
} from './components/RemoteBoundary/index.ts';
export {
  SupportRequestDialog,
  type SupportRequestDialogProps,
} from './components/SupportRequestDialog/index.ts';
export { SystemAlerts, type SystemAlertsProps } from './components/SystemAlerts/index.ts';
export { UniversalSearch, type UniversalSearchProps } from './components/UniversalSearch/index.ts';
export { LogoutButton, UserMenu, type UserMenuProps } from './components/UserMenu/index.ts';
export { type ConfirmOptions, confirm } from './feedback/confirm.tsx';
export { type ModalSize, modalSizes } from './feedback/modalSizes.ts';
export { ServerErrorAlert, type ServerErrorFeedback, serverErrorFeedback } from './feedback/serverError.tsx';
// Feedback: toasts, modal sizes, dialogs
export { toast } from './feedback/toast.ts';
export {
  confirmDiscardChanges,
  hasUnsavedChanges,
  UnsavedChangesBlocker,
  type UnsavedChangesGuard,
  UnsavedChangesScope,
  useUnsavedChangesGuard,
  useUnsavedChangesScope,
} from './feedback/unsavedChanges.tsx';
export { shellPathOf, useAppNavigate } from './hooks/useAppNavigate.ts';
export { useDensityScale } from './hooks/useDensityScale.ts';
export { useDocumentTitle } from './hooks/useDocumentTitle.ts';
export {
  type Loaded,
  type LoadKey,
  type LoadOptions,
  type LoadState,
  loadedData,
  outcomeOfCall,
  useLoad,
} from './hooks/useLoad.ts';
export { usePageTitle } from './hooks/usePageTitle.ts';
export {
  type LiveEvent,
  type PresenceOptions,
  type PresenceUser,
  sha1Hex,
  usePresence,
} from './hooks/usePresence.ts';
// Hooks
export { useSession } from './hooks/useSession.ts';
export { type SystemAlertsState, useSystemAlerts } from './hooks/useSystemAlerts.ts';
export {
  UNIVERSAL_SEARCH_DEBOUNCE_MS,
  type UniversalSearchState,
  useUniversalSearch,
} from './hooks/useUniversalSearch.ts';
// Mantine, through this package only (see mantine.ts)
export * from './mantine.ts';
// Shell ↔ remote contract
export {
  type AccountingSummaryProps,
  type AccountingSyncPageProps,
  type BulkEmailSenderProps,
  type CarrierActivityLogProps,
  type CarrierCardPluginProps,
  type CarrierDetailsPageProps,
  type CarrierPreviewProps,
  type CarrierScoreProps,
  type CarriersPageProps,
  type ContentTemplatesPageProps,
  type CustomerTrendsProps,
  type DocumentSenderProps,
  type ImportingUser,
  type InboundEmailPageProps,
  type InvoicesPageProps,
  type OnboardingGuidePageProps,
  type OrderPageProps,
  type OrganizationActivityLogProps,
  type OrganizationsPageProps,
  type OverCreditNoticeProps,
  RemoteModuleIds,
  type ShipmentActivityLogModalProps,
  type ShipmentActivityLogProps,
  type ShipmentAttachmentsProps,
  type ShipmentDetailsPageProps,
  type ShipmentGridPageProps,
  type ShipmentImporterPageProps,
  type ShipmentOffice,
  type ShipmentTrackingProps,
  type StaffFavoriteToggleProps,
  type StaffPageProps,
  type TextMessagesPageProps,
  type TrackingStatusRequestSenderProps,
  type UserMenuModalProps,
  type ZipCodeSearchPageProps,
} from './remotes.ts';
// react-router, through this package only (see router.ts)
export * from './router.ts';
export {
  formatDate,
  formatDateTime,
  formatLocationTime,
  formatWith,
  instantAt,
  offsetHoursAt,
  offsetMinutesIn,
} from './rules/dates.ts';
export { clampPage, pageCount, pagerPages } from './rules/pager.ts';
export { pageTitleWithShipmentId } from './rules/pageTitle.ts';
export { initialsOf, liveSocketUrl } from './rules/presence.ts';
export { BACK_OFFICE_NEW_SHIPMENT_PATH, FRONT_OFFICE_ORDER_PATH, quickQuoteUrl } from './rules/quickQuote.ts';
export { dismissedAlertCookie, dismissedAlertIds } from './rules/systemAlerts.ts';
// Pure rules
export {
  capProportionally,
  searchKindsFor,
  shipmentSearchPath,
  universalSearchTarget,
} from './rules/universalSearch.ts';
export { NotFoundPage } from './shell/NotFoundPage.tsx';
export { RemotePage, type RemotePageProps, usePreloadedRemotes } from './shell/RemotePage.tsx';
export { RedirectToShell, ShellGate, type ShellGateProps, shellNavigation } from './shell/ShellGate.tsx';
export { ShellLogin, type ShellLoginProps } from './shell/ShellLogin.tsx';
export {
  ShellRuntimeProvider,
  useOptionalShellRuntime,
  useShellRuntime,
} from './shell/ShellRuntimeContext.tsx';
// Shell plumbing shared by the back office and the front office
export { type FederationRuntime, ShellPaths, type ShellRuntime, startShell } from './shell/startShell.ts';
export { loadlineTheme } from './theme.ts';
