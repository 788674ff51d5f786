import {
  AppointmentListing,
  AppointmentsQuery,
  AssignNewPartnerRequest,
  AssignNewPartnerResponse,
  BookableCaseListing,
  BookableCasesQuery,
  BookSlotRequest,
  BookSlotResponse,
  CALLCENTRE_PATHS,
  CallDetailsResponse,
  CallToConnectRequest,
  CallToConnectResponse,
  CancelAppointmentRequest,
  CaseRequest,
  LeadListing,
  LeadListingQuery,
  MessageResponse,
  PartnerListByRm,
  RecommendedPartnersRequest,
  RecommendedPartnersResponse,
  PartnerListByRmQuery,
  RmParams,
  SaveCaseOutcomeRequest,
  SaveCaseOutcomeResponse,
  SlotsQuery,
  SlotsResponse,
  TrmCaseListing,
  TrmCaseQuery,
  UpdateRemarksRequest,
  UpdateStatusRequest,
  UpdateStatusResponse,
} from '@dossier/shared';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { CallCentre } from './module';
import { saveCaseOutcome } from './outcome-service';
import * as cases from './case-service';
import * as scheduling from './scheduling-service';

const tags = ['callcentre'];

/** The authenticated calls of the call centre (docs/product/callcentre.md, 'Calls'), at the original product's paths, plus the appointment screens' calls. */
export function callCentreRoutes(app: App, cc: CallCentre): void {
  app.get(
    CALLCENTRE_PATHS.partnerListing(':rmId'),
    {
      schema: {
        tags,
        summary: 'Advisor Connect Leads: call-back leads of the RM’s partners, paged',
        params: RmParams,
        querystring: LeadListingQuery,
        response: { 200: LeadListing },
      },
    },
    (request) => cc.listing.leads(requireViewer(request.viewer), request.params.rmId, request.query),
  );
  app.get(
    CALLCENTRE_PATHS.partnerListingByRm(':rmId'),
    {
      schema: {
        tags,
        summary: 'The RM’s partners and the lead-category boxes with counts (of the date given)',
        params: RmParams,
        querystring: PartnerListByRmQuery,
        response: { 200: PartnerListByRm },
      },
    },
    (request) => cc.listing.partnersByRm(requireViewer(request.viewer), request.params.rmId, request.query.date),
  );
  app.get(
    CALLCENTRE_PATHS.trmCaseHistory(':rmId'),
    {
      schema: {
        tags,
        summary: 'TRM dashboard: the TRM’s cases, paged',
        params: RmParams,
        querystring: TrmCaseQuery,
        response: { 200: TrmCaseListing },
      },
    },
    (request) => cc.listing.trmCases(requireViewer(request.viewer), request.params.rmId, request.query),
  );
  app.post(
    CALLCENTRE_PATHS.callDetails,
    { schema: { tags, summary: 'Calls made on a case (call-history dialog)', body: CaseRequest, response: { 200: CallDetailsResponse } } },
    (request) => cc.calls.caseCalls(requireViewer(request.viewer), request.body.case_id),
  );
  app.post(
    CALLCENTRE_PATHS.callToConnect,
    {
      schema: {
        tags,
        summary: 'Place a bridged call: the manager first, then the customer or partner',
        body: CallToConnectRequest,
        response: { 200: CallToConnectResponse },
      },
    },
    (request) => cc.calls.connect(requireViewer(request.viewer), request.body, request.ip),
  );
  app.post(
    CALLCENTRE_PATHS.updateStatus,
    { schema: { tags, summary: 'Open or close a ticket', body: UpdateStatusRequest, response: { 200: UpdateStatusResponse } } },
    (request) => cases.updateStatus(cc.db, requireViewer(request.viewer), request.body.case_id, request.body.status, request.ip),
  );
  app.post(
    CALLCENTRE_PATHS.updateRemarks,
    {
      schema: {
        tags,
        summary: 'Record the outcome of a customer or partner conversation',
        body: UpdateRemarksRequest,
        response: { 200: MessageResponse },
      },
    },
    (request) => cases.updateRemarks(cc.db, requireViewer(request.viewer), request.body, request.ip),
  );
  app.post(
    CALLCENTRE_PATHS.assignNewPartner,
    {
      schema: {
        tags,
        summary: 'Hand the case to another advisor',
        body: AssignNewPartnerRequest,
        response: { 200: AssignNewPartnerResponse },
      },
    },
    (request) =>
      cases.assignNewPartner(cc.db, requireViewer(request.viewer), request.body.case_id, request.body.new_partner_username, request.ip),
  );
  app.post(
    CALLCENTRE_PATHS.saveOutcome,
    {
      schema: {
        tags,
        summary: 'The connect dialog’s Save: remark, meeting slot, new advisor and ticket status in one transaction',
        body: SaveCaseOutcomeRequest,
        response: { 200: SaveCaseOutcomeResponse },
      },
    },
    (request) => saveCaseOutcome(cc.db, requireViewer(request.viewer), request.body, request.ip),
  );
  app.post(
    CALLCENTRE_PATHS.recommendedPartners,
    {
      schema: {
        tags,
        summary: 'Advisors near a customer’s pincode, best first',
        body: RecommendedPartnersRequest,
        response: { 200: RecommendedPartnersResponse },
      },
    },
    (request) => cases.recommended(cc.db, requireViewer(request.viewer), request.body),
  );
  app.get(
    CALLCENTRE_PATHS.slots,
    {
      schema: {
        tags,
        summary: 'Meeting time slots (with availability for an advisor and day)',
        querystring: SlotsQuery,
        response: { 200: SlotsResponse },
      },
    },
    (request) => scheduling.slots(cc.db, request.query.partner_id, request.query.date),
  );
  app.post(
    CALLCENTRE_PATHS.bookCustomerSlot,
    {
      schema: { tags, summary: 'Book a meeting slot with the case’s advisor', body: BookSlotRequest, response: { 200: BookSlotResponse } },
    },
    (request) => scheduling.book(cc.db, requireViewer(request.viewer), request.body, request.ip),
  );
  app.get(
    CALLCENTRE_PATHS.myAppointments,
    {
      schema: {
        tags,
        summary: 'Appointments the signed-in user booked (My Booked Appointment)',
        querystring: AppointmentsQuery,
        response: { 200: AppointmentListing },
      },
    },
    (request) => scheduling.myAppointments(cc.db, requireViewer(request.viewer), request.query.status, request.query.current_page),
  );
  app.post(
    CALLCENTRE_PATHS.cancelAppointment,
    { schema: { tags, summary: 'Cancel a booked appointment', body: CancelAppointmentRequest, response: { 200: MessageResponse } } },
    (request) => scheduling.cancel(cc.db, requireViewer(request.viewer), request.body.appointment_id, request.body.reason, request.ip),
  );
  app.get(
    CALLCENTRE_PATHS.myCases,
    {
      schema: {
        tags,
        summary: 'Open cases the signed-in user can book an appointment on',
        querystring: BookableCasesQuery,
        response: { 200: BookableCaseListing },
      },
    },
    (request) => scheduling.bookableCases(cc.db, requireViewer(request.viewer), request.query.search, request.query.current_page),
  );
}
