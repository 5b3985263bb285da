// Word lists for the demo shop: a neighbourhood garage in Portland, Oregon. Phone numbers use the
// fictional 555-01xx range and email addresses the reserved example.com / example.net domains.

export const SHOP = {
  companyName: 'Riverside Auto Care',
  phone: '(503) 555-0142',
  address: '1450 SE Water Ave',
  city: 'Portland',
  state: 'OR',
  zipCode: '97214',
  website: 'https://riversideautocare.example.com',
  staffDomain: 'riversideautocare.example.com',
};

export const FIRST_NAMES = [
  'Sarah',
  'Michael',
  'Jessica',
  'David',
  'Emily',
  'Daniel',
  'Ashley',
  'James',
  'Olivia',
  'Robert',
  'Maria',
  'Kevin',
  'Laura',
  'Brian',
  'Rachel',
  'Jason',
  'Megan',
  'Anthony',
  'Nicole',
  'Eric',
  'Priya',
  'Carlos',
  'Hannah',
  'Tyler',
  'Grace',
  'Luis',
  'Amanda',
  'Nathan',
  'Keiko',
  'Samuel',
] as const;

export const LAST_NAMES = [
  'Mitchell',
  'Nguyen',
  'Patel',
  'Johnson',
  'Garcia',
  'Thompson',
  'Martinez',
  'Robinson',
  'Clark',
  'Lewis',
  'Walker',
  'Hernandez',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Ramirez',
  'Campbell',
  'Parker',
  'Evans',
  'Tanaka',
  'Okafor',
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'mail.example.com'] as const;

export const STREETS = [
  'SE Division St',
  'NE Alberta St',
  'N Lombard St',
  'SW Capitol Hwy',
  'NE Sandy Blvd',
  'SE Hawthorne Blvd',
  'N Williams Ave',
  'NW 23rd Ave',
  'SE Foster Rd',
  'NE Broadway',
  'SE Belmont St',
  'N Mississippi Ave',
  'SW Barbur Blvd',
  'NE Fremont St',
] as const;

export const PLACES = [
  { city: 'Portland', state: 'OR', zip: '97202' },
  { city: 'Portland', state: 'OR', zip: '97211' },
  { city: 'Portland', state: 'OR', zip: '97214' },
  { city: 'Portland', state: 'OR', zip: '97217' },
  { city: 'Milwaukie', state: 'OR', zip: '97222' },
  { city: 'Beaverton', state: 'OR', zip: '97005' },
  { city: 'Gresham', state: 'OR', zip: '97030' },
  { city: 'Vancouver', state: 'WA', zip: '98661' },
] as const;

export interface VehicleModel {
  make: string;
  model: string;
  /** World manufacturer identifier: the first three characters of the VIN. */
  wmi: string;
  years: readonly [number, number];
}

export const VEHICLE_MODELS: readonly VehicleModel[] = [
  { make: 'Honda', model: 'Civic', wmi: '2HG', years: [2012, 2022] },
  { make: 'Honda', model: 'CR-V', wmi: '5J6', years: [2014, 2023] },
  { make: 'Honda', model: 'Odyssey', wmi: '5FN', years: [2013, 2021] },
  { make: 'Toyota', model: 'Camry', wmi: '4T1', years: [2011, 2023] },
  { make: 'Toyota', model: 'RAV4', wmi: '2T3', years: [2013, 2024] },
  { make: 'Toyota', model: 'Tacoma', wmi: '3TM', years: [2010, 2022] },
  { make: 'Toyota', model: 'Prius', wmi: 'JTD', years: [2010, 2020] },
  { make: 'Ford', model: 'F-150', wmi: '1FT', years: [2011, 2023] },
  { make: 'Ford', model: 'Escape', wmi: '1FM', years: [2013, 2022] },
  { make: 'Chevrolet', model: 'Silverado 1500', wmi: '1GC', years: [2012, 2022] },
  { make: 'Chevrolet', model: 'Equinox', wmi: '2GN', years: [2014, 2023] },
  { make: 'Subaru', model: 'Outback', wmi: '4S4', years: [2011, 2023] },
  { make: 'Subaru', model: 'Forester', wmi: 'JF2', years: [2012, 2023] },
  { make: 'Nissan', model: 'Altima', wmi: '1N4', years: [2012, 2021] },
  { make: 'Nissan', model: 'Rogue', wmi: 'KNM', years: [2014, 2022] },
  { make: 'Hyundai', model: 'Elantra', wmi: 'KMH', years: [2013, 2023] },
  { make: 'Kia', model: 'Sorento', wmi: '5XY', years: [2014, 2022] },
  { make: 'Mazda', model: 'CX-5', wmi: 'JM3', years: [2014, 2023] },
  { make: 'Volkswagen', model: 'Jetta', wmi: '3VW', years: [2011, 2021] },
  { make: 'Jeep', model: 'Grand Cherokee', wmi: '1C4', years: [2012, 2022] },
  { make: 'Ram', model: '1500', wmi: '1C6', years: [2013, 2023] },
  { make: 'BMW', model: '328i', wmi: 'WBA', years: [2012, 2018] },
  { make: 'Tesla', model: 'Model 3', wmi: '5YJ', years: [2018, 2023] },
];

export const COLORS = [
  'White',
  'Black',
  'Silver',
  'Gray',
  'Blue',
  'Red',
  'Green',
  'Pearl White',
  'Dark Blue',
  'Maroon',
] as const;

export const LEAKS = ['Oil', 'Coolant', 'Transmission fluid', 'Power steering fluid', 'Brake fluid'] as const;

export const DIAGNOSTIC_CODES = [
  'P0420 - Catalyst efficiency below threshold (bank 1)',
  'P0171 - System too lean (bank 1)',
  'P0300 - Random/multiple cylinder misfire detected',
  'P0442 - EVAP system small leak detected',
  'P0128 - Coolant thermostat below regulating temperature',
  'P0455 - EVAP system large leak detected',
] as const;

export const INSPECTION_SUMMARIES = [
  'Customer reports a squeal when braking at low speed.',
  'Routine 30k-mile service visit. Customer mentioned a slight pull to the right.',
  'Pre-road-trip inspection requested by customer.',
  'Check engine light came on last week; customer says the car runs rough at idle.',
  'Annual inspection. No complaints from the customer.',
  'Customer noticed spots on the driveway under the engine.',
  'Vibration in the steering wheel above 55 mph.',
  'Oil change overdue by about 2,000 miles.',
] as const;

export const TECH_NOTES = [
  'Road tested 5 miles; no abnormal noises after warm-up.',
  'Photos of the worn parts are attached to the work order.',
  'Tire pressures set to door placard spec.',
  'Battery tested good: 12.6 V, 640 CCA.',
  'Wiper blades streaking; mentioned to the customer.',
  'Customer will wait in the lobby.',
  'Torqued lug nuts to spec after rotation.',
  'Recommend recheck at next oil change.',
] as const;

export const INVOICE_NOTES = [
  'Thank you for choosing Riverside Auto Care.',
  'Payment due on pickup.',
  'Old parts returned to the customer at their request.',
  '12-month / 12,000-mile warranty on parts and labor.',
] as const;
