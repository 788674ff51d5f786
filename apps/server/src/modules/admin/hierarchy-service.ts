import type { HierarchyChildren, HierarchySearchResult } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http-errors';
import { childrenOf, searchHierarchy } from './hierarchy-queries';
import type { AdminActor } from './actor';
import { findEmployee } from './people-queries';

/* The organisation tree of the Hierarchy screen, opened one level at a time. */

export async function children(db: Db, _actor: AdminActor, parentCode: string | undefined): Promise<HierarchyChildren> {
  if (parentCode === undefined) return { parent: null, nodes: await childrenOf(db, null) };
  const parent = await findEmployee(db, parentCode);
  if (!parent) throw notFound(`No employee ${parentCode}`);
  return { parent: parent.unique_code, nodes: await childrenOf(db, parent.id) };
}

export async function search(db: Db, _actor: AdminActor, q: string): Promise<HierarchySearchResult> {
  return { hits: await searchHierarchy(db, q) };
}
