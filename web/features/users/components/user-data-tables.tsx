import type { z } from 'zod';
import type { UserData, userDataInspection, userDataVehicle } from '@shared/schemas/user';
import type { Customer } from '@shared/schemas/customer';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDate, formatNumber, vehicleName } from '@web/lib/format';
import { DataTable, type Column } from './data-table';

type DataVehicle = z.infer<typeof userDataVehicle>;
type DataInspection = z.infer<typeof userDataInspection>;

const NA = 'N/A';

/** "45,000 mi", or N/A when unknown (0 is a real reading). */
export function mileageText(mileage: number | null): string {
  return mileage === null ? NA : `${formatNumber(mileage)} mi`;
}

const CUSTOMER_COLUMNS: Column<Customer>[] = [
  { header: 'Name', cell: (c) => c.name },
  { header: 'Email', cell: (c) => c.email },
  { header: 'Phone', cell: (c) => c.phone, nowrap: true },
  { header: 'Address', cell: (c) => c.address || NA },
];

const VEHICLE_COLUMNS: Column<DataVehicle>[] = [
  { header: 'Year', cell: (v) => v.year },
  { header: 'Make', cell: (v) => v.make },
  { header: 'Model', cell: (v) => v.model },
  { header: 'VIN', cell: (v) => v.vin || NA },
  { header: 'License Plate', cell: (v) => v.licensePlate || NA, nowrap: true },
  { header: 'Mileage', cell: (v) => mileageText(v.mileage), nowrap: true },
];

const INSPECTION_COLUMNS: Column<DataInspection>[] = [
  { header: 'Date', cell: (i) => formatDate(i.createdAt), nowrap: true },
  { header: 'Customer', cell: (i) => i.customer.name },
  { header: 'Vehicle', cell: (i) => vehicleName(i.vehicle) },
  { header: 'Status', cell: (i) => <StatusBadge family="inspection" status={i.status} /> },
  { header: 'Notes', cell: (i) => i.notes || 'No notes' },
];

const byId = (row: { id: string }) => row.id;

/** The three tables of the user data view (fixed columns, and a text of its own when a table is empty). */
export function UserDataTables({ data }: { data: UserData }) {
  return (
    <>
      <DataTable
        title="Customers"
        testId="user-customers"
        rows={data.customers}
        columns={CUSTOMER_COLUMNS}
        rowKey={byId}
        empty="No customers yet"
      />
      <DataTable
        title="Vehicles"
        testId="user-vehicles"
        rows={data.vehicles}
        columns={VEHICLE_COLUMNS}
        rowKey={byId}
        empty="No vehicles yet"
      />
      <DataTable
        title="Inspections"
        testId="user-inspections"
        rows={data.inspections}
        columns={INSPECTION_COLUMNS}
        rowKey={byId}
        empty="No inspections yet"
      />
    </>
  );
}
