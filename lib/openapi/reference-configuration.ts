// How /docs configures Scalar for a given OpenAPI document: nothing from another origin (no default
// fonts, no telemetry, no AI agent, no developer toolbar), requests to this origin, the app's theme
// (the system's light or dark), and the auth to use first: the session when signed in (the browser
// sends its cookie with a same-origin request), else the bearer token the user pastes.
export interface OpenApiLike {
  components?: { securitySchemes?: Record<string, { type?: string; in?: string; scheme?: string }> };
}

/** The names of the document's session-cookie and bearer schemes (undefined when missing). */
export function authSchemes(document: OpenApiLike): { cookie?: string; bearer?: string } {
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  return {
    cookie: schemes.find(([, s]) => s.type === 'apiKey' && s.in === 'cookie')?.[0],
    bearer: schemes.find(([, s]) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer')?.[0],
  };
}

export function referenceConfiguration(document: OpenApiLike, opts: { signedIn: boolean; origin: string }) {
  const { cookie, bearer } = authSchemes(document);
  const preferred = opts.signedIn ? (cookie ?? bearer) : (bearer ?? cookie);
  return {
    content: document,
    servers: [{ url: opts.origin, description: 'This Sling instance' }],
    baseServerURL: opts.origin,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never' as const,
    hideDarkModeToggle: true,
    documentDownloadType: 'json' as const,
    persistAuth: false,
    defaultOpenFirstTag: true,
    ...(preferred ? { authentication: { preferredSecurityScheme: preferred } } : {}),
  };
}
