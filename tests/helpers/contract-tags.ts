// Which contract test file answers for which tags of the OpenAPI document: each file calls every
// operation of its tags with every status they declare, and tests/unit/contract-tags.test.ts checks
// that every tag of the document belongs to exactly one file.
export const CONTRACT_TAGS = {
  /** tests/integration/api/openapi-contract.test.ts */
  core: ['Meta', 'Links', 'Analytics', 'Variant A (/api.php)', 'Variant B (/api)', 'Webhooks', 'Domains', 'API tokens'],
  /** tests/integration/api/contract-workspace.test.ts */
  workspace: ['Workspaces', 'Members', 'Audit log', 'Admin console', 'Account'],
  /** tests/integration/api/contract-assets.test.ts */
  assets: ['Single sign-on', 'Directory sync', 'Domain assets', 'Link assets', 'Imports', 'Public forms', 'Public stats'],
  /** tests/integration/api/contract-folders.test.ts */
  folders: ['Folders'],
  /** tests/integration/api/contract-link-tags.test.ts */
  tags: ['Tags'],
  /** tests/integration/api/contract-orphan-visits.test.ts */
  orphans: ['Orphan visits'],
  /** tests/integration/api/contract-live-clicks.test.ts */
  live: ['Live clicks'],
  /** tests/integration/api/contract-privacy.test.ts */
  privacy: ['Privacy'],
  /** tests/integration/mcp/mcp-contract.test.ts */
  mcp: ['MCP'],
} as const satisfies Record<string, readonly string[]>;
