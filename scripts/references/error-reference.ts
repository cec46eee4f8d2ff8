// docs/api/errors.md from the code table (lib/core/errors.ts) and its documentation
// (lib/core/error-docs.ts): every code with its status, meaning and what to do, one anchor per code.
import { STATUS_CODES } from 'node:http';
import { ERROR_DOCS } from '../../lib/core/error-docs';
import { ERROR_DOCS_PATH, ERROR_STATUS, errorBody, type ErrorCode } from '../../lib/core/errors';
import { generatedNotice, jsonBlock } from './markdown';

export const ERROR_REFERENCE_PATH = ERROR_DOCS_PATH;

export function renderErrorReference(): string {
  const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
  const out = [
    generatedNotice(['lib/core/errors.ts', 'lib/core/error-docs.ts']),
    '',
    '# Errors',
    '',
    "Every answer of Sling's APIs that is not a success — the REST API v1, `/api.php`, `POST /api` and",
    "the dashboard's own calls — has one JSON shape, whatever the route:",
    '',
    jsonBlock(errorBody('alias_taken', 'The alias "launch" is already taken.', { alias: 'This alias is already taken.' })),
    '',
    '- `code` is one of the codes below; it is the thing to branch on (messages may be reworded).',
    '- `message` is a sentence for a person: what is wrong and, often, what to do.',
    '- `details` (not always present) names the fields at fault or the limit reached.',
    `- \`doc_url\` is the code's entry on this page: \`${ERROR_DOCS_PATH}#<code>\`.`,
    '',
    'Every error answer carries an `X-Request-Id` header; a `500` also names the request id in',
    '`details.request_id`, under which the server logged the cause. SCIM (`/api/scim/v2`) answers in',
    "SCIM's own error shape (RFC 7644), and the sign-in endpoints under `/api/auth` (better-auth) keep",
    'theirs, except that their empty or plain-text errors get this one. Rate limits and their headers are',
    'described in [rate limits](rate-limits.md).',
    '',
    '| status | code |',
    '|---|---|',
    ...codes.map((c) => `| ${ERROR_STATUS[c]} | [\`${c}\`](#${c}) |`),
  ];
  for (const c of codes) {
    const doc = ERROR_DOCS[c];
    if (!doc) throw new Error(`${c} has no entry in lib/core/error-docs.ts`);
    out.push('', `### \`${c}\``, '', `**${ERROR_STATUS[c]} ${STATUS_CODES[ERROR_STATUS[c]]}.** ${doc.meaning}`, '', `**What to do:** ${doc.action}`);
  }
  return out.join('\n') + '\n';
}
