// docs/self-hosting/configuration-reference.md from the environment schema (lib/config/env-schema.ts):
// every variable by section, with its default, an example and its description.
import type { z } from 'zod';
import { ENV_GROUPS, envDocs, type EnvDoc } from '../../lib/config/env-schema';
import { code, generatedNotice } from './markdown';

export const CONFIGURATION_REFERENCE_PATH = 'docs/self-hosting/configuration-reference.md';

export interface EnvVariable extends EnvDoc {
  name: string;
  group: string;
  /** The default as written in the environment, or undefined without one. */
  defaultValue?: string;
}

/** Every variable of the schema, in the reference's order. */
export function envVariables(): EnvVariable[] {
  return ENV_GROUPS.flatMap(({ title, vars }) =>
    Object.entries(vars).map(([name, schema]) => ({ name, group: title, defaultValue: defaultOf(schema), ...(envDocs.get(schema) ?? { description: '' }) })),
  );
}

export function renderConfigurationReference(): string {
  const variables = envVariables();
  const out = [
    generatedNotice(['lib/config/env-schema.ts']),
    '',
    '# Configuration reference',
    '',
    'Every environment variable Sling reads, by section. Values are checked at start-up; a bad one stops',
    'Sling with one line naming the variable. Which ones to set first, and why, is in the',
    '[configuration guide](configuration.md).',
    '',
    ENV_GROUPS.map(
      ({ title, vars }) =>
        `- [${title}](#${anchor(title)}): ${Object.keys(vars)
          .map((n) => code(n))
          .join(', ')}`,
    ).join('\n'),
  ];
  for (const { title } of ENV_GROUPS) {
    out.push('', `## ${title}`);
    for (const v of variables.filter((x) => x.group === title)) out.push('', ...renderVariable(v));
  }
  return out.join('\n') + '\n';
}

function renderVariable(v: EnvVariable): string[] {
  const facts = [v.defaultValue !== undefined ? `**Default:** ${code(v.defaultValue)}` : v.unset ? `**Unset:** ${v.unset}` : '**Default:** none'];
  if (v.example) facts.push(`**Example:** ${code(v.example)}`);
  return [`### ${code(v.name)}`, '', v.description, '', facts.join(' · ')];
}

/** The default a variable takes when unset, as one would write it; looks through pipes (a default before a transform). */
function defaultOf(schema: z.ZodType): string | undefined {
  const def = schema.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
  if (def.type === 'default') {
    const value = def.defaultValue;
    if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
    return String(value);
  }
  if (def.type === 'pipe' && def.in) return defaultOf(def.in);
  return undefined;
}

/** GitHub's anchor for a heading. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}
