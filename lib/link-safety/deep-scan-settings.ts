// The deep scan's settings from configuration; null when SAFETY_DEEP_SCAN is off.
import type { Config } from '../config/env';
import type { DeepScanSettings } from './scan-link';

export function deepScanSettings(config: Config): DeepScanSettings | null {
  if (!config.SAFETY_DEEP_SCAN) return null;
  return {
    allowPrivate: config.SAFETY_ALLOW_PRIVATE,
    timeoutMs: config.SAFETY_SCAN_TIMEOUT_MS,
    safeBrowsing: config.SAFE_BROWSING_API_KEY
      ? { apiKey: config.SAFE_BROWSING_API_KEY, baseUrl: config.SAFE_BROWSING_URL, timeoutMs: Math.min(config.SAFETY_SCAN_TIMEOUT_MS, 10_000) }
      : undefined,
  };
}
