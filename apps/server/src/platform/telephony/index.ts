import type { Config } from '../../config';
import { ExotelProvider } from './exotel';
import { SimulatorProvider } from './simulator';
import type { TelephonyProvider } from './types';

export type { TelephonyProvider } from './types';

/** Path of the status-callback endpoint; the secret is its last segment. */
export const STATUS_CALLBACK_PATH = '/services/communication/api/v1/telephony/status-callback';

const EXOTEL_REQUIRED = [
  'PUBLIC_BASE_URL',
  'EXOTEL_API_URL',
  'EXOTEL_ACCOUNT_SID',
  'EXOTEL_API_KEY',
  'EXOTEL_API_TOKEN',
  'EXOTEL_CALLER_ID',
  'EXOTEL_CALLBACK_SECRET',
] as const;

/** The configured provider; a half-configured Exotel stops the server with a readable message. */
export function createTelephony(config: Config): TelephonyProvider {
  if (config.TELEPHONY_PROVIDER === 'simulator') return new SimulatorProvider({ mode: config.TELEPHONY_SIMULATOR_MODE });
  const missing = EXOTEL_REQUIRED.filter((key) => !config[key]);
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when TELEPHONY_PROVIDER=exotel`).join('\n')}`);
  }
  const base = (config.PUBLIC_BASE_URL ?? '').replace(/\/+$/, '');
  return new ExotelProvider({
    apiUrl: config.EXOTEL_API_URL ?? '',
    accountSid: config.EXOTEL_ACCOUNT_SID ?? '',
    apiKey: config.EXOTEL_API_KEY ?? '',
    apiToken: config.EXOTEL_API_TOKEN ?? '',
    callerId: config.EXOTEL_CALLER_ID ?? '',
    statusCallbackUrl: `${base}${STATUS_CALLBACK_PATH}/${encodeURIComponent(config.EXOTEL_CALLBACK_SECRET ?? '')}/`,
    timeoutMs: config.TELEPHONY_TIMEOUT_MS,
    pullAfterSeconds: config.TELEPHONY_FALLBACK_SECONDS,
  });
}
