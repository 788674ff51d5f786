/** Column titles as the report table shows them (docs/product/report-screens.md, 'Report table'). */
export const COL = {
  userId: 'User Id',
  name: 'Name',
  nop: 'Policies count',
  premium: 'Total Premium',
  wp: 'Weightage Premium',
  premiumGrowth: 'Premium Growth %',
  nopGrowth: 'Policies count growth',
  loan: 'Total Loan Amount',
  product: 'Product',
  insurer: 'Insurer',
  accountId: 'account_id',
} as const;
