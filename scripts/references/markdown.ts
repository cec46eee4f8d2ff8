// Small Markdown helpers shared by the generated references.

/** The first line of every generated file: where it comes from, and how to renew it. */
export function generatedNotice(sources: string[]): string {
  return `<!-- Generated from ${sources.join(', ')} by \`npm run docs:references\`; edit those, not this file. -->`;
}

/** Inline code, with a fence long enough for backticks inside. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A JSON block, two-space indented. */
export function jsonBlock(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}
