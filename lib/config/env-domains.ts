// Environment variables of custom domains, TLS with ACME, and mail.
import { z } from 'zod';
import { envDocs, httpUrl, port, seconds } from './env-fields';
import { isIP } from 'node:net';

export const customDomains = {
  LINK_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name')
    .optional()
    .register(envDocs, { description: 'The host custom domains point their `CNAME` record at.', example: 'links.sl.example', unset: 'the host of `BASE_URL`' }),
  LINK_HOST_IPS: z
    .string()
    .regex(/^[0-9a-f.:]+(,[0-9a-f.:]+)*$/i, 'must be a comma-separated list of IP addresses')
    .refine((v) => v.split(',').every((ip) => isIP(ip) !== 0), 'must be a comma-separated list of IP addresses')
    .transform((v) => v.split(',').map((ip) => ip.toLowerCase()))
    .optional()
    .register(envDocs, {
      description:
        'The public addresses of `LINK_HOST`, comma-separated: apex custom domains (which cannot have a `CNAME`) point their `A`/`AAAA` records here.',
      example: '203.0.113.10,2001:db8::10',
      unset: 'only subdomains can be added as custom domains',
    }),
  DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-f.:[\]]+(,[0-9a-f.:[\]]+)*$/i, 'must be a comma-separated list of IP addresses')
    .optional()
    .register(envDocs, {
      description: 'DNS servers for custom-domain checks and SSO domain proofs: `ip` or `ip:port` (`[ipv6]:port`), comma-separated.',
      example: '1.1.1.1,8.8.8.8',
      unset: "the system's resolvers",
    }),
  DOMAIN_CHECK_SCHEDULE: seconds('60,300,900')
    .default('60,120,300,600,1800,3600')
    .transform((v) => v.split(',').map(Number))
    .register(envDocs, {
      description:
        'Seconds between background DNS checks of a pending custom domain, comma-separated; the last one repeats, for 72 hours after the domain is added.',
    }),
};

export const tls = {
  TLS_PORT: port.optional().register(envDocs, {
    description: 'Port of an HTTPS listener for custom domains, each with its own certificate picked by SNI ([custom domains](custom-domains.md)).',
    example: '443',
    unset: 'no HTTPS listener',
  }),
  TLS_MIN_VERSION: z.enum(['1.2', '1.3'], { error: 'must be 1.2 or 1.3' }).default('1.3').register(envDocs, {
    description: 'The oldest TLS version the HTTPS listener accepts: `1.3`, or `1.2` when older clients must be served.',
    example: '1.2',
  }),
  ACME_DIRECTORY_URL: httpUrl.optional().register(envDocs, {
    description:
      'The directory of an ACME (RFC 8555) certificate authority: a certificate is ordered over HTTP-01 for every verified custom domain, and renewed 30 days ahead.',
    example: 'https://acme-v02.api.letsencrypt.org/directory',
    unset: 'no certificates are ordered',
  }),
  ACME_EMAIL: z.email({ error: 'must be an email address' }).optional().register(envDocs, {
    description: "The contact address of Sling's account with the ACME certificate authority (expiry and policy notices).",
    example: 'ops@sl.example',
  }),
  ACME_CA_FILE: z.string().min(1).optional().register(envDocs, {
    description:
      'A PEM file of CA certificates to trust for the HTTPS of `ACME_DIRECTORY_URL` itself, when the directory is served under a private CA (pebble, step-ca); only these are then trusted for it. It is not the CA that signs the certificates Sling is issued.',
    example: '/etc/sling/pebble.minica.pem',
    unset: "the system's trusted CAs",
  }),
  ACME_EAB_KID: z.string().min(1).optional().register(envDocs, {
    description:
      'External account binding, for certificate authorities that require it (ZeroSSL, Google): the key id. Set with `ACME_EAB_HMAC_KEY`, or neither.',
  }),
  ACME_EAB_HMAC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_=+/-]+$/, 'must be the base64url HMAC key your CA gave you')
    .optional()
    .register(envDocs, { description: 'External account binding: the base64url HMAC key the certificate authority gave with `ACME_EAB_KID`.' }),
};

export const mail = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .register(envDocs, {
      description:
        'The mail server, as a nodemailer connection URL: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465` (TLS from the start); percent-encode special characters of the password. Used for password resets, invitations, new-sign-in notices, and notices to owners and operators (a webhook turned off, a custom domain misconfigured, an abuse report).',
      example: 'smtps://sling%40sl.example:secret@smtp.example.com:465',
      unset: 'nothing is sent; the kind, recipient and subject of each mail are logged',
    }),
  MAIL_FROM: z.string().min(3).optional().register(envDocs, {
    description: "The sender of Sling's mails.",
    example: 'Sling <no-reply@sl.example>',
    unset: '`Sling <no-reply@HOST>`, HOST being the host of `BASE_URL`',
  }),
};
