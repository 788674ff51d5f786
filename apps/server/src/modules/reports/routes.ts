import {
  FilterDetailsBody,
  FilterDetailsQuery,
  FilterDetailsResponse,
  REPORT_PATHS,
  ReportDownloadQuery,
  ReportFilterBody,
  ReportOrPage,
  ReportQuery,
  ReportResponse,
  SendReportBody,
  SendReportResponse,
} from '@dossier/shared';
import type { ReportDelivery } from './delivery';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { filterDetails } from './filter-details';
import { paramsOfBody, resolveRange } from './params';
import type { ReportService } from './service';

export const ReportIdParams = z.object({ id: z.coerce.number().int().positive().max(1_000_000) });

export function reportRoutes(app: App, reports: ReportService, delivery: ReportDelivery, db: Db): void {
  app.get(
    REPORT_PATHS.report(':id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'A report (or, for a dashboard id, the page of its reports) for the viewer or a drilled account',
        params: ReportIdParams,
        querystring: ReportQuery,
        response: { 200: ReportOrPage },
      },
    },
    (request) => reports.get(requireViewer(request.viewer), request.params.id, request.query),
  );

  app.post(
    REPORT_PATHS.reportFilter(':id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'A report filtered by insurer, state and business type lists',
        params: ReportIdParams,
        body: ReportFilterBody,
        response: { 200: ReportResponse },
      },
    },
    (request) => reports.report(requireViewer(request.viewer), request.params.id, paramsOfBody(request.body)),
  );

  app.post(
    REPORT_PATHS.filterDetails,
    {
      schema: {
        tags: ['reports'],
        summary: 'Insurer and state options with business in the range',
        querystring: FilterDetailsQuery,
        body: FilterDetailsBody,
        response: { 200: FilterDetailsResponse },
      },
    },
    (request) => {
      const range = resolveRange(request.query, 'range', 0);
      return filterDetails(
        db,
        requireViewer(request.viewer),
        range,
        request.body.product_type_id,
        request.body.include ?? ['insurer', 'state'],
        request.body.report_id,
      );
    },
  );

  app.get(
    REPORT_PATHS.download(':id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'The whole report as CSV or XLSX (204 when it has no rows)',
        params: ReportIdParams,
        querystring: ReportDownloadQuery,
      },
    },
    async (request, reply) => {
      const { format, ...params } = request.query;
      const file = await delivery.download(requireViewer(request.viewer), request.params.id, params, format, request.ip);
      if (!file.body) return reply.code(204).header('x-no-data', 'No Data Found !!').send();
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    REPORT_PATHS.sendReport,
    {
      schema: {
        tags: ['reports'],
        summary: 'Email the report (XLSX) to the signed-in user',
        body: SendReportBody,
        response: { 200: SendReportResponse },
      },
    },
    (request) => {
      const { data_records, ...filters } = request.body;
      return delivery.mail(requireViewer(request.viewer), data_records, paramsOfBody(filters), request.ip);
    },
  );
}
