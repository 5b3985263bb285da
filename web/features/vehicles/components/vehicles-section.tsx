import { Car, Plus } from 'lucide-react';
import { useState } from 'react';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { filterChoices, ListSearch, ListSelect, useTypedFilters } from '@web/components/list-layout/list-filters';
import { ListLayout, ListToolbar } from '@web/components/list-layout/list-layout';
import { ListStates, loadStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { useVehicleDialog } from '@web/lib/vehicle-dialog-context';
import { usePendingIds } from '@web/lib/use-sync';
import { useDeleteVehicle } from '@web/entities/vehicles/delete-vehicle';
import { useVehicles, VEHICLES_PAGE_SIZE } from '@web/entities/vehicles/get-vehicles';
import type { VehicleListParams } from '@web/entities/vehicles/vehicle-keys';
import { ALL_CUSTOMERS, CustomerSelect } from './customer-select';
import { Pager } from '@web/components/ui/pager';
import { VehicleCard } from './vehicle-card';

const SORT_OPTIONS = [
  { value: 'year', label: 'Year Newest' },
  { value: 'make', label: 'Make A-Z' },
  { value: 'mileage', label: 'Mileage Low-High' },
];

export function VehiclesSection() {
  const { openVehicleDialog } = useVehicleDialog();
  const remove = useDeleteVehicle();
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState({ id: ALL_CUSTOMERS, name: '' });
  const [params, setParams] = useState<VehicleListParams>({ q: '', customerId: null, sort: 'year', page: 0 });
  const choice = filterChoices(params, setParams);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'vehicle',
    description: 'Its inspections are deleted with it.',
  });
  const vehicles = useVehicles(params);
  const unsent = usePendingIds();

  // Search as you type, a moment after the last key.
  const typing = useTypedFilters({ q: search }, params, setParams);

  const total = vehicles.data?.total ?? 0;
  const items = vehicles.data?.items ?? [];

  const addButton = (
    <Button onClick={() => openVehicleDialog({})}>
      <Plus aria-hidden="true" /> Add Vehicle
    </Button>
  );

  return (
    <ListLayout id="vehicles" title="Vehicles" action={addButton}>
      <ListToolbar wide>
        <ListSearch value={search} onChange={setSearch} placeholder="Make, model, VIN, plate or customer" />
        <CustomerSelect
          label="Customer"
          allowAll
          value={customer.id}
          selectedName={customer.name}
          onChange={(id, name) => {
            setCustomer({ id, name });
            setParams((p) => ({ ...p, customerId: id === ALL_CUSTOMERS ? null : id, page: 0 }));
          }}
        />
        <ListSelect label="Sort by" options={SORT_OPTIONS} {...choice('sort')} />
      </ListToolbar>
      <ListStates
        {...loadStates(vehicles, 'vehicles')}
        emptyState={{
          icon: Car,
          title: 'No vehicles found',
          description:
            params.q || params.customerId
              ? 'Try a different search or customer.'
              : 'Add the first vehicle to get started.',
          action: addButton,
        }}
      >
        <CardGrid label="Vehicles" items={items} columns="vin" busy={typing || vehicles.isPlaceholderData}>
          {(vehicle) => (
            <VehicleCard
              vehicle={vehicle}
              unsent={unsent.has(vehicle.id)}
              onEdit={() => openVehicleDialog({ vehicleId: vehicle.id })}
              onDelete={() => confirmDelete.ask(vehicle)}
            />
          )}
        </CardGrid>
        <Pager
          page={params.page}
          pageSize={VEHICLES_PAGE_SIZE}
          total={total}
          noun={['vehicle', 'vehicles']}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        />
      </ListStates>
      {confirmDelete.dialog}
    </ListLayout>
  );
}
