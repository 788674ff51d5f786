/** The empty message of the call centre's lists (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export const EMPTY_MESSAGE = 'No Data available for this partner';
