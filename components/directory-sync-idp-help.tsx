// Where the SCIM base URL and token go in the common identity providers (docs/guide/directory-sync.md).
export function DirectorySyncIdpHelp() {
  return (
    <details className="dsync-idp">
      <summary>Where to paste them: Okta, Microsoft Entra ID, other SCIM 2.0 providers</summary>
      <h4>Okta</h4>
      <ol>
        <li>Open the Sling app (SAML or OpenID Connect) → General → App Settings, and set Provisioning to SCIM.</li>
        <li>
          Provisioning → Integration: SCIM connector base URL = the base URL; Unique identifier field for users = <code>userName</code>.
        </li>
        <li>Supported provisioning actions: Push New Users, Push Profile Updates, Push Groups. Authentication Mode: HTTP Header; Bearer = the token.</li>
        <li>Test Connector Configuration, Save; under To App enable Create Users, Update User Attributes and Deactivate Users; assign people.</li>
      </ol>
      <h4>Microsoft Entra ID</h4>
      <ol>
        <li>Enterprise applications → the Sling app → Provisioning → Provisioning Mode: Automatic.</li>
        <li>Tenant URL = the base URL; Secret Token = the token; Test Connection, Save.</li>
        <li>Assign users and groups, then Start provisioning (or Provision on demand for one person; Entra’s cycle runs about every 40 minutes).</li>
      </ol>
      <h4>JumpCloud, OneLogin and other SCIM 2.0 providers</h4>
      <ol>
        <li>Choose a custom or generic SCIM 2.0 integration (JumpCloud: Identity Management; OneLogin: SCIM Provisioner).</li>
        <li>
          Base URL = the base URL; authentication: bearer token (<code>Authorization: Bearer …</code>) = the token.
        </li>
        <li>
          Send the email address as <code>userName</code>, at a domain verified under Single sign-on.
        </li>
      </ol>
      <p className="muted">Google Workspace provisions only to apps in its catalogue; with Google, add people by single sign-on instead.</p>
    </details>
  );
}
