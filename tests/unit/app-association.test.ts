// The app association files a custom domain serves (lib/domains/app-association.ts): real files in
// Apple's modern and legacy forms and Google's, taken through the domain update's schema, and wrong
// ones refused with the place in the file named.
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/core/errors';
import { ZAppleAppSiteAssociation, ZAssetLinks } from '../../lib/domains/app-association';
import { parseBody, ZUpdateDomain } from '../../lib/domains/domain-schema';

/** Apple's example from "Supporting associated domains" (components, iOS 13 and later). */
const APPLE_MODERN = {
  applinks: {
    details: [
      {
        appIDs: ['ABCDE12345.com.example.app', 'ABCDE12345.com.example.app2'],
        components: [
          { '#': 'no_universal_links', exclude: true, comment: 'Matches any URL with a fragment that equals no_universal_links' },
          { '/': '/buy/*', comment: 'Matches any URL with a path that starts with /buy/' },
          { '/': '/help/website/*', exclude: true, comment: 'Matches any URL with a path that starts with /help/website/' },
          { '/': '/help/*', '?': { articleNumber: '????' }, comment: 'Matches any URL with a path that starts with /help/ and has a query item articleNumber' },
        ],
      },
    ],
    defaults: { caseSensitive: false, percentEncoded: true },
  },
  webcredentials: { apps: ['ABCDE12345.com.example.app'] },
  appclips: { apps: ['ABCED12345.com.example.MyApp.Clip'] },
};

/** The older form (appID, paths, an empty apps list), as Apple's own sites served it. */
const APPLE_LEGACY = {
  applinks: { apps: [], details: [{ appID: '9JA89QQLNQ.com.apple.wwdc', paths: ['/wwdc/news/', '/videos/wwdc/2015/*', 'NOT /videos/old/*'] }] },
  activitycontinuation: { apps: ['9JA89QQLNQ.com.apple.wwdc'] },
};

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';

/** Google's example (App Links, and sign-in credentials shared with a website). */
const GOOGLE = [
  {
    relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
    target: { namespace: 'android_app', package_name: 'com.example.app', sha256_cert_fingerprints: [FINGERPRINT] },
  },
  { relation: ['delegate_permission/common.get_login_creds'], target: { namespace: 'web', site: 'https://signin.example.com' } },
];

/** The 400 the domain update answers for `body`. */
function refusal(body: unknown): AppError {
  try {
    parseBody(ZUpdateDomain, body);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`accepted: ${JSON.stringify(body).slice(0, 200)}`);
}

describe('app association files', () => {
  test('PATCH /api/v1/domains/{id} takes real files, kept as sent, and null to remove them', () => {
    expect(parseBody(ZUpdateDomain, { apple_app_site_association: APPLE_MODERN, asset_links: GOOGLE })).toEqual({
      apple_app_site_association: APPLE_MODERN,
      asset_links: GOOGLE,
    });
    expect(parseBody(ZUpdateDomain, { apple_app_site_association: APPLE_LEGACY }).apple_app_site_association).toBe(APPLE_LEGACY);
    expect(parseBody(ZUpdateDomain, { apple_app_site_association: null, asset_links: null })).toEqual({ apple_app_site_association: null, asset_links: null });
    expect(ZAppleAppSiteAssociation.safeParse({ webcredentials: { apps: ['ABCDE12345.com.example.app'] } }).success).toBe(true);
    // Keys Apple adds later pass.
    expect(ZAppleAppSiteAssociation.safeParse({ ...APPLE_MODERN, newService: { apps: [] } }).success).toBe(true);
  });

  test('a wrong Apple file: a 400 naming the place in the file', () => {
    const badTeam = structuredClone(APPLE_MODERN);
    badTeam.applinks.details[0].appIDs[0] = 'abcde12345.com.example.app';
    const err = refusal({ apple_app_site_association: badTeam });
    expect([err.code, err.status]).toEqual(['invalid_request', 400]);
    expect(err.message).toMatch(/^apple_app_site_association\.applinks\.details\[0\]\.appIDs\[0\]: must be an app ID: the 10-character team ID/);
    expect(err.details).toEqual({ apple_app_site_association: err.message });

    const cases: Array<[unknown, RegExp]> = [
      [{ applinks: { details: [{ appID: 'ABCDE1234.com.example.app', paths: ['/'] }] } }, /applinks\.details\[0\]\.appID: must be an app ID/],
      [{ applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'] }] } }, /applinks\.details\[0\]: needs components \(or the older paths\)/],
      [{ applinks: { details: [{ components: [{ '/': '/x' }] }] } }, /applinks\.details\[0\]: needs appIDs \(or the older appID\)/],
      [{ applinks: { apps: ['x'], details: [] } }, /applinks\.apps: must be an empty list/],
      [{ applinks: { details: [{ appID: 'ABCDE12345.a', components: [{ exclude: 'yes' }] }] } }, /components\[0\]\.exclude: must be true or false/],
      [{ webcredentials: { apps: 'ABCDE12345.com.example.app' } }, /webcredentials\.apps: must be a list of app IDs/],
      [{ associatedDomains: true }, /^apple_app_site_association: needs at least one of applinks, webcredentials and appclips/],
      [[APPLE_MODERN], /^apple_app_site_association: must be a JSON object/],
      ['{"applinks": {}}', /^apple_app_site_association: must be a JSON object/],
    ];
    for (const [file, message] of cases) expect(refusal({ apple_app_site_association: file }).message, JSON.stringify(file)).toMatch(message);
  });

  test('a wrong Google file: a 400 naming the statement and the field', () => {
    const badPrint = structuredClone(GOOGLE);
    (badPrint[0].target as { sha256_cert_fingerprints: string[] }).sha256_cert_fingerprints = [FINGERPRINT.toLowerCase()];
    expect(refusal({ asset_links: badPrint }).message).toMatch(
      /^asset_links\[0\]\.target\.sha256_cert_fingerprints\[0\]: must be a SHA-256 fingerprint: 32 upper-case hex bytes/,
    );
    const cases: Array<[unknown, RegExp]> = [
      [GOOGLE[0], /^asset_links: must be a JSON list of statements/],
      [[], /^asset_links: must hold at least one statement/],
      [[{ ...GOOGLE[0], target: { ...GOOGLE[0].target, sha256_cert_fingerprints: ['14:6D:E9'] } }], /sha256_cert_fingerprints\[0\]: must be a SHA-256/],
      [[{ ...GOOGLE[0], target: { ...GOOGLE[0].target, package_name: 'example' } }], /asset_links\[0\]\.target\.package_name: must be an Android package name/],
      [[{ ...GOOGLE[0], relation: 'delegate_permission/common.handle_all_urls' }], /asset_links\[0\]\.relation: must be a list of relations/],
      [[{ ...GOOGLE[0], relation: ['handle all urls'] }], /asset_links\[0\]\.relation\[0\]: must be a relation such as/],
      [[{ relation: GOOGLE[1].relation, target: { namespace: 'web', site: 'https://example.com/login' } }], /asset_links\[0\]\.target\.site: must be a site/],
      [[{ relation: GOOGLE[1].relation, target: { namespace: 'ios_app', site: 'x' } }], /asset_links\[0\]\.target.*namespace of android_app or web/],
      [Array.from({ length: 101 }, () => GOOGLE[0]), /^asset_links: may hold at most 100 statements/],
    ];
    for (const [file, message] of cases) expect(refusal({ asset_links: file }).message, JSON.stringify(file).slice(0, 200)).toMatch(message);
    expect(ZAssetLinks.safeParse(GOOGLE).success).toBe(true);
  });

  test('a file over 128 KB is refused by its size before its format; both fields wrong name both', () => {
    const big = { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], paths: Array.from({ length: 8000 }, (_, i) => `/path/number/${i}/*`) }] } };
    expect(refusal({ apple_app_site_association: big }).message).toMatch(/^apple_app_site_association is 1\d\d KB; at most 128 KB is served\.$/);
    const bigLinks = Array.from({ length: 100 }, () => ({
      ...GOOGLE[0],
      target: { ...GOOGLE[0].target, sha256_cert_fingerprints: Array(20).fill(FINGERPRINT) },
    }));
    expect(refusal({ asset_links: bigLinks }).message).toMatch(/^asset_links is \d+ KB; at most 128 KB is served\.$/);
    const both = refusal({ apple_app_site_association: {}, asset_links: {} });
    expect(Object.keys(both.details!)).toEqual(['apple_app_site_association', 'asset_links']);
    expect(both.message).toBe('Check these fields: apple_app_site_association, asset_links.');
  });
});
