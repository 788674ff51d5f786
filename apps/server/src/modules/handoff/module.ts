import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import type { Module } from '../../platform/module';
import { DEMO_PORTAL_PREFIX, demoPortalRoutes } from './demo-portal';
import { handoffRoutes, publicHandoffRoutes } from './routes';
import { HandoffService } from './service';
import { parseTargets } from './targets';

// What other modules may use (docs/architecture.md, 'A module'): the menu's header links hand off through it.
export type { HandoffService } from './service';
export type { PortalTarget } from './targets';

/** The hand-off service over the configured portal targets; exported on purpose for the menu's header links. */
export function createHandoff(db: Db, config: Config): HandoffService {
  return new HandoffService(db, parseTargets(config.PORTAL_TARGETS), config.HANDOFF_TTL_SECONDS, config.TOKEN_IDLE_MINUTES);
}

/** Origins of the hand-off targets the browser posts a form to: `buildApp` allows them in the CSP's form-action. */
export function handoffFormOrigins(config: Config): string[] {
  return parseTargets(config.PORTAL_TARGETS)
    .map((t) => t.url)
    .filter((u) => /^https?:/.test(u))
    .map((u) => new URL(u).origin);
}

/** Hand-offs to the partner portals (docs/product/shell.md), and the built-in stand-in portal. */
export const handoffModule: Module<'db' | 'config' | 'secured'> = async (app, { db, config, secured }) => {
  const targets = parseTargets(config.PORTAL_TARGETS);
  const handoff = new HandoffService(db, targets, config.HANDOFF_TTL_SECONDS, config.TOKEN_IDLE_MINUTES);
  publicHandoffRoutes(app, handoff);
  // The stand-in portal exists only while a hand-off target points at it (the default targets do).
  if (targets.some((t) => t.url.startsWith(DEMO_PORTAL_PREFIX))) demoPortalRoutes(app, handoff, targets);
  await secured(app, (scope) => handoffRoutes(scope, handoff));
};
