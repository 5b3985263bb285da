import type { ReactNode } from 'react';
import type { MediaItemKey } from '@shared/constants';
import type { measurementsResponse, PublicInspection } from '@shared/schemas/inspection';
import { formatMm } from '../lib/format';
import { mediaOfItems, type PublicMedia } from '../lib/media';
import { Badge } from './badge';
import { BrakePadValue, ConditionBadge } from './condition-badge';
import { Facts } from './facts';
import { MediaStrip } from './media-strip';

// Every measurement and condition the report shows (its notes are shown apart).
type Findings = Pick<PublicInspection, Exclude<keyof typeof measurementsResponse, 'notes'> | 'checkEngineLight'>;

const WHEELS = [
  ['Front left', 'frontLeft'],
  ['Front right', 'frontRight'],
  ['Rear left', 'rearLeft'],
  ['Rear right', 'rearRight'],
] as const;

type ConditionField =
  | 'cabinFilterCondition'
  | 'engineFilterCondition'
  | 'oilCondition'
  | 'oilLevel'
  | 'coolantLevel'
  | 'suspensionCondition';

/** The ratings of each group that is only ratings, each a coloured word. */
const CONDITIONS: Record<string, readonly (readonly [string, ConditionField])[]> = {
  'Filter Conditions': [
    ['Cabin filter', 'cabinFilterCondition'],
    ['Engine filter', 'engineFilterCondition'],
  ],
  'Fluid Conditions': [
    ['Oil condition', 'oilCondition'],
    ['Oil level', 'oilLevel'],
    ['Coolant level', 'coolantLevel'],
  ],
  Suspension: [['Suspension', 'suspensionCondition']],
};

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

function ConditionGroup({
  title,
  findings,
  media,
}: {
  title: string;
  findings: Findings;
  media: readonly PublicMedia[];
}) {
  return (
    <Group title={title} media={media}>
      <Facts
        items={(CONDITIONS[title] ?? []).map(([label, field]) => ({
          label,
          value: <ConditionBadge value={findings[field]} />,
        }))}
      />
    </Group>
  );
}

/** The measurements and conditions in plain words, each rating coloured and named, with their photos. */
export function InspectionFindings({
  inspection: i,
  media = [],
}: {
  inspection: Findings;
  media?: readonly PublicMedia[];
}) {
  return (
    <div className="findings">
      <Group title="Tire Tread" media={media}>
        <Facts
          items={WHEELS.map(([label, key]) => ({
            label,
            value: <span className={i[`${key}Tread`] === null ? 'na' : 'num'}>{formatMm(i[`${key}Tread`])}</span>,
          }))}
        />
      </Group>
      <Group title="Brake Pad Thickness" media={media}>
        <Facts items={WHEELS.map(([label, key]) => ({ label, value: <BrakePadValue mm={i[`${key}Brake`]} /> }))} />
      </Group>
      <ConditionGroup title="Filter Conditions" findings={i} media={media} />
      <ConditionGroup title="Fluid Conditions" findings={i} media={media} />
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
      <ConditionGroup title="Suspension" findings={i} media={media} />
      <Group title="Check Engine Light" media={media}>
        <Facts
          items={[
            {
              label: 'Check engine light',
              value:
                i.checkEngineLight === null ? (
                  <span className="na">N/A</span>
                ) : i.checkEngineLight ? (
                  <Badge tone="bad">On</Badge>
                ) : (
                  <Badge tone="good">Off</Badge>
                ),
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
