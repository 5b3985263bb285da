import type { ReactNode } from 'react';
import type { MediaItemKey } from '../../../shared/constants';
import type { PublicInspection } from '../../../shared/schemas/inspection';
import { formatMm } from '../lib/format';
import { mediaOfItems, type PublicMedia } from '../lib/media';
import { Badge } from './badge';
import { BrakePadValue, ConditionBadge } from './condition-badge';
import { Facts } from './facts';
import { MediaStrip } from './media-strip';

type Findings = Pick<
  PublicInspection,
  | 'frontLeftTread'
  | 'frontRightTread'
  | 'rearLeftTread'
  | 'rearRightTread'
  | 'frontLeftBrake'
  | 'frontRightBrake'
  | 'rearLeftBrake'
  | 'rearRightBrake'
  | 'cabinFilterCondition'
  | 'engineFilterCondition'
  | 'oilCondition'
  | 'oilLevel'
  | 'coolantLevel'
  | 'suspensionCondition'
  | 'leaks'
  | 'checkEngineLight'
  | 'diagnosticCodes'
>;

const WHEELS = [
  ['Front left', 'frontLeft'],
  ['Front right', 'frontRight'],
  ['Rear left', 'rearLeft'],
  ['Rear right', 'rearRight'],
] as const;

/** Which items' photos each group of findings shows, in the order the report reads. */
export const GROUP_ITEMS: Record<string, readonly MediaItemKey[]> = {
  'Tire Tread': ['frontLeftTire', 'frontRightTire', 'rearLeftTire', 'rearRightTire'],
  'Brake Pad Thickness': ['frontLeftBrake', 'frontRightBrake', 'rearLeftBrake', 'rearRightBrake'],
  'Filter Conditions': ['cabinFilter', 'engineFilter'],
  'Fluid Conditions': ['oil', 'coolant'],
  'Detected Leaks': ['leaks'],
  Suspension: ['suspension'],
  'Check Engine Light': ['checkEngineLight'],
  'Diagnostic Codes': ['diagnosticCodes'],
};

function Group({ title, media, children }: { title: string; media: readonly PublicMedia[]; children: ReactNode }) {
  return (
    <div className="findings__group">
      <h3>{title}</h3>
      {children}
      <MediaStrip media={mediaOfItems(media, GROUP_ITEMS[title] ?? [])} owner={title} />
    </div>
  );
}

/** The measurements and conditions in plain words, each rating coloured and named, with their photos. */
export function InspectionFindings({ inspection: i, media = [] }: { inspection: Findings; media?: readonly PublicMedia[] }) {
  return (
    <div className="findings">
      <Group title="Tire Tread" media={media}>
        <Facts items={WHEELS.map(([label, key]) => ({ label, value: <span className={i[`${key}Tread`] === null ? 'na' : 'num'}>{formatMm(i[`${key}Tread`])}</span> }))} />
      </Group>
      <Group title="Brake Pad Thickness" media={media}>
        <Facts items={WHEELS.map(([label, key]) => ({ label, value: <BrakePadValue mm={i[`${key}Brake`]} /> }))} />
      </Group>
      <Group title="Filter Conditions" media={media}>
        <Facts
          items={[
            { label: 'Cabin filter', value: <ConditionBadge value={i.cabinFilterCondition} /> },
            { label: 'Engine filter', value: <ConditionBadge value={i.engineFilterCondition} /> },
          ]}
        />
      </Group>
      <Group title="Fluid Conditions" media={media}>
        <Facts
          items={[
            { label: 'Oil condition', value: <ConditionBadge value={i.oilCondition} /> },
            { label: 'Oil level', value: <ConditionBadge value={i.oilLevel} /> },
            { label: 'Coolant level', value: <ConditionBadge value={i.coolantLevel} /> },
          ]}
        />
      </Group>
      <Group title="Detected Leaks" media={media}>
        {i.leaks.length > 0 ? (
          <ul className="leaks">
            {i.leaks.map((leak, index) => (
              <li key={`${index}-${leak}`}>
                <Badge tone="bad">{leak}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Badge tone="good">No leaks detected</Badge>
          </p>
        )}
      </Group>
      <Group title="Suspension" media={media}>
        <Facts items={[{ label: 'Suspension', value: <ConditionBadge value={i.suspensionCondition} /> }]} />
      </Group>
      <Group title="Check Engine Light" media={media}>
        <Facts
          items={[
            {
              label: 'Check engine light',
              value:
                i.checkEngineLight === null ? <span className="na">N/A</span> : i.checkEngineLight ? <Badge tone="bad">On</Badge> : <Badge tone="good">Off</Badge>,
            },
          ]}
        />
      </Group>
      <Group title="Diagnostic Codes" media={media}>
        <p className="pre-line">{i.diagnosticCodes ?? 'None'}</p>
      </Group>
    </div>
  );
}
