import { Weighted, type Rng } from './random';
import { STATES, type StateDef } from './reference';

/** Names, phones, emails and pincodes that look like the people of each zone. */

const MALE = [
  'Aarav',
  'Abhishek',
  'Aditya',
  'Ajay',
  'Akash',
  'Amit',
  'Anil',
  'Ankit',
  'Arjun',
  'Ashok',
  'Deepak',
  'Dinesh',
  'Gaurav',
  'Harish',
  'Karan',
  'Kunal',
  'Manish',
  'Manoj',
  'Mohit',
  'Naveen',
  'Nikhil',
  'Nitin',
  'Pankaj',
  'Pradeep',
  'Prakash',
  'Pranav',
  'Rahul',
  'Rajesh',
  'Rakesh',
  'Ramesh',
  'Ravi',
  'Rohit',
  'Sachin',
  'Sandeep',
  'Sanjay',
  'Santosh',
  'Saurabh',
  'Siddharth',
  'Sunil',
  'Suresh',
  'Tarun',
  'Varun',
  'Vijay',
  'Vikas',
  'Vinod',
  'Vivek',
  'Yogesh',
] as const;

const FEMALE = [
  'Aarti',
  'Aishwarya',
  'Ananya',
  'Anita',
  'Anjali',
  'Bhavna',
  'Deepika',
  'Divya',
  'Gayatri',
  'Isha',
  'Jyoti',
  'Kavita',
  'Kavya',
  'Madhuri',
  'Meena',
  'Megha',
  'Neha',
  'Nisha',
  'Payal',
  'Pooja',
  'Priya',
  'Priyanka',
  'Radha',
  'Rekha',
  'Ritu',
  'Sangeeta',
  'Shalini',
  'Shreya',
  'Sneha',
  'Sonal',
  'Sunita',
  'Swati',
  'Tanvi',
  'Usha',
  'Vandana',
  'Varsha',
] as const;

interface ZoneNames {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
}

const ZONE_NAMES: Record<number, ZoneNames> = {
  1: {
    male: ['Gurpreet', 'Harpreet', 'Mandeep', 'Lokesh', 'Hemant', 'Devendra'],
    female: ['Simran', 'Jaspreet', 'Manpreet', 'Komal'],
    surnames: [
      'Sharma',
      'Verma',
      'Gupta',
      'Singh',
      'Yadav',
      'Chauhan',
      'Malhotra',
      'Kapoor',
      'Arora',
      'Mehra',
      'Agarwal',
      'Saxena',
      'Tiwari',
      'Pandey',
      'Srivastava',
      'Bansal',
      'Chaudhary',
      'Rathore',
      'Sethi',
      'Khanna',
      'Bhatia',
      'Dhillon',
      'Sandhu',
      'Gill',
      'Rawat',
      'Negi',
    ],
  },
  2: {
    male: ['Hardik', 'Chirag', 'Tejas', 'Omkar', 'Mayur', 'Sagar'],
    female: ['Hetal', 'Rutuja', 'Prajakta', 'Krupa'],
    surnames: [
      'Patil',
      'Deshmukh',
      'Joshi',
      'Kulkarni',
      'Shah',
      'Patel',
      'Desai',
      'Mehta',
      'Jadhav',
      'Pawar',
      'Shinde',
      'Gaikwad',
      'More',
      'Chavan',
      'Naik',
      'Bhosale',
      'Trivedi',
      'Parmar',
      'Solanki',
      'Dave',
      'Kamat',
      'Sawant',
      'Thakur',
      'Dubey',
    ],
  },
  3: {
    male: ['Srinivas', 'Venkatesh', 'Karthik', 'Murali', 'Senthil', 'Arun', 'Prasanna', 'Vignesh'],
    female: ['Lakshmi', 'Revathi', 'Deepa', 'Keerthi', 'Divya', 'Sowmya'],
    surnames: [
      'Reddy',
      'Rao',
      'Nair',
      'Iyer',
      'Menon',
      'Pillai',
      'Krishnan',
      'Naidu',
      'Gowda',
      'Shetty',
      'Kumar',
      'Subramanian',
      'Raju',
      'Varma',
      'Hegde',
      'Kamath',
      'Murthy',
      'Prasad',
      'Babu',
      'Rajan',
      'Thomas',
      'Varghese',
      'Joseph',
      'Chetty',
    ],
  },
  4: {
    male: ['Sourav', 'Debashish', 'Arindam', 'Subhash', 'Biswajit', 'Pritam', 'Manas'],
    female: ['Moumita', 'Sutapa', 'Rituparna', 'Tanushree', 'Puja'],
    surnames: [
      'Das',
      'Banerjee',
      'Chatterjee',
      'Mukherjee',
      'Bose',
      'Ghosh',
      'Sen',
      'Mohanty',
      'Mishra',
      'Sinha',
      'Jha',
      'Dutta',
      'Roy',
      'Saha',
      'Pal',
      'Mandal',
      'Panda',
      'Patnaik',
      'Behera',
      'Baruah',
      'Bora',
      'Gogoi',
      'Choudhury',
    ],
  },
};

export interface PersonName {
  first: string;
  last: string;
  full: string;
}

export function personName(rng: Rng, zoneId: number): PersonName {
  const local = ZONE_NAMES[zoneId] ?? ZONE_NAMES[1];
  if (!local) throw new Error('demo data: zone names missing');
  const female = rng.chance(0.32);
  const first = rng.chance(0.25) ? rng.pick(female ? local.female : local.male) : rng.pick<string>(female ? FEMALE : MALE);
  const last = rng.pick(local.surnames);
  return { first, last, full: `${first} ${last}` };
}

const FIRST_DIGIT = new Weighted<string>([
  ['9', 40],
  ['8', 25],
  ['7', 25],
  ['6', 10],
]);

/** Indian mobile numbers: 10 digits starting 6-9. */
export function mobile(rng: Rng): string {
  return FIRST_DIGIT.pick(rng) + rng.digits(9);
}

/** Reserved example domains, so that no demo mail can ever reach a real mailbox. */
const PERSONAL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example'] as const;
export const STAFF_DOMAIN = 'dossier.example';

export function personalEmail(rng: Rng, name: PersonName, n: number): string {
  const local = rng.chance(0.5) ? `${name.first}.${name.last}${n}` : `${name.first}${n}`;
  return `${local.toLowerCase()}@${rng.pick(PERSONAL_DOMAINS)}`;
}

const BY_WEIGHT = new Weighted(STATES.map((s) => [s, s.weight] as const));
const BY_ZONE = new Map<number, Weighted<StateDef>>();
for (const zoneId of new Set(STATES.map((s) => s.zoneId))) {
  BY_ZONE.set(zoneId, new Weighted(STATES.filter((s) => s.zoneId === zoneId).map((s) => [s, s.weight] as const)));
}

/** A state of the zone (or of the whole country), in proportion to its business. */
export function pickState(rng: Rng, zoneId: number | null): StateDef {
  const pool = zoneId === null ? BY_WEIGHT : BY_ZONE.get(zoneId);
  if (!pool) throw new Error(`demo data: no states in zone ${zoneId}`);
  return pool.pick(rng);
}

/** A pincode of the state: the main city half the time, low delivery-office numbers as in real codes. */
export function pincode(rng: Rng, state: StateDef): string {
  const prefix = rng.chance(0.5) ? state.pincodePrefixes[0] : rng.pick(state.pincodePrefixes);
  const office = rng.chance(0.85) ? rng.int(1, 99) : rng.int(101, 160);
  return `${prefix ?? '110'}${String(office).padStart(3, '0')}`;
}
