import type { ProductDef } from '@dossier/shared';

/**
 * Geography and insurers of the demo organisation: real 3-digit pincode prefixes per state (main city
 * first, weighted higher), weights roughly following where retail insurance is sold.
 */

export interface StateDef {
  id: number;
  name: string;
  zoneId: number;
  weight: number;
  pincodePrefixes: readonly string[];
}

export const STATES: readonly StateDef[] = [
  { id: 1, name: 'Delhi', zoneId: 1, weight: 9, pincodePrefixes: ['110'] },
  { id: 2, name: 'Punjab', zoneId: 1, weight: 4, pincodePrefixes: ['141', '143', '144', '147', '151', '152'] },
  { id: 3, name: 'Haryana', zoneId: 1, weight: 5, pincodePrefixes: ['122', '121', '124', '125', '131', '132', '134', '136'] },
  { id: 4, name: 'Uttar Pradesh', zoneId: 1, weight: 11, pincodePrefixes: ['226', '201', '208', '211', '221', '243', '250', '273', '282'] },
  { id: 5, name: 'Rajasthan', zoneId: 1, weight: 6, pincodePrefixes: ['302', '305', '313', '324', '334', '342'] },
  { id: 6, name: 'Himachal Pradesh', zoneId: 1, weight: 1, pincodePrefixes: ['171', '173', '175', '176'] },
  { id: 7, name: 'Uttarakhand', zoneId: 1, weight: 1.5, pincodePrefixes: ['248', '249', '263'] },
  { id: 8, name: 'Jammu and Kashmir', zoneId: 1, weight: 1, pincodePrefixes: ['180', '190'] },
  { id: 9, name: 'Chandigarh', zoneId: 1, weight: 1, pincodePrefixes: ['160'] },
  {
    id: 10,
    name: 'Maharashtra',
    zoneId: 2,
    weight: 14,
    pincodePrefixes: ['400', '411', '401', '410', '413', '416', '422', '431', '440', '444'],
  },
  { id: 11, name: 'Gujarat', zoneId: 2, weight: 8, pincodePrefixes: ['380', '395', '390', '360', '361', '364', '382', '388'] },
  { id: 12, name: 'Goa', zoneId: 2, weight: 1, pincodePrefixes: ['403'] },
  { id: 13, name: 'Madhya Pradesh', zoneId: 2, weight: 5, pincodePrefixes: ['462', '452', '456', '474', '482'] },
  { id: 14, name: 'Chhattisgarh', zoneId: 2, weight: 2, pincodePrefixes: ['492', '490', '495'] },
  { id: 15, name: 'Karnataka', zoneId: 3, weight: 9, pincodePrefixes: ['560', '570', '575', '580', '585', '590'] },
  { id: 16, name: 'Tamil Nadu', zoneId: 3, weight: 9, pincodePrefixes: ['600', '641', '625', '620', '636', '627'] },
  { id: 17, name: 'Kerala', zoneId: 3, weight: 5, pincodePrefixes: ['682', '695', '673', '680', '686'] },
  { id: 18, name: 'Telangana', zoneId: 3, weight: 6, pincodePrefixes: ['500', '506', '505', '503'] },
  { id: 19, name: 'Andhra Pradesh', zoneId: 3, weight: 5, pincodePrefixes: ['520', '530', '522', '517', '524'] },
  { id: 20, name: 'Puducherry', zoneId: 3, weight: 0.5, pincodePrefixes: ['605'] },
  { id: 21, name: 'West Bengal', zoneId: 4, weight: 8, pincodePrefixes: ['700', '711', '713', '721', '734'] },
  { id: 22, name: 'Odisha', zoneId: 4, weight: 4, pincodePrefixes: ['751', '753', '760', '769'] },
  { id: 23, name: 'Bihar', zoneId: 4, weight: 5, pincodePrefixes: ['800', '812', '823', '842', '846'] },
  { id: 24, name: 'Jharkhand', zoneId: 4, weight: 3, pincodePrefixes: ['834', '831', '826', '825'] },
  { id: 25, name: 'Assam', zoneId: 4, weight: 2.5, pincodePrefixes: ['781', '785', '786', '788'] },
  { id: 26, name: 'Meghalaya', zoneId: 4, weight: 0.5, pincodePrefixes: ['793'] },
  { id: 27, name: 'Tripura', zoneId: 4, weight: 0.5, pincodePrefixes: ['799'] },
];

export type Line = ProductDef['line'];

export interface InsurerDef {
  id: number;
  name: string;
  /** Prefix of the policy numbers it issues. */
  code: string;
  /** Share of each line it writes through the distributor (relative within the line). */
  lines: Partial<Record<Line, number>>;
}

/** Loans are booked against the lending bank or NBFC, kept in the same table as the provider. */
export const INSURERS: readonly InsurerDef[] = [
  { id: 1, name: 'ICICI Lombard', code: 'ICL', lines: { motor: 14, cv: 8, health: 4, travel: 8, sme: 10 } },
  { id: 2, name: 'HDFC ERGO', code: 'HEG', lines: { motor: 12, cv: 6, health: 5, travel: 5, sme: 8 } },
  { id: 3, name: 'Bajaj Allianz', code: 'BAG', lines: { motor: 12, cv: 8, health: 3, travel: 6, sme: 8 } },
  { id: 4, name: 'TATA AIG', code: 'TAG', lines: { motor: 10, cv: 6, health: 2, travel: 12, sme: 7 } },
  { id: 5, name: 'Reliance General', code: 'RGI', lines: { motor: 8, cv: 7, health: 1, travel: 4, sme: 5 } },
  { id: 6, name: 'SBI General', code: 'SBG', lines: { motor: 6, cv: 3, health: 1, sme: 4 } },
  { id: 7, name: 'Digit', code: 'DGT', lines: { motor: 11, cv: 7, health: 1, travel: 4, sme: 3 } },
  { id: 8, name: 'Acko', code: 'ACK', lines: { motor: 5, health: 1, travel: 2 } },
  { id: 9, name: 'Future Generali', code: 'FGI', lines: { motor: 4, cv: 3, sme: 3 } },
  { id: 10, name: 'Royal Sundaram', code: 'RSG', lines: { motor: 4, cv: 3, health: 1, sme: 3 } },
  { id: 11, name: 'IFFCO Tokio', code: 'ITG', lines: { motor: 5, cv: 5, sme: 5 } },
  { id: 12, name: 'Chola MS', code: 'CMS', lines: { motor: 5, cv: 10, sme: 3 } },
  { id: 13, name: 'Kotak General', code: 'KGI', lines: { motor: 3, health: 1, sme: 2 } },
  { id: 14, name: 'Liberty General', code: 'LGI', lines: { motor: 3, cv: 3, sme: 2 } },
  { id: 15, name: 'Magma HDI', code: 'MHD', lines: { motor: 2, cv: 6 } },
  { id: 16, name: 'Shriram General', code: 'SGI', lines: { motor: 4, cv: 14 } },
  { id: 17, name: 'New India Assurance', code: 'NIA', lines: { motor: 4, cv: 5, health: 1, sme: 9 } },
  { id: 18, name: 'United India', code: 'UII', lines: { motor: 2, cv: 3, sme: 6 } },
  { id: 19, name: 'Star Health', code: 'SHA', lines: { health: 30, travel: 2 } },
  { id: 20, name: 'Niva Bupa', code: 'NBU', lines: { health: 18 } },
  { id: 21, name: 'Care Health', code: 'CHI', lines: { health: 18, travel: 4 } },
  { id: 22, name: 'Aditya Birla Health', code: 'ABH', lines: { health: 12 } },
  { id: 23, name: 'ManipalCigna', code: 'MCH', lines: { health: 7 } },
  { id: 24, name: 'HDFC Life', code: 'HDL', lines: { life: 18 } },
  { id: 25, name: 'ICICI Prudential Life', code: 'IPL', lines: { life: 16 } },
  { id: 26, name: 'Max Life', code: 'MXL', lines: { life: 14 } },
  { id: 27, name: 'Tata AIA Life', code: 'TAL', lines: { life: 14 } },
  { id: 28, name: 'SBI Life', code: 'SBL', lines: { life: 12 } },
  { id: 29, name: 'Bajaj Allianz Life', code: 'BAL', lines: { life: 10 } },
  { id: 30, name: 'Kotak Life', code: 'KLI', lines: { life: 6 } },
  { id: 31, name: 'PNB MetLife', code: 'PML', lines: { life: 5 } },
  { id: 32, name: 'Aditya Birla Sun Life', code: 'ABS', lines: { life: 5 } },
  { id: 33, name: 'Bajaj Finserv', code: 'BFL', lines: { loan: 30 } },
  { id: 34, name: 'HDFC Bank', code: 'HDB', lines: { loan: 25 } },
  { id: 35, name: 'ICICI Bank', code: 'ICB', lines: { loan: 20 } },
  { id: 36, name: 'Axis Bank', code: 'AXB', lines: { loan: 15 } },
  { id: 37, name: 'Tata Capital', code: 'TCL', lines: { loan: 10 } },
];

export function stateById(id: number): StateDef {
  const state = STATES.find((s) => s.id === id);
  if (!state) throw new Error(`demo data: unknown state ${id}`);
  return state;
}
