import { describe, expect, it } from 'vitest';
import { CUSTOMER_EMAIL_INVALID, CUSTOMER_NAME_REQUIRED } from '@shared/schemas/customer';
import { MAKE_REQUIRED, MILEAGE_WHOLE } from '@shared/schemas/vehicle';
import { editableFields, editWrite, fieldLabel } from './edit-write';
import type { LocalWrite } from '@web/offline/types';

const CUSTOMER_ID = '0b7d6c1e-3c55-4a53-9d0e-2f7a4b1c9e01';
const VEHICLE_ID = '5f0e2c4a-8b1d-4e7f-a3c6-9d2b1e0f4a72';
const INSPECTION_ID = 'a1c3e5f7-2b4d-4f6a-8c0e-1d3f5a7b9c0d';

const customerCreate: LocalWrite = {
  kind: 'customer.create',
  id: CUSTOMER_ID,
  body: { name: 'Jane Doe', email: 'jane@example', phone: '555-0100', address: null, status: 'active' },
};

describe('editableFields', () => {
  it('lists the text fields of a create with their values as text', () => {
    expect(editableFields(customerCreate)).toEqual([
      { name: 'name', label: 'Name', value: 'Jane Doe' },
      { name: 'email', label: 'Email', value: 'jane@example' },
      { name: 'phone', label: 'Phone', value: '555-0100' },
      { name: 'address', label: 'Address', value: '' },
      { name: 'status', label: 'Status', value: 'active' },
    ]);
  });

  it('lists only the changed fields of an update, never references', () => {
    const write: LocalWrite = {
      kind: 'vehicle.update',
      id: VEHICLE_ID,
      changes: { customerId: CUSTOMER_ID, mileage: 90000, licensePlate: 'BAY 9' },
    };
    expect(editableFields(write)).toEqual([
      { name: 'mileage', label: 'Mileage', value: '90000' },
      { name: 'licensePlate', label: 'License plate', value: 'BAY 9' },
    ]);
  });

  it('has nothing to edit in deletes and approvals', () => {
    expect(editableFields({ kind: 'customer.delete', id: CUSTOMER_ID })).toBeNull();
    expect(
      editableFields({
        kind: 'service.status',
        inspectionId: INSPECTION_ID,
        serviceId: VEHICLE_ID,
        status: 'approved',
      }),
    ).toBeNull();
    expect(
      editableFields({
        kind: 'inspection.update',
        id: INSPECTION_ID,
        changes: { services: [], checkEngineLight: true },
      }),
    ).toBeNull();
  });

  it('labels camelCase fields in words', () => {
    expect(fieldLabel('frontLeftTread')).toBe('Front left tread');
    expect(fieldLabel('vin')).toBe('VIN');
  });
});

describe('editWrite', () => {
  it('shows the shared schema messages for bad values', () => {
    const result = editWrite(customerCreate, { name: '  ', email: 'jane@example' });
    expect(result).toEqual({ ok: false, errors: { name: CUSTOMER_NAME_REQUIRED, email: CUSTOMER_EMAIL_INVALID } });
  });

  it('replaces only the corrected fields and keeps the rest', () => {
    const result = editWrite(customerCreate, {
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '555-0100',
      address: '',
      status: 'active',
    });
    expect(result).toEqual({
      ok: true,
      write: {
        ...customerCreate,
        body: { name: 'Jane Doe', email: 'jane@example.com', phone: '555-0100', address: null, status: 'active' },
      },
    });
  });

  it('keeps numbers as numbers and validates update fields with the update schema', () => {
    const write: LocalWrite = { kind: 'vehicle.update', id: VEHICLE_ID, changes: { make: 'Subaru', mileage: 90000 } };
    expect(editWrite(write, { make: '', mileage: '12.5' })).toEqual({
      ok: false,
      errors: { make: MAKE_REQUIRED, mileage: MILEAGE_WHOLE },
    });
    expect(editWrite(write, { make: 'Toyota', mileage: '91000' })).toEqual({
      ok: true,
      write: { kind: 'vehicle.update', id: VEHICLE_ID, changes: { make: 'Toyota', mileage: 91000 } },
    });
  });

  it('validates inspection measurements with their messages', () => {
    const write: LocalWrite = {
      kind: 'inspection.update',
      id: INSPECTION_ID,
      changes: { frontLeftTread: 6.5, notes: 'Squeal' },
    };
    expect(editWrite(write, { frontLeftTread: '6.55' })).toEqual({
      ok: false,
      errors: { frontLeftTread: 'Front left tread must be a number from 0 to 999.9 in steps of 0.1' },
    });
    expect(editWrite(write, { frontLeftTread: '6.4', notes: 'Squeal on braking' })).toEqual({
      ok: true,
      write: {
        kind: 'inspection.update',
        id: INSPECTION_ID,
        changes: { frontLeftTread: 6.4, notes: 'Squeal on braking' },
      },
    });
  });

  it('refuses writes that have nothing to edit', () => {
    expect(editWrite({ kind: 'vehicle.delete', id: VEHICLE_ID }, {})).toEqual({
      ok: false,
      errors: { _form: 'This change cannot be edited.' },
    });
  });
});
