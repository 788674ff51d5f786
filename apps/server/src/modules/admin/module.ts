import { portalUrl } from '../../config';
import type { Module } from '../../platform/module';
import { auditRetentionJob } from './audit-retention';
import { adminRoutes } from './routes';
import { uploadRoutes } from './upload-routes';

/** The administration area (docs/product/administration.md). */
export const adminModule: Module<'db' | 'config' | 'secured'> = async (app, { db, config, secured }) => {
  // Where links in mails point (password links).
  const publicBaseUrl = portalUrl(config);
  await secured(app, async (scope) => {
    await adminRoutes(scope, db, publicBaseUrl);
    await uploadRoutes(scope, db, { maxBytes: config.INGEST_MAX_BYTES, idleMs: config.REQUEST_TIMEOUT_MS });
  });
  // The audit trail's retention (docs/operations.md, 'Database roles'): off unless AUDIT_RETENTION_MONTHS is set.
  if (config.AUDIT_RETENTION_MONTHS > 0) app.jobs.push(auditRetentionJob(db, config.AUDIT_RETENTION_MONTHS));
};
