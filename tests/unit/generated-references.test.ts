// The references rendered from the code (scripts/references/) are the committed files, and every error
// code, environment variable and webhook event is documented where the reference reads it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { EnvSchema, envDocs } from '../../lib/config/env-schema';
import { ERROR_DOCS } from '../../lib/core/error-docs';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../lib/core/errors';
import { WEBHOOK_EVENT_DOCS } from '../../lib/webhooks/event-docs';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../../lib/webhooks/event-types';
import { envVariables, renderConfigurationReference } from '../../scripts/references/configuration-reference';
import { ERROR_REFERENCE_PATH, renderErrorReference } from '../../scripts/references/error-reference';
import { REFERENCES } from '../../scripts/references/references';
import { renderWebhookEventsReference } from '../../scripts/references/webhook-events-reference';

const root = fileURLToPath(new URL('../../', import.meta.url));
const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
const variables = Object.keys(EnvSchema.shape);
const events: (keyof typeof WEBHOOK_EVENT_DOCS)[] = [...WEBHOOK_EVENTS, TEST_EVENT];

describe('generated references', () => {
  test.each(REFERENCES.map((r) => [r.path, r.render] as const))('%s matches the code', (path, render) => {
    const committed = readFileSync(root + path, 'utf8');
    expect(committed, `${path} is stale: run \`npm run docs:references\` and commit the result`).toBe(render());
  });

  test('each reference has an entry for everything in its source, so adding one makes it stale', () => {
    const errors = renderErrorReference();
    for (const code of codes) expect(errors, code).toContain(`\n### \`${code}\`\n`);
    const configuration = renderConfigurationReference();
    for (const name of variables) expect(configuration, name).toContain(`\n### \`${name}\`\n`);
    const webhooks = renderWebhookEventsReference();
    for (const event of events) expect(webhooks, event).toContain(`\n## \`${event}\`\n`);
  });

  test('their relative links lead to files that exist', () => {
    for (const { path, render } of REFERENCES) {
      for (const [, target] of render().matchAll(/\]\(([^)#\s]+)(#[^)\s]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        expect(existsSync(join(root, dirname(path), target)), `${path} links to ${target}`).toBe(true);
      }
    }
  });

  test('an error body points at its code’s entry in the error reference', () => {
    const { error } = new AppError('alias_taken', 'The alias "launch" is already taken.').toBody();
    expect(error.doc_url).toBe(`${ERROR_REFERENCE_PATH}#alias_taken`);
    expect(REFERENCES.map((r) => r.path)).toContain(ERROR_REFERENCE_PATH);
  });
});

describe('documented at the source', () => {
  test('every error code has a meaning and what to do', () => {
    expect(Object.keys(ERROR_DOCS).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(ERROR_DOCS[code].meaning.trim(), code).not.toBe('');
      expect(ERROR_DOCS[code].action.trim(), code).not.toBe('');
    }
  });

  test('every environment variable has a description, and sits in exactly one section', () => {
    const listed = envVariables();
    expect(listed.map((v) => v.name).sort()).toEqual([...variables].sort());
    for (const name of variables) {
      const doc = envDocs.get(EnvSchema.shape[name as keyof typeof EnvSchema.shape]);
      expect(doc?.description.trim(), name).toBeTruthy();
    }
    // `unset` describes a variable without a default; beside a default it would not be shown.
    for (const v of listed) if (v.unset) expect(v.defaultValue, v.name).toBeUndefined();
  });

  test('every webhook event says when it is sent and what its data holds', () => {
    expect(Object.keys(WEBHOOK_EVENT_DOCS).sort()).toEqual([...events].sort());
    for (const event of events) {
      expect(WEBHOOK_EVENT_DOCS[event].when.trim(), event).not.toBe('');
      expect(WEBHOOK_EVENT_DOCS[event].data.trim(), event).not.toBe('');
    }
  });
});
