import {
  kolkataClock12,
  callStatusView,
  PAGE_SIZE,
  type LeadListing,
  type LeadListingQuery,
  type PartnerListByRm,
  type TrmCaseListing,
  type TrmCaseQuery,
} from '@dossier/shared';
import { requireAccess } from '../../platform/access';
import type { Db } from '../../platform/db';
import { formatProviderTime } from '../../platform/telephony/times';
import type { Viewer } from '../../platform/viewer';
import { numberedPage, pageNumbers } from '../../platform/paging';
import type { CallService } from './call-service';
import {
  casesPage,
  countCases,
  countLeads,
  leadCategories,
  leadsPage,
  notesOfCases,
  openLeadsByCategory,
  partnerLogsOfCases,
  partnersOfRm,
} from './listing-queries';

/** Rows carry at most this many calls and partner log entries; the dialogs fetch the full history. */
const ROW_HISTORY = 20;
const ALL_LEADS = { value: 0, name: 'All Leads', icon: 'all' } as const;

export class ListingService {
  constructor(
    private readonly db: Db,
    private readonly calls: CallService,
  ) {}

  /** Advisor Connect Leads: call-back leads for the partners mapped to the RM (docs/product/callcentre.md, 'Advisor Connect Leads'). */
  async leads(viewer: Viewer, rmCode: string, q: LeadListingQuery): Promise<LeadListing> {
    const rm = await requireAccess(this.db, viewer, { kind: 'employee', code: rmCode });
    const filter = { date: q.date, partnerId: q.partner_id, category: q.call_status || undefined };
    let rows = await leadsPage(this.db, rm.id, filter, numberedPage(q.current_page, PAGE_SIZE));
    const total = rows[0]?.total ?? (q.current_page > 1 ? await countLeads(this.db, rm.id, filter) : 0);
    // Calls still ringing on this page are brought up to date so the badges are live.
    if (rows.some((r) => r.has_open_call)) {
      if ((await this.calls.refresh({ caseIds: rows.map((r) => r.case_id) })) > 0)
        rows = await leadsPage(this.db, rm.id, filter, numberedPage(q.current_page, PAGE_SIZE));
    }
    return {
      data: rows.map((r) => ({
        lead_id: r.lead_id,
        case_id: r.case_id,
        category: r.category_id,
        partner_id: r.partner_id,
        partner_name: r.partner_name,
        username: r.username,
        product_code: r.product_type_id,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        date: r.lead_date,
        remark: r.remark,
        call_count: r.call_count ?? 0,
        last_call_status: r.last_status ? callStatusView(r.last_status) : null,
        status: r.status,
      })),
      ...pageNumbers(total, q.current_page, PAGE_SIZE),
    };
  }

  /** The RM's partners and the lead-category boxes with their open-lead counts (of one date when given). */
  async partnersByRm(viewer: Viewer, rmCode: string, date?: string): Promise<PartnerListByRm> {
    const rm = await requireAccess(this.db, viewer, { kind: 'employee', code: rmCode });
    const [partners, categories, counts] = [
      await partnersOfRm(this.db, rm.id),
      await leadCategories(this.db),
      await openLeadsByCategory(this.db, rm.id, date),
    ];
    let all = 0;
    for (const n of counts.values()) all += n;
    return {
      data: partners,
      leadsData: [
        { ...ALL_LEADS, 'leads-no': all },
        ...categories.map((c) => ({ value: c.id, name: c.name, icon: c.icon, 'leads-no': counts.get(c.id) ?? 0 })),
      ],
    };
  }

  /** TRM dashboard: the cases of one TRM (the viewer or someone in their team). */
  async trmCases(viewer: Viewer, trmCode: string, q: TrmCaseQuery): Promise<TrmCaseListing> {
    const trm = await requireAccess(this.db, viewer, { kind: 'employee', code: trmCode });
    const filter = { date: q.date, status: q.status };
    let rows = await casesPage(this.db, trm.id, filter, numberedPage(q.current_page, PAGE_SIZE));
    const total = rows[0]?.total ?? (q.current_page > 1 ? await countCases(this.db, trm.id, filter) : 0);
    const ids = rows.map((r) => r.case_id);
    // Only calls still waiting for the provider's news are pulled; a page without any needs no pull.
    if (rows.some((r) => r.has_open_call) && (await this.calls.refresh({ caseIds: ids })) > 0)
      rows = await casesPage(this.db, trm.id, filter, numberedPage(q.current_page, PAGE_SIZE));
    const [details, notes, logs] = [
      await this.calls.detailsByCase(ids),
      await notesOfCases(this.db, ids),
      await partnerLogsOfCases(this.db, ids),
    ];
    return {
      data: rows.map((r) => ({
        case_id: r.case_id,
        status: r.status,
        product_code: r.product_type_id,
        customer_id: r.customer_id,
        partner_id: r.partner_id,
        partner_name: r.partner_name,
        partner_ei_code: r.partner_ei_code,
        customer_name: r.customer_name,
        date: r.case_date,
        time: kolkataClock12(r.created_at),
        pin: r.pincode,
        remark: r.remark,
        notes: (notes.get(r.case_id) ?? []).slice(0, ROW_HISTORY),
        call_count: r.call_count ?? 0,
        last_call_status: r.last_status ? callStatusView(r.last_status) : null,
        call_details: (details.get(r.case_id) ?? []).slice(0, ROW_HISTORY),
        partner_call_logs: (logs.get(r.case_id) ?? [])
          .slice(0, ROW_HISTORY)
          .map((l) => ({ ...l, start_time: formatProviderTime(new Date(l.start_time)) })),
      })),
      ...pageNumbers(total, q.current_page, PAGE_SIZE),
    };
  }
}
