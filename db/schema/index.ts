// The whole schema, for drizzle-kit and the typed database handle.
export * from './workspaces';
export * from './domains';
export * from './links';
export * from './clicks';
export * from './auth';
export * from './api-tokens';
export * from './login-events';
export * from './events';
export * from './click-rollups';
export * from './webhooks';
export * from './qr-logos';
export * from './threat-entries';
export * from './certificates';
export * from './abuse-reports';
export * from './admin';
