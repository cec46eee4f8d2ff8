// Abuse reports per IP address: REPORTS_PER_HOUR (the /report form and POST /api/v1/reports).
import { loadConfig } from '../config/load-config';
import { sharedLimiter } from './shared-limiter';
import type { WindowLimiter } from './window-limiter';

export function reportLimiter(): WindowLimiter {
  return sharedLimiter('reports', () => [{ points: loadConfig().REPORTS_PER_HOUR, durationSec: 3600 }], 'reports from this address');
}
