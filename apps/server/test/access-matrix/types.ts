import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/platform/db';
import type { App } from '../../src/platform/types';
import type { Fixtures } from './fixtures';
import type { LeakOptions, LeakScanner } from './leaks';
import type { World } from './world';

/** The demo sign-ins, one per role (password dossier-demo). */
export const LOGINS = [
  'demo.head',
  'demo.zsm',
  'demo.asm',
  'demo.tl',
  'demo.rm',
  'demo.trm',
  'demo.r201',
  'demo.r204',
  'demo.supervisor',
] as const;
export type Login = (typeof LOGINS)[number];

/**
 * Where a target sits relative to the viewer: in their own subtree, a sibling's subtree, one of their
 * ancestors, another branch altogether, or nowhere (an id that does not exist).
 */
export const RELATIONS = ['own', 'sibling', 'ancestor', 'unrelated', 'missing'] as const;
export type Relation = (typeof RELATIONS)[number];

export interface MatrixViewer {
  login: Login;
  userId: number;
  employeeId: number;
  code: string;
  name: string;
  email: string;
  empRole: string;
  designation: string;
  emailReportAccess: boolean;
  downloadReportAccess: boolean;
}

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  /** A JSON body, or the raw text of a file (with its content-type in headers). */
  payload?: object | string;
  headers?: Record<string, string>;
}

export interface MatrixContext {
  app: App;
  db: Db;
  world: World;
  fx: Fixtures;
  viewer: MatrixViewer;
  /** The viewer's session for this run. */
  token: string;
  /** A new session of the viewer, for calls that end it (logout). */
  freshToken: () => Promise<string>;
  /** Scans text that left the server some other way (a queued mail, an attachment) for data of others. */
  scan: LeakScanner;
}

export type Response = LightMyRequestResponse;

/** A request ready to send, with what to check on the answer beyond its status. */
export interface Prepared {
  request: MatrixRequest;
  /** Text of the request itself (the target's own code, id, name) that an answer may echo. */
  echoes?: readonly string[];
  check?: (res: Response) => Promise<void> | void;
}

/** One way of calling a protected route, with targets of one kind. */
export interface Variant {
  name: string;
  /** Relations this variant is called with; routes without a target take 'own' only. */
  relations: readonly Relation[];
  /** Roles refused whatever the target: a role check that runs before any lookup. */
  refused?: (viewer: MatrixViewer) => boolean;
  /** Statuses that count as success for an own target (default 200). */
  ownStatuses?: readonly number[];
  leaks?: LeakOptions;
  /** Finds or creates the target and builds the request; undefined when the viewer has no such target. */
  prepare: (ctx: MatrixContext, relation: Relation) => Promise<Prepared | undefined>;
}

/** Public routes check themselves and return how many requests they sent. */
export interface PublicContext {
  app: App;
  db: Db;
  world: World;
  fx: Fixtures;
  token: (login: Login) => string;
  /** The app again over the same database, with the Exotel status callback enabled under this secret. */
  callbackApp: App;
  callbackSecret: string;
}

export type MatrixEntry =
  | { route: string; access: 'public'; why: string; check: (ctx: PublicContext) => Promise<number> }
  | { route: string; access: 'token'; variants: readonly Variant[] };

/** Builds a variant whose target value is typed, from a finder and a request builder. */
export function variant<T>(spec: {
  name: string;
  relations?: readonly Relation[];
  refused?: (viewer: MatrixViewer) => boolean;
  ownStatuses?: readonly number[];
  leaks?: LeakOptions;
  target: (ctx: MatrixContext, relation: Relation) => Promise<T | undefined>;
  request: (ctx: MatrixContext, target: T) => MatrixRequest;
  echoes?: (target: T) => readonly string[];
  check?: (ctx: MatrixContext, res: Response, target: T) => Promise<void> | void;
}): Variant {
  return {
    name: spec.name,
    relations: spec.relations ?? RELATIONS,
    ...(spec.refused ? { refused: spec.refused } : {}),
    ...(spec.ownStatuses ? { ownStatuses: spec.ownStatuses } : {}),
    ...(spec.leaks ? { leaks: spec.leaks } : {}),
    prepare: async (ctx, relation) => {
      const target = await spec.target(ctx, relation);
      if (target === undefined) return undefined;
      const check = spec.check;
      return {
        request: spec.request(ctx, target),
        ...(spec.echoes ? { echoes: spec.echoes(target) } : {}),
        ...(check ? { check: (res: Response) => check(ctx, res, target) } : {}),
      };
    },
  };
}

/** A route without a target: called once per role, for the viewer's own data. */
export function ownOnly(spec: {
  name?: string;
  refused?: (viewer: MatrixViewer) => boolean;
  ownStatuses?: readonly number[];
  leaks?: LeakOptions;
  request: (ctx: MatrixContext) => MatrixRequest;
  check?: (ctx: MatrixContext, res: Response) => Promise<void> | void;
}): Variant {
  const check = spec.check;
  return variant<true>({
    name: spec.name ?? 'own data',
    relations: ['own'],
    ...(spec.refused ? { refused: spec.refused } : {}),
    ...(spec.ownStatuses ? { ownStatuses: spec.ownStatuses } : {}),
    ...(spec.leaks ? { leaks: spec.leaks } : {}),
    target: async () => true,
    request: (ctx) => spec.request(ctx),
    ...(check ? { check: (ctx: MatrixContext, res: Response) => check(ctx, res) } : {}),
  });
}

export const bearer = (token: string) => ({ authorization: `Token ${token}` });
