import type { MediaItemKey } from '@shared/constants';

/** What each inspection item is called next to its camera (and in the names of its buttons). */
export const MEDIA_ITEM_LABELS: Record<MediaItemKey, string> = {
  frontLeftTire: 'Front Left Tire',
  frontRightTire: 'Front Right Tire',
  rearLeftTire: 'Rear Left Tire',
  rearRightTire: 'Rear Right Tire',
  frontLeftBrake: 'Front Left Brake',
  frontRightBrake: 'Front Right Brake',
  rearLeftBrake: 'Rear Left Brake',
  rearRightBrake: 'Rear Right Brake',
  cabinFilter: 'Cabin Filter',
  engineFilter: 'Engine Filter',
  oil: 'Oil',
  coolant: 'Coolant',
  suspension: 'Suspension',
  leaks: 'Leaks',
  checkEngineLight: 'Check Engine Light',
  diagnosticCodes: 'Diagnostic Codes',
};
