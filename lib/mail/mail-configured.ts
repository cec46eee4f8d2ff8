// Whether this server sends mail (SMTP_URL set). Only the yes or no leaves the server, never the URL:
// without mail, invitation and password-reset links are handed to the admin instead (docs/self-hosting/configuration.md).
import { loadConfig } from '../config/load-config';

export function mailConfigured(): boolean {
  return Boolean(loadConfig().SMTP_URL);
}
