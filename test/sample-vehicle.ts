/** The car the bench and the fault runs seed through the API: one fixed body, so both read the same. */
export const SAMPLE_VEHICLE = {
  year: 2019,
  make: 'Honda',
  model: 'Civic',
  vin: '2HGFC2F59KH512345',
  licensePlate: 'BAY 123',
  mileage: 48213,
} as const;
