// SCIM /Groups of a workspace: the identity provider's groups and their members, kept so it can
// sync them (Okta "Push groups", Entra group assignment). They do not give roles in Sling: a
// member's role comes from the SSO connection of their domain. Members are this workspace's SCIM
// users only; another workspace's ids are an invalidValue.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { scimGroupMembers, scimGroups, scimUsers, type ScimGroupRow } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { SCIM_GROUP_SCHEMA, ZScimMembers, type TScimGroup, type TScimPatch } from './scim-schema';
import { noteActivity, type ScimWorkspace } from './directory-sync';
import { ScimError } from './scim-error';
import { parseEqFilter } from './scim-filter';
import { ownedBy } from '../tenancy/scope';

export interface FoundGroup {
  row: ScimGroupRow;
  members: Array<{ id: string; userName: string }>;
}

const notFound = () => new ScimError(404, 'No such group in this directory.');

async function membersOf(db: Db | Tx, groupIds: string[]): Promise<Map<string, FoundGroup['members']>> {
  const out = new Map<string, FoundGroup['members']>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await db
    .select({ groupId: scimGroupMembers.groupId, id: scimUsers.id, userName: scimUsers.userName })
    .from(scimGroupMembers)
    .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(scimUsers.userName));
  for (const r of rows) out.get(r.groupId)?.push({ id: r.id, userName: r.userName });
  return out;
}

export async function getGroup(db: Db | Tx, ws: ScimWorkspace, id: string): Promise<FoundGroup> {
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.id, id), ownedBy(scimGroups, ws.id)))
    .limit(1);
  if (!row) throw notFound();
  return { row, members: (await membersOf(db, [row.id])).get(row.id)! };
}

export async function listGroups(
  db: Db,
  ws: ScimWorkspace,
  q: { filter?: string; startIndex: number; count: number },
): Promise<{ total: number; found: FoundGroup[] }> {
  const f = parseEqFilter(q.filter, { displayname: 'displayName', externalid: 'externalId', id: 'id' }, SCIM_GROUP_SCHEMA);
  const where = and(
    ownedBy(scimGroups, ws.id),
    !f
      ? undefined
      : f.attribute === 'displayName'
        ? eq(sql`lower(${scimGroups.displayName})`, f.value.toLowerCase())
        : f.attribute === 'externalId'
          ? eq(scimGroups.externalId, f.value)
          : eq(scimGroups.id, f.value),
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(scimGroups).where(where);
  const rows =
    q.count === 0
      ? []
      : await db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .offset(q.startIndex - 1)
          .limit(q.count);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, found: rows.map((row) => ({ row, members: members.get(row.id)! })) };
}

/** Checks the ids are this workspace's SCIM users. */
async function ownUsers(tx: Tx, ws: ScimWorkspace, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tx
    .select({ id: scimUsers.id })
    .from(scimUsers)
    .where(and(ownedBy(scimUsers, ws.id), inArray(scimUsers.id, unique)));
  if (rows.length !== unique.length) {
    const known = new Set(rows.map((r) => r.id));
    throw new ScimError(400, `No such user in this directory: ${unique.filter((id) => !known.has(id)).join(', ')}.`, 'invalidValue');
  }
  return unique;
}

async function addMembers(tx: Tx, ws: ScimWorkspace, groupId: string, ids: string[]) {
  const own = await ownUsers(tx, ws, ids);
  if (own.length)
    await tx
      .insert(scimGroupMembers)
      .values(own.map((scimUserId) => ({ groupId, scimUserId })))
      .onConflictDoNothing();
}

function taken(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'scim_groups_name_key')) throw new ScimError(409, `A group named ${name} exists already.`, 'uniqueness');
  throw err;
}

export async function createGroup(db: Db, ws: ScimWorkspace, input: TScimGroup): Promise<FoundGroup> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(scimGroups)
        .values({ id: randomUUID(), workspaceId: ws.id, displayName: input.displayName, externalId: input.externalId ?? null })
        .returning();
      await addMembers(
        tx,
        ws,
        row.id,
        (input.members ?? []).map((m) => m.value),
      );
      return row.id;
    });
    await noteActivity(db, ws.id, `Created group ${input.displayName}`);
    return getGroup(db, ws, id);
  } catch (err) {
    taken(err, input.displayName);
  }
}

export async function replaceGroup(db: Db, ws: ScimWorkspace, id: string, input: TScimGroup): Promise<FoundGroup> {
  await getGroup(db, ws, id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(scimGroups)
        .set({ displayName: input.displayName, externalId: input.externalId ?? null, updatedAt: new Date() })
        .where(and(eq(scimGroups.id, id), ownedBy(scimGroups, ws.id)));
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, id));
      await addMembers(
        tx,
        ws,
        id,
        (input.members ?? []).map((m) => m.value),
      );
    });
  } catch (err) {
    taken(err, input.displayName);
  }
  await noteActivity(db, ws.id, `Replaced group ${input.displayName}`);
  return getGroup(db, ws, id);
}

const memberIds = (value: unknown): string[] => {
  const parsed = ZScimMembers.safeParse(Array.isArray(value) ? value : [value]);
  if (!parsed.success) throw new ScimError(400, 'members must be a list of {"value": "<user id>"}.', 'invalidValue');
  return parsed.data.map((m) => m.value);
};

/** PATCH: displayName/externalId replaced; members added, removed (`members[value eq "id"]` or a list), or replaced. */
export async function patchGroup(db: Db, ws: ScimWorkspace, id: string, patch: TScimPatch): Promise<FoundGroup> {
  const current = await getGroup(db, ws, id);
  let name = current.row.displayName;
  try {
    await db.transaction(async (tx) => {
      const fields: Partial<typeof scimGroups.$inferInsert> = { updatedAt: new Date() };
      for (const { op, path, value } of patch.Operations) {
        const p = (path ?? '').trim();
        const filtered = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(p);
        if (filtered && op === 'remove') {
          await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, id), eq(scimGroupMembers.scimUserId, filtered[1])));
        } else if (p.toLowerCase() === 'members') {
          if (op === 'replace' || (op === 'remove' && value === undefined)) await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, id));
          if (op === 'remove' && value !== undefined) {
            const ids = memberIds(value);
            if (ids.length) await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, id), inArray(scimGroupMembers.scimUserId, ids)));
          } else if (op !== 'remove') await addMembers(tx, ws, id, memberIds(value));
        } else if (!p && op !== 'remove' && value && typeof value === 'object') {
          const v = value as Record<string, unknown>;
          if (typeof v.displayName === 'string') fields.displayName = name = v.displayName.trim();
          if (typeof v.externalId === 'string') fields.externalId = v.externalId;
          if (v.members !== undefined) {
            if (op === 'replace') await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, id));
            await addMembers(tx, ws, id, memberIds(v.members));
          }
        } else if (p.toLowerCase() === 'displayname' && op !== 'remove' && typeof value === 'string' && value.trim()) {
          fields.displayName = name = value.trim();
        } else if (p.toLowerCase() === 'externalid') {
          fields.externalId = op === 'remove' ? null : typeof value === 'string' ? value : null;
        } else {
          throw new ScimError(400, `Groups support displayName, externalId and members; not ${p || 'this operation'}.`, 'invalidPath');
        }
      }
      await tx
        .update(scimGroups)
        .set(fields)
        .where(and(eq(scimGroups.id, id), ownedBy(scimGroups, ws.id)));
    });
  } catch (err) {
    taken(err, name);
  }
  await noteActivity(db, ws.id, `Updated group ${name}`);
  return getGroup(db, ws, id);
}

export async function deleteGroup(db: Db, ws: ScimWorkspace, id: string): Promise<void> {
  const [gone] = await db
    .delete(scimGroups)
    .where(and(eq(scimGroups.id, id), ownedBy(scimGroups, ws.id)))
    .returning();
  if (!gone) throw notFound();
  await noteActivity(db, ws.id, `Deleted group ${gone.displayName}`);
}
