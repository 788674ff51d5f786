import { createHash, timingSafeEqual } from 'node:crypto';
import { CALLCENTRE_PATHS } from '@dossier/shared';
import { z } from 'zod';
import { anonymousLimit, CALLBACK_PER_MINUTE } from '../../platform/anonymous-limit';
import { badRequest, forbidden, notFound } from '../../platform/http-errors';
import { InvalidPayloadError, parseExotelCallback } from '../../platform/telephony/exotel';
import { STATUS_CALLBACK_PATH } from '../../platform/telephony/index';
import { synthesizeRecording } from '../../platform/telephony/recording-audio';
import type { App } from '../../platform/types';
import type { CallCentre } from './module';

const tags = ['callcentre'];
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Routes without a session: the provider's status callback (authenticated by the secret in its URL)
 * and recordings (authenticated by a signed, expiring link, since a new window sends no token).
 */
export function callCentrePublicRoutes(app: App, cc: CallCentre, callbackSecret: string | undefined): void {
  app.post(
    `${STATUS_CALLBACK_PATH}/:secret/`,
    {
      config: anonymousLimit(CALLBACK_PER_MINUTE),
      schema: {
        tags,
        summary: 'Telephony status callback (Exotel format, JSON or form); idempotent',
        params: z.object({ secret: z.string().max(200) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ ok: z.literal(true), applied: z.boolean() }) },
      },
    },
    async (request) => {
      if (!callbackSecret) throw notFound('Status callbacks are not enabled');
      // Refusals are counted in metrics (anonymous refusals), not audited: nobody to name, and an
      // audit row each would let anyone fill the table.
      if (!timingSafeEqual(digest(request.params.secret), digest(callbackSecret))) throw forbidden('Invalid callback secret');
      let update: ReturnType<typeof parseExotelCallback>;
      try {
        update = parseExotelCallback(request.body);
      } catch (err) {
        if (err instanceof InvalidPayloadError) throw badRequest(`Invalid status callback: ${err.message}`);
        throw err;
      }
      if (!update) throw badRequest('A status callback needs CallSid and a known Status');
      // Unknown sids are acknowledged too: the provider must not retry a call we never placed.
      return { ok: true as const, applied: await cc.calls.apply(update, 'callback') };
    },
  );

  app.get(
    CALLCENTRE_PATHS.recording(':callId'),
    {
      config: anonymousLimit(),
      schema: {
        tags,
        summary: 'A call recording, through a signed link from the call details',
        security: [],
        params: z.object({ callId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        querystring: z.object({ expires: z.coerce.number().int().positive(), signature: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const found = await cc.calls.recording(request.params.callId, request.query.expires, request.query.signature);
      if (found.kind === 'redirect') return reply.redirect(found.url);
      void reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="call-${request.params.callId}.wav"`);
      return reply.send(synthesizeRecording(found.sid, found.seconds));
    },
  );
}
