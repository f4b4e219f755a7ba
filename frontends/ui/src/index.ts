// @loadline/ui: the design system and typed API client, shared as a singleton by every shell and remote.

// Design system root and theme
export { LoadlineProvider, type LoadlineProviderProps } from './components/LoadlineProvider/index.ts';
export { loadlineTheme } from './theme.ts';

// Feedback: toasts, modal sizes, dialogs
export { toast } from './feedback/toast.ts';
export { modalSizes, type ModalSize } from './feedback/modalSizes.ts';
export { confirm, type ConfirmOptions } from './feedback/confirm.tsx';
export { confirmDiscardChanges, useUnsavedChangesGuard } from './feedback/unsavedChanges.tsx';
export { ServerErrorAlert, type ServerErrorFeedback, serverErrorFeedback } from './feedback/serverError.tsx';

// API
export { type ApiClient, type ApiClientOptions, createApiClient } from './api/client.ts';
export { asErrorBody, errorToastText, modelErrors, serverMessages } from './api/errors.ts';
export { ApiProvider, type GatewayClient, useApi } from './api/ApiContext.tsx';
export { createSessionStore, type SessionState, type SessionStore } from './api/session.ts';
export { fetchShellConfig, remotesOf } from './api/config.ts';
export type {
  CurrentUser,
  ErrorBody,
  GatewayPaths,
  Organization,
  RequestBody,
  ResponseBody,
  ShellConfig,
  SupportRequestBody,
  SystemAlert,
  SystemAlertArea,
  SystemAlertsAnswer,
  UniversalSearchResult,
} from './api/types.ts';

// Hooks
export { useSession } from './hooks/useSession.ts';
export { usePageTitle } from './hooks/usePageTitle.ts';
export { useAppNavigate } from './hooks/useAppNavigate.ts';
export { UNIVERSAL_SEARCH_DEBOUNCE_MS, type UniversalSearchState, useUniversalSearch } from './hooks/useUniversalSearch.ts';
export { type SystemAlertsState, useSystemAlerts } from './hooks/useSystemAlerts.ts';
export { type LiveEvent, type PresenceOptions, type PresenceUser, sha1Hex, usePresence } from './hooks/usePresence.ts';
export { useDensityScale } from './hooks/useDensityScale.ts';

// Pure rules
export { capProportionally, searchKindsFor, shipmentSearchPath, universalSearchTarget } from './rules/universalSearch.ts';
export { pageTitleWithShipmentId } from './rules/pageTitle.ts';
export { initialsOf, liveSocketUrl } from './rules/presence.ts';
export { dismissedAlertCookie, dismissedAlertIds } from './rules/systemAlerts.ts';
export { FRONT_OFFICE_ORDER_PATH, quickQuoteUrl } from './rules/quickQuote.ts';

// Shell ↔ remote contract
export { type OrganizationsPageProps, RemoteModuleIds } from './remotes.ts';

// Components
export { AppShellLayout, type AppShellLayoutProps } from './components/AppShellLayout/index.ts';
export { ClassCalculator, type ClassCalculatorProps, densityScaleLabels } from './components/ClassCalculator/index.ts';
export { LoginPage, type LoginPageProps } from './components/LoginPage/index.ts';
export { PresenceAvatars, type PresenceAvatarsProps } from './components/PresenceAvatars/index.ts';
export { QuickQuote, type QuickQuoteProps } from './components/QuickQuote/index.ts';
export {
  RemoteBoundary,
  type RemoteBoundaryProps,
  RemoteComponent,
  type RemoteComponentProps,
} from './components/RemoteBoundary/index.ts';
export { SupportRequestDialog, type SupportRequestDialogProps } from './components/SupportRequestDialog/index.ts';
export { SystemAlerts, type SystemAlertsProps } from './components/SystemAlerts/index.ts';
export { UniversalSearch, type UniversalSearchProps } from './components/UniversalSearch/index.ts';

// Shell plumbing shared by the back office and the front office
export { type FederationRuntime, ShellPaths, type ShellRuntime, startShell } from './shell/startShell.ts';
export { ShellRuntimeProvider, useShellRuntime } from './shell/ShellRuntimeContext.tsx';
export { RemotePage, type RemotePageProps } from './shell/RemotePage.tsx';
export { RedirectToShell, ShellGate, type ShellGateProps } from './shell/ShellGate.tsx';
export { useDocumentTitle } from './hooks/useDocumentTitle.ts';
export { LogoutButton, UserMenu, type UserMenuProps } from './components/UserMenu/index.ts';
export { ShellLogin, type ShellLoginProps } from './shell/ShellLogin.tsx';
export { NotFoundPage } from './shell/NotFoundPage.tsx';
