import { describe, expect, it } from 'vitest';
import { noticeText } from './notice-text';

const gone = (subject: Parameters<typeof noticeText>[0]['subject'], reference: 'customer' | 'vehicle' | null = null) =>
  noticeText({ kind: 'gone', label: 'Edit customer', subject, reference });

describe('the notice of a change the server dropped (410)', () => {
  it('names the row from its local copy', () => {
    expect(gone({ entity: 'customer', name: 'Jane Doe' })).toBe(
      'Your change to customer Jane Doe could not be applied: it was deleted.',
    );
    expect(gone({ entity: 'vehicle', year: 2018, make: 'Honda', model: 'Civic' }, 'customer')).toBe(
      'Your change to vehicle 2018 Honda Civic could not be applied: its customer was deleted.',
    );
    expect(gone({ entity: 'service', description: 'Brake pads' })).toBe(
      'Your change to service Brake pads could not be applied: it was deleted.',
    );
    expect(gone({ entity: 'deferred', description: 'Timing belt' })).toBe(
      'Your change to deferred work Timing belt could not be applied: it was deleted.',
    );
    expect(
      gone({ entity: 'inspection', customerName: 'Jane Doe', year: 2018, make: 'Honda', model: 'Civic' }, 'vehicle'),
    ).toBe(
      "Your change to the inspection of Jane Doe's 2018 Honda Civic could not be applied: its vehicle was deleted.",
    );
  });

  it("falls back to the change's own label when its row is no longer on the device", () => {
    expect(gone(null)).toBe('Your change "Edit customer" could not be applied: it was deleted.');
  });
});
