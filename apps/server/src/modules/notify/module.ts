import type { Module } from '../../platform/module';
import { UrlSigner } from '../../platform/signed-urls';
import { notifyRoutes, publicNotifyRoutes } from './routes';
import { NotifyService } from './service';

/** The renewal row actions (docs/product/renewals.md): notice link and PDF, renewal link, notice email. */
export const notifyModule: Module<'db' | 'config' | 'secured'> = async (app, { db, config, secured }) => {
  const service = new NotifyService(db, new UrlSigner(db, 'renewal_notice'), config.MAIL_RATE_LIMIT);
  publicNotifyRoutes(app, service);
  await secured(app, (scope) => notifyRoutes(scope, service));
};
