// Word lists for the bulk seeder: believable customers, vehicles and repair work.

export const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Alan', 'Alice', 'Amara', 'Andre', 'Angela', 'Anton',
  'Ava', 'Beatriz', 'Ben', 'Bianca', 'Brandon', 'Caleb', 'Camila', 'Carl', 'Carmen', 'Chloe',
  'Chris', 'Claire', 'Colin', 'Dana', 'Daniel', 'Dara', 'Deborah', 'Derek', 'Diego', 'Elena',
  'Eli', 'Emma', 'Eric', 'Esther', 'Ethan', 'Farah', 'Felix', 'Fiona', 'Gabriel', 'Grace',
  'Greg', 'Hana', 'Harper', 'Hector', 'Helen', 'Ian', 'Imani', 'Isaac', 'Ivy', 'Jack',
  'Jada', 'James', 'Jasmine', 'Javier', 'Jenna', 'Joel', 'Jordan', 'Julia', 'Kai', 'Karen',
  'Keith', 'Kenji', 'Laura', 'Leah', 'Leon', 'Lila', 'Lucas', 'Luis', 'Maya', 'Marcus',
  'Maria', 'Mark', 'Mei', 'Miguel', 'Mila', 'Nadia', 'Nathan', 'Nina', 'Noah', 'Olivia',
  'Omar', 'Owen', 'Paul', 'Priya', 'Quinn', 'Rachel', 'Raj', 'Rosa', 'Ruth', 'Sam',
  'Sara', 'Sean', 'Sofia', 'Tara', 'Theo', 'Tom', 'Uma', 'Victor', 'Wendy', 'Zoe',
] as const;

/** Everyone else's surname; none contains the common one. */
export const SURNAMES = [
  'Abbott', 'Acosta', 'Adler', 'Alvarez', 'Andersen', 'Archer', 'Baker', 'Banerjee', 'Barnes', 'Becker',
  'Bennett', 'Bishop', 'Blake', 'Bowman', 'Brennan', 'Brooks', 'Burke', 'Campbell', 'Carver', 'Castillo',
  'Chandler', 'Chen', 'Clarke', 'Coleman', 'Conway', 'Cruz', 'Dalton', 'Delgado', 'Dixon', 'Doyle',
  'Duarte', 'Ellison', 'Estrada', 'Farrell', 'Fischer', 'Fleming', 'Flores', 'Foster', 'Fowler', 'Gallagher',
  'Garrison', 'Gibson', 'Gomez', 'Gordon', 'Graves', 'Gupta', 'Hale', 'Hansen', 'Harding', 'Hayes',
  'Hendricks', 'Herrera', 'Hoffman', 'Holland', 'Hopkins', 'Howell', 'Hughes', 'Ibarra', 'Ingram', 'Jacobs',
  'Jensen', 'Jimenez', 'Kaplan', 'Keller', 'Kennedy', 'Khan', 'Kim', 'Kowalski', 'Lambert', 'Larsen',
  'Lawson', 'Lindqvist', 'Lopez', 'Lowe', 'Maddox', 'Mahoney', 'Marsh', 'Medina', 'Mendez', 'Mercer',
  'Meyer', 'Molina', 'Morales', 'Murphy', 'Nakamura', 'Navarro', 'Nolan', 'Novak', 'Obrien', 'Okafor',
  'Olsen', 'Ortega', 'Osei', 'Palmer', 'Park', 'Patel', 'Pearson', 'Perez', 'Pierce', 'Porter',
  'Quinlan', 'Ramirez', 'Reyes', 'Rhodes', 'Richter', 'Rivera', 'Romero', 'Rossi', 'Russo', 'Salazar',
  'Sandoval', 'Schmidt', 'Shah', 'Shaw', 'Silva', 'Sinclair', 'Soto', 'Stanton', 'Steele', 'Sullivan',
  'Tanaka', 'Thornton', 'Torres', 'Tran', 'Turner', 'Vance', 'Vargas', 'Vaughn', 'Vega', 'Wagner',
  'Walsh', 'Warren', 'Watts', 'Weber', 'Webster', 'Whitfield', 'Wiley', 'Winters', 'Wolfe', 'Wu',
  'Yamada', 'Yates', 'Young', 'Zamora', 'Ziegler', 'Brandt', 'Caruso', 'Dunn', 'Ferreira', 'Haddad',
] as const;

/** One customer in a hundred has it: the "common surname" a search finds about 1% of the shop with. */
export const COMMON_SURNAME = 'Nguyen';

export const STREETS = [
  'Maple', 'Oak', 'Cedar', 'Elm', 'Pine', 'Birch', 'Willow', 'Lakeview', 'Hillcrest', 'Sunset',
  'Ridge', 'Meadow', 'River', 'Park', 'Church', 'Mill', 'Spring', 'Highland', 'Forest', 'Harbor',
] as const;
export const STREET_KINDS = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court'] as const;
export const CITIES = ['Springfield', 'Riverton', 'Fairview', 'Greenville', 'Madison', 'Oakdale', 'Bristol', 'Clayton'] as const;
export const EMAIL_DOMAINS = ['mail.example', 'inbox.example', 'post.example', 'example.net'] as const;

export const VEHICLE_MODELS = [
  ['Honda', 'Civic'], ['Honda', 'Accord'], ['Honda', 'CR-V'], ['Toyota', 'Camry'], ['Toyota', 'Corolla'],
  ['Toyota', 'RAV4'], ['Toyota', 'Tacoma'], ['Ford', 'F-150'], ['Ford', 'Escape'], ['Ford', 'Focus'],
  ['Chevrolet', 'Silverado'], ['Chevrolet', 'Malibu'], ['Chevrolet', 'Equinox'], ['Nissan', 'Altima'], ['Nissan', 'Rogue'],
  ['Subaru', 'Outback'], ['Subaru', 'Forester'], ['Hyundai', 'Elantra'], ['Kia', 'Sorento'], ['Mazda', 'CX-5'],
  ['Volkswagen', 'Jetta'], ['Jeep', 'Wrangler'], ['Ram', '1500'], ['BMW', '3 Series'], ['Tesla', 'Model 3'],
] as const;
export const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Blue', 'Red', 'Green', 'Beige'] as const;

/** A service description with its usual labour (cents) and parts (name, cents). */
export const JOBS: readonly { description: string; laborCents: number; parts: readonly (readonly [string, number])[] }[] = [
  { description: 'Front brake pads and rotors', laborCents: 18000, parts: [['Brake pad set', 6499], ['Rotor (x2)', 11950]] },
  { description: 'Rear brake pads', laborCents: 12000, parts: [['Brake pad set', 5899]] },
  { description: 'Oil and filter change', laborCents: 3500, parts: [['5W-30 oil, 5 qt', 3200], ['Oil filter', 899]] },
  { description: 'Engine air filter', laborCents: 1500, parts: [['Engine air filter', 2199]] },
  { description: 'Cabin air filter', laborCents: 2000, parts: [['Cabin filter', 1899]] },
  { description: 'Coolant flush', laborCents: 9000, parts: [['Coolant, 2 gal', 3800]] },
  { description: 'Replace serpentine belt', laborCents: 8500, parts: [['Serpentine belt', 4250]] },
  { description: 'Four new tyres, mount and balance', laborCents: 10000, parts: [['Tyre (x4)', 52000], ['Valve stems', 1200]] },
  { description: 'Wiper blades', laborCents: 1000, parts: [['Wiper blade pair', 3499]] },
  { description: 'Battery replacement', laborCents: 4000, parts: [['Battery, group 35', 18999]] },
  { description: 'Front struts', laborCents: 32000, parts: [['Strut assembly (x2)', 38900], ['Strut mount kit', 6400]] },
  { description: 'Oil pan gasket', laborCents: 21000, parts: [['Gasket', 2875]] },
];

export const LEAKS = ['Oil pan gasket', 'Valve cover', 'Coolant hose', 'Rear main seal', 'Power steering line'] as const;
export const INSPECTION_NOTES = [
  'Rear brakes near the limit; tyres wearing evenly.',
  'Customer reports a squeal when braking.',
  'Check engine light was on; codes read and cleared.',
  'Routine inspection, no concerns from the customer.',
  null,
] as const;
