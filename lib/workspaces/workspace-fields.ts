// A workspace's name and slug as people type them: the rules shared by create and update.
import { randomBytes } from 'node:crypto';
import { invalidField } from '../core/errors';

const SLUG = /^[a-z0-9-]{3,48}$/;

/** 1–60 characters once trimmed. */
export function workspaceName(input: unknown): string {
  if (typeof input !== 'string') throw invalidField('name', 'The name must be text of 1 to 60 characters.');
  const name = input.trim();
  if (name.length < 1 || name.length > 60) throw invalidField('name', 'The name must be 1 to 60 characters.');
  return name;
}

/** 3–48 of [a-z0-9-]; "system" and "personal-…" are Sling's own (the system and personal workspaces). */
export function workspaceSlug(input: unknown): string {
  if (typeof input !== 'string' || !SLUG.test(input)) {
    throw invalidField('slug', 'The slug must be 3 to 48 characters of lowercase letters, digits and hyphens.');
  }
  if (input === 'system' || input.startsWith('personal-')) throw invalidField('slug', `The slug "${input}" is reserved; choose another.`);
  return input;
}

/** A slug from the name plus a random suffix (so two "Marketing" teams do not collide). */
export function defaultSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);
  return `${base && !base.startsWith('personal') && base !== 'system' ? base : 'team'}-${suffix}`;
}

/** The unique index on lower(slug) said no. */
export function slugTaken(slug: string) {
  return invalidField('slug', `The slug "${slug}" is taken; choose another.`);
}
