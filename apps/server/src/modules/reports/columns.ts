/** Column titles as the spec's key map shows them (000 §2 Generic report table). */
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
