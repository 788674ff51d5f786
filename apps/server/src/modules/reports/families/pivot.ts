import type { ReportColumnDef, ReportRecord } from '@dossier/shared';
import { sql, type Selectable } from 'kysely';
import type { Insurers } from '../../../platform/db-types';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { round2, type QueryContext } from '../context';
import type { EmployeeLabel } from './facts';
import { subtreeSumsQuery } from './subtree-sums';

/** Report 15: direct reports × insurers, success premium per insurer, insurers with business only. */
export async function insurerPivot(ctx: QueryContext): Promise<{ columns: ReportColumnDef[]; records: ReportRecord[] }> {
  const children = sql`select id from employees where manager_id = ${ctx.account.id}`;
  const sums = subtreeSumsQuery(ctx, ctx.range, children, ['insurer_id'], { statuses: ['success'] });
  const res = await sql<EmployeeLabel & { insurer: Selectable<Insurers>['name'] | null; premium: number }>`
    select ch.unique_code as code, ch.name, i.name as insurer, coalesce(s.premium, 0)::float8 as premium
    from employees ch
    left join (${sums}) s on s.root_id = ch.id
    left join insurers i on i.id = s.key::int
    where ch.manager_id = ${ctx.account.id}
    order by ch.name`.execute(ctx.db);
  const insurers = [...new Set(res.rows.filter((r) => r.insurer && r.premium !== 0).map((r) => r.insurer as string))].sort();
  const byCode = new Map<string, ReportRecord>();
  for (const r of res.rows) {
    let rec = byCode.get(r.code);
    if (!rec) {
      rec = {
        [COL.userId]: r.code,
        [COL.name]: r.name,
        ...Object.fromEntries(insurers.map((i) => [i, 0])),
        Total: 0,
        [COL.accountId]: r.code,
      };
      byCode.set(r.code, rec);
    }
    if (r.insurer && insurers.includes(r.insurer)) {
      rec[r.insurer] = round2(r.premium);
      rec.Total = round2(Number(rec.Total) + r.premium);
    }
  }
  // Each insurer's column is its success premium, like the total.
  const amounts = [...insurers, 'Total'].map((key) => column(key, 'currency'));
  return { columns: [USER_ID_COLUMN, NAME_COLUMN, ...amounts], records: [...byCode.values()] };
}
