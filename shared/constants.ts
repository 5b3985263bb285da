export const PRODUCT_NAME = 'Baywise';

/** Tax rates in tenths of a percent: 85 is 8.5%. */
export const INSPECTION_TAX_RATE = 85;
export const INVOICE_TAX_RATE = 80;

export const ROLES = ['admin', 'technician', 'service_advisor'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  technician: 'Technician',
  service_advisor: 'Service Advisor',
};

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
/** How a customer's consent to texts was given. */
export const TEXT_CONSENT_SOURCES = ['in_person', 'signed_form', 'phone', 'web'] as const;
export type TextConsentSource = (typeof TEXT_CONSENT_SOURCES)[number];

export const INSPECTION_STATUSES = ['in_progress', 'completed', 'approved', 'declined'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const SERVICE_STATUSES = ['recommended', 'approved', 'declined'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'sent', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const TEMPLATE_STATUSES = ['active', 'draft'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const FILTER_CONDITIONS = ['good', 'fair', 'poor'] as const;
export const OIL_CONDITIONS = ['clean', 'slightly_dirty', 'dirty'] as const;
export const FLUID_LEVELS = ['full', 'low', 'very_low'] as const;
export const SUSPENSION_CONDITIONS = ['good', 'minor_wear', 'needs_attention', 'immediate_repair'] as const;

export type ConditionTone = 'good' | 'warning' | 'bad';
export const CONDITION_TONES: Record<string, ConditionTone> = {
  good: 'good',
  clean: 'good',
  full: 'good',
  fair: 'warning',
  slightly_dirty: 'warning',
  low: 'warning',
  minor_wear: 'warning',
  poor: 'bad',
  dirty: 'bad',
  very_low: 'bad',
  needs_attention: 'bad',
  immediate_repair: 'bad',
};

/** Brake pads thinner than this (mm) are flagged poor; this and above are good. */
export const BRAKE_PAD_MIN_MM = 3;

export const MEASUREMENT_FIELDS = [
  'frontLeftTread',
  'frontRightTread',
  'rearLeftTread',
  'rearRightTread',
  'frontLeftBrake',
  'frontRightBrake',
  'rearLeftBrake',
  'rearRightBrake',
] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

export const CUSTOMER_SORTS = ['name', 'recent', 'updated'] as const;
export const VEHICLE_SORTS = ['year', 'make', 'mileage'] as const;
export const INVOICE_SORTS = ['date', 'amount', 'customer'] as const;
export const INSPECTION_SORTS = ['recent', 'oldest'] as const;

export const VIN_MAX_LENGTH = 17;
export const MIN_VEHICLE_YEAR = 1900;
export const PASSWORD_MIN_LENGTH = 8;
export const SHORT_ID_LENGTH = 8;
export const MAX_PAGE_SIZE = 500;

/** 'pending': made through the open sign-up, waiting for an administrator's approval. */
export const USER_STATUSES = ['active', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * How the Sign Up tab works: closed unless an admin turns on "Open sign-up" (accounts then wait for
 * approval). An empty shop says closed too: its first admin signs up with the server's setup code.
 */
export const SIGN_UP_MODES = ['open', 'closed'] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

/** Invite links make staff accounts; administrators come only from the admin-email rule. */
export const INVITE_ROLES = ['technician', 'service_advisor'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const INVITE_TTL_DAYS = 7;

/** Sent by a share page when it reloads its data after opening: only the opening counts as a view. */
export const SHARE_REFRESH_HEADER = 'x-share-refresh';

// ---- Photos and videos ----

/**
 * The inspection's item groups a photo or video can belong to (one per tire and brake, then the
 * condition groups); a medium belongs to one of these or to a recommended service.
 */
export const MEDIA_ITEM_KEYS = [
  'frontLeftTire',
  'frontRightTire',
  'rearLeftTire',
  'rearRightTire',
  'frontLeftBrake',
  'frontRightBrake',
  'rearLeftBrake',
  'rearRightBrake',
  'cabinFilter',
  'engineFilter',
  'oil',
  'coolant',
  'suspension',
  'leaks',
  'checkEngineLight',
  'diagnosticCodes',
] as const;
export type MediaItemKey = (typeof MEDIA_ITEM_KEYS)[number];
export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** Which file of a medium an upload carries: the prepared original, or the marked-up copy. */
export const MEDIA_UPLOAD_ROLES = ['original', 'markup'] as const;
export type MediaUploadRole = (typeof MEDIA_UPLOAD_ROLES)[number];
/** Image types a photo upload may be (checked from the file's bytes, not its name). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'] as const;
/** Video types a video upload may be (checked from the file's bytes). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** The device scales photos to this long edge before storing them. */
export const PHOTO_MAX_EDGE = 2048;
/** The device's thumbnail long edge. */
export const THUMB_EDGE = 320;
/** Widths of the server's resized copies (`w320`, `w960`, `w1920` variants). */
export const MEDIA_VARIANT_WIDTHS = [320, 960, 1920] as const;
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 30;
/** A video's long edge at most, in pixels (4K, phones' largest; a larger frame costs gigabytes to decode). */
export const VIDEO_MAX_EDGE = 4096;
export const MEDIA_CAPTION_MAX = 200;
export const MEDIA_PER_INSPECTION_MAX = 200;
/** The tus endpoint a device uploads to (creation, HEAD for the offset, PATCH to continue). */
export const MEDIA_UPLOAD_PATH = '/api/uploads';
