// SCIM /Users of a workspace (docs/architecture/overview.md, "Tenancy": the workspace in every `where`; another workspace's user is
// a 404). A user's `active` is their membership (scim-membership.ts); each change is audited with the
// directory as the actor, and noted as the directory's last activity.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { scimUsers, users, type ScimUserRow } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit } from '../audit/record-audit';
import type { TScimPatch, TScimUser } from './scim-schema';
import { SCIM_USER_SCHEMA } from './scim-schema';
import { noteActivity, type ScimWorkspace } from './directory-sync';
import { ScimError } from './scim-error';
import { parseEqFilter } from './scim-filter';
import { accountFor, deprovision, join, roleForEmail } from './scim-membership';
import { applyUserPatch, type UserState } from './scim-user-patch';
import { forgetTokens } from '../tokens/token-cache';
import { ownedBy } from '../tenancy/scope';

export const DIRECTORY_ACTOR = 'Directory sync';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notFound = () => new ScimError(404, 'No such user in this directory.');

interface Found {
  row: ScimUserRow;
  email: string;
}

/** The Sling address of a SCIM user: the primary email, else the first, else a userName that is one. */
function emailOf(input: TScimUser): string {
  const email = (input.emails?.find((e) => e.primary) ?? input.emails?.[0])?.value ?? input.userName.toLowerCase();
  if (!EMAIL.test(email)) throw new ScimError(400, 'userName or emails must hold the user’s email address.', 'invalidValue');
  return email;
}

async function findUsers(db: Db | Tx, ws: ScimWorkspace, where?: SQL, page?: { offset: number; limit: number }): Promise<Found[]> {
  const q = db
    .select({ row: scimUsers, email: users.email })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(and(ownedBy(scimUsers, ws.id), where))
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id));
  return page ? q.offset(page.offset).limit(page.limit) : q;
}

export async function getUser(db: Db | Tx, ws: ScimWorkspace, id: string): Promise<Found> {
  const [found] = await findUsers(db, ws, eq(scimUsers.id, id));
  if (!found) throw notFound();
  return found;
}

const FILTERABLE = { username: 'userName', externalid: 'externalId', id: 'id', 'emails.value': 'email' };

export async function listUsers(
  db: Db,
  ws: ScimWorkspace,
  q: { filter?: string; startIndex: number; count: number },
): Promise<{ total: number; found: Found[] }> {
  const f = parseEqFilter(q.filter, FILTERABLE, SCIM_USER_SCHEMA);
  const where = !f
    ? undefined
    : f.attribute === 'userName'
      ? eq(sql`lower(${scimUsers.userName})`, f.value.toLowerCase())
      : f.attribute === 'externalId'
        ? eq(scimUsers.externalId, f.value)
        : f.attribute === 'email'
          ? eq(users.email, f.value.toLowerCase())
          : eq(scimUsers.id, f.value);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(and(ownedBy(scimUsers, ws.id), where));
  const found = q.count === 0 ? [] : await findUsers(db, ws, where, { offset: q.startIndex - 1, limit: q.count });
  return { total, found };
}

const displayNameOf = (input: TScimUser, email: string) =>
  input.displayName || input.name?.formatted || [input.name?.givenName, input.name?.familyName].filter(Boolean).join(' ') || email.split('@')[0];

function uniqueness(err: unknown, userName: string): never {
  if (isUniqueViolation(err, 'scim_users_user_name_key')) throw new ScimError(409, `A user with userName ${userName} exists already.`, 'uniqueness');
  if (isUniqueViolation(err, 'scim_users_user_key'))
    throw new ScimError(409, `The account of ${userName} is provisioned already under another userName.`, 'uniqueness');
  throw err;
}

export async function createUser(db: Db, ws: ScimWorkspace, input: TScimUser): Promise<Found> {
  const email = emailOf(input);
  const role = await roleForEmail(db, ws.id, email);
  const active = input.active ?? true;
  try {
    const found = await db.transaction(async (tx) => {
      const userId = await accountFor(tx, email, displayNameOf(input, email));
      const [row] = await tx
        .insert(scimUsers)
        .values({
          id: randomUUID(),
          workspaceId: ws.id,
          userId,
          userName: input.userName,
          externalId: input.externalId ?? null,
          displayName: input.displayName ?? null,
          givenName: input.name?.givenName ?? null,
          familyName: input.name?.familyName ?? null,
          active,
        })
        .returning();
      if (active) {
        const joined = await join(tx, ws.id, userId, role);
        await audit(tx, ws, row, 'member.provisioned', { role, ...(joined ? {} : { already_member: true }) });
      }
      return { row, email };
    });
    await noteActivity(db, ws.id, `Provisioned ${input.userName}`);
    return found;
  } catch (err) {
    uniqueness(err, input.userName);
  }
}

const stateOf = ({ row, email }: Found): UserState => ({
  userName: row.userName,
  externalId: row.externalId,
  displayName: row.displayName,
  givenName: row.givenName,
  familyName: row.familyName,
  active: row.active,
  email,
});

/** PUT: every attribute replaced (a missing `active` means true, its default). */
export async function replaceUser(db: Db, ws: ScimWorkspace, id: string, input: TScimUser): Promise<Found> {
  const current = await getUser(db, ws, id);
  if (emailOf(input) !== current.email) {
    throw new ScimError(
      400,
      `The email address of a provisioned user cannot change (it is ${current.email}); deprovision the user and provision the new address.`,
      'mutability',
    );
  }
  const next: UserState = {
    userName: input.userName,
    externalId: input.externalId ?? null,
    displayName: input.displayName ?? null,
    givenName: input.name?.givenName ?? null,
    familyName: input.name?.familyName ?? null,
    active: input.active ?? true,
    email: current.email,
  };
  return save(db, ws, current, next, 'PUT');
}

export async function patchUser(db: Db, ws: ScimWorkspace, id: string, patch: TScimPatch): Promise<Found> {
  const current = await getUser(db, ws, id);
  return save(db, ws, current, applyUserPatch(stateOf(current), patch), 'PATCH');
}

async function save(db: Db, ws: ScimWorkspace, current: Found, next: UserState, how: string): Promise<Found> {
  const before = stateOf(current);
  const fields = (Object.keys(next) as Array<keyof UserState>).filter((k) => k !== 'active' && next[k] !== before[k]);
  try {
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(scimUsers)
        .set({
          userName: next.userName,
          externalId: next.externalId,
          displayName: next.displayName,
          givenName: next.givenName,
          familyName: next.familyName,
          active: next.active,
          updatedAt: new Date(),
        })
        .where(and(eq(scimUsers.id, current.row.id), ownedBy(scimUsers, ws.id)))
        .returning();
      if (!row) throw notFound();
      if (before.active && !next.active) {
        await deprovision(tx, ws.id, row.userId);
        await audit(tx, ws, row, 'member.deprovisioned', { deleted: false });
      } else if (!before.active && next.active) {
        const role = await roleForEmail(tx, ws.id, current.email);
        await join(tx, ws.id, row.userId, role);
        await audit(tx, ws, row, 'member.provisioned', { role, reactivated: true });
      } else if (fields.length) {
        await audit(tx, ws, row, 'member.updated', { fields });
      }
      return { row, email: current.email };
    });
    if (before.active !== next.active) forgetTokens();
    const what = before.active !== next.active ? (next.active ? 'Reactivated' : 'Deactivated') : 'Updated';
    await noteActivity(db, ws.id, `${what} ${next.userName} (${how})`);
    return saved;
  } catch (err) {
    uniqueness(err, next.userName);
  }
}

/** DELETE: the user leaves the workspace (access ended at once); their Sling account stays theirs. */
export async function deleteUser(db: Db, ws: ScimWorkspace, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(scimUsers)
      .where(and(eq(scimUsers.id, id), ownedBy(scimUsers, ws.id)))
      .returning();
    if (!gone) throw notFound();
    const removed = await deprovision(tx, ws.id, gone.userId);
    await audit(tx, ws, gone, 'member.deprovisioned', { deleted: true, ...(removed ? {} : { was_member: false }) });
  });
  forgetTokens();
  await noteActivity(db, ws.id, `Deleted a user (${id})`);
}

function audit(
  tx: Tx,
  ws: ScimWorkspace,
  row: ScimUserRow,
  action: 'member.provisioned' | 'member.updated' | 'member.deprovisioned',
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    workspaceId: ws.id,
    actorId: null,
    actorLabel: DIRECTORY_ACTOR,
    action,
    target: { type: 'user', id: row.userId },
    details: { via: 'scim', scim_id: row.id, ...details },
  });
}
