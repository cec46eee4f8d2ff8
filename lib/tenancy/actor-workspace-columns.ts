// The workspace columns an Actor carries (ActorWorkspace), selected with the membership by both
// session and token authentication.
import { workspaces } from '../../db/schema';

export const ACTOR_WORKSPACE_COLUMNS = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  kind: workspaces.kind,
  plan: workspaces.plan,
  limitPerHour: workspaces.limitPerHour,
  limitPerMinute: workspaces.limitPerMinute,
};
