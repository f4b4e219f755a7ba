// The tracking service's own settings, read once from the environment with local defaults (README.md).
import { type Env, secretSetting } from '@loadline/platform';
import type { LocalTrackingConfig } from './adapters/carrier-tracking.ts';

export interface TrackingSettings {
  /** signs the drivers' one-time links (DRIVER_LINK_SECRET: made per install by npm start, never a default) */
  driverLinkSecret: string;
  /** where a phone reaches the gateway, the start of the driver's link (DRIVER_LINK_BASE_URL) */
  driverLinkBaseUrl: string;
  /** the text-message provider: `local` (the sink, the default) or `http` (TEXT_PROVIDER) */
  textProvider: 'local' | 'http';
  /** the HTTP provider's address and token (TEXT_PROVIDER_URL, TEXT_PROVIDER_TOKEN) */
  textProviderUrl: string | undefined;
  textProviderToken: string | undefined;
  /** the local carrier tracking's sources, failures and reporting interval (TRACKING_TEST_*) */
  carrierTracking: LocalTrackingConfig;
}

export function loadTrackingSettings(env: Env): TrackingSettings {
  const driverLinkSecret = secretSetting(env, 'DRIVER_LINK_SECRET');
  const textProvider = env.TEXT_PROVIDER ?? 'local';
  if (textProvider !== 'local' && textProvider !== 'http')
    throw new Error(`TEXT_PROVIDER must be local or http, got "${textProvider}"`);
  if (textProvider === 'http' && !env.TEXT_PROVIDER_URL)
    throw new Error('TEXT_PROVIDER=http needs TEXT_PROVIDER_URL');
  return {
    driverLinkSecret,
    driverLinkBaseUrl: env.DRIVER_LINK_BASE_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? '8080'}`,
    textProvider,
    textProviderUrl: env.TEXT_PROVIDER_URL,
    textProviderToken: env.TEXT_PROVIDER_TOKEN,
    carrierTracking: localTrackingConfig(env),
  };
}

/** TRACKING_TEST_SOURCES (`*` or ids, comma-separated) and TRACKING_TEST_FAIL (pro numbers or source:<id>). */
function localTrackingConfig(env: Env): LocalTrackingConfig {
  const sources = (env.TRACKING_TEST_SOURCES ?? '*').trim();
  return {
    sources:
      sources === '*'
        ? '*'
        : sources
            .split(',')
            .map((s) => Number(s.trim()))
            .filter((n) => Number.isInteger(n)),
    failing: (env.TRACKING_TEST_FAIL ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    reportEveryMinutes: Math.max(1, Number(env.TRACKING_TEST_REPORT_MINUTES ?? 15) || 15),
  };
}
