import { Pencil, Trash2 } from 'lucide-react';
import type { Vehicle } from '@shared/schemas/vehicle';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { NotSyncedBadge } from '@web/components/ui/not-synced-badge';
import { formatNumber, vehicleName } from '@web/lib/format';
import styles from './vehicles.module.css';

export interface VehicleCardProps {
  vehicle: Vehicle;
  /** It has changes not yet on the server. */
  unsent: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function VehicleCard({ vehicle, unsent, onEdit, onDelete }: VehicleCardProps) {
  const name = vehicleName(vehicle);
  const facts: [string, string][] = [
    ['VIN', vehicle.vin ?? '—'],
    ['License Plate', vehicle.licensePlate ?? '—'],
    ['Mileage', vehicle.mileage === null ? '—' : `${formatNumber(vehicle.mileage)} mi`],
    ['Color', vehicle.color ?? '—'],
  ];
  return (
    <Card data-testid="vehicle-card">
      <CardHeader actions={unsent ? <NotSyncedBadge /> : undefined}>
        <CardTitle as="h2">{name}</CardTitle>
        <CardDescription>{vehicle.customerName}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter className={styles.actions}>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
